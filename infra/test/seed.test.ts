import { randomBytes } from 'node:crypto'
import { EventService } from '@kibitz/events'
import { Em } from '@kibitz/kernel'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { withPgClient } from '../src/database.ts'
import { openOrm } from '../src/orm.ts'
import { type SeedResult, seedDemoData } from '../src/seed/index.ts'

const today = new Date('2027-03-10T12:00:00Z')

let serverUrl = ''
let databaseName = ''
let orm: MikroORM | undefined
let first: SeedResult

/** The seed's own database on the test server, so its rows never meet other test files' data. */
beforeAll(async () => {
  serverUrl = inject('databaseUrl')
  databaseName = `seed_test_${randomBytes(4).toString('hex')}`
  await withPgClient(serverUrl, (client) =>
    client.query(`create database ${client.escapeIdentifier(databaseName)}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${databaseName}`
  orm = await openOrm(url.toString())
  await orm.migrator.up()
  first = await seedDemoData(orm, { today })
})

afterAll(async () => {
  await orm?.close()
  if (databaseName !== '') {
    await withPgClient(serverUrl, (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(databaseName)} with (force)`),
    )
  }
})

const db = () => {
  if (!orm) throw new Error('the ORM is not open')
  return orm
}

/** One number from a `select count(*)`-like query. */
async function count(sql: string, params: ReadonlyArray<unknown> = []): Promise<number> {
  const rows: unknown = await db()
    .em.fork()
    .execute(`select (${sql})::int as n`, [...params])
  if (!Array.isArray(rows)) throw new Error('no rows')
  const [row]: Array<unknown> = rows
  if (typeof row !== 'object' || row === null || !('n' in row) || typeof row.n !== 'number') {
    throw new Error(`not a count: ${JSON.stringify(row)}`)
  }
  return row.n
}

const publicEvents = `select count(*) from event where state in ('accepted','postponed','canceled')`
// The events below are judged in their own time zones, as the catalogue does.
const localToday = `(?::timestamptz at time zone time_zone)::date`

describe('seedDemoData', () => {
  it('seeds once and reports what it wrote', async () => {
    expect(first.seeded).toBe(true)
    expect(first.events).toBeGreaterThanOrEqual(48)
    expect(first.events).toBe(await count('select count(*) from event'))
    expect(first.tournaments).toBe(await count('select count(*) from tournament'))
    expect(first.entries).toBe(await count('select count(*) from entry'))
  })

  it('writes the reference data', async () => {
    expect(await count('select count(*) from country')).toBeGreaterThanOrEqual(60)
    expect(await count(`select count(*) from currency where is_popular`)).toBe(4)
    expect(await count('select count(*) from language')).toBe(10)
    expect(await count(`select count(*) from language where is_interface`)).toBe(7)
    expect(await count(`select count(*) from language where is_default and code = 'en'`)).toBe(1)
    expect(await count('select count(*) from age_group')).toBeGreaterThanOrEqual(5)
  })

  it('has accepted organisers with pages, and a pending and a declined one with nothing public', async () => {
    expect(await count('select count(*) from organiser where status = 3')).toBeGreaterThanOrEqual(6)
    expect(await count('select count(*) from organiser where status in (1, 2)')).toBe(2)
    expect(
      await count(
        `select count(*) from organiser o where o.status = 3 and not exists (select 1 from organiser_page p where p.organiser_id = o.id)`,
      ),
    ).toBe(0)
    expect(
      await count(
        `select count(*) from event e join organiser o on o.id = e.organiser_id where o.status <> 3 and e.state in ('accepted','postponed','canceled')`,
      ),
    ).toBe(0)
  })

  it('lets every demo organiser log in: active, with an Argon2id password', async () => {
    expect(await count('select count(*) from organiser')).toBeGreaterThan(0)
    expect(
      await count(
        `select count(*) from app_user u join organiser o on o.user_id = u.id
         where u.activated_at is null or u.password_hash not like '$argon2id$%'`,
      ),
    ).toBe(0)
  })

  it('spreads public events over every type and time state', async () => {
    expect(await count(publicEvents)).toBeGreaterThanOrEqual(40)
    for (const type of [1, 2, 3, 4]) {
      expect(await count(`${publicEvents} and type = ?`, [type])).toBeGreaterThan(0)
    }
    const at = today.toISOString()
    const running = `${publicEvents} and state = 'accepted' and date_start <= ${localToday} and date_end >= ${localToday}`
    expect(await count(running, [at, at])).toBeGreaterThanOrEqual(3)
    expect(
      await count(`${publicEvents} and state = 'accepted' and date_start > ${localToday}`, [at]),
    ).toBeGreaterThan(5)
    expect(
      await count(`${publicEvents} and state = 'accepted' and date_end < ${localToday}`, [at]),
    ).toBeGreaterThan(5)
    const justFinished = `${publicEvents} and state = 'accepted' and date_end < ${localToday} and date_end >= ${localToday} - 7`
    expect(await count(justFinished, [at, at])).toBeGreaterThan(0)
    expect(
      await count(`${publicEvents} and state = 'canceled' and state_message is not null`),
    ).toBeGreaterThanOrEqual(2)
    expect(
      await count(`${publicEvents} and state = 'postponed' and state_message is not null`),
    ).toBeGreaterThanOrEqual(2)
    expect(await count(`select count(*) from event where state = 'draft'`)).toBeGreaterThanOrEqual(2)
    expect(await count(`select count(*) from event where state = 'pending'`)).toBeGreaterThanOrEqual(1)
    expect(
      await count(`${publicEvents} and has_live_results and live_results_url is not null`),
    ).toBeGreaterThan(0)
    expect(await count(`${publicEvents} and has_final_results`)).toBeGreaterThan(0)
    expect(await count(`${publicEvents} and is_live`)).toBeGreaterThan(0)
    expect(
      await count(
        `${publicEvents} and is_online and exists (select 1 from event_location l where l.event_id = event.id and l.is_main and l.external_url like 'https://%')`,
      ),
    ).toBeGreaterThan(0)
  })

  it('gives every event a native main content, translations, a main location and searchable text', async () => {
    expect(
      await count(
        `select count(*) from event e where (select count(*) from event_content c where c.event_id = e.id and c.is_main) <> 1`,
      ),
    ).toBe(0)
    expect(
      await count(
        `select count(*) from event e where not exists (select 1 from event_content c where c.event_id = e.id and not c.is_main)`,
      ),
    ).toBe(0)
    expect(
      await count(
        `select count(*) from event e where (select count(*) from event_location l where l.event_id = e.id and l.is_main) <> 1`,
      ),
    ).toBe(0)
    expect(await count(`select count(*) from event where alias !~ '^[a-z0-9-]+-[0-9]{4}'`)).toBe(0)
    expect(await count(`select count(*) from event where search_text like '%vilnius%'`)).toBeGreaterThan(0)
    expect(await count(`select count(*) from hotel`)).toBeGreaterThan(0)
  })

  it('has tournaments of every type with tickets, age categories, early bird and prizes', async () => {
    for (const type of [1, 2, 3, 4]) {
      expect(await count('select count(*) from tournament where type = ?', [type])).toBeGreaterThan(0)
    }
    expect(await count(`select count(*) from tournament where is_complicated`)).toBeGreaterThan(0)
    expect(await count(`select count(*) from tournament_stage`)).toBeGreaterThan(0)
    expect(await count(`select count(*) from tournament_program_day`)).toBeGreaterThan(0)
    expect(
      await count(
        `select count(*) from tournament t where not exists (select 1 from ticket k where k.tournament_id = t.id)`,
      ),
    ).toBe(0)
    expect(await count(`select count(*) from ticket_age_category`)).toBeGreaterThan(0)
    expect(
      await count(
        `select count(*) from ticket_age_category where is_early_bird and early_bird_price_minor > 0`,
      ),
    ).toBeGreaterThan(0)
    expect(await count(`select count(*) from ticket where is_price_per_team`)).toBeGreaterThan(0)
    expect(
      await count(`select count(*) from prize where type = 1 and prize_amount_minor > 0`),
    ).toBeGreaterThan(0)
    expect(
      await count(`select count(*) from prize where type = 2 and custom_prize is not null`),
    ).toBeGreaterThan(0)
    expect(await count(`select count(*) from prize_setup`)).toBeGreaterThan(0)
  })

  it('has player lists whose entries match the tickets sold', async () => {
    expect(await count(`select count(*) from entry where status = 'confirmed'`)).toBeGreaterThan(100)
    expect(await count(`select count(*) from entry where status = 'pending'`)).toBeGreaterThan(0)
    expect(await count(`select count(*) from entry where status = 'canceled'`)).toBeGreaterThan(0)
    expect(await count(`select count(*) from contestant`)).toBeGreaterThan(1000)
    expect(
      await count(
        `select count(*) from entry e join tournament t on t.id = e.tournament_id
         where (select count(*) from contestant c where c.entry_id = e.id) <> case t.type when 1 then 2 when 3 then 1 else 0 end
           and t.type in (1, 3)`,
      ),
    ).toBe(0)
    expect(
      await count(
        `select count(*) from entry e join tournament t on t.id = e.tournament_id
         where t.type in (2, 4) and (e.team_name is null or (select count(*) from contestant c where c.entry_id = e.id) < 4)`,
      ),
    ).toBe(0)
    // Sold counts teams on per-team tickets and players otherwise, over confirmed and pending entries.
    const mismatched = `select count(*) from ticket k where k.sold <> (
        select coalesce(sum(case when k.is_price_per_team then 1 else (select count(*) from contestant c where c.entry_id = e.id) end), 0)
        from entry e where e.ticket_id = k.id and e.status in ('confirmed', 'pending'))`
    expect(await count(mismatched)).toBe(0)
  })

  it('records the tournament summary through the services, so the catalogue shows real counts', async () => {
    expect(await count(`select count(*) from event where tournaments_count = 0`)).toBe(0)
    expect(await count(`select count(*) from event where registration_opens_at is not null`)).toBeGreaterThan(
      0,
    )
    const page = await Effect.runPromise(
      Effect.gen(function* () {
        yield* TestClock.setTime(today.getTime())
        const events = yield* EventService
        return yield* events.search({ upcomingOnly: true, offset: 0, limit: 18 }, 'en')
      }).pipe(
        Effect.provide(EventService.layer),
        Effect.provide(TestClock.layer()),
        Effect.provideService(Em, db().em.fork()),
      ),
    )
    expect(page.events).toHaveLength(18)
    expect(page.totalEventsCount).toBeGreaterThanOrEqual(18)
    expect(page.events.filter((e) => e.tournamentsCount > 0).length).toBeGreaterThanOrEqual(15)
    expect(page.events.some((e) => e.timeState === 'running')).toBe(true)
    expect(page.events.some((e) => e.isOpenRegistration)).toBe(true)
  })

  it('does nothing the second time', async () => {
    const again = await seedDemoData(db(), { today })
    expect(again).toEqual({ ...first, seeded: false })
  })
})
