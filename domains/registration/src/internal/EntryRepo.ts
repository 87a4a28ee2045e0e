import { Em } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { EntryEntity } from './entities/EntryEntity.ts'

type Db<A> = Effect.Effect<A, never, Em>
const CountRow = Schema.Struct({
  tournament_id: Schema.Int,
  entries: Schema.Union([Schema.Int, Schema.NumberFromString]),
  players: Schema.Union([Schema.Int, Schema.NumberFromString]),
})
const decodeCounts = Schema.decodeUnknownSync(Schema.Array(CountRow))

/** The only code that touches the entry tables. */
export class EntryRepo extends Context.Service<
  EntryRepo,
  {
    confirmedForTournament(tournamentId: number): Db<ReadonlyArray<EntryEntity>>
    countsForEvent(eventId: number): Db<ReadonlyArray<typeof CountRow.Type>>
  }
>()('@kibitz/registration/EntryRepo') {
  static readonly layer = Layer.succeed(
    EntryRepo,
    EntryRepo.of({
      confirmedForTournament: Effect.fn('EntryRepo.confirmedForTournament')(function* (tournamentId) {
        const em = yield* Em
        return yield* Effect.promise(() =>
          em.find(
            EntryEntity,
            { tournamentId, status: 'confirmed' },
            { populate: ['contestants'], orderBy: { id: 'asc' } },
          ),
        )
      }),
      countsForEvent: Effect.fn('EntryRepo.countsForEvent')(function* (eventId) {
        const em = yield* Em
        const rows = yield* Effect.promise(() =>
          em.execute(
            `select e.tournament_id, count(distinct e.id) as entries, count(c.id) as players
             from entry e left join contestant c on c.entry_id = e.id
             where e.event_id = ? and e.status = 'confirmed' group by e.tournament_id order by e.tournament_id`,
            [eventId],
          ),
        )
        return decodeCounts(rows)
      }),
    }),
  )
}
