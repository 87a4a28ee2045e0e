import { BankAccount, RegistrationEvent, RegistrationEvents } from '@kibitz/registration'
import { Effect, Layer, Option } from 'effect'
import { pickContent } from './EventService.ts'
import { EventRepo } from './internal/EventRepo.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'

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
    })
  }),
).pipe(Layer.provide(EventRepo.layer))
