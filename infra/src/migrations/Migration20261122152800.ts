import { Migration } from '@mikro-orm/migrations'

/** [table, column, referenced table, on delete] for every reference that crosses a domain. */
const crossDomainKeys: ReadonlyArray<readonly [string, string, string, string]> = [
  ['organiser', 'user_id', 'app_user', 'cascade'],
  ['event', 'organiser_id', 'organiser', 'restrict'],
  ['organiser_page', 'organiser_id', 'organiser', 'cascade'],
  ['tournament', 'event_id', 'event', 'cascade'],
  ['prize_setup', 'tournament_id', 'tournament', 'cascade'],
  ['entry', 'tournament_id', 'tournament', 'cascade'],
  ['entry', 'event_id', 'event', 'cascade'],
  ['entry', 'ticket_id', 'ticket', 'set null'],
  ['contestant', 'age_category_id', 'ticket_age_category', 'set null'],
  ['hotel', 'event_id', 'event', 'cascade'],
  ['stored_file', 'owner_organiser_id', 'organiser', 'cascade'],
]

/**
 * Foreign keys for references that cross a domain boundary. The entities keep these as plain
 * ids (no ORM relation leaves its domain), so the generator does not emit them; the database
 * still guards them (docs/decisions/003-cross-domain-references.md). Also the checks, indexes and
 * tables the entity generator cannot express.
 */
export class Migration20261122152800 extends Migration {
  override up(): void {
    for (const [table, column, target, onDelete] of crossDomainKeys) {
      this.addSql(
        `alter table "${table}" add constraint "${table}_${column}_fk" foreign key ("${column}") references "${target}" ("id") on delete ${onDelete};`,
      )
    }
    // Tickets are never oversold: the database refuses what a bug might try.
    this.addSql(
      'alter table "ticket" add constraint "ticket_sold_check" check ("sold" >= 0 and "sold" <= "quantity");',
    )
    this.addSql(
      'alter table "ticket_age_category" add constraint "ticket_age_category_sold_check" check ("sold" >= 0 and ("quantity" is null or "sold" <= "quantity"));',
    )
    this.addSql('create index "entry_ticket_id_index" on "entry" ("ticket_id");')
    this.addSql('create index "contestant_age_category_id_index" on "contestant" ("age_category_id");')
    // Catalogue text search: trigram index so `like '%text%'` does not scan every event.
    this.addSql('create extension if not exists pg_trgm;')
    this.addSql('create index "event_search_text_trgm" on "event" using gin ("search_text" gin_trgm_ops);')
    // Written by every running worker; /readyz reads it to know a worker is alive.
    this.addSql(
      'create table "worker_heartbeat" ("worker_id" varchar(100) primary key, "beat_at" timestamptz not null);',
    )
  }

  override down(): void {
    this.addSql('drop table "worker_heartbeat";')
    this.addSql('drop index "event_search_text_trgm";')
    this.addSql('drop index "contestant_age_category_id_index";')
    this.addSql('drop index "entry_ticket_id_index";')
    this.addSql('alter table "ticket_age_category" drop constraint "ticket_age_category_sold_check";')
    this.addSql('alter table "ticket" drop constraint "ticket_sold_check";')
    for (const [table, column] of [...crossDomainKeys].reverse()) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${column}_fk";`)
    }
  }
}
