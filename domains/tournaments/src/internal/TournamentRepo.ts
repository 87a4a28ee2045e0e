import { type Db, Em, EventId, hasControlCharacters, preparedRead, TournamentId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { TournamentEntity } from './entities/TournamentEntity.ts'

// The tournaments' reads (the writes are TournamentWriteRepo, the sales TicketSalesRepo). The public read path
// (event pages, player lists, the registration form) is one query that builds each tournament with its sessions,
// stages, program, tickets and their age categories, prizes and prize setup as one JSON document, decoded here
// into plain data. An event with fifteen tournaments is one round trip instead of eight, and no entity is
// hydrated for a page that only reads.

const NullableString = Schema.NullOr(Schema.String)
const NullableInt = Schema.NullOr(Schema.Int)

const CategoryGraph = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  ageFrom: NullableInt,
  ageTo: NullableInt,
  priceMinor: Schema.Int,
  quantity: NullableInt,
  sold: Schema.Int,
  discountPercent: Schema.Int,
  salesStartDate: NullableString,
  salesEndDate: NullableString,
  isEarlyBird: Schema.Boolean,
  earlyBirdPriceMinor: NullableInt,
  earlyBirdSalesStartDate: NullableString,
  earlyBirdSalesEndDate: NullableString,
  earlyBirdEndSalesQuantity: NullableInt,
  enabled: Schema.Boolean,
})

const TicketGraph = Schema.Struct({
  id: Schema.Int,
  type: Schema.Int,
  priceMinor: Schema.Int,
  quantity: Schema.Int,
  sold: Schema.Int,
  isForSale: Schema.Boolean,
  isPricePerTeam: Schema.Boolean,
  ageCategories: Schema.Array(CategoryGraph),
})

/** A tournament and everything shown with it, as plain data. */
export const TournamentGraph = Schema.Struct({
  id: Schema.Int,
  eventId: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  additionalName: NullableString,
  type: Schema.Int,
  isMultiSession: Schema.Boolean,
  isComplicated: Schema.Boolean,
  isComplicatedMultiSession: Schema.Boolean,
  isComplicatedMultiRound: Schema.Boolean,
  isComplicatedGroup: Schema.Boolean,
  startDate: Schema.String,
  startTime: NullableString,
  endDate: Schema.String,
  endTime: NullableString,
  pointsScoreType: Schema.String,
  verifyPlayer: Schema.Boolean,
  resultsSource: NullableInt,
  resultsUrl: NullableString,
  resultsFile: NullableString,
  rulesAndRegulationsFile: NullableString,
  hasRegistration: Schema.Boolean,
  isRegistrationEnabled: Schema.Boolean,
  /** ISO instants. */
  registrationStartAt: NullableString,
  registrationEndAt: NullableString,
  registrationType: Schema.Int,
  playerListUrl: NullableString,
  orderNumber: Schema.Int,
  isMain: Schema.Boolean,
  boards: NullableInt,
  description: NullableString,
  isPrizeInformationEnabled: Schema.Boolean,
  isPlayerListViewEnabled: Schema.Boolean,
  locationName: NullableString,
  sessions: Schema.Array(
    Schema.Struct({
      startDate: Schema.String,
      endDate: NullableString,
      startTime: NullableString,
      endTime: NullableString,
      type: Schema.Int,
      text: NullableString,
      boards: NullableInt,
    }),
  ),
  stages: Schema.Array(Schema.Struct({ name: Schema.String, type: Schema.Int, resultsUrl: NullableString })),
  programDays: Schema.Array(
    Schema.Struct({
      date: Schema.String,
      tours: Schema.Array(Schema.Struct({ time: Schema.String, name: Schema.String })),
    }),
  ),
  tickets: Schema.Array(TicketGraph),
  prizes: Schema.Array(
    Schema.Struct({
      id: Schema.Int,
      placeNumber: Schema.Int,
      additionalName: NullableString,
      prizeAmountMinor: NullableInt,
      customPrize: NullableString,
      medalIconKey: NullableString,
      cupIconKey: NullableString,
      type: Schema.Int,
    }),
  ),
  prizeSetup: Schema.NullOr(
    Schema.Struct({
      placesNumber: Schema.Int,
      prizePoolMinor: NullableInt,
      customPrizePool: NullableString,
      customPrizeText: NullableString,
      isFormulaUsed: Schema.Boolean,
    }),
  ),
})
export type TournamentGraph = typeof TournamentGraph.Type
export type TicketGraph = typeof TicketGraph.Type
export type CategoryGraph = typeof CategoryGraph.Type

