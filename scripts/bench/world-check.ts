// Checks a database filled by scripts/bench/world.ts: the counters, summaries and derived columns the app
// relies on, the references the load wrote without foreign-key triggers, and the catalogue itself.
//
//   DATABASE_URL=postgres://… node scripts/bench/world-check.ts
//
// Prints one line per check and exits 1 when any fails.
import { AccountService } from '@kibitz/accounts'
import { EventService, searchTextOf } from '@kibitz/events'
import { Database, DomainServices, withEm } from '@kibitz/infra'
import { createPgClient } from '@kibitz/infra/database'
import { demoPassword } from '@kibitz/infra/seed'
import { isValidCreditorReference } from '@kibitz/registration'
import { Effect, Layer, ManagedRuntime, Schema } from 'effect'
import type { Client } from 'pg'
import { worldMailDomain } from './world.ts'

const decodeCount = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ n: Schema.Number })))
const decodeForeignKeys = Schema.decodeUnknownSync(
  Schema.Array(
    Schema.Struct({
      name: Schema.String,
      child: Schema.String,
      column: Schema.String,
      parent: Schema.String,
      parentColumn: Schema.String,
    }),
  ),
)
const decodeEvents = Schema.decodeUnknownSync(
  Schema.Array(
    Schema.Struct({
      id: Schema.Number,
      alias: Schema.String,
      search_text: Schema.String,
      aliases: Schema.Array(Schema.String),
      names: Schema.Array(Schema.String),
      places: Schema.Array(Schema.NullOr(Schema.String)),
      countries: Schema.Array(Schema.NullOr(Schema.String)),
    }),
  ),
)
const decodeReferences = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ reference: Schema.String, expected: Schema.String })),
)
const decodeEmail = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ email: Schema.String })))

const url = process.env.DATABASE_URL
if (!url) {
  console.error('world-check: set DATABASE_URL')
  process.exit(1)
}

