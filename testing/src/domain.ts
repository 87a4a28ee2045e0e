import { randomUUID } from 'node:crypto'
import { searchTextOf } from '@kibitz/events'
import { DomainServices, openOrm } from '@kibitz/infra'
import { Em, EntryId, EventId, OrganiserId, TournamentId } from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { freshDatabase } from './prepare.ts'

// Helpers for domain tests against the real PostgreSQL of the run: rows are written with plain SQL into the
// migrated tables (the entities stay inside their domains), with defaults so a test names only what matters.

/** The MikroORM instance a domain test reads through. */
export type Orm = Awaited<ReturnType<typeof openOrm>>

export type SqlValue = string | number | boolean | null
/** One row by column name; an `undefined` value leaves the column to its default. */
export type SqlRow = Readonly<Record<string, SqlValue | undefined>>

/** A migrated database of the test file's own with an ORM on it; `close()` in afterAll. */
export interface DomainDatabase {
  readonly orm: Orm
  readonly close: () => Promise<void>
}

/** Clones the migrated template for one test file and opens an ORM on it (`url` is `inject('databaseUrl')`). */
export async function openDomainDatabase(url: string): Promise<DomainDatabase> {
  const db = await freshDatabase(url)
  const orm = await openOrm(db.url, { poolMax: 2 })
  return {
    orm,
    close: async () => {
      await orm.close(true)
      await db.drop()
    },
  }
}

