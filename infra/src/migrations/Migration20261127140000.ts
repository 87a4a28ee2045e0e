import { Migration } from '@mikro-orm/migrations'

/**
 * The organiser's file tree (issue 17, docs/decisions/040): a row per folder, so an empty folder exists and a folder
 * is listed by one index look-up. A folder's id comes from the stored files' sequence, so one fsFileId names one
 * entry, file or folder. Every folder the stored files already live in, and every folder above one, gets its row.
 */
export class Migration20261127140000 extends Migration {
  override name = 'Migration20261127140000'

  override up(): void {
    this.addSql(`create table "fs_folder" (
      "id" int not null default nextval('stored_file_id_seq') primary key,
      "owner_organiser_id" int not null,
      "path" varchar(300) not null,
      "parent" varchar(300) null,
      "created_at" timestamptz not null default now(),
      constraint "fs_folder_owner_organiser_id_path_unique" unique ("owner_organiser_id", "path"),
      constraint "fs_folder_owner_organiser_id_fk" foreign key ("owner_organiser_id") references "organiser" ("id") on delete cascade,
      constraint "fs_folder_path_segments" check ("path" ~ '^[^/]+(/[^/]+)*$'),
      constraint "fs_folder_parent_of_path" check ("parent" is not distinct from nullif(regexp_replace("path", '/?[^/]*$', ''), ''))
    );`)
    this.addSql(
      `create index "fs_folder_owner_organiser_id_parent_path_index" on "fs_folder" ("owner_organiser_id", "parent", "path");`,
    )
    this.addSql(`insert into "fs_folder" ("owner_organiser_id", "path", "parent")
      select distinct f.owner_organiser_id, array_to_string(f.segments[1:n], '/'),
             case when n = 1 then null else array_to_string(f.segments[1:n - 1], '/') end
        from (select owner_organiser_id, string_to_array(folder, '/') as segments from stored_file) f,
             generate_series(1, coalesce(array_length(f.segments, 1), 0)) as n
      on conflict do nothing;`)
  }

  override down(): void {
    this.addSql(`drop table if exists "fs_folder";`)
  }
}
