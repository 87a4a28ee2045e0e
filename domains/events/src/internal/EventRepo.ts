import { type Db, db, Em, EventId, likeLiteral, preparedRead, withoutControlCharacters } from '@kibitz/kernel'
import { Context, Effect, Layer, Option, Schema } from 'effect'
import type { TournamentSummary } from '../Event.ts'
import { visibleToPublic } from './CatalogueSql.ts'
import {
  anyViewSql,
  decodeViewRows,
  eventByIdSql,
  publicEventSql,
  publicKey,
  publicViewSql,
  type ViewSource,
} from './EventViewSql.ts'
import { EventEntity } from './entities/EventEntity.ts'

const decodeZone = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ time_zone: Schema.String })))
const decodeIds = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))
const decodeSitemapRows = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ id: EventId, alias: Schema.String, updated_at: Schema.String })),
)
const LabelRow = Schema.Struct({ label: Schema.String, country_code: Schema.NullOr(Schema.String) })
const decodeLabelRows = Schema.decodeUnknownSync(Schema.Array(LabelRow))
/** What the domains above events read of one event (EventDirectory's facts), as one row: no entity hydrated. */
const FactsRow = Schema.Struct({
  id: Schema.Int,
  alias: Schema.String,
  organiserId: Schema.Int,
  organiserEmail: Schema.NullOr(Schema.String),
  currencyCode: Schema.String,
  timeZone: Schema.String,
  state: Schema.String,
  paymentBeneficiary: Schema.NullOr(Schema.String),
  paymentIban: Schema.NullOr(Schema.String),
  paymentBic: Schema.NullOr(Schema.String),
  contents: Schema.Array(
    Schema.Struct({ name: Schema.String, language: Schema.String, isMain: Schema.Boolean }),
  ),
})
export type FactsSource = typeof FactsRow.Type
const decodeFactsRows = Schema.decodeUnknownSync(Schema.Array(FactsRow))

/** The facts' columns of an event `e`; contents in id order, as the ORM's collection is. */
const factsColumns = `
  e.id, e.alias, e.organiser_id as "organiserId", e.organiser_email as "organiserEmail",
  e.currency_code as "currencyCode", e.time_zone as "timeZone", e.state,
  e.payment_beneficiary as "paymentBeneficiary", e.payment_iban as "paymentIban", e.payment_bic as "paymentBic",
  coalesce((select json_agg(json_build_object('name', c.name, 'language', c.language, 'isMain', c.is_main)
                            order by c.id)
              from event_content c where c.event_id = e.id), '[]') as contents`

/** A public event's facts, found as the event page finds its event. */
const publicFactsSql = publicEventSql(factsColumns)
/** Any event's facts by id, whatever its state. */
const factsByIdSql = eventByIdSql(factsColumns)

const CountRow = Schema.Struct({ count: Schema.Union([Schema.Int, Schema.NumberFromString]) })
const decodeCountRow = Schema.decodeUnknownSync(Schema.Array(CountRow))

const acceptedAndVisible = `e.state = 'accepted' and ${visibleToPublic}`
/** The calendar date "now" in the event's own time zone: an event runs by its local calendar. */
const localToday = `(?::timestamptz at time zone e.time_zone)::date`

