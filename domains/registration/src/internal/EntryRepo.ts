import { type Db, Em, preparedRead } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { EntryEntity } from './entities/EntryEntity.ts'

const CountRow = Schema.Struct({
  tournament_id: Schema.Int,
  entries: Schema.Union([Schema.Int, Schema.NumberFromString]),
  players: Schema.Union([Schema.Int, Schema.NumberFromString]),
})
const decodeCounts = Schema.decodeUnknownSync(Schema.Array(CountRow))
const TotalRow = Schema.Struct({ count: Schema.Union([Schema.Int, Schema.NumberFromString]) })
const decodeTotal = Schema.decodeUnknownSync(Schema.Array(TotalRow))
const RecipientRow = Schema.Struct({ email: Schema.String, language: Schema.NullOr(Schema.String) })
const decodeRecipients = Schema.decodeUnknownSync(Schema.Array(RecipientRow))

/** The entry tables' reads for player lists and counts; RegistrationRepo holds the registration desk's writes. */
export class EntryRepo extends Context.Service<
  EntryRepo,
  {
    confirmedForTournament(tournamentId: number): Db<ReadonlyArray<EntryEntity>>
    countsForEvent(eventId: number): Db<ReadonlyArray<typeof CountRow.Type>>
    entriesOfEvent(eventId: number): Db<number>
    entriesOfTournament(tournamentId: number): Db<number>
    recipientsOfEvent(eventId: number): Db<ReadonlyArray<typeof RecipientRow.Type>>
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
        const rows = yield* preparedRead(
          `select e.tournament_id, count(distinct e.id) as entries, count(c.id) as players
           from entry e left join contestant c on c.entry_id = e.id
           where e.event_id = $1 and e.status = 'confirmed' group by e.tournament_id order by e.tournament_id`,
          [eventId],
        )
        return decodeCounts(rows)
      }),
      entriesOfTournament: Effect.fn('EntryRepo.entriesOfTournament')(function* (tournamentId) {
        const em = yield* Em
        const rows = yield* Effect.promise(() =>
          em.execute('select count(*) as count from entry where tournament_id = ?', [tournamentId]),
        )
        return decodeTotal(rows)[0]?.count ?? 0
      }),
      entriesOfEvent: Effect.fn('EntryRepo.entriesOfEvent')(function* (eventId) {
        const em = yield* Em
        const rows = yield* Effect.promise(() =>
          em.execute('select count(*) as count from entry where event_id = ?', [eventId]),
        )
        return decodeTotal(rows)[0]?.count ?? 0
      }),
      recipientsOfEvent: Effect.fn('EntryRepo.recipientsOfEvent')(function* (eventId) {
        const em = yield* Em
        // The account behind an entry (or behind a contestant's address) is read through the user id and the
        // unique account address, for its language only (docs/decisions/003); an account's address wins.
        const rows = yield* Effect.promise(() =>
          em.execute(
            `select distinct on (r.email) r.email, r.language
         from (
           select lower(btrim(u.email)) as email, u.language, 0 as rank
           from entry en join app_user u on u.id = en.user_id
           where en.event_id = ? and en.status <> 'canceled'
           union all
           select lower(btrim(c.email)) as email,
                  (select a.language from app_user a where lower(a.email) = lower(btrim(c.email)) limit 1),
                  1 as rank
           from contestant c join entry en on en.id = c.entry_id
           where en.event_id = ? and en.status <> 'canceled' and c.email is not null
         ) r
         where r.email <> ''
         order by r.email, r.rank`,
            [eventId, eventId],
          ),
        )
        return decodeRecipients(rows)
      }),
    }),
  )
}
