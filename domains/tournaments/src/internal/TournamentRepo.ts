import { Em } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { TournamentEntity } from './entities/TournamentEntity.ts'

type Db<A> = Effect.Effect<A, never, Em>

const decodeFull = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ full: Schema.Boolean })))

/** Lookups of tournament ids (the public reads are TournamentReads; the writes TournamentWriteRepo). */
export class TournamentRepo extends Context.Service<
  TournamentRepo,
  {
    eventIdsOf(tournamentIds: ReadonlyArray<number>): Db<ReadonlyMap<number, number>>
    /** Whether one of the tickets, or one of the age categories with a quantity, has no place left. */
    anyFull(ticketIds: ReadonlyArray<number>, categoryIds: ReadonlyArray<number>): Db<boolean>
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
