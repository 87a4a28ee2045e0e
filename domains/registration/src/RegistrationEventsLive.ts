import {
  EventDirectory,
  EventEntries,
  type EventFacts,
  EventTournaments,
  refreshTournamentSummary,
} from '@kibitz/events'
import type { EventId } from '@kibitz/kernel'
import { eventTournamentsLayer, TournamentService } from '@kibitz/tournaments'
import { Effect, Layer, Option } from 'effect'
import { EntryRepo } from './internal/EntryRepo.ts'
import { BankAccount, RegistrationEvent, RegistrationEvents } from './Registration.ts'

// Registration over the events domain below it: the desk's port to events answered from events' public
// directory, and events' own port about entries (EventEntries) answered from registration's tables
// (docs/decisions/038).

const toRegistrationEvent = (facts: EventFacts) =>
  new RegistrationEvent({
    eventId: facts.eventId,
    alias: facts.alias,
    name: facts.name,
    organiserId: facts.organiserId,
    organiserEmail: facts.organiserEmail,
    currencyCode: facts.currencyCode,
    timeZone: facts.timeZone,
    state: facts.state,
    accepted: facts.state === 'accepted',
    bank: facts.bank === null ? null : new BankAccount(facts.bank),
  })

/** RegistrationEvents from the events domain's directory; its tournament summary follows sales. */
export const registrationEventsLayer = Layer.effect(
  RegistrationEvents,
  Effect.gen(function* () {
    const directory = yield* EventDirectory
    const tournaments = yield* TournamentService
    const eventTournaments = yield* EventTournaments
    const refresh = (eventId: EventId) =>
      refreshTournamentSummary(eventId).pipe(Effect.provideService(EventTournaments, eventTournaments))
    return RegistrationEvents.of({
      publicEvent: (aliasOrId, locale) =>
        Effect.map(directory.publicEvent(aliasOrId, locale), Option.map(toRegistrationEvent)),
      byId: (eventId, locale) => Effect.map(directory.byId(eventId, locale), Option.map(toRegistrationEvent)),
      // A sale only ever fills a ticket or category: unless one of them is now full, no tournament closed and the
      // summary stands, so the crowd at an opening does not queue on the event's row for every sale.
      placesTaken: Effect.fn('RegistrationEvents.placesTaken')(function* (eventId, lines) {
        if (yield* tournaments.placesRanOut(lines)) yield* refresh(eventId)
      }),
      placesGivenBack: (eventId) => refresh(eventId),
    })
  }),
).pipe(Layer.provide(Layer.mergeAll(EventDirectory.layer, TournamentService.layer, eventTournamentsLayer)))

/** The events domain's port about entries, answered from registration's tables. */
export const eventEntriesLayer = Layer.effect(
  EventEntries,
  Effect.map(EntryRepo, (entries) =>
    EventEntries.of({
      entriesOfEvent: (eventId) => entries.entriesOfEvent(eventId),
      entriesOfTournament: (tournamentId) => entries.entriesOfTournament(tournamentId),
      recipientsOfEvent: (eventId) => entries.recipientsOfEvent(eventId),
    }),
  ),
).pipe(Layer.provide(EntryRepo.layer))
