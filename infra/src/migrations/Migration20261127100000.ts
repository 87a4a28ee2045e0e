import { Migration } from '@mikro-orm/migrations'

const publicStates = `state in ('accepted', 'postponed', 'canceled')`

/**
 * The catalogue's walk in date order also carries each event's organiser (issue 16). A listing counts its upcoming
 * events up to 1,001 and keeps those whose organiser is accepted: with the organiser in the index, PostgreSQL
 * counts them from the index alone, where it read every counted event's row before (the home page's statement
 * took a fifth less time at 50,000 events, docs/decisions/025).
 */
export class Migration20261127100000 extends Migration {
  override name = 'Migration20261127100000'

  override up(): void {
    this.addSql(`drop index if exists "event_public_start_idx";`)
    this.addSql(
      `create index "event_public_start_idx" on "event" ("date_start", "id") include ("organiser_id") where ${publicStates};`,
    )
  }

  override down(): void {
    this.addSql(`drop index if exists "event_public_start_idx";`)
    this.addSql(
      `create index "event_public_start_idx" on "event" ("date_start", "id") where ${publicStates};`,
    )
  }
}
