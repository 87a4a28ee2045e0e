import { Migration } from '@mikro-orm/migrations'

/**
 * Galleries and responsive thumbnails (issue 17, docs/decisions/041). A stored image records its responsive widths
 * (`thumbnails`: url, width and height of each). A gallery belongs to an event, or to one of its tournaments, at
 * most one of each; its items point at stored files, and the foreign key keeps a file while a gallery shows it.
 */
export class Migration20261127160000 extends Migration {
  override name = 'Migration20261127160000'

  override up(): void {
    this.addSql(`alter table "stored_file" add column "thumbnails" jsonb null;`)
    this.addSql(`alter table "stored_file" add constraint "stored_file_thumbnails_array"
      check ("thumbnails" is null or jsonb_typeof("thumbnails") = 'array');`)
    this.addSql(`create table "gallery" (
      "id" serial primary key,
      "event_id" int not null,
      "tournament_id" int null,
      "organiser_id" int not null,
      "title" varchar(200) null,
      "is_active" boolean not null default true,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "gallery_event_id_fk" foreign key ("event_id") references "event" ("id") on delete cascade,
      constraint "gallery_tournament_id_fk" foreign key ("tournament_id") references "tournament" ("id") on delete cascade,
      constraint "gallery_organiser_id_fk" foreign key ("organiser_id") references "organiser" ("id") on delete cascade
    );`)
    this.addSql(`create index "gallery_event_id_index" on "gallery" ("event_id");`)
    this.addSql(`create index "gallery_organiser_id_index" on "gallery" ("organiser_id");`)
    this.addSql(
      `create unique index "gallery_event_only_unique" on "gallery" ("event_id") where "tournament_id" is null;`,
    )
    this.addSql(
      `create unique index "gallery_tournament_unique" on "gallery" ("tournament_id") where "tournament_id" is not null;`,
    )
    this.addSql(`create table "gallery_item" (
      "id" serial primary key,
      "gallery_id" int not null,
      "stored_file_id" int not null,
      "order_number" int not null,
      "title" varchar(200) null,
      "key" varchar(500) not null,
      "url" varchar(500) not null,
      "thumb_url" varchar(500) not null,
      "thumbnails" jsonb not null,
      "filename" varchar(255) not null,
      "width" int not null,
      "height" int not null,
      "uploaded_at" timestamptz not null,
      constraint "gallery_item_gallery_id_fk" foreign key ("gallery_id") references "gallery" ("id") on delete cascade,
      constraint "gallery_item_stored_file_id_fk" foreign key ("stored_file_id") references "stored_file" ("id") on delete restrict,
      constraint "gallery_item_thumbnails_array" check (jsonb_typeof("thumbnails") = 'array'),
      constraint "gallery_item_size_positive" check ("width" > 0 and "height" > 0),
      constraint "gallery_item_gallery_file_unique" unique ("gallery_id", "stored_file_id")
    );`)
    this.addSql(
      `create index "gallery_item_gallery_id_order_number_index" on "gallery_item" ("gallery_id", "order_number");`,
    )
    this.addSql(`create index "gallery_item_stored_file_id_index" on "gallery_item" ("stored_file_id");`)
  }

  override down(): void {
    this.addSql(`drop table if exists "gallery_item";`)
    this.addSql(`drop table if exists "gallery";`)
    this.addSql(`alter table "stored_file" drop constraint if exists "stored_file_thumbnails_array";`)
    this.addSql(`alter table "stored_file" drop column if exists "thumbnails";`)
  }
}
