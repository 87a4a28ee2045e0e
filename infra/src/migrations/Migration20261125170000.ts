import { Migration } from '@mikro-orm/migrations'

/**
 * What the event editor checks, held by the database too (docs/decisions/024): an event or content alias is a
 * URL, so a content alias is unique; an event has one main content and one main location. The last two are
 * checked at commit (deferred), since the editor moves "main" from one row to another in one flush. A bug that
 * broke them would then fail its write instead of leaving an event that no screen can show.
 */
export class Migration20261125170000 extends Migration {
  override name = 'Migration20261125170000'

  override up(): void {
    this.addSql(`drop index if exists "event_content_alias_index";`)
    this.addSql(`create unique index "event_content_alias_unique" on "event_content" ("alias");`)
    for (const table of ['event_content', 'event_location'])
      this.addSql(
        `alter table "${table}" add constraint "${table}_one_main" exclude using btree ("event_id" with =) where (is_main) deferrable initially deferred;`,
      )
  }

  override down(): void {
    for (const table of ['event_content', 'event_location'])
      this.addSql(`alter table "${table}" drop constraint if exists "${table}_one_main";`)
    this.addSql(`drop index if exists "event_content_alias_unique";`)
    this.addSql(`create index "event_content_alias_index" on "event_content" ("alias");`)
  }
}