/** The only code that touches the event tables, but for the catalogue's reads (CatalogueRepo). */
export class EventRepo extends Context.Service<
  EventRepo,
  {
    /**
     * What the public event page shows of a public event by its id or alias (EventViewSql's publicEventSql): one
     * statement, no entity.
     */
    publicView(aliasOrId: string): Db<Option.Option<ViewSource>>
    /** What the event page shows of any event by id, whatever its state (the organiser's preview). */
    anyView(id: number): Db<Option.Option<ViewSource>>
    /** The facts of a public event by id or alias, found as publicView finds it: one query. */
    publicFacts(aliasOrId: string): Db<Option.Option<FactsSource>>
    /** The facts of any event by id, whatever its state: one query. */
    factsById(id: number): Db<Option.Option<FactsSource>>
    locationSuggestions(text: string, limit: number, now: Date): Db<ReadonlyArray<typeof LabelRow.Type>>
    liveOn(
      date: string,
      offset: number,
      limit: number,
    ): Db<{ entities: ReadonlyArray<EventEntity>; total: number }>
    liveCount(date: string): Db<number>
    ownedBy(
      organiserId: number | null,
      draftsOnly: boolean,
      offset: number,
      limit: number,
    ): Db<{ entities: ReadonlyArray<EventEntity>; total: number }>
    /**
     * The one writer of the summary columns (decision 003). The row is written whatever this EntityManager holds:
     * a copy of the event loaded before the caller's lock (a cancellation reads its event first) may be stale,
     * and comparing with it could skip a write the row needs. A loaded event gets the same values, so the entity
     * and the row agree.
     */
    recordTournamentSummary(eventId: number, summary: TournamentSummary): Db<void>
    /**
     * The event's time zone, its row locked FOR NO KEY UPDATE until the transaction ends (entries still reference
     * it meanwhile); null when there is no such event. Summary refreshes of one event run one after the other.
     */
    lockForSummary(eventId: number): Db<string | null>
    /** Public events after `afterId`, by id: their alias and last change, for the sitemap. */
    sitemapPage(
      afterId: number,
      limit: number,
    ): Db<ReadonlyArray<{ readonly id: EventId; readonly alias: string; readonly updatedAt: string }>>
  }