let failures = 0
const report = (name: string, ok: boolean, detail: string) => {
  if (!ok) failures++
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`)
}

const count = async (client: Client, sql: string, params: ReadonlyArray<unknown> = []) =>
  decodeCount((await client.query(sql, [...params])).rows)[0]?.n ?? 0

/** A check that some rows are wrong: it passes when the query counts none. */
const none = async (client: Client, name: string, sql: string, params: ReadonlyArray<unknown> = []) => {
  const started = performance.now()
  const n = await count(client, sql, params)
  const ms = (performance.now() - started).toFixed(0)
  report(name, n === 0, n === 0 ? `none (${ms} ms)` : `${n} rows (${ms} ms)`)
}

/** A figure worth knowing that is not the world's to fix (the demo seed's own rows). */
const note = async (client: Client, name: string, sql: string) =>
  console.log(`info ${name}: ${(await count(client, sql)).toLocaleString('en')}`)

// World rows: events of world organisers, and what hangs below them.
const worldEvents = `select e.id from event e join organiser o on o.id = e.organiser_id where o.email like '%@${worldMailDomain}'`

const client = createPgClient(url, { connectionTimeoutMillis: 10_000 })
await client.connect()
try {
  for (const table of ['organiser', 'organiser_page', 'event', 'tournament', 'ticket', 'entry', 'contestant'])
    console.log(
      `     ${table.padEnd(16)} ${(await count(client, `select count(*)::int as n from "${table}"`)).toLocaleString('en')}`,
    )
  console.log(
    `     upcoming events  ${(await count(client, `select count(*)::int as n from event e where e.date_end >= (now() at time zone e.time_zone)::date`)).toLocaleString('en')}`,
  )

  await none(
    client,
    'tickets sold over quantity',
    'select count(*)::int as n from ticket where sold > quantity or sold < 0',
  )
  await none(
    client,
    'age categories sold over quantity',
    'select count(*)::int as n from ticket_age_category where sold < 0 or (quantity is not null and sold > quantity)',
  )
  // The sold counters from the entries' lines (the survey's ticket_sold_update.sql, as a comparison).
  await none(
    client,
    'ticket.sold = units of pending and confirmed lines',
    `with l as (
       select (x->>'ticketId')::int as ticket_id, (x->>'units')::int as units
       from entry e cross join lateral jsonb_array_elements(e.lines) x
       where e.status in ('pending', 'confirmed') and e.event_id in (${worldEvents})
     ), t as (select ticket_id, sum(units)::int as sold from l group by ticket_id)
     select count(*)::int as n
     from ticket k join tournament tt on tt.id = k.tournament_id
     left join t on t.ticket_id = k.id
     where tt.event_id in (${worldEvents}) and k.sold <> coalesce(t.sold, 0)`,
  )
  await none(
    client,
    'ticket_age_category.sold = units of its lines',
    `with l as (
       select (x->>'ageCategoryId')::int as category_id, (x->>'units')::int as units
       from entry e cross join lateral jsonb_array_elements(e.lines) x
       where e.status in ('pending', 'confirmed') and x->>'ageCategoryId' is not null
         and e.event_id in (${worldEvents})
     ), c as (select category_id, sum(units)::int as sold from l group by category_id)
     select count(*)::int as n
     from ticket_age_category a join ticket k on k.id = a.ticket_id join tournament tt on tt.id = k.tournament_id
     left join c on c.category_id = a.id
     where tt.event_id in (${worldEvents}) and a.sold <> coalesce(c.sold, 0)`,
  )
  // The same counters from the contestants: one unit per player, or one per entry on a per-team ticket.
  await none(
    client,
    'ticket.sold = units of contestants of pending and confirmed entries',
    `with u as (
       select c.ticket_id, case when k.is_price_per_team then count(distinct c.entry_id) else count(*) end as units
       from contestant c join entry e on e.id = c.entry_id join ticket k on k.id = c.ticket_id
       where e.status in ('pending', 'confirmed') and e.event_id in (${worldEvents})
       group by c.ticket_id, k.is_price_per_team
     )
     select count(*)::int as n
     from ticket k join tournament tt on tt.id = k.tournament_id left join u on u.ticket_id = k.id
     where tt.event_id in (${worldEvents}) and k.sold <> coalesce(u.units, 0)`,
  )
  await none(
    client,
    'lines match the contestants (ticket, category, persons)',
    `with l as (
       select e.id, (x->>'ticketId')::int as t, (x->>'ageCategoryId')::int as c, (x->>'persons')::int as p
       from entry e cross join lateral jsonb_array_elements(e.lines) x where e.event_id in (${worldEvents})
     ), k as (
       select c.entry_id as id, c.ticket_id as t, c.age_category_id as c, count(*)::int as p
       from contestant c join entry e on e.id = c.entry_id where e.event_id in (${worldEvents})
       group by 1, 2, 3
     )
     select count(*)::int as n from l full join k on l.id = k.id and l.t = k.t and l.c is not distinct from k.c
     where l.p is distinct from k.p`,
  )
  await none(
    client,
    'entries: total = sum of lines, currency and event as the tournament, first ticket',
    `select count(*)::int as n from entry e
     join tournament t on t.id = e.tournament_id join event ev on ev.id = t.event_id
     left join (select distinct on (entry_id) entry_id, ticket_id from contestant order by entry_id, position) f
       on f.entry_id = e.id
     where e.event_id in (${worldEvents}) and (
       e.event_id <> t.event_id or e.currency_code <> ev.currency_code
       or e.total_minor <> (select coalesce(sum((x->>'totalMinor')::bigint), 0) from jsonb_array_elements(e.lines) x)
       or e.ticket_id is distinct from f.ticket_id)`,
  )
  await none(
    client,
    'pending entries hold only until a future expiry',
    `select count(*)::int as n from entry
     where event_id in (${worldEvents}) and status = 'pending' and (expires_at is null or expires_at <= now())`,
  )
  await note(
    client,
    'demo seed pending entries without a future expiry',
    `select count(*)::int as n from entry
     where event_id not in (${worldEvents}) and status = 'pending' and (expires_at is null or expires_at <= now())`,
  )
  await none(
    client,
    'status columns as the desk leaves them',
    `select count(*)::int as n from entry e where e.event_id in (${worldEvents}) and not (
       (e.status = 'canceled') = (e.canceled_at is not null)
       and ((e.status = 'expired') <= (e.expires_at is not null and e.expires_at <= now()))
       and (e.payment_method = 'bankTransfer') = (e.reference is not null)
       and (e.payment_method <> 'free' or e.total_minor = 0)
       and (e.status <> 'pending' or e.payment_method in ('bankTransfer', 'card')))`,
  )
  const references = decodeReferences(
    (
      await client.query(
        `select reference,
                'RF' || lpad((98 - (('201135' || lpad(id::text, 8, '0') || '271500')::numeric % 97))::text, 2, '0')
                  || 'KBZ' || lpad(id::text, 8, '0') as expected
         from entry where reference is not null order by random() limit 5000`,
      )
    ).rows,
  )
  const badReferences = references.filter(
    (r) => r.reference !== r.expected || !isValidCreditorReference(r.reference),
  )
  report(
    'RF references (5,000 sampled)',
    badReferences.length === 0,
    badReferences.length === 0
      ? `${references.length} valid`
      : `${badReferences.length} wrong, e.g. ${badReferences[0]?.reference}`,
  )
  await none(
    client,
    'events with other than one main content',
    `select count(*)::int as n from event e
     left join (select event_id, count(*) filter (where is_main) as mains from event_content group by event_id) c
       on c.event_id = e.id
     where coalesce(c.mains, 0) <> 1`,
  )
  await none(
    client,
    'events with locations but other than one main location',
    `select count(*)::int as n
     from (select event_id, count(*) filter (where is_main) as mains from event_location group by event_id) l
     where l.mains <> 1`,
  )
  await none(
    client,
    'world events without a location',
    `select count(*)::int as n from event e where e.id in (${worldEvents})
       and e.id not in (select event_id from event_location)`,
  )
  const sharedAliases = `select count(*)::int as n from (
       select alias from (select alias, event_id from event_content union all select alias, id from event) a
       group by alias having count(*) > 1 and bool_or(event_id in (${worldEvents})) = $1) d`
  await none(client, 'world aliases shared between events and contents', sharedAliases.replace('$1', 'true'))
  await note(
    client,
    'demo seed aliases shared between an event and its content',
    sharedAliases.replace('$1', 'false'),
  )
  await none(
    client,
    'values the app refuses (state, type, tournament type, zone)',
    `select (select count(*) from event
             where state not in ('pending', 'accepted', 'postponed', 'canceled', 'draft', 'postponedToDraft')
                or type not between 1 and 4
                or time_zone not in (select name from pg_timezone_names))::int
          + (select count(*) from tournament where type not between 1 and 4)::int as n`,
  )
  // The tournament summary, recomputed as the survey's event_summary_update.sql does (its per-tournament
  // ticket lookup made a join: ticket.tournament_id has no index) and compared.
  await none(
    client,
    'event tournament summaries (event_summary_update.sql)',
    `with selling as (
       select distinct tournament_id from ticket where is_for_sale and sold < quantity
     ), t as (
       select t.event_id, t.registration_start_at as opens,
              least(coalesce(t.registration_end_at,
                             ((t.start_date + coalesce(t.start_time, '00:00')::time) at time zone e.time_zone)),
                    ((t.start_date + coalesce(t.start_time, '00:00')::time) at time zone e.time_zone)) as closes,
              t.has_registration and t.is_registration_enabled and s.tournament_id is not null as open
       from tournament t join event e on e.id = t.event_id left join selling s on s.tournament_id = t.id
     ), s as (
       select event_id, count(*)::int as tournaments_count,
              case when not bool_or(open) or bool_or(open and opens is null) then null
                   else min(opens) filter (where open) end as opens_at,
              max(closes) filter (where open) as closes_at,
              coalesce(jsonb_agg(jsonb_build_object(
                  'opensAt', to_char(opens at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'closesAt', to_char(closes at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                order by coalesce(opens, 'epoch'::timestamptz), closes) filter (where open), '[]'::jsonb) as windows
       from t group by event_id
     )
     select count(*)::int as n from event e left join s on s.event_id = e.id
     where e.tournaments_count <> coalesce(s.tournaments_count, 0)
        or e.registration_opens_at is distinct from s.opens_at
        or e.registration_closes_at is distinct from s.closes_at
        or e.registration_windows <> coalesce(s.windows, '[]'::jsonb)`,
  )
  // search_text for 200 random world events, recomputed with the events domain's own function from the
  // contents and locations as the editor passes them.
  const sampled = decodeEvents(
    (
      await client.query(
        `select e.id, e.alias, e.search_text,
                array(select c.alias from event_content c where c.event_id = e.id order by c.id) as aliases,
                array(select c.name from event_content c where c.event_id = e.id order by c.id) as names,
                array(select p from event_location l,
                        unnest(array[l.name, l.short_address_line, l.address_line]) with ordinality as u(p, o)
                      where l.event_id = e.id order by l.id, o) as places,
                array[e.country_code] || array(select l.country_code from event_location l
                      where l.event_id = e.id order by l.id) as countries
         from event e where e.id in (${worldEvents}) order by random() limit 200`,
      )
    ).rows,
  )
  const wrongText = sampled.filter(
    (e) =>
      searchTextOf([e.alias, ...e.aliases], [...e.names, ...e.places.map((p) => p ?? '')], e.countries) !==
      e.search_text,
  )
  report(
    'search_text = searchTextOf (200 random events)',
    wrongText.length === 0 && sampled.length > 0,
    wrongText.length === 0
      ? `${sampled.length} equal`
      : `${wrongText.length} differ, e.g. event ${wrongText[0]?.id}`,
  )
  // The load skipped foreign-key triggers: every reference is checked here instead.
  const foreignKeys = decodeForeignKeys(
    (
      await client.query(
        `select c.conname as name, c.conrelid::regclass::text as child, a.attname as column,
                c.confrelid::regclass::text as parent, pa.attname as "parentColumn"
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
         where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 1`,
      )
    ).rows,
  )
  let orphans = 0
  for (const fk of foreignKeys)
    orphans += await count(
      client,
      `select count(*)::int as n from ${fk.child} c where c."${fk.column}" is not null
         and not exists (select 1 from ${fk.parent} p where p."${fk.parentColumn}" = c."${fk.column}")`,
    )
  report('foreign keys', orphans === 0, `${foreignKeys.length} checked, ${orphans} orphans`)
  await none(
    client,
    'world users who cannot log in (hash, activation, lower-case e-mail)',
    `select count(*)::int as n from app_user where email like $1
       and (password_hash is null or activated_at is null or banned_at is not null or email <> lower(email))`,
    [`%@${worldMailDomain}`],
  )

  // The app on the result: the catalogue's home page and a text search, an event page and a login.
  const runtime = ManagedRuntime.make(
    DomainServices.pipe(Layer.provideMerge(Database.layer(url, { poolMax: 2 }))),
  )
  try {
    const search = async (name: string, query: Parameters<EventService['Service']['search']>[0]) => {
      const started = performance.now()
      const page = await runtime.runPromise(withEm(EventService.use((events) => events.search(query, 'en'))))
      const ms = performance.now() - started
      report(
        `catalogue: ${name}`,
        page.events.length > 0,
        `${page.totalEventsCount.toLocaleString('en')} events, first "${page.events[0]?.name ?? '-'}" (${ms.toFixed(0)} ms)`,
      )
      return page
    }
    const home = await search('home page', { upcomingOnly: true, offset: 0, limit: 18 })
    await search('home page 5', { upcomingOnly: true, offset: 72, limit: 18 })
    await search('text "bridge festival"', {
      text: 'bridge festival',
      upcomingOnly: true,
      offset: 0,
      limit: 18,
    })
    await search('text "krakow" (folded)', { text: 'krakow', offset: 0, limit: 18, upcomingOnly: false })
    await search('types 3,4 running/future', {
      eventTypes: [3, 4],
      eventStates: ['running', 'future'],
      offset: 0,
      limit: 18,
    })
    const first = home.events[0]
    if (first) {
      const view = await runtime.runPromise(
        withEm(EventService.use((events) => events.view(first.alias, 'en'))),
      )
      report(
        'event page',
        view.card.id === first.id,
        `${view.card.alias}: ${view.locations.length} locations`,
      )
    }
    const someone = decodeEmail(
      (
        await client.query(
          'select email from organiser where email like $1 and status = 3 order by id limit 1',
          [`%@${worldMailDomain}`],
        )
      ).rows,
    )[0]
    if (someone) {
      const signedIn = await runtime.runPromise(
        withEm(
          AccountService.use((accounts) =>
            accounts.login(
              { email: someone.email, password: demoPassword },
              { ip: '192.0.2.7', userAgent: 'world-check', language: 'en' },
            ),
          ),
        ).pipe(
          Effect.map(() => true),
          Effect.orElseSucceed(() => false),
        ),
      )
      report('world organiser login', signedIn, someone.email)
    }
  } finally {
    await runtime.dispose()
  }
} finally {
  await client.end()
}
console.log(failures === 0 ? 'all checks passed' : `${failures} checks failed`)
process.exit(failures === 0 ? 0 : 1)
