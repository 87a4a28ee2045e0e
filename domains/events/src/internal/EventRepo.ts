import { Em, hasControlCharacters, withoutControlCharacters } from '@kibitz/kernel'
import { Context, Effect, Layer, Option, Schema } from 'effect'
import type { CatalogueQuery, TournamentSummary } from '../Event.ts'
import { publicStates } from '../Event.ts'
import { EventEntity } from './entities/EventEntity.ts'

const IdRow = Schema.Struct({ id: Schema.Int, total: Schema.Union([Schema.Int, Schema.NumberFromString]) })
const decodeIds = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))
const decodeIdRows = Schema.decodeUnknownSync(Schema.Array(IdRow))
const LabelRow = Schema.Struct({ label: Schema.String, country_code: Schema.NullOr(Schema.String) })
const decodeLabelRows = Schema.decodeUnknownSync(Schema.Array(LabelRow))
const CountRow = Schema.Struct({ count: Schema.Union([Schema.Int, Schema.NumberFromString]) })
const decodeCountRow = Schema.decodeUnknownSync(Schema.Array(CountRow))

const inList = (values: ReadonlyArray<string>) => values.map((v) => `'${v}'`).join(',')
const publicStateList = inList(publicStates)
/**
 * What a visitor may see: an event in a public state whose organiser is accepted (spec section 4:
 * a declined organiser counts as having no organiser account; a pending one is not yet public).
 * The one read of another domain's table, through the foreign key (docs/decisions/003).
 */
const visibleToPublic = `e.state in (${publicStateList}) and exists (select 1 from organiser o where o.id = e.organiser_id and o.status = 3)`
const acceptedAndVisible = `e.state = 'accepted' and ${visibleToPublic}`
/** The calendar date "now" in the event's own time zone: an event runs by its local calendar. */
const localToday = `(?::timestamptz at time zone e.time_zone)::date`
/** Escapes LIKE wildcards in user text. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only code that touches the event tables. */
export class EventRepo extends Context.Service<
  EventRepo,
  {
    search(query: CatalogueQuery, now: Date): Db<{ entities: ReadonlyArray<EventEntity>; total: number }>
    findPublic(aliasOrId: string): Db<Option.Option<EventEntity>>
    findPublicByIds(ids: ReadonlyArray<number>): Db<ReadonlyArray<EventEntity>>
    /** Any event by id, whatever its state, with its contents (registration's organiser screens and e-mails). */
    findAnyById(id: number): Db<Option.Option<EventEntity>>
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
    recordTournamentSummary(eventId: number, summary: TournamentSummary): Db<void>
  }
