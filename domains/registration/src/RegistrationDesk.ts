import type { Em, EntryId, EventId, RateLimited, TournamentId, UserId } from '@kibitz/kernel'
import type { TicketsUnavailable } from '@kibitz/tournaments'
import { Context, Effect, Layer } from 'effect'
import { cardCheckout } from './desk/CardCheckout.ts'
import { makeDeskContext } from './desk/DeskContext.ts'
import { entryStatus } from './desk/EntryStatus.ts'
import { expiry } from './desk/Expiry.ts'
import { formDesk } from './desk/FormDesk.ts'
import { organiserEntries } from './desk/OrganiserEntries.ts'
import { payments } from './desk/Payments.ts'
import { registerEntry } from './desk/RegisterEntry.ts'
import { RegistrationRepo } from './internal/RegistrationRepo.ts'
import type { CardPaymentFailed, WebhookRejected } from './payment/CardPayments.ts'
import type {
  EntryPage,
  EntryQuery,
  EntryView,
  IdempotencyKeyReused,
  MarkPaidResult,
  OpenTournament,
  RegistrationActor,
  RegistrationForm,
  RegistrationInvalid,
  RegistrationReceipt,
  RegistrationRefused,
  TicketsChanged,
  TournamentRules,
} from './Registration.ts'
import type { RegisterInput } from './RegistrationInput.ts'

export { RegistrationLimits } from './desk/DeskContext.ts'

// The registration desk (issue 5): the form's data, the registration itself (priced on the server, tickets
// reserved and the entry written with its e-mail in one transaction), the registrant's status link and card
// payment, the organiser's list, CSV, mark paid, cancel and move, and the expiry of unpaid entries. Each
// transition is one function: check, lock, write, audit, enqueue. Rules: docs/decisions/020-registration.md.
// One service, one file per use case (issue 15): what they share is desk/DeskContext.ts; the form, the picker
// and the rules page desk/FormDesk.ts; registering desk/RegisterEntry.ts (its checks desk/RegisterChecks.ts);
// the status link desk/EntryStatus.ts; card payment desk/CardCheckout.ts; payments marked by the organiser
// desk/Payments.ts; the organiser's list, CSV, cancel and move desk/OrganiserEntries.ts; expiry desk/Expiry.ts.

