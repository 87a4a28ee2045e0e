import { Migration } from '@mikro-orm/migrations'

/**
 * Indexes for reads at a federation's scale (docs/decisions/022): every foreign key a page load follows, and the
 * two the catalogue walks. `event_public_start_idx` lists public events in date order, so a page of the
 * catalogue reads only the rows it shows (keyset pagination); `event_public_span_idx` finds the events that
 * overlap a few days (the ones running now, or at the start of a date range) without scanning the past.
 */
export class Migration20261125130000 extends Migration {
  override name = 'Migration20261125130000'

  override up(): void {
    const publicStates = `state in ('accepted', 'postponed', 'canceled')`
    this.addSql(
      `create index "event_public_start_idx" on "event" ("date_start", "id") where ${publicStates};`,
    )
    this.addSql(
      `create index "event_public_span_idx" on "event" using gist (daterange("date_start", "date_end", '[]')) where ${publicStates};`,
    )
    this.addSql(`create index "event_location_event_id_index" on "event_location" ("event_id");`)
    this.addSql(`create index "event_content_alias_index" on "event_content" ("alias");`)
    this.addSql(
      `create index "tournament_session_tournament_id_index" on "tournament_session" ("tournament_id");`,
    )
    this.addSql(
      `create index "tournament_stage_tournament_id_index" on "tournament_stage" ("tournament_id");`,
    )
    this.addSql(
      `create index "tournament_program_day_tournament_id_index" on "tournament_program_day" ("tournament_id");`,
    )
    this.addSql(`create index "ticket_tournament_id_index" on "ticket" ("tournament_id");`)
    this.addSql(`create index "ticket_age_category_ticket_id_index" on "ticket_age_category" ("ticket_id");`)
    this.addSql(`create index "prize_tournament_id_index" on "prize" ("tournament_id");`)
    this.addSql(`create index "prize_setup_tournament_id_index" on "prize_setup" ("tournament_id");`)
    this.addSql(`create index "contestant_entry_id_index" on "contestant" ("entry_id");`)
  }

  override down(): void {
    for (const name of [
      'event_public_start_idx',
      'event_public_span_idx',
      'event_location_event_id_index',
      'event_content_alias_index',
      'tournament_session_tournament_id_index',
      'tournament_stage_tournament_id_index',
      'tournament_program_day_tournament_id_index',
      'ticket_tournament_id_index',
      'ticket_age_category_ticket_id_index',
      'prize_tournament_id_index',
      'prize_setup_tournament_id_index',
      'contestant_entry_id_index',
    ]) {
      this.addSql(`drop index if exists "${name}";`)
    }
  }
}
