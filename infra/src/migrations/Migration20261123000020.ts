import { Migration } from '@mikro-orm/migrations'

/**
 * The event file manager lists one organiser's files under an event's folder (`event/event-{id}/`, its tournaments'
 * folders included) with `folder like 'event/event-{id}/%'`. Under a non-C collation the (owner, folder) index
 * cannot serve a prefix match, so this one compares folders byte by byte (varchar_pattern_ops).
 */
export class Migration20261123000020 extends Migration {
  override name = 'Migration20261123000020'

  override up(): void {
    this.addSql(
      `create index "stored_file_owner_folder_prefix_index" on "stored_file" ("owner_organiser_id", "folder" varchar_pattern_ops);`,
    )
  }

  override down(): void {
    this.addSql(`drop index if exists "stored_file_owner_folder_prefix_index";`)
  }
}