export class RegistrationDesk extends Context.Service<
  RegistrationDesk,
  {
    /** Anyone: the open tournaments of a public event, for the picker (none when the event takes no entries). */
    openTournaments(
      eventRef: string,
      locale: string,
    ): Effect.Effect<ReadonlyArray<OpenTournament>, RegistrationRefused, Em>
    /** Anyone: what the registration form of a public event's tournament needs; `closed` when not open. */
    form(
      eventRef: string,
      tournamentRef: string,
      locale: string,
    ): Effect.Effect<RegistrationForm, RegistrationRefused, Em>
    /**
     * Anyone (signed in or not): registers an entry. Refused when registration is not open; invalid input names
     * each field; a price or availability that changed since the form was read is error 3000 with the new form.
     * Without `eventRef` the tournament is named by its id and the desk reads its event (notFound if none).
     */
    register(
      eventRef: string | undefined,
      tournamentRef: string,
      input: RegisterInput,
      who: {
        readonly userId: UserId | null
        readonly language: string
        /** The client's address (IPv6 grouped by /64): registrations from one address are limited. */
        readonly address?: string
      },
      options?: {
        /**
         * A client's key for this registration (Idempotency-Key): the same key with the same request answers the
         * entry it already made (replayed), with another request IdempotencyKeyReused; kept a day.
         */
        readonly idempotencyKey?: string
      },
    ): Effect.Effect<
      RegistrationReceipt,
      RegistrationRefused | RegistrationInvalid | TicketsChanged | IdempotencyKeyReused | RateLimited,
      Em
    >
    /** Whoever holds the secret link: the registration's state. */
    status(token: string, locale: string): Effect.Effect<EntryView, RegistrationRefused, Em>
    /**
     * Whoever holds the link: a card checkout for an unpaid entry; answers where to send the browser. Stripe
     * sends the payer back to the status page (or to the payment page when they cancel).
     */
    payByCard(
      token: string,
      locale: string,
    ): Effect.Effect<string, RegistrationRefused | CardPaymentFailed, Em>
    /** Anyone: a public tournament's rules page — its rules file and, while it is open, how registration works. */
    rules(tournamentId: TournamentId, locale: string): Effect.Effect<TournamentRules, RegistrationRefused, Em>
    /** Back from the card checkout: asks the provider and records the payment if it went through. */
    confirmCardReturn(
      token: string,
      sessionId: string,
    ): Effect.Effect<EntryView, RegistrationRefused | CardPaymentFailed, Em>
    /** The card provider's signed webhook: records a completed payment once, whatever the redeliveries. */
    cardWebhook(payload: string, signature: string | null): Effect.Effect<void, WebhookRejected, Em>
    /**
     * The organiser (or super user): a page of the event's registrations that match `query` (tournament, state,
     * searched text), newest first, with how many match.
     */
    listForEvent(
      actor: RegistrationActor,
      eventId: EventId,
      options: EntryQuery & { readonly offset: number; readonly limit: number },
      locale: string,
    ): Effect.Effect<EntryPage, RegistrationRefused, Em>
    /**
     * The organiser: the event's registrations that match `query` (all when it asks for nothing) as CSV in
     * `locale`'s words and spreadsheet dialect, one row per player (decision 034).
     */
    exportCsv(
      actor: RegistrationActor,
      eventId: EventId,
      locale: string,
      query?: EntryQuery,
    ): Effect.Effect<string, RegistrationRefused, Em>
    /** The organiser: the entry is paid (bank transfer or at the venue); an expired one comes back if places are left. */
    markPaid(
      actor: RegistrationActor,
      entryId: EntryId,
    ): Effect.Effect<EntryView, RegistrationRefused | TicketsUnavailable, Em>
    /**
     * The organiser: marks several entries of the event paid in one transaction, each as `markPaid` does (audit,
     * "payment received" e-mail). Entries already paid, canceled, expired (they must win their places back one at
     * a time), free, or not of this event are left as they were and named with why.
     */
    markPaidMany(
      actor: RegistrationActor,
      eventId: EventId,
      entryIds: ReadonlyArray<EntryId>,
    ): Effect.Effect<MarkPaidResult, RegistrationRefused, Em>
    /** The organiser: cancels an entry and gives its places back. */
    cancel(actor: RegistrationActor, entryId: EntryId): Effect.Effect<EntryView, RegistrationRefused, Em>
    /** The organiser: moves an entry to another tournament of the event of the same type, on one of its tickets. */
    move(
      actor: RegistrationActor,
      entryId: EntryId,
      target: { readonly tournamentId: TournamentId; readonly ticketId: number },
    ): Effect.Effect<EntryView, RegistrationRefused | TicketsUnavailable, Em>
    /** The expiry job: unpaid entries past their deadline expire and give their places back; answers how many. */
    expireDue(limit: number): Effect.Effect<number, never, Em>
  }
>()('@kibitz/registration/RegistrationDesk') {
  static readonly layer = Layer.effect(
    RegistrationDesk,
    Effect.gen(function* () {
      const desk = yield* makeDeskContext
      const { recordPayment, markPaid, markPaidMany } = payments(desk)
      return RegistrationDesk.of({
        ...formDesk(desk),
        ...registerEntry(desk),
        ...entryStatus(desk),
        ...cardCheckout({ ...desk, recordPayment }),
        ...organiserEntries(desk),
        markPaid,
        markPaidMany,
        ...expiry(desk),
      })
    }),
  ).pipe(Layer.provide(RegistrationRepo.layer))
}
