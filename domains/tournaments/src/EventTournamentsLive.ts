import { EventTournaments } from '@kibitz/events'
import { Effect, Layer } from 'effect'
import { TournamentId } from './Tournament.ts'
import { TournamentService } from './TournamentService.ts'
import { TournamentStore } from './TournamentStore.ts'

// The events domain's port about an event's tournaments, answered by this domain above it (docs/decisions/038).

export const eventTournamentsLayer = Layer.effect(
  EventTournaments,
  Effect.gen(function* () {
    const reads = yield* TournamentService
    const store = yield* TournamentStore
    return EventTournaments.of({
      problemsOf: (eventId, context) => store.problemsOf(eventId, context),
      summaryOf: (eventId, timeZone) => reads.summaryForEvent(eventId, timeZone),
      // The files do not depend on the event's state (only whether registration reads as open does), which the
      // port does not pass: the event is named as one that takes no registrations.
      filesOf: (eventId, timeZone) =>
        Effect.map(reads.listForEvent({ id: eventId, timeZone, state: 'draft' }), (tournaments) =>
          tournaments.map((t) => ({
            tournamentId: t.tournamentId,
            rulesFile: t.rulesAndRegulationsFile,
            resultsFile: t.resultsFile,
          })),
        ),
      eventOf: (tournamentId) =>
        Effect.map(reads.eventIdsOf([tournamentId]), (owners) => owners.get(tournamentId) ?? null),
      attachFile: (eventId, tournamentId, use, url) =>
        store.attachFile(eventId, TournamentId.make(tournamentId), use, url).pipe(
          Effect.as(true),
          Effect.catchTag('TournamentNotFound', () => Effect.succeed(false)),
        ),
    })
  }),
).pipe(Layer.provide(Layer.mergeAll(TournamentService.layer, TournamentStore.layer)))
