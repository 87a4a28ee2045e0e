import { supportedTimeZones } from '@kibitz/kernel/format'
import { Migration } from '@mikro-orm/migrations'

/**
 * Values are valid where they are stored (docs/decisions/026). One organiser's row once took the catalogue down
 * for everyone: a JSON column holding the string "[]", a retired time zone that Node resolves and PostgreSQL
 * does not, a date of year 0 or one that a zone's offset pushes past year 9999. The database now refuses each:
 *
 * - time zones come from a `time_zone` table holding the zones both Node (Intl) and PostgreSQL know, which
 *   events reference; rows in another zone are moved to the zone Intl resolves the name to, else UTC;
 * - JSON columns hold JSON of their declared shape (CHECK constraints); rows that do not are repaired to the
 *   empty value (the only such rows were written by the ORM's string default);
 * - every stored date lies within `supportedDates`, and every registration instant within a day of it (the
 *   widest zone offset); rows outside are clamped to the bound.
 */

// The kernel's supportedDates when this was written; a migration keeps its own copy, so it always does the same.
const first = '1900-01-01'
const last = '2199-12-31'
// A wall-clock time on the first or last day, in any zone, is an instant within a day of that day.
const dayMs = 24 * 60 * 60 * 1000
const firstInstant = `'${new Date(Date.parse(first) - dayMs).toISOString()}'::timestamptz`
const lastInstant = `'${new Date(Date.parse(last) + 2 * dayMs).toISOString()}'::timestamptz`

const dateColumns: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ['event', ['date_start', 'date_end']],
  ['event_location', ['date_start', 'date_end']],
  ['tournament', ['start_date', 'end_date']],
  ['tournament_session', ['start_date', 'end_date']],
  ['tournament_program_day', ['date']],
  [
    'ticket_age_category',
    ['sales_start_date', 'sales_end_date', 'early_bird_sales_start_date', 'early_bird_sales_end_date'],
  ],
]
const instantColumns: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ['event', ['registration_opens_at', 'registration_closes_at']],
  ['tournament', ['registration_start_at', 'registration_end_at']],
]

/** A jsonpath that finds an element of an array that is not a string. */
const notAString = `'$[*] ? (@.type() != "string")'`
const jsonChecks: ReadonlyArray<readonly [string, string, string, string]> = [
  // table, column, constraint, the condition a sound value meets
  [
    'event',
    'languages',
    'event_languages_shape',
    `jsonb_typeof(languages) = 'array' and not jsonb_path_exists(languages, ${notAString})`,
  ],
  [
    'app_user',
    'languages',
    'app_user_languages_shape',
    `jsonb_typeof(languages) = 'array' and not jsonb_path_exists(languages, ${notAString})`,
  ],
  [
    'event',
    'registration_windows',
    'event_registration_windows_shape',
    `jsonb_typeof(registration_windows) = 'array' and not jsonb_path_exists(registration_windows,
      '$[*] ? (@.type() != "object" || !exists(@.closesAt) || @.closesAt.type() != "string"
               || !exists(@.opensAt) || (@.opensAt.type() != "string" && @.opensAt.type() != "null"))')`,
  ],
  [
    'tournament_program_day',
    'tours',
    'tournament_program_day_tours_shape',
    `jsonb_typeof(tours) = 'array' and not jsonb_path_exists(tours,
      '$[*] ? (@.type() != "object" || !exists(@.time) || @.time.type() != "string"
               || !exists(@.name) || @.name.type() != "string")')`,
  ],
  [
    'entry',
    'lines',
    'entry_lines_shape',
    `jsonb_typeof(lines) = 'array' and not jsonb_path_exists(lines,
      '$[*] ? (@.type() != "object" || !exists(@.ticketId) || @.ticketId.type() != "number"
               || !exists(@.persons) || @.persons.type() != "number"
               || !exists(@.units) || @.units.type() != "number"
               || !exists(@.unitPriceMinor) || @.unitPriceMinor.type() != "number"
               || !exists(@.totalMinor) || @.totalMinor.type() != "number")')`,
  ],
  ['entry_audit', 'details', 'entry_audit_details_shape', `jsonb_typeof(details) = 'object'`],
]

const quote = (s: string): string => `'${s.replaceAll("'", "''")}'`

export class Migration20261126100000 extends Migration {
  override name = 'Migration20261126100000'

  override async up(): Promise<void> {
    const zones = [...supportedTimeZones()]
    this.addSql(`create table "time_zone" ("name" varchar(64) primary key);`)
    this.addSql(
      `insert into "time_zone" ("name") select name from pg_timezone_names where name in (${zones.map(quote).join(', ')}) union select 'UTC';`,
    )
    // Events in a zone left out of the list move to the zone Intl resolves its name to (US/Pacific-New reads
    // America/Los_Angeles), or to UTC when Intl does not know it either.
    const stored = await this.execute(`select distinct time_zone as zone from event`)
    for (const row of stored) {
      const zone = typeof row.zone === 'string' ? row.zone : ''
      if (supportedTimeZones().has(zone)) continue
      this.addSql(
        `update event set time_zone = ${quote(resolvedZone(zone))} where time_zone = ${quote(zone)};`,
      )
    }
    this.addSql(`update event set time_zone = 'UTC' where time_zone not in (select name from time_zone);`)
    this.addSql(
      `alter table "event" add constraint "event_time_zone_foreign" foreign key ("time_zone") references "time_zone" ("name") on update cascade;`,
    )

    for (const [table, column, constraint, sound] of jsonChecks) {
      const empty = column === 'details' ? `'{}'` : `'[]'`
      this.addSql(`update "${table}" set "${column}" = ${empty} where not (${sound});`)
      this.addSql(`alter table "${table}" add constraint "${constraint}" check (${sound});`)
    }

    for (const [table, columns] of dateColumns) {
      for (const column of columns) {
        this.addSql(`update "${table}" set "${column}" = '${first}' where "${column}" < '${first}';`)
        this.addSql(`update "${table}" set "${column}" = '${last}' where "${column}" > '${last}';`)
        this.addSql(
          `alter table "${table}" add constraint "${table}_${column}_range" check ("${column}" between '${first}' and '${last}');`,
        )
      }
    }
    for (const [table, columns] of instantColumns) {
      for (const column of columns) {
        this.addSql(
          `update "${table}" set "${column}" = ${firstInstant} where "${column}" < ${firstInstant};`,
        )
        this.addSql(`update "${table}" set "${column}" = ${lastInstant} where "${column}" > ${lastInstant};`)
        this.addSql(
          `alter table "${table}" add constraint "${table}_${column}_range" check ("${column}" between ${firstInstant} and ${lastInstant});`,
        )
      }
    }
  }

  override down(): void {
    for (const [table, columns] of [...dateColumns, ...instantColumns]) {
      for (const column of columns) {
        this.addSql(`alter table "${table}" drop constraint if exists "${table}_${column}_range";`)
      }
    }
    for (const [table, , constraint] of jsonChecks) {
      this.addSql(`alter table "${table}" drop constraint if exists "${constraint}";`)
    }
    this.addSql(`alter table "event" drop constraint if exists "event_time_zone_foreign";`)
    this.addSql(`drop table if exists "time_zone";`)
  }
}

/** The supported zone Intl resolves a name to, else UTC. */
const resolvedZone = (zone: string): string => {
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
    return supportedTimeZones().has(resolved) ? resolved : 'UTC'
  } catch {
    return 'UTC'
  }
}