const TableRows = Schema.Array(Schema.Struct({ table: Schema.String, parent: Schema.NullOr(Schema.String) }))
const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))
const decodeTableRows = Schema.decodeUnknownSync(TableRows)
const decodeIdRows = Schema.decodeUnknownSync(IdRows)

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`

/** Reference data that migrations fill and no test writes: kept when a test empties its database. */
const referenceTables = ['time_zone']

/** Every table but the migrations' own and the reference data, each listed before the tables its keys point to. */
const childrenFirst = async (orm: Orm): Promise<ReadonlyArray<string>> => {
  const rows = decodeTableRows(
    await orm.em.fork().execute(
      `select t.tablename as "table", p.relname as parent
       from pg_tables t
       left join pg_constraint c on c.contype = 'f' and c.conrelid = format('%I.%I', t.schemaname, t.tablename)::regclass
       left join pg_class p on p.oid = c.confrelid
       where t.schemaname = 'public' and t.tablename not like 'mikro_orm%'
         and t.tablename not in (${referenceTables.map((t) => `'${t}'`).join(', ')})`,
    ),
  )
  const parents = new Map<string, Set<string>>()
  for (const { table, parent } of rows) {
    const set = parents.get(table) ?? new Set<string>()
    if (parent !== null && parent !== table) set.add(parent)
    parents.set(table, set)
  }
  const ordered: Array<string> = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return
    visiting.add(table)
    // A parent goes after all of its children: visit the tables pointing at this one first.
    for (const [child, set] of parents) if (set.has(table)) visit(child)
    ordered.push(table)
  }
  for (const table of parents.keys()) visit(table)
  return ordered
}

const deleteOrders = new WeakMap<Orm, ReadonlyArray<string>>()

/**
 * The usual set-up of a domain test file: its own database for the file, emptied before each test.
 * Call at the top level of the file; `orm` is usable from the first hook on.
 */
export function useDomainDatabase(): { readonly orm: Orm } {
  let current: DomainDatabase | undefined
  beforeAll(async () => {
    current = await openDomainDatabase(inject('databaseUrl'))
  })
  afterAll(() => current?.close())
  beforeEach(async () => {
    if (current) await resetDatabase(current.orm)
  })
  return {
    get orm() {
      if (!current) throw new Error('the test database opens in beforeAll')
      return current.orm
    },
  }
}

/**
 * Empties every table but the migrations' own and the reference data, so each test starts from nothing. DELETE in foreign-key order
 * rather than TRUNCATE: on a few dozen rows it takes a millisecond where TRUNCATE's new files take ~100 ms.
 */
export async function resetDatabase(orm: Orm): Promise<void> {
  const tables = deleteOrders.get(orm) ?? (await childrenFirst(orm))
  deleteOrders.set(orm, tables)
  if (tables.length === 0) return
  await orm.em.fork().execute(tables.map((t) => `delete from ${quote(t)};`).join(' '))
}

/**
 * Inserts `rows` into `table` in one parameterised multi-row statement and returns the new ids in the order
 * of `rows`. Columns are the union of the rows' keys; a row without a value for one gets the column default.
 */
export async function insertRows(
  orm: Orm,
  table: string,
  rows: ReadonlyArray<SqlRow>,
): Promise<Array<number>> {
  if (rows.length === 0) return []
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => row[k] !== undefined)))]
  const params: Array<SqlValue> = []
  const tuples = rows.map((row) => {
    const cells = columns.map((column) => {
      const value = row[column]
      if (value === undefined) return 'default'
      params.push(value)
      return '?'
    })
    return `(${cells.join(', ')})`
  })
  const head =
    columns.length === 0
      ? `insert into ${quote(table)} default values`
      : `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}`
  const ids = decodeIdRows(await orm.em.fork().execute(`${head} returning id`, params)).map((r) => r.id)
  if (ids.length !== rows.length) throw new Error(`insertRows: ${table} returned ${ids.length} ids`)
  return ids
}

const insertRow = async (orm: Orm, table: string, row: SqlRow): Promise<number> => {
  const [id] = await insertRows(orm, table, [row])
  if (id === undefined) throw new Error(`insertRows: ${table} returned no id`)
  return id
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** A fixture's camelCase columns as a snake_case row; values left undefined keep the column default. */
const toRow = (columns: Readonly<Record<string, SqlValue | undefined>>): SqlRow =>
  Object.fromEntries(Object.entries(columns).map(([key, value]) => [snakeCase(key), value]))

/** Creation times never matter to these tests; one fixed instant keeps the rows reproducible. */
const createdAt = '2027-01-01T00:00:00.000Z'

let sequence = 0
/** A per-process unique suffix for aliases and e-mails. */
const next = () => {
  sequence += 1
  return sequence
}

export interface OrganiserFixture {
  readonly name?: string
  /** Pending 1, declined 2, accepted 3 (the default). */
  readonly status?: number
  /** Individual 1, company 2 (the default). */
  readonly type?: number
  readonly websiteUrl?: string | null
  readonly imageUrl?: string | null
  readonly email?: string | null
  readonly phone?: string | null
  readonly countryCode?: string | null
}

/** Inserts a user account and its organiser (accepted by default); returns the organiser id. */
export async function insertOrganiser(orm: Orm, spec: OrganiserFixture = {}): Promise<OrganiserId> {
  const n = next()
  const userId = await insertRow(orm, 'app_user', {
    email: `organiser-${n}@example.test`,
    created_at: createdAt,
  })
  return OrganiserId.make(
    await insertRow(orm, 'organiser', {
      ...toRow({ status: 3, type: 2, name: `Organiser ${n}`, ...spec }),
      user_id: userId,
      created_at: createdAt,
    }),
  )
}

export interface ContentFixture {
  /** Defaults to 'en'. */
  readonly language?: string
  readonly name: string
  /** Defaults to the event's alias for the main content, else `<event alias>-<language>`. */
  readonly alias?: string
  readonly description?: string | null
  /** Defaults to true for the first content only. */
  readonly isMain?: boolean
  /** Translation 1 (the default) or the native language 2. */
  readonly type?: number
}

export interface LocationFixture {
  readonly name?: string | null
  readonly addressLine?: string | null
  readonly formattedAddress?: string | null
  readonly shortAddressLine?: string | null
  readonly countryCode?: string | null
  readonly lat?: number | null
  readonly long?: number | null
  readonly dateStart?: string | null
  readonly dateEnd?: string | null
  readonly startTime?: string | null
  readonly endTime?: string | null
  /** Defaults to true for the first location only. */
  readonly isMain?: boolean
  readonly type?: number
  readonly externalUrl?: string | null
}

export interface EventFixture {
  /** Defaults to a new accepted organiser. */
  readonly organiserId?: OrganiserId
  readonly alias?: string
  /** The name of the one English main content made when `contents` is not given. */
  readonly name?: string
  /** Defaults to 'accepted'. */
  readonly state?: string
  /** Defaults to accepted 2 for public states, else draft 1. */
  readonly status?: number
  readonly type?: number
  readonly isLive?: boolean
  readonly isOnline?: boolean
  readonly editionType?: number
  readonly editionYear?: number | null
  readonly editionSeason?: string | null
  readonly dateStart: string
  /** Defaults to `dateStart`. */
  readonly dateEnd?: string
  readonly countryCode?: string | null
  readonly currencyCode?: string
  readonly timeZone?: string
  readonly organiserEmail?: string | null
  /** The bank account registrations are paid to (none: no bank transfer). */
  readonly paymentBeneficiary?: string | null
  readonly paymentIban?: string | null
  readonly paymentBic?: string | null
  readonly imageUrl?: string | null
  readonly thumbUrl?: string | null
  readonly imageAlt?: string | null
  readonly liveResultsUrl?: string | null
  readonly hasLiveResults?: boolean
  readonly hasFinalResults?: boolean
  readonly externalPageUrl?: string | null
  readonly isRecommended?: boolean
  readonly isYouth?: boolean
  readonly adsEnabled?: boolean
  readonly fbCommentsEnabled?: boolean
  readonly showNativeName?: boolean
  readonly championshipTypeText?: string | null
  readonly stateMessage?: string | null
  readonly tournamentsCount?: number
  /** ISO instants. */
  readonly registrationOpensAt?: string | null
  readonly registrationClosesAt?: string | null
  /** Several tournaments' windows; defaults to the one window the two fields above give. */
  readonly registrationWindows?: ReadonlyArray<{ readonly opensAt: string | null; readonly closesAt: string }>
  /** Defaults to one English main content named `name`. */
  readonly contents?: ReadonlyArray<ContentFixture>
  readonly locations?: ReadonlyArray<LocationFixture>
}

const publicStates = new Set(['accepted', 'postponed', 'canceled'])

/**
 * Inserts an event with its contents and locations; returns its id. `search_text` comes from the events
 * domain's own rule (searchTextOf).
 */
export async function insertEvent(orm: Orm, spec: EventFixture): Promise<EventId> {
  const { organiserId, name, contents, locations, registrationWindows, ...columns } = spec
  const alias = spec.alias ?? `event-${next()}`
  const state = spec.state ?? 'accepted'
  const contentRows = (contents ?? [{ name: name ?? alias }]).map((c, i) => {
    const language = c.language ?? 'en'
    const isMain = c.isMain ?? i === 0
    return { ...c, language, isMain, alias: c.alias ?? (isMain ? alias : `${alias}-${language}`) }
  })
  const locationRows = (locations ?? []).map((l, i) => ({ ...l, isMain: l.isMain ?? i === 0 }))
  const searchText = searchTextOf(
    [alias, ...contentRows.map((c) => c.alias)],
    [
      ...contentRows.map((c) => c.name),
      ...locationRows.flatMap((l) => [l.name, l.addressLine, l.formattedAddress, l.shortAddressLine]),
    ].flatMap((part) => (part ? [part] : [])),
    [spec.countryCode, ...locationRows.map((l) => l.countryCode)],
  )
  const eventId = await insertRow(orm, 'event', {
    ...toRow({ ...columns, dateEnd: spec.dateEnd ?? spec.dateStart }),
    key: randomUUID(),
    alias,
    organiser_id: organiserId ?? (await insertOrganiser(orm)),
    state,
    status: spec.status ?? (publicStates.has(state) ? 2 : 1),
    search_text: searchText,
    // A fixture's window is one tournament's window, as the tournaments domain would record it.
    registration_windows: JSON.stringify(
      registrationWindows ??
        (spec.registrationClosesAt
          ? [{ opensAt: spec.registrationOpensAt ?? null, closesAt: spec.registrationClosesAt }]
          : []),
    ),
    created_at: createdAt,
    updated_at: createdAt,
  })
  await insertRows(
    orm,
    'event_content',
    contentRows.map((c) => ({ ...toRow(c), event_id: eventId })),
  )
  await insertRows(
    orm,
    'event_location',
    locationRows.map((l) => ({ ...toRow(l), event_id: eventId })),
  )
  return EventId.make(eventId)
}

export interface AgeCategoryFixture {
  /** Defaults to 'Open'. */
  readonly name?: string
  readonly ageFrom?: number | null
  readonly ageTo?: number | null
  /** Defaults to the ticket's price. */
  readonly priceMinor?: number
  readonly quantity?: number | null
  readonly sold?: number
  readonly discountPercent?: number
  readonly salesStartDate?: string | null
  readonly salesEndDate?: string | null
  readonly isEarlyBird?: boolean
  readonly earlyBirdPriceMinor?: number | null
  readonly earlyBirdSalesStartDate?: string | null
  readonly earlyBirdSalesEndDate?: string | null
  readonly earlyBirdEndSalesQuantity?: number | null
  readonly enabled?: boolean
}

export interface TicketFixture {
  /** Basic 1 (the default), medium 2, advanced 3, free 4. */
  readonly type?: number
  readonly priceMinor?: number
  /** Defaults to 20. */
  readonly quantity?: number
  readonly sold?: number
  readonly isForSale?: boolean
  readonly isPricePerTeam?: boolean
  readonly ageCategories?: ReadonlyArray<AgeCategoryFixture>
}

export interface PrizeFixture {
  readonly placeNumber: number
  readonly additionalName?: string | null
  readonly prizeAmountMinor?: number | null
  readonly customPrize?: string | null
  readonly medalIconKey?: string | null
  readonly cupIconKey?: string | null
  /** Money 1 (the default) or custom prize 2. */
  readonly type?: number
}

export interface PrizeSetupFixture {
  readonly placesNumber: number
  readonly prizePoolMinor?: number | null
  readonly customPrizePool?: string | null
  readonly customPrizeText?: string | null
  readonly isFormulaUsed?: boolean
}

export interface SessionFixture {
  readonly startDate: string
  readonly endDate?: string | null
  readonly startTime?: string | null
  readonly endTime?: string | null
  readonly type?: number
  readonly text?: string | null
  readonly boards?: number | null
}

export interface StageFixture {
  readonly name: string
  readonly type?: number
  readonly orderNumber?: number
  readonly resultsUrl?: string | null
}

export interface ProgramDayFixture {
  readonly date: string
  readonly tours: ReadonlyArray<{ readonly time: string; readonly name: string }>
}

export interface TournamentFixture {
  readonly eventId: EventId
  readonly alias?: string
  /** Defaults to 'Open Pairs'. */
  readonly name?: string
  readonly additionalName?: string | null
  /** Pairs 1 (the default), team 2, individual 3, others 4. */
  readonly type?: number
  readonly isMultiSession?: boolean
  readonly startDate: string
  readonly startTime?: string | null
  /** Defaults to `startDate`. */
  readonly endDate?: string
  readonly endTime?: string | null
  /** Defaults to 'MP_PAIRS'. */
  readonly pointsScoreType?: string
  readonly resultsSource?: number | null
  readonly resultsUrl?: string | null
  readonly resultsFile?: string | null
  readonly hasRegistration?: boolean
  readonly isRegistrationEnabled?: boolean
  /** ISO instants. */
  readonly registrationStartAt?: string | null
  readonly registrationEndAt?: string | null
  readonly playerListUrl?: string | null
  readonly orderNumber?: number
  readonly isMain?: boolean
  readonly boards?: number | null
  readonly description?: string | null
  readonly isPrizeInformationEnabled?: boolean
  readonly isPlayerListViewEnabled?: boolean
  readonly locationName?: string | null
  readonly tickets?: ReadonlyArray<TicketFixture>
  readonly prizes?: ReadonlyArray<PrizeFixture>
  readonly prizeSetup?: PrizeSetupFixture
  readonly sessions?: ReadonlyArray<SessionFixture>
  readonly stages?: ReadonlyArray<StageFixture>
  readonly programDays?: ReadonlyArray<ProgramDayFixture>
}

/** The ids of an inserted tournament and of its rows, each list in the order of the fixture. */
export interface InsertedTournament {
  readonly id: TournamentId
  readonly ticketIds: ReadonlyArray<number>
  /** Per ticket, the ids of its age categories. */
  readonly ageCategoryIds: ReadonlyArray<ReadonlyArray<number>>
  readonly prizeIds: ReadonlyArray<number>
}

/** Inserts a tournament with its tickets, age categories, prizes, prize setup, sessions, stages and program. */
export async function insertTournament(orm: Orm, spec: TournamentFixture): Promise<InsertedTournament> {
  const { tickets, prizes, prizeSetup, sessions, stages, programDays, ...columns } = spec
  const id = await insertRow(
    orm,
    'tournament',
    toRow({
      alias: `tournament-${next()}`,
      name: 'Open Pairs',
      type: 1,
      pointsScoreType: 'MP_PAIRS',
      ...columns,
      endDate: spec.endDate ?? spec.startDate,
    }),
  )
  const ticketSpecs = tickets ?? []
  const ticketIds = await insertRows(
    orm,
    'ticket',
    ticketSpecs.map(({ ageCategories: _, ...t }) => ({
      ...toRow({ type: 1, quantity: 20, ...t }),
      tournament_id: id,
    })),
  )
  const ageCategoryIds: Array<ReadonlyArray<number>> = []
  for (const [i, ticket] of ticketSpecs.entries()) {
    ageCategoryIds.push(
      await insertRows(
        orm,
        'ticket_age_category',
        (ticket.ageCategories ?? []).map((c) => ({
          ...toRow({ name: 'Open', priceMinor: ticket.priceMinor ?? 0, ...c }),
          ticket_id: ticketIds[i] ?? null,
        })),
      ),
    )
  }
  const prizeIds = await insertRows(
    orm,
    'prize',
    (prizes ?? []).map((p) => ({ ...toRow({ ...p }), tournament_id: id })),
  )
  if (prizeSetup) await insertRow(orm, 'prize_setup', { ...toRow({ ...prizeSetup }), tournament_id: id })
  await insertRows(
    orm,
    'tournament_session',
    (sessions ?? []).map((s) => ({ ...toRow({ ...s }), tournament_id: id })),
  )
  await insertRows(
    orm,
    'tournament_stage',
    (stages ?? []).map((s) => ({ ...toRow({ ...s }), tournament_id: id })),
  )
  await insertRows(
    orm,
    'tournament_program_day',
    (programDays ?? []).map((d) => ({ date: d.date, tours: JSON.stringify(d.tours), tournament_id: id })),
  )
  return { id: TournamentId.make(id), ticketIds, ageCategoryIds, prizeIds }
}

export interface ContestantFixture {
  readonly firstName: string
  readonly lastName: string
  readonly countryCode?: string | null
  /** Defaults to the contestant's place in the list, from 1. */
  readonly position?: number
  readonly email?: string | null
  readonly federationId?: string | null
  readonly ageCategoryId?: number | null
}

export interface EntryFixture {
  readonly tournamentId: TournamentId
  /** 'confirmed' (the default), 'pending' or 'canceled'. */
  readonly status?: string
  readonly teamName?: string | null
  readonly ticketId?: number | null
  readonly userId?: number | null
  readonly contestants?: ReadonlyArray<ContestantFixture>
}

const EventIdRows = Schema.Array(Schema.Struct({ event_id: Schema.Int }))
const decodeEventIdRows = Schema.decodeUnknownSync(EventIdRows)

/** Inserts an entry of a tournament (its event taken from the tournament) with its contestants; returns its id. */
export async function insertEntry(orm: Orm, spec: EntryFixture): Promise<EntryId> {
  const { contestants, ...columns } = spec
  const [tournament] = decodeEventIdRows(
    await orm.em.fork().execute('select event_id from tournament where id = ?', [spec.tournamentId]),
  )
  if (!tournament) throw new Error(`insertEntry: no tournament ${spec.tournamentId}`)
  const entryId = await insertRow(orm, 'entry', {
    ...toRow({ status: 'confirmed', ...columns }),
    event_id: tournament.event_id,
    created_at: createdAt,
  })
  await insertRows(
    orm,
    'contestant',
    (contestants ?? []).map((c, i) => ({ ...toRow({ position: i + 1, ...c }), entry_id: entryId })),
  )
  return EntryId.make(entryId)
}

/**
 * Runs a domain Effect as a request would: every domain service, and a fresh fork of the EntityManager as
 * `Em`. Time comes from the caller's Clock, so under `it.effect` TestClock.setTime decides "now".
 */
export const runWith = <A, E, R>(orm: Orm, effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.provide(DomainServices), Effect.provideService(Em, orm.em.fork()))