/**
 * A date as `YYYY-MM-DD`: the column itself, which JSON always writes so, whatever the session's DateStyle (to_char
 * wrote the same, at a fifth of the event page's tournament statement).
 */
const day = (column: string) => column
/** A timestamptz as the ISO instant JavaScript writes (`…T…Z`). */
const instant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * One field of a graph's JSON: its name in the graph, the SQL that reads it and, for a nested part, how its JSON
 * becomes the field. A graph travels as JSON arrays of these values in this order, not as objects naming every
 * field: a third of the bytes, and the database built them in two thirds of the time (issue 16).
 */
type Field = readonly [name: string, sql: string, read?: (value: unknown) => unknown]

const arrayOf = (fields: ReadonlyArray<Field>) => `json_build_array(${fields.map((f) => f[1]).join(', ')})`

/** The object a JSON array of `fields`' values stands for. */
const objectOf = (fields: ReadonlyArray<Field>) => {
  const names = fields.map((f) => f[0])
  const reads = fields.map((f) => f[2])
  return (value: unknown): Record<string, unknown> => {
    const values = value as ReadonlyArray<unknown>
    const object: Record<string, unknown> = {}
    for (let index = 0; index < names.length; index++) {
      const read = reads[index]
      object[names[index] as string] = read === undefined ? values[index] : read(values[index])
    }
    return object
  }
}

const listOf = (fields: ReadonlyArray<Field>) => {
  const one = objectOf(fields)
  return (value: unknown) => (value as ReadonlyArray<unknown>).map(one)
}

/** A part's rows as a JSON list of arrays, `[]` when it has none. */
const listSql = (fields: ReadonlyArray<Field>, from: string, order: string) =>
  `coalesce((select json_agg(${arrayOf(fields)} order by ${order}) ${from}), '[]')`

const categoryFields: ReadonlyArray<Field> = [
  ['id', 'c.id'],
  ['name', 'c.name'],
  ['ageFrom', 'c.age_from'],
  ['ageTo', 'c.age_to'],
  ['priceMinor', 'c.price_minor'],
  ['quantity', 'c.quantity'],
  ['sold', 'c.sold'],
  ['discountPercent', 'c.discount_percent'],
  ['salesStartDate', day('c.sales_start_date')],
  ['salesEndDate', day('c.sales_end_date')],
  ['isEarlyBird', 'c.is_early_bird'],
  ['earlyBirdPriceMinor', 'c.early_bird_price_minor'],
  ['earlyBirdSalesStartDate', day('c.early_bird_sales_start_date')],
  ['earlyBirdSalesEndDate', day('c.early_bird_sales_end_date')],
  ['earlyBirdEndSalesQuantity', 'c.early_bird_end_sales_quantity'],
  ['enabled', 'c.enabled'],
]

const ticketFields: ReadonlyArray<Field> = [
  ['id', 'k.id'],
  ['type', 'k.type'],
  ['priceMinor', 'k.price_minor'],
  ['quantity', 'k.quantity'],
  ['sold', 'k.sold'],
  ['isForSale', 'k.is_for_sale'],
  ['isPricePerTeam', 'k.is_price_per_team'],
  [
    'ageCategories',
    listSql(categoryFields, 'from ticket_age_category c where c.ticket_id = k.id', 'c.id'),
    listOf(categoryFields),
  ],
]

const sessionFields: ReadonlyArray<Field> = [
  ['startDate', day('s.start_date')],
  ['endDate', day('s.end_date')],
  ['startTime', 's.start_time'],
  ['endTime', 's.end_time'],
  ['type', 's.type'],
  ['text', 's.text'],
  ['boards', 's.boards'],
]

