import type { EventId } from '@kibitz/kernel'
import { Effect } from 'effect'
import type { TournamentSummary } from '../Event.ts'
import { EventTournaments } from '../EventTournaments.ts'
import { EventRepo } from './EventRepo.ts'

// The event's summary of its tournaments (decision 003): their count and registration windows, which cards, the
// event page and the API's isOpenRegistration read. It follows from the tournaments, their tickets and what is
// sold, so every change that moves it (a tournament saved or removed, a time zone, a sale that takes the last
// place, a cancellation or an expiry that gives one back) recomputes it in its own transaction, through here.
// The columns are written by EventRepo.recordTournamentSummary, their one writer.

/** Writes the summary columns of the event (EventRepo.recordTournamentSummary), in the caller's transaction. */
export const writeTournamentSummary = (eventId: EventId, summary: TournamentSummary) =>
  EventRepo.use((repo) => repo.recordTournamentSummary(eventId, summary)).pipe(
    Effect.provide(EventRepo.layer),
  )

/**
 * Recomputes the event's summary from its tournaments and writes it; inside the caller's transaction. The event's
 * row is locked first (FOR NO KEY UPDATE: entries still reference it meanwhile), so two changes that each take a
 * last place of the same event recompute one after the other, the second seeing the first, and neither writes a
 * summary that misses the other.
 */
export const refreshTournamentSummary = Effect.fn('TournamentSummary.refresh')(function* (eventId: EventId) {
  const repo = yield* EventRepo
  const tournaments = yield* EventTournaments
  const timeZone = yield* repo.lockForSummary(eventId)
  if (timeZone === null) return
  const summary = yield* tournaments.summaryOf(eventId, timeZone)
  yield* repo.recordTournamentSummary(eventId, summary)
}, Effect.provide(EventRepo.layer))
