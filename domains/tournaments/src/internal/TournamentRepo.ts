import { Em } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import { TournamentEntity } from './entities/TournamentEntity.ts'

type Db<A> = Effect.Effect<A, never, Em>

/** Lookups of tournament ids (the public reads are TournamentReads; the writes TournamentWriteRepo). */
export class TournamentRepo extends Context.Service<
  TournamentRepo,
  {
    eventIdsOf(tournamentIds: ReadonlyArray<number>): Db<ReadonlyMap<number, number>>
  }
>()('@kibitz/tournaments/TournamentRepo') {
  static readonly layer = Layer.succeed(
    TournamentRepo,
    TournamentRepo.of({
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