>()('@kibitz/events/EventRepo') {
  static readonly layer = Layer.succeed(
    EventRepo,
    EventRepo.of({
      search: Effect.fn('EventRepo.search')(function* (query, now) {
        const em = yield* Em
        const where: Array<string> = [visibleToPublic]
        const params: Array<unknown> = []
        if (query.upcomingOnly) {
          // The coarse UTC bound lets the index work; the precise one uses the event's zone.
          where.push(`e.date_end >= ?::date - 1`, `e.date_end >= ${localToday}`)
          params.push(now.toISOString().slice(0, 10), now.toISOString())
        }
        const text = query.text ? withoutControlCharacters(query.text) : ''
        if (text) {
          where.push(`e.search_text like ?`)
          params.push(`%${likeEscape(text.toLowerCase())}%`)
        }
        if (query.eventTypes && query.eventTypes.length > 0) {
          where.push(`e.type in (${query.eventTypes.map((t) => Number(t)).join(',')})`)
        }
        if (query.startDate) {
          where.push(`e.date_end >= ?::date`)
          params.push(query.startDate)
        }
        if (query.endDate) {
          where.push(`e.date_start <= ?::date`)
          params.push(query.endDate)
        }
        if (query.online !== undefined) {
          where.push(`e.is_online = ?`)
          params.push(query.online)
        }
        if (query.live !== undefined) {
          where.push(`e.is_live = ?`)
          params.push(query.live)
        }
        if (query.countryCode) {
          where.push(`e.country_code = ?`)
          params.push(query.countryCode.toUpperCase())
        }
        if (query.eventStates && query.eventStates.length > 0) {
          const any: Array<string> = []
          for (const state of query.eventStates) {
            if (state === 'canceled' || state === 'postponed') {
              any.push(`e.state = '${state}'`)
            } else {
              const cond =
                state === 'running'
                  ? `e.date_start <= ${localToday} and e.date_end >= ${localToday}`
                  : state === 'future'
                    ? `e.date_start > ${localToday}`
                    : `e.date_end < ${localToday}`
              any.push(`(e.state = 'accepted' and ${cond})`)
              // One "now" per placeholder of the condition, in order.
              for (let i = 0; i < (state === 'running' ? 2 : 1); i++) params.push(now.toISOString())
            }
          }
          where.push(`(${any.join(' or ')})`)
        }
        const onlyPast = query.eventStates?.length === 1 && query.eventStates[0] === 'past'
        const order = onlyPast ? 'e.date_start desc, e.id desc' : 'e.date_start asc, e.id asc'
        const sql = `select e.id, count(*) over() as total from event e where ${where.join(' and ')} order by ${order} limit ? offset ?`
        params.push(query.limit, query.offset)
        const rows = decodeIdRows(yield* Effect.promise(() => em.execute(sql, params)))
        const ids = rows.map((r) => r.id)
        const total = rows[0]?.total ?? (query.offset > 0 ? yield* countOnly(em, where, params) : 0)
        const entities = yield* loadInOrder(em, ids)
        return { entities, total }
      }),
      findPublic: Effect.fn('EventRepo.findPublic')(function* (aliasOrId) {
        const em = yield* Em
        if (hasControlCharacters(aliasOrId) || aliasOrId.length > 200) return Option.none()
        const alias = aliasOrId.toLowerCase()
        const id = /^\d{1,9}$/.test(alias) ? Number(alias) : -1
        // The id or the event's own (unique) alias first; a content's alias, unique only per
        // event and language, only when neither matches, and then the lowest id wins.
        const direct = decodeIds(
          yield* Effect.promise(() =>
            em.execute(`select e.id from event e where ${visibleToPublic} and (e.id = ? or e.alias = ?)`, [
              id,
              alias,
            ]),
          ),
        )
        const found =
          direct[0] ??
          decodeIds(
            yield* Effect.promise(() =>
              em.execute(
                `select e.id from event e where ${visibleToPublic}
                 and exists (select 1 from event_content c where c.event_id = e.id and c.alias = ?)
                 order by e.id limit 1`,
                [alias],
              ),
            ),
          )[0]
        if (found === undefined) return Option.none()
        const [entity] = yield* loadInOrder(em, [found.id])
        return Option.fromNullishOr(entity)
      }),
      findAnyById: Effect.fn('EventRepo.findAnyById')(function* (id) {
        const em = yield* Em
        const [entity] = yield* loadInOrder(em, [id])
        return Option.fromNullishOr(entity)
      }),
      findPublicByIds: Effect.fn('EventRepo.findPublicByIds')(function* (ids) {
        const em = yield* Em
        if (ids.length === 0) return []
        const rows = decodeIds(
          yield* Effect.promise(() =>
            em.execute(
              `select e.id from event e where ${visibleToPublic} and e.id in (${ids.map(() => '?').join(',')})`,
              [...ids],
            ),
          ),
        )
        const visible = new Set(rows.map((r) => r.id))
        return yield* loadInOrder(
          em,
          ids.filter((id) => visible.has(id)),
        )
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
            `%${likeEscape(withoutControlCharacters(text).toLowerCase())}%`,
            // Places that start with the text come first ('vil' → Vilnius before Deauville).
            `${likeEscape(withoutControlCharacters(text).toLowerCase())}%`,
            limit,
          ]),
        )
        return decodeLabelRows(rows)
      }),
      liveOn: Effect.fn('EventRepo.liveOn')(function* (date, offset, limit) {
        const em = yield* Em
        const sql = `select e.id, count(*) over() as total from event e
          where ${acceptedAndVisible} and e.has_live_results and e.date_start <= ?::date and e.date_end >= ?::date
          order by e.is_recommended desc, e.date_start asc, e.id asc limit ? offset ?`
        const rows = decodeIdRows(yield* Effect.promise(() => em.execute(sql, [date, date, limit, offset])))
        const entities = yield* loadInOrder(
          em,
          rows.map((r) => r.id),
        )
        return { entities, total: rows[0]?.total ?? 0 }
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
        const sql = `select e.id, count(*) over() as total from event e
          ${where.length ? `where ${where.join(' and ')}` : ''}
          order by e.date_start desc, e.id desc limit ? offset ?`
        const rows = decodeIdRows(yield* Effect.promise(() => em.execute(sql, [...params, limit, offset])))
        const entities = yield* loadInOrder(
          em,
          rows.map((r) => r.id),
        )
        return { entities, total: rows[0]?.total ?? 0 }
      }),
      liveCount: Effect.fn('EventRepo.liveCount')(function* (date) {
        const em = yield* Em
        const sql = `select count(*) as count from event e
          where ${acceptedAndVisible} and e.has_live_results and e.date_start <= ?::date and e.date_end >= ?::date`
        const rows = decodeCountRow(yield* Effect.promise(() => em.execute(sql, [date, date])))
        return rows[0]?.count ?? 0
      }),
      recordTournamentSummary: Effect.fn('EventRepo.recordTournamentSummary')(function* (eventId, summary) {
        const em = yield* Em
        yield* Effect.promise(() =>
          em.nativeUpdate(
            EventEntity,
            { id: eventId },
            {
              tournamentsCount: summary.tournamentsCount,
              registrationOpensAt: summary.registrationOpensAt,
              registrationClosesAt: summary.registrationClosesAt,
              registrationWindows: summary.registrationWindows,
            },
          ),
        )
      }),
    }),
  )
}

const countOnly = (em: Em['Service'], where: ReadonlyArray<string>, params: ReadonlyArray<unknown>) =>
  Effect.promise(() =>
    em.execute(`select count(*) as count from event e where ${where.join(' and ')}`, params.slice(0, -2)),
  ).pipe(Effect.map((rows) => decodeCountRow(rows)[0]?.count ?? 0))

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