>()('@kibitz/events/EventRepo') {
  static readonly layer = Layer.succeed(
    EventRepo,
    EventRepo.of({
      publicView: Effect.fn('EventRepo.publicView')(function* (aliasOrId) {
        const key = publicKey(aliasOrId)
        if (key === null) return Option.none()
        return Option.fromNullishOr(decodeViewRows(yield* preparedRead(publicViewSql, key))[0])
      }),
      anyView: Effect.fn('EventRepo.anyView')(function* (id) {
        const rows = yield* preparedRead(anyViewSql, [id])
        return Option.fromNullishOr(decodeViewRows(rows)[0])
      }),
      publicFacts: Effect.fn('EventRepo.publicFacts')(function* (aliasOrId) {
        const key = publicKey(aliasOrId)
        if (key === null) return Option.none()
        return Option.fromNullishOr(decodeFactsRows(yield* preparedRead(publicFactsSql, key))[0])
      }),
      factsById: Effect.fn('EventRepo.factsById')(function* (id) {
        return Option.fromNullishOr(decodeFactsRows(yield* preparedRead(factsByIdSql, [id]))[0])
      }),
      locationSuggestions: Effect.fn('EventRepo.locationSuggestions')(function* (text, limit, now) {
        const em = yield* Em
        const sql = `select l.label, min(l.country_code) as country_code from (
            select coalesce(l.short_address_line, l.formatted_address, l.name) as label, l.country_code
            from event_location l join event e on e.id = l.event_id
            where ${visibleToPublic} and e.date_end >= ?::date - 1 and e.date_end >= ${localToday}
              and lower(coalesce(l.short_address_line, l.formatted_address, l.name)) like ?
          ) l where l.label is not null group by l.label
          order by lower(l.label) like ? desc, count(*) desc, l.label asc limit ?`
        const rows = yield* Effect.promise(() =>
          em.execute(sql, [
            now.toISOString().slice(0, 10),
            now.toISOString(),
            `%${likeLiteral(withoutControlCharacters(text).toLowerCase())}%`,
            // Places that start with the text come first ('vil' → Vilnius before Deauville).
            `${likeLiteral(withoutControlCharacters(text).toLowerCase())}%`,
            limit,
          ]),
        )
        return decodeLabelRows(rows)
      }),
      liveOn: Effect.fn('EventRepo.liveOn')(function* (date, offset, limit) {
        const em = yield* Em
        // The events running on one day: a handful, found through the span index, then sorted.
        const running = `${acceptedAndVisible} and e.has_live_results
          and daterange(e.date_start, e.date_end, '[]') && daterange(?::date, ?::date, '[]')`
        const sql = `select e.id from event e where ${running}
          order by e.is_recommended desc, e.date_start asc, e.id asc limit ? offset ?`
        const rows = decodeIds(yield* Effect.promise(() => em.execute(sql, [date, date, limit, offset])))
        const entities = yield* loadInOrder(
          em,
          rows.map((r) => r.id),
        )
        const counted = decodeCountRow(
          yield* Effect.promise(() =>
            em.execute(`select count(*)::int as count from event e where ${running}`, [date, date]),
          ),
        )
        return { entities, total: counted[0]?.count ?? 0 }
      }),
      ownedBy: Effect.fn('EventRepo.ownedBy')(function* (organiserId, draftsOnly, offset, limit) {
        const em = yield* Em
        const where: Array<string> = []
        const params: Array<unknown> = []
        // The owner comes from the signed-in organiser, never from the request (null: the super user, all).
        if (organiserId !== null) {
          where.push('e.organiser_id = ?')
          params.push(organiserId)
        }
        if (draftsOnly) where.push(`e.state in ('draft', 'postponedToDraft')`)
        const filter = where.length ? `where ${where.join(' and ')}` : ''
        const sql = `select e.id from event e ${filter} order by e.date_start desc, e.id desc limit ? offset ?`
        const rows = decodeIds(yield* Effect.promise(() => em.execute(sql, [...params, limit, offset])))
        const entities = yield* loadInOrder(
          em,
          rows.map((r) => r.id),
        )
        const counted = decodeCountRow(
          yield* Effect.promise(() =>
            em.execute(`select count(*)::int as count from event e ${filter}`, params),
          ),
        )
        return { entities, total: counted[0]?.count ?? 0 }
      }),
      liveCount: Effect.fn('EventRepo.liveCount')(function* (date) {
        const em = yield* Em
        const sql = `select count(*) as count from event e
          where ${acceptedAndVisible} and e.has_live_results
            and daterange(e.date_start, e.date_end, '[]') && daterange(?::date, ?::date, '[]')`
        const rows = decodeCountRow(yield* Effect.promise(() => em.execute(sql, [date, date])))
        return rows[0]?.count ?? 0
      }),
      sitemapPage: Effect.fn('EventRepo.sitemapPage')(function* (afterId, limit) {
        const em = yield* Em
        const rows = decodeSitemapRows(
          yield* Effect.promise(() =>
            em.execute(
              `select e.id, e.alias, to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD') as updated_at
               from event e where ${visibleToPublic} and e.id > ? order by e.id limit ?`,
              [afterId, limit],
            ),
          ),
        )
        return rows.map((r) => ({ id: r.id, alias: r.alias, updatedAt: r.updated_at }))
      }),
      recordTournamentSummary: (eventId, summary) =>
        db(async (em) => {
          const columns = {
            tournamentsCount: summary.tournamentsCount,
            registrationOpensAt: summary.registrationOpensAt,
            registrationClosesAt: summary.registrationClosesAt,
            registrationWindows: summary.registrationWindows,
          }
          await em.nativeUpdate(EventEntity, { id: eventId }, columns)
          const loaded = em.getUnitOfWork().getById(EventEntity, eventId)
          if (loaded) Object.assign(loaded, columns)
        }),
      lockForSummary: (eventId) =>
        db((em) => em.execute('select time_zone from event where id = ? for no key update', [eventId])).pipe(
          Effect.map((rows) => decodeZone(rows)[0]?.time_zone ?? null),
        ),
    }),
  )
}

/** Loads events with their contents and locations, in the order of `ids`. */
const loadInOrder = (em: Em['Service'], ids: ReadonlyArray<number>) =>
  Effect.promise(async () => {
    if (ids.length === 0) return []
    const found = await em.find(
      EventEntity,
      { id: { $in: [...ids] } },
      { populate: ['contents', 'locations'] },
    )
    const byId = new Map(found.map((e) => [e.id, e]))
    return ids.flatMap((id) => {
      const entity = byId.get(id)
      return entity ? [entity] : []
    })
  })
