import { Migration } from '@mikro-orm/migrations'

/**
 * Canceled and postponed events listed by date (docs/decisions/022): their segment of the catalogue walks this
 * index from its state in date order, instead of walking every public event in date order and keeping one in
 * eight; counting them up to 1,000 reads only them.
 */
export class Migration20261125190000 extends Migration {
  override name = 'Migration20261125190000'

  override up(): void {
    this.addSql(
      `create index "event_public_state_start_idx" on "event" ("state", "date_start", "id") where state in ('accepted', 'postponed', 'canceled');`,
    )
  }

  override down(): void {
    this.addSql(`drop index if exists "event_public_state_start_idx";`)
  }
}