const stageFields: ReadonlyArray<Field> = [
  ['name', 's.name'],
  ['type', 's.type'],
  ['resultsUrl', 's.results_url'],
]

const programDayFields: ReadonlyArray<Field> = [
  ['date', day('d.date')],
  ['tours', 'd.tours'],
]

const prizeFields: ReadonlyArray<Field> = [
  ['id', 'p.id'],
  ['placeNumber', 'p.place_number'],
  ['additionalName', 'p.additional_name'],
  ['prizeAmountMinor', 'p.prize_amount_minor'],
  ['customPrize', 'p.custom_prize'],
  ['medalIconKey', 'p.medal_icon_key'],
  ['cupIconKey', 'p.cup_icon_key'],
  ['type', 'p.type'],
]

const prizeSetupFields: ReadonlyArray<Field> = [
  ['placesNumber', 'ps.places_number'],
  ['prizePoolMinor', 'ps.prize_pool_minor'],
  ['customPrizePool', 'ps.custom_prize_pool'],
  ['customPrizeText', 'ps.custom_prize_text'],
  ['isFormulaUsed', 'ps.is_formula_used'],
]

const prizeSetupOf = objectOf(prizeSetupFields)

const tournamentFields: ReadonlyArray<Field> = [
  ['id', 't.id'],
  ['eventId', 't.event_id'],
  ['alias', 't.alias'],
  ['name', 't.name'],
  ['additionalName', 't.additional_name'],
  ['type', 't.type'],
  ['isMultiSession', 't.is_multi_session'],
  ['isComplicated', 't.is_complicated'],
  ['isComplicatedMultiSession', 't.is_complicated_multi_session'],
  ['isComplicatedMultiRound', 't.is_complicated_multi_round'],
  ['isComplicatedGroup', 't.is_complicated_group'],
  ['startDate', day('t.start_date')],
  ['startTime', 't.start_time'],
  ['endDate', day('t.end_date')],
  ['endTime', 't.end_time'],
  ['pointsScoreType', 't.points_score_type'],
  ['verifyPlayer', 't.verify_player'],
  ['resultsSource', 't.results_source'],
  ['resultsUrl', 't.results_url'],
  ['resultsFile', 't.results_file'],
  ['rulesAndRegulationsFile', 't.rules_and_regulations_file'],
  ['hasRegistration', 't.has_registration'],
  ['isRegistrationEnabled', 't.is_registration_enabled'],
  ['registrationStartAt', instant('t.registration_start_at')],
  ['registrationEndAt', instant('t.registration_end_at')],
  ['registrationType', 't.registration_type'],
  ['playerListUrl', 't.player_list_url'],
  ['orderNumber', 't.order_number'],
  ['isMain', 't.is_main'],
  ['boards', 't.boards'],
  ['description', 't.description'],
  ['isPrizeInformationEnabled', 't.is_prize_information_enabled'],
  ['isPlayerListViewEnabled', 't.is_player_list_view_enabled'],
  ['locationName', 't.location_name'],
  [
    'sessions',
    listSql(sessionFields, 'from tournament_session s where s.tournament_id = t.id', 's.id'),
    listOf(sessionFields),
  ],
  [
    'stages',
    listSql(stageFields, 'from tournament_stage s where s.tournament_id = t.id', 's.order_number, s.id'),
    listOf(stageFields),
  ],
  [
    'programDays',
    listSql(programDayFields, 'from tournament_program_day d where d.tournament_id = t.id', 'd.date, d.id'),
    listOf(programDayFields),
  ],
  [
    'tickets',
    listSql(ticketFields, 'from ticket k where k.tournament_id = t.id', 'k.type, k.id'),
    listOf(ticketFields),
  ],
  [
    'prizes',
    listSql(prizeFields, 'from prize p where p.tournament_id = t.id', 'p.place_number, p.id'),
    listOf(prizeFields),
  ],
  [
    'prizeSetup',
    `(select ${arrayOf(prizeSetupFields)} from prize_setup ps where ps.tournament_id = t.id order by ps.id limit 1)`,
    (value) => (value === null ? null : prizeSetupOf(value)),
  ],
]

