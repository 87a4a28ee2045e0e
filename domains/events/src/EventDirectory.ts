import { type Em, EventId, OrganiserId } from '@kibitz/kernel'
import { Context, Effect, Layer, Option, Schema } from 'effect'
import { EventState } from './Event.ts'
import { pickContent } from './EventService.ts'
import { EventRepo, type FactsSource } from './internal/EventRepo.ts'

// The facts about one event that the domains above events (registration, pages) read: named in the reader's
// language, with its state, currency, time zone and where transfers are paid. Read only, as one shaped row (a
// registration reads its event on every request: no entity is hydrated for it).

/** Where an event's entries are paid by bank transfer. */
export class EventBankAccount extends Schema.Class<EventBankAccount>('@kibitz/events/EventBankAccount')({
  beneficiary: Schema.String,
  iban: Schema.String,
  bic: Schema.NullOr(Schema.String),
}) {}

export class EventFacts extends Schema.Class<EventFacts>('@kibitz/events/EventFacts')({
  eventId: EventId,
  alias: Schema.String,
  name: Schema.String,
  organiserId: OrganiserId,
  organiserEmail: Schema.NullOr(Schema.String),
  currencyCode: Schema.String,
  timeZone: Schema.String,
  state: EventState,
  bank: Schema.NullOr(EventBankAccount),
}) {}

const decodeState = Schema.decodeUnknownSync(EventState)

const factsOf = (e: FactsSource, locale: string) =>
  new EventFacts({
    eventId: EventId.make(e.id),
    alias: e.alias,
    name: pickContent(e.contents, locale)?.name ?? e.alias,
    organiserId: OrganiserId.make(e.organiserId),
    organiserEmail: e.organiserEmail,
    currencyCode: e.currencyCode,
    timeZone: e.timeZone,
    state: decodeState(e.state),
    bank:
      e.paymentIban && e.paymentBeneficiary
        ? new EventBankAccount({
            beneficiary: e.paymentBeneficiary,
            iban: e.paymentIban,
            bic: e.paymentBic,
          })
        : null,
  })

export class EventDirectory extends Context.Service<
  EventDirectory,
  {
    /** A public event (accepted, postponed or canceled) by alias or id. */
    publicEvent(aliasOrId: string, locale: string): Effect.Effect<Option.Option<EventFacts>, never, Em>
    /** Any event by id, whatever its state (organiser screens, e-mails after the fact). */
    byId(eventId: EventId, locale: string): Effect.Effect<Option.Option<EventFacts>, never, Em>
  }
>()('@kibitz/events/EventDirectory') {
  static readonly layer = Layer.effect(
    EventDirectory,
    Effect.gen(function* () {
      const repo = yield* EventRepo
      return EventDirectory.of({
        publicEvent: (aliasOrId, locale) =>
          Effect.map(
            repo.publicFacts(aliasOrId.trim()),
            Option.map((e) => factsOf(e, locale)),
          ),
        byId: (eventId, locale) =>
          Effect.map(
            repo.factsById(eventId),
            Option.map((e) => factsOf(e, locale)),
          ),
      })
    }),
  ).pipe(Layer.provide(EventRepo.layer))
}
