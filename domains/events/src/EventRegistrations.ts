import { BankAccount, RegistrationEvent, RegistrationEvents } from '@kibitz/registration'
import { TournamentService } from '@kibitz/tournaments'
import { Effect, Layer, Option } from 'effect'
import { pickContent } from './EventService.ts'
import { EventRepo } from './internal/EventRepo.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'
import { refreshTournamentSummary } from './internal/TournamentSummary.ts'

// The events domain answers the registration desk's questions about events (the port is the registration
// domain's, because events depends on registration and not the other way round).

const toRegistrationEvent = (e: EventEntity, locale: string) => {
  const content = pickContent(e.contents.getItems(), locale)
  return new RegistrationEvent({
    eventId: e.id,
    alias: e.alias,
    name: content?.name ?? e.alias,
    organiserId: e.organiserId,
    organiserEmail: e.organiserEmail ?? null,
    currencyCode: e.currencyCode,
    timeZone: e.timeZone,
    accepted: e.state === 'accepted',
    bank:
      e.paymentIban && e.paymentBeneficiary
        ? new BankAccount({
            beneficiary: e.paymentBeneficiary,
            iban: e.paymentIban,
            bic: e.paymentBic ?? null,
          })
        : null,
  })
}

/** RegistrationEvents over the events domain's tables. */
export const eventRegistrationsLayer = Layer.effect(
  RegistrationEvents,
  Effect.gen(function* () {
    const repo = yield* EventRepo
    const tournaments = yield* TournamentService
    const refresh = (eventId: number) =>
      refreshTournamentSummary(eventId).pipe(Effect.provideService(TournamentService, tournaments))
    return RegistrationEvents.of({
      publicEvent: (aliasOrId, locale) =>
        Effect.map(
          repo.findPublic(aliasOrId.trim()),
          Option.map((e) => toRegistrationEvent(e, locale)),
        ),
      byId: (eventId, locale) =>
        Effect.map(
          repo.findAnyById(eventId),
          Option.map((e) => toRegistrationEvent(e, locale)),
        ),
      // A sale only ever fills a ticket or category: unless one of them is now full, no tournament closed and the
      // summary stands, so the crowd at an opening does not queue on the event's row for every sale.
      placesTaken: Effect.fn('EventRegistrations.placesTaken')(function* (eventId, lines) {
        if (yield* tournaments.placesRanOut(lines)) yield* refresh(eventId)
      }),
      placesGivenBack: (eventId) => refresh(eventId),
    })
  }),
).pipe(Layer.provide(Layer.mergeAll(EventRepo.layer, TournamentService.layer)))