const graphSql = `${arrayOf(tournamentFields)} as graph`

/** The tournaments of an event ($1) in their order (built once: a prepared text). */
export const eventGraphsSql = `select ${graphSql} from tournament t where t.event_id = $1 order by t.order_number, t.id`

const graphOf = objectOf(tournamentFields)

/**
 * The graphs as the database built them (`eventGraphsSql`'s rows), each made an object of its fields and taken as the
 * graph's type without checking every value again: each is a typed column or a JSON column whose shape a CHECK
 * constraint holds (docs/decisions/026), and a test decodes the graphs of every part a tournament can have with
 * `TournamentGraph`. Checking them on every read cost an event page as much CPU as parsing their JSON (issue 16).
 */
export const graphsOf = (rows: ReadonlyArray<unknown>): ReadonlyArray<TournamentGraph> =>
  (rows as ReadonlyArray<{ readonly graph: unknown }>).map((row) => graphOf(row.graph) as TournamentGraph)

/** One tournament of an event ($1) by id ($2) or alias ($3), the id first (built once: a prepared text). */
const graphInEventSql = `select ${graphSql} from tournament t where t.event_id = $1 and (t.id = $2 or t.alias = $3)
   order by (t.id = $2) desc limit 1`

const decodeFull = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ full: Schema.Boolean })))

export class TournamentRepo extends Context.Service<
  TournamentRepo,
  {
    /** The tournaments of an event in their order, each as one graph. */
    graphsOfEvent(eventId: number): Db<ReadonlyArray<TournamentGraph>>
    /** One tournament of an event by id or alias (as typed, case-insensitively), or nothing. */
    graphInEvent(eventId: number, aliasOrId: string): Db<TournamentGraph | null>
    eventIdsOf(tournamentIds: ReadonlyArray<TournamentId>): Db<ReadonlyMap<TournamentId, EventId>>
    /** Whether one of the tickets, or one of the age categories with a quantity, has no place left. */
    anyFull(ticketIds: ReadonlyArray<number>, categoryIds: ReadonlyArray<number>): Db<boolean>
  }
>()('@kibitz/tournaments/TournamentRepo') {
  static readonly layer = Layer.succeed(
    TournamentRepo,
    TournamentRepo.of({
      graphsOfEvent: (eventId) => preparedRead(eventGraphsSql, [eventId]).pipe(Effect.map(graphsOf)),
      graphInEvent: Effect.fn('TournamentRepo.graphInEvent')(function* (eventId, aliasOrId) {
        if (hasControlCharacters(aliasOrId) || aliasOrId.length > 200) return null
        const key = aliasOrId.trim().toLowerCase()
        const id = /^\d{1,9}$/.test(key) ? Number(key) : -1
        const rows = yield* preparedRead(graphInEventSql, [eventId, id, key])
        return graphsOf(rows)[0] ?? null
      }),
      eventIdsOf: Effect.fn('TournamentRepo.eventIdsOf')(function* (tournamentIds) {
        const em = yield* Em
        if (tournamentIds.length === 0) return new Map()
        const rows = yield* Effect.promise(() =>
          em.find(TournamentEntity, { id: { $in: [...tournamentIds] } }, { fields: ['id', 'eventId'] }),
        )
        return new Map(rows.map((r) => [TournamentId.make(r.id), EventId.make(r.eventId)]))
      }),
      anyFull: Effect.fn('TournamentRepo.anyFull')(function* (ticketIds, categoryIds) {
        if (ticketIds.length === 0 && categoryIds.length === 0) return false
        const em = yield* Em
        const list = (ids: ReadonlyArray<number>) =>
          ids.length === 0 ? 'null' : ids.map(() => '?').join(', ')
        const rows = yield* Effect.promise(() =>
          em.execute(
            `select exists (select 1 from ticket where id in (${list(ticketIds)}) and sold >= quantity)
                 or exists (select 1 from ticket_age_category where id in (${list(categoryIds)})
                              and quantity is not null and sold >= quantity) as "full"`,
            [...ticketIds, ...categoryIds],
          ),
        )
        return decodeFull(rows)[0]?.full ?? false
      }),
    }),
  )
}
