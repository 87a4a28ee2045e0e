import { Em, hasControlCharacters } from '@kibitz/kernel'
import { Context, Effect, Layer, Option } from 'effect'
import { PrizeSetupEntity, TournamentEntity } from './entities/TournamentEntity.ts'

type Db<A> = Effect.Effect<A, never, Em>
const populate = ['sessions', 'stages', 'programDays', 'tickets', 'tickets.ageCategories', 'prizes'] as const

/** The only code that touches the tournament tables. */
export class TournamentRepo extends Context.Service<
  TournamentRepo,
  {
    listForEvent(eventId: number): Db<ReadonlyArray<TournamentEntity>>
    findInEvent(eventId: number, aliasOrId: string): Db<Option.Option<TournamentEntity>>
    prizeSetups(tournamentIds: ReadonlyArray<number>): Db<ReadonlyMap<number, PrizeSetupRow>>
    eventIdsOf(tournamentIds: ReadonlyArray<number>): Db<ReadonlyMap<number, number>>
  }
>()('@kibitz/tournaments/TournamentRepo') {
  static readonly layer = Layer.succeed(
    TournamentRepo,
    TournamentRepo.of({
      listForEvent: Effect.fn('TournamentRepo.listForEvent')(function* (eventId) {
        const em = yield* Em
        return yield* Effect.promise(() =>
          em.find(TournamentEntity, { eventId }, { populate, orderBy: { orderNumber: 'asc', id: 'asc' } }),
        )
      }),
      findInEvent: Effect.fn('TournamentRepo.findInEvent')(function* (eventId, aliasOrId) {
        const em = yield* Em
        if (hasControlCharacters(aliasOrId) || aliasOrId.length > 200) return Option.none()
        const key = aliasOrId.trim().toLowerCase()
        const byId = /^\d{1,9}$/.test(key) ? [{ id: Number(key) }] : []
        const found = yield* Effect.promise(() =>
          em.findOne(TournamentEntity, { eventId, $or: [...byId, { alias: key }] }, { populate }),
        )
        return Option.fromNullishOr(found)
      }),
      prizeSetups: Effect.fn('TournamentRepo.prizeSetups')(function* (tournamentIds) {
        const em = yield* Em
        if (tournamentIds.length === 0) return new Map()
        const rows = yield* Effect.promise(() =>
          em.find(PrizeSetupEntity, { tournamentId: { $in: [...tournamentIds] } }),
        )
        return new Map(rows.map((r) => [r.tournamentId, r]))
      }),
      eventIdsOf: Effect.fn('TournamentRepo.eventIdsOf')(function* (tournamentIds) {
        const em = yield* Em
        if (tournamentIds.length === 0) return new Map()
        const rows = yield* Effect.promise(() =>
          em.find(TournamentEntity, { id: { $in: [...tournamentIds] } }, { fields: ['id', 'eventId'] }),
        )
        return new Map(rows.map((r) => [r.id, r.eventId]))
      }),
    }),
  )
}

export type PrizeSetupRow = PrizeSetupEntity
