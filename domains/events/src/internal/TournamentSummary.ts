import { Em } from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import type { TournamentSummary } from '../Event.ts'
import { EventTournaments } from '../EventTournaments.ts'
import { EventEntity } from './entities/EventEntity.ts'

// The event's summary of its tournaments (decision 003): their count and registration windows, which cards, the
// event page and the API's isOpenRegistration read. It follows from the tournaments, their tickets and what is
// sold, so every change that moves it (a tournament saved or removed, a time zone, a sale that takes the last
// place, a cancellation or an expiry that gives one back) recomputes it in its own transaction, through here.

const decodeZone = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ time_zone: Schema.String })))

/**
 * The one writer of the summary columns. The row is written whatever this EntityManager holds: a copy of the event
 * loaded before the caller's lock (a cancellation reads its event first) may be stale, and comparing with it could
 * skip a write the row needs. A loaded event gets the same values, so the entity and the row agree.
 */
export const writeTournamentSummary = (eventId: number, summary: TournamentSummary) =>
  Effect.flatMap(Em, (em) =>
    Effect.promise(async () => {
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
  )

/**
 * Recomputes the event's summary from its tournaments and writes it; inside the caller's transaction. The event's
 * row is locked first (FOR NO KEY UPDATE: entries still reference it meanwhile), so two changes that each take a
 * last place of the same event recompute one after the other, the second seeing the first, and neither writes a
 * summary that misses the other.
 */
export const refreshTournamentSummary = Effect.fn('TournamentSummary.refresh')(function* (eventId: number) {
  const em = yield* Em
  const tournaments = yield* EventTournaments
  const [row] = decodeZone(
    yield* Effect.promise(() =>
      em.execute('select time_zone from event where id = ? for no key update', [eventId]),
    ),
  )
  if (row === undefined) return
  const summary = yield* tournaments.summaryOf(eventId, row.time_zone)
  yield* writeTournamentSummary(eventId, summary)
})
