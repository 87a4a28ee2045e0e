import { supportedTimeZones } from '@kibitz/kernel'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { insertEvent, insertOrganiser, insertTournament, type Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { syncTimeZones } from '../src/bootstrap.ts'
import { openOrm } from '../src/orm.ts'

// Values are valid where they are stored (docs/decisions/026): whatever code writes them, the database refuses
// a zone PostgreSQL or Node does not know, JSON of another shape, and a date the stack cannot handle.

let db: { url: string; drop: () => Promise<void> }
let orm: Orm

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
})

afterAll(async () => {
  await orm.close(true)
  await db.drop()
})

const refused = async (sql: string, params: ReadonlyArray<unknown> = []) => {
  const failure = await orm.em
    .fork()
    .execute(sql, [...params])
    .then(
      () => null,
      (e: unknown) => e,
    )
  return failure
}

describe('the time_zone table', () => {
  it('holds every zone the kernel accepts, and PostgreSQL and Intl both use each one', async () => {
    const rows = await orm.em.fork().execute<Array<{ name: string }>>('select name from time_zone')
    const stored = new Set(rows.map((r) => r.name))
    expect([...supportedTimeZones()].filter((z) => !stored.has(z))).toEqual([])
    const converted = await orm.em
      .fork()
      .execute<Array<{ n: number }>>(
        `select count(*)::int as n from time_zone where ('2030-06-01 12:00Z'::timestamptz at time zone name) is not null`,
      )
    expect(converted[0]?.n).toBe(stored.size)
    for (const zone of stored) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow()
  })

  it('refuses an event in a retired zone that Node still resolves', async () => {
    const eventId = await insertEvent(orm, { dateStart: '2031-05-01' })
    for (const zone of ['US/Pacific-New', 'Canada/East-Saskatchewan', 'Mars/Olympus']) {
      expect(await refused('update event set time_zone = ? where id = ?', [zone, eventId])).toBeTruthy()
    }
    expect(
      await refused('update event set time_zone = ? where id = ?', ['America/Regina', eventId]),
    ).toBeNull()
  })
})

describe(syncTimeZones.name, () => {
  it('adds the zones Node knows that the table lacks, and names none missing on this PostgreSQL', async () => {
    await orm.em.fork().execute(`delete from time_zone where name = 'Pacific/Pitcairn'`)
    expect(await syncTimeZones(orm)).toEqual([])
    const rows = await orm.em.fork().execute(`select 1 from time_zone where name = 'Pacific/Pitcairn'`)
    expect(rows).toHaveLength(1)
  })
})

describe('JSON columns', () => {
  it('refuse a JSON string where an array of the declared shape belongs', async () => {
    const eventId = await insertEvent(orm, { dateStart: '2031-05-01' })
    const set = (column: string, json: string) =>
      refused(`update event set ${column} = ?::jsonb where id = ?`, [json, eventId])
    expect(await set('registration_windows', '"[]"')).toBeTruthy()
    expect(await set('registration_windows', '[{"opensAt":null}]')).toBeTruthy()
    expect(
      await set('registration_windows', '[{"opensAt":1,"closesAt":"2031-04-01T00:00:00Z"}]'),
    ).toBeTruthy()
    expect(
      await set('registration_windows', '[{"opensAt":null,"closesAt":"2031-04-01T00:00:00Z"}]'),
    ).toBeNull()
    expect(await set('languages', '"[]"')).toBeTruthy()
    expect(await set('languages', '["en", 3]')).toBeTruthy()
    expect(await set('languages', '["en","lt"]')).toBeNull()
  })
})

describe('dates', () => {
  it('refuse a day outside 1900-01-01 … 2199-12-31 and an instant more than a day beyond it', async () => {
    const eventId = await insertEvent(orm, { dateStart: '2031-05-01' })
    const { id: tournamentId } = await insertTournament(orm, { eventId, startDate: '2031-05-01' })
    expect(await refused(`update event set date_start = '1899-12-31' where id = ?`, [eventId])).toBeTruthy()
    expect(await refused(`update event set date_end = '2200-01-01' where id = ?`, [eventId])).toBeTruthy()
    expect(
      await refused(`update tournament set start_date = '0001-01-01' where id = ?`, [tournamentId]),
    ).toBeTruthy()
    expect(
      await refused(`update tournament set registration_end_at = '9999-12-31 23:00Z' where id = ?`, [
        tournamentId,
      ]),
    ).toBeTruthy()
    // The last day's evening in a zone behind UTC is the next day in UTC, and is kept.
    expect(
      await refused(`update tournament set registration_end_at = '2200-01-01 10:00Z' where id = ?`, [
        tournamentId,
      ]),
    ).toBeNull()
  })
})

describe('the repair of rows stored before the constraints', () => {
  it('moves retired zones, empties malformed JSON and clamps dates, then applies the constraints', async () => {
    const admin = new pg.Client({ connectionString: inject('databaseUrl') })
    await admin.connect()
    const name = `kibitz_repair_${process.pid}_${Date.now()}`
    await admin.query(`create database ${name}`)
    const url = new URL(inject('databaseUrl'))
    url.pathname = `/${name}`
    const old = await openOrm(url.toString(), { poolMax: 1 })
    try {
      await old.migrator.up({ to: 'Migration20261125190000' })
      const organiserId = await insertOrganiser(old)
      const eventId = await insertEvent(old, { organiserId, dateStart: '2031-05-01' })
      await old.em.fork().execute(
        `update event set time_zone = 'US/Pacific-New', registration_windows = '"[]"'::jsonb,
                languages = '"[]"'::jsonb, date_start = '0001-01-01' where id = ?`,
        [eventId],
      )
      await old.migrator.up()
      const [row] = await old.em
        .fork()
        .execute<Array<{ time_zone: string; windows: string; languages: string; date_start: string }>>(
          `select time_zone, jsonb_typeof(registration_windows) as windows, jsonb_typeof(languages) as languages,
                  date_start::text from event where id = ?`,
          [eventId],
        )
      expect(row).toEqual({
        time_zone: 'America/Los_Angeles',
        windows: 'array',
        languages: 'array',
        date_start: '1900-01-01',
      })
    } finally {
      await old.close(true)
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
