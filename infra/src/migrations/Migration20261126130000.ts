import { Migration } from '@mikro-orm/migrations'

/**
 * Kept anonymous pages are dropped when an event's tournament summary changes, as they are on an organiser's
 * change (Migration20261125120000): a sale that takes the last place closes "Registration open", and a
 * cancellation that gives one back opens it again, at once on every web process rather than when the kept page
 * runs out. The summary is written only when it changes (docs/decisions/003), so a crowd of sales that leave it
 * as it was announces nothing.
 */
export class Migration20261126130000 extends Migration {
  override name = 'Migration20261126130000'

  override up(): void {
    this.addSql(`create trigger event_summary_pages_changed
      after update of registration_windows, tournaments_count on event
      for each statement execute function kibitz_pages_changed();`)
  }

  override down(): void {
    this.addSql(`drop trigger if exists event_summary_pages_changed on event;`)
  }
}
