import { Migration } from '@mikro-orm/migrations'

/**
 * Foreign keys for references that cross a domain boundary. The entities keep these as plain
 * ids (no ORM relation leaves its domain), so the generator does not emit them; the database
 * still guards them (docs/decisions/003-cross-domain-references.md).
 */
export class Migration20261122152800 extends Migration {
  override up(): void {
    const keys: ReadonlyArray<[string, string, string, string]> = [
      ['organiser', 'user_id', 'app_user', 'cascade'],
      ['event', 'organiser_id', 'organiser', 'restrict'],
      ['organiser_page', 'organiser_id', 'organiser', 'cascade'],
      ['tournament', 'event_id', 'event', 'cascade'],
      ['prize_setup', 'tournament_id', 'tournament', 'cascade'],
      ['entry', 'tournament_id', 'tournament', 'cascade'],
      ['entry', 'event_id', 'event', 'cascade'],
      ['hotel', 'event_id', 'event', 'cascade'],
      ['stored_file', 'owner_organiser_id', 'organiser', 'cascade'],
    ]
    for (const [table, column, target, onDelete] of keys) {
      this.addSql(
        `alter table "${table}" add constraint "${table}_${column}_fk" foreign key ("${column}") references "${target}" ("id") on delete ${onDelete};`,
      )
    }
    this.addSql(
      'alter table "ticket" add constraint "ticket_sold_check" check ("sold" >= 0 and "sold" <= "quantity");',
    )
    this.addSql('create index "entry_ticket_id_index" on "entry" ("ticket_id");')
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
    this.addSql('drop index "entry_ticket_id_index";')
    this.addSql('alter table "ticket" drop constraint "ticket_sold_check";')
  }
}
