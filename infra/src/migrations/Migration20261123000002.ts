import { Migration } from '@mikro-orm/migrations'

/**
 * Event files (docs/decisions/016-file-storage-adapters.md): a stored file records its folder, so the file manager
 * lists a folder without parsing keys, and a key names one file only. Rows written before this (none are: nothing
 * wrote stored_file yet) get the folder their key gives.
 */
export class Migration20261123000002 extends Migration {
  override name = 'Migration20261123000002'

  override up(): void {
    this.addSql(`alter table "stored_file" add column "folder" varchar(300) not null default '';`)
    this.addSql(`update "stored_file" set "folder" = regexp_replace("path", '/[^/]*$', '');`)
    this.addSql(`alter table "stored_file" alter column "folder" drop default;`)
    this.addSql(`alter table "stored_file" add constraint "stored_file_path_unique" unique ("path");`)
    this.addSql(
      `create index "stored_file_owner_organiser_id_folder_index" on "stored_file" ("owner_organiser_id", "folder");`,
    )
  }

  override down(): void {
    this.addSql(`drop index if exists "stored_file_owner_organiser_id_folder_index";`)
    this.addSql(`alter table "stored_file" drop constraint if exists "stored_file_path_unique";`)
    this.addSql(`alter table "stored_file" drop column "folder";`)
  }
}
