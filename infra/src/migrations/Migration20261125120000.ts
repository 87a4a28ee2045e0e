import { Migration } from '@mikro-orm/migrations'

/**
 * Web processes keep anonymous pages a few seconds (docs/decisions/021). Every organiser change to an event (its
 * contents, tournaments, tickets, prizes, state) writes an `event_audit` row in the same transaction, so a
 * notification on that insert, delivered at commit, tells every web process to drop what it keeps.
 */
export class Migration20261125120000 extends Migration {
  override name = 'Migration20261125120000'

  override up(): void {
    this.addSql(`create or replace function kibitz_pages_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('kibitz_pages', '');
        return null;
      end
    $$;`)
    this.addSql(`create trigger event_audit_pages_changed after insert on event_audit
      for each statement execute function kibitz_pages_changed();`)
  }

  override down(): void {
    this.addSql(`drop trigger if exists event_audit_pages_changed on event_audit;`)
    this.addSql(`drop function if exists kibitz_pages_changed();`)
  }
}
