// `npm run bench`: performance figures, kept out of the tests. Seeds a fresh database with the demo data,
// multiplied to a few thousand events, and times the catalogue queries the public pages run, then the
// two account calls every signed-in visitor pays for: a password login and a session lookup.
import { AccountService } from '@kibitz/accounts'
import { EventService } from '@kibitz/events'
import { Database, DomainServices, migrate, openOrm, withEm } from '@kibitz/infra'
import { demoPassword, seedDemoData } from '@kibitz/infra/seed'
import { acquirePostgres } from '@kibitz/testing'
import { Layer, ManagedRuntime } from 'effect'

const copies = Number(process.env.BENCH_COPIES ?? 60)
const rounds = Number(process.env.BENCH_ROUNDS ?? 200)

// A database of its own, chosen as the tests choose theirs (DATABASE_URL's server, else embedded).
const db = await acquirePostgres()
try {
  const orm = await openOrm(db.url, { poolMax: 2 })
  await migrate(orm)
  const seedStarted = performance.now()
  await seedDemoData(orm)
  const seedMs = performance.now() - seedStarted
  // Copies of every event (with contents and locations) under new aliases, to make the table large.
  const originals = await orm.em
    .fork()
    .execute<Array<{ max: number }>>('select max(id)::int as max from event')
  const last = originals[0]?.max ?? 0
  await orm.em.fork().execute(`
    with ins as (
      insert into event (key, alias, organiser_id, status, state, type, is_live, is_online, edition_type,
        edition_year, date_start, date_end, country_code, currency_code, time_zone, search_text,
        tournaments_count, registration_opens_at, registration_closes_at, has_live_results, created_at, updated_at)
      select gen_random_uuid(), e.alias || '-c' || g.i, e.organiser_id, e.status, e.state, e.type, e.is_live,
        e.is_online, e.edition_type, e.edition_year, e.date_start + (g.i % 40) * 7, e.date_end + (g.i % 40) * 7,
        e.country_code, e.currency_code, e.time_zone, e.search_text, e.tournaments_count, e.registration_opens_at,
        e.registration_closes_at, e.has_live_results, e.created_at, e.updated_at
      from event e cross join generate_series(1, ${copies}) as g(i)
      where e.id <= ${last}
      returning id, alias
    )
    insert into event_content (event_id, language, name, description, alias, is_main, type)
    select ins.id, c.language, c.name, c.description, c.alias, c.is_main, c.type
    from ins
    join event e on e.id <= ${last} and e.alias = regexp_replace(ins.alias, '-c[0-9]+$', '')
    join event_content c on c.event_id = e.id`)
  await orm.em.fork().execute('analyze')
  const counted = await orm.em.fork().execute<Array<{ n: number }>>('select count(*)::int as n from event')
  const n = counted[0]?.n ?? 0
  await orm.close(true)

  const runtime = ManagedRuntime.make(
    DomainServices.pipe(Layer.provideMerge(Database.layer(db.url, { poolMax: 4 }))),
  )
  const queries: ReadonlyArray<[string, Parameters<EventService['Service']['search']>[0]]> = [
    ['home page (upcoming, 18)', { upcomingOnly: true, offset: 0, limit: 18 }],
    ['home page 5', { upcomingOnly: true, offset: 72, limit: 18 }],
    ['text "vilnius"', { text: 'vilnius', upcomingOnly: true, offset: 0, limit: 18 }],
    [
      'types 3,4 + running/future',
      { eventTypes: [3, 4], eventStates: ['running', 'future'], offset: 0, limit: 18 },
    ],
    ['date range (a month)', { startDate: '2027-03-01', endDate: '2027-03-31', offset: 0, limit: 100 }],
  ]
  console.log(
    `events: ${n} (demo seed ${seedMs.toFixed(0)} ms, then ${copies} copies); ${rounds} rounds each`,
  )
  for (const [name, query] of queries) {
    const times: Array<number> = []
    for (let i = 0; i < rounds; i++) {
      const started = performance.now()
      await runtime.runPromise(withEm(EventService.use((events) => events.search(query, 'en'))))
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const pct = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1)
    console.log(`${name.padEnd(30)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  max ${pct(1)} ms`)
  }

  const timed = async (name: string, times: number, run: () => Promise<unknown>) => {
    const took: Array<number> = []
    for (let i = 0; i < times; i++) {
      const started = performance.now()
      await run()
      took.push(performance.now() - started)
    }
    took.sort((a, b) => a - b)
    const pct = (p: number) => (took[Math.min(took.length - 1, Math.floor(took.length * p))] ?? 0).toFixed(1)
    console.log(`${name.padEnd(30)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  max ${pct(1)} ms`)
  }
  // A demo organiser; each login counts and forgives its attempts, so the throttle never trips here.
  const credentials = { email: 'info@lbf.example', password: demoPassword }
  const request = { ip: '192.0.2.1', userAgent: 'bench', language: 'en' }
  const login = () =>
    runtime.runPromise(withEm(AccountService.use((accounts) => accounts.login(credentials, request))))
  const { token } = await login()
  await timed('login (Argon2id + session)', 50, login)
  await timed('session lookup', rounds, () =>
    runtime.runPromise(withEm(AccountService.use((accounts) => accounts.authenticate(token)))),
  )
  await runtime.dispose()
} finally {
  await db.release()
}
