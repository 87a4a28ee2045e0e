import { createHash, randomBytes } from 'node:crypto'
import {
  type Em,
  FieldProblem,
  formatIban,
  formatMoney,
  formatZonedDateTime,
  inTransaction,
  isoDate,
  MailMessage,
  Outbox,
  RateLimit,
  type RateLimited,
  resolveInterfaceLocale,
  ValidationRule,
} from '@kibitz/kernel'
import {
  categorySalesOpen,
  PricedLine,
  type SaleLine,
  Ticket,
  TicketSales,
  type TicketsUnavailable,
  Tournament,
  TournamentService,
} from '@kibitz/tournaments'
import { Clock, Context, Data, Effect, Layer, Option, Schema } from 'effect'
import { FederationLookup } from './federation/FederationLookup.ts'
import { entriesCsv } from './internal/EntryCsv.ts'
import { entryView, isPaymentMethod } from './internal/EntryView.ts'
import type { EntryEntity, StoredLine } from './internal/entities/EntryEntity.ts'
import { type RegistrationMail, renderRegistrationMail } from './internal/mail/RegistrationMail.ts'
import * as Repo from './internal/RegistrationRepo.ts'
import { cardCheckout } from './payment/CardCheckout.ts'
import { type CardPaymentFailed, CardPayments, type WebhookRejected } from './payment/CardPayments.ts'
import { creditorReferenceForEntry, formatCreditorReference } from './payment/CreditorReference.ts'
import {
  ContestantRule,
  EntryPage,
  type EntryQuery,
  type EntryView,
  IdempotencyKeyReused,
  MarkPaidResult,
  type MarkPaidSkip,
  OpenTournament,
  type RegistrationActor,
  RegistrationConfig,
  type RegistrationEvent,
  RegistrationEvents,
  RegistrationForm,
  RegistrationInvalid,
  RegistrationReceipt,
  RegistrationRefused,
  TicketsChanged,
  TournamentRules,
} from './Registration.ts'
import {
  type ChosenPaymentMethod,
  contestantRule,
  type PaymentMethod,
  payableByCard,
  type RegisterInput,
  saleLinesOf,
} from './RegistrationInput.ts'

// The registration desk (issue 5): the form's data, the registration itself (priced on the server, tickets
// reserved and the entry written with its e-mail in one transaction), the registrant's status link and card
// payment, the organiser's list, CSV, mark paid, cancel and move, and the expiry of unpaid entries. Each
// transition is one function: check, lock, write, audit, enqueue. Rules: docs/decisions/020-registration.md.
// The card payment's use cases live in payment/CardCheckout.ts, the entry's view and the CSV in internal/.

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
/** A token as the status link carries it: 32 random bytes, URL-safe. */
const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)

const toStored = (l: PricedLine): StoredLine => ({
  ticketId: l.ticketId,
  ageCategoryId: l.ageCategoryId,
  persons: l.persons,
  unitPriceMinor: l.unitPriceMinor,
  units: l.units,
  totalMinor: l.totalMinor,
  earlyBird: l.earlyBird,
})

const changedReason = (e: TicketsUnavailable) => e.reason
/**
 * Anonymous registrations per client address (docs/decisions/024): enough for a club secretary entering a dozen
 * pairs, not for one visitor to hold a tournament's places with invented entries until they expire.
 */
export const RegistrationLimits = {
  perAddress: 30,
  windowMs: 15 * 60_000,
  /** How long a process answers "sold out" from memory once it found a tournament sold out. */
  soldOutMemoMs: 3_000,
} as const

/** Inside the sale's transaction: the locked counts give another total (an early bird ran out meanwhile). */
class Repriced extends Data.TaggedError('Repriced')<{ readonly totalMinor: number }> {}
/** Inside the registering transaction: another request with the same key got there first (it rolls back). */
class KeyTaken extends Data.TaggedError('KeyTaken')<Record<never, never>> {}
/** Names in e-mail subjects stay short enough for any subject line. */
const short = (name: string) => (name.length > 120 ? `${name.slice(0, 119)}…` : name)

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
     */
    register(
      eventRef: string,
      tournamentRef: string,
      input: RegisterInput,
      who: {
        readonly userId: number | null
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
    rules(tournamentId: number, locale: string): Effect.Effect<TournamentRules, RegistrationRefused, Em>
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
      eventId: number,
      options: EntryQuery & { readonly offset: number; readonly limit: number },
      locale: string,
    ): Effect.Effect<EntryPage, RegistrationRefused, Em>
    /**
     * The organiser: the event's registrations that match `query` (all when it asks for nothing) as CSV in
     * `locale`'s words and spreadsheet dialect, one row per player (decision 034).
     */
    exportCsv(
      actor: RegistrationActor,
      eventId: number,
      locale: string,
      query?: EntryQuery,
    ): Effect.Effect<string, RegistrationRefused, Em>
    /** The organiser: the entry is paid (bank transfer or at the venue); an expired one comes back if places are left. */
    markPaid(
      actor: RegistrationActor,
      entryId: number,
    ): Effect.Effect<EntryView, RegistrationRefused | TicketsUnavailable, Em>
    /**
     * The organiser: marks several entries of the event paid in one transaction, each as `markPaid` does (audit,
     * "payment received" e-mail). Entries already paid, canceled, expired (they must win their places back one at
     * a time), free, or not of this event are left as they were and named with why.
     */
    markPaidMany(
      actor: RegistrationActor,
      eventId: number,
      entryIds: ReadonlyArray<number>,
    ): Effect.Effect<MarkPaidResult, RegistrationRefused, Em>
    /** The organiser: cancels an entry and gives its places back. */
    cancel(actor: RegistrationActor, entryId: number): Effect.Effect<EntryView, RegistrationRefused, Em>
    /** The organiser: moves an entry to another tournament of the event of the same type, on one of its tickets. */
    move(
      actor: RegistrationActor,
      entryId: number,
      target: { readonly tournamentId: number; readonly ticketId: number },
    ): Effect.Effect<EntryView, RegistrationRefused | TicketsUnavailable, Em>
    /** The expiry job: unpaid entries past their deadline expire and give their places back; answers how many. */
    expireDue(limit: number): Effect.Effect<number, never, Em>
  }
>()('@kibitz/registration/RegistrationDesk') {
  static readonly layer = Layer.effect(
    RegistrationDesk,
    Effect.gen(function* () {
      const events = yield* RegistrationEvents
      const config = yield* RegistrationConfig
      const sales = yield* TicketSales
      const tournaments = yield* TournamentService
      const outbox = yield* Outbox
      const rateLimit = yield* RateLimit
      const cards = yield* CardPayments
      const federation = yield* FederationLookup
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const refuse = (reason: RegistrationRefused['reason']) => new RegistrationRefused({ reason })
      const decodeMail = Schema.decodeUnknownOption(MailMessage)

      const publicEvent = (eventRef: string, locale: string) =>
        Effect.flatMap(events.publicEvent(eventRef, locale), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(refuse('notFound')),
        )

      const findTournament = (event: RegistrationEvent, tournamentRef: string) =>
        tournaments
          .findInEvent(event.eventId, tournamentRef, event.timeZone, event.accepted)
          .pipe(Effect.mapError(() => refuse('notFound')))

      const methodsOf = (event: RegistrationEvent): ReadonlyArray<ChosenPaymentMethod> => [
        ...(event.bank ? (['bankTransfer'] as const) : []),
        ...(cards.enabled ? (['card'] as const) : []),
      ]

      const formOf = (event: RegistrationEvent, tournament: Tournament) =>
        new RegistrationForm({
          event,
          tournament: offered(tournament),
          contestants: new ContestantRule(contestantRule(tournament.type)),
          paymentMethods: methodsOf(event),
          federationLookup: federation.enabled,
        })

      /** Closed, unless only the tickets ran out while registration is otherwise open (then 3000, soldOut). */
      /** Sold-out answers by language, event and tournament as asked for, each until its time (this process's). */
      const soldOutRecently = new Map<string, { readonly until: number; readonly refusal: TicketsChanged }>()
      const rememberSoldOut = (key: string, refusal: TicketsChanged, at: Date) => {
        if (soldOutRecently.size >= 1_000) soldOutRecently.clear()
        soldOutRecently.set(key, { until: at.getTime() + RegistrationLimits.soldOutMemoMs, refusal })
      }

      /** Places came back (committed): a tournament remembered as sold out may have some again. */
      const forgetSoldOut = () => Effect.sync(() => soldOutRecently.clear())

      const soldOutWhileOpen = (event: RegistrationEvent, t: Tournament, at: Date) =>
        event.accepted &&
        t.hasRegistration &&
        t.isRegistrationEnabled &&
        (t.registrationStartDatetime === null || new Date(t.registrationStartDatetime) <= at) &&
        (t.registrationEndDatetime === null || at < new Date(t.registrationEndDatetime)) &&
        t.startDate > at.toISOString().slice(0, 10) &&
        !t.tickets.some((k) => k.isAvailable) &&
        t.tickets.some((k) => soldOutTicket(k, isoDate(at, event.timeZone)))

      const form = Effect.fn('RegistrationDesk.form')(function* (
        eventRef: string,
        tournamentRef: string,
        locale: string,
      ) {
        const event = yield* publicEvent(eventRef, locale)
        const tournament = yield* findTournament(event, tournamentRef)
        if (!tournament.isOpenRegistration) return yield* refuse('closed')
        return formOf(event, tournament)
      })

      const openTournaments = Effect.fn('RegistrationDesk.openTournaments')(function* (
        eventRef: string,
        locale: string,
      ) {
        const event = yield* publicEvent(eventRef, locale)
        const list = yield* tournaments.listForEvent(event.eventId, event.timeZone, event.accepted)
        return list
          .filter((t) => t.isOpenRegistration)
          .map(
            (t) =>
              new OpenTournament({
                tournamentId: t.tournamentId,
                alias: t.alias,
                name: t.name,
                type: t.type,
                startDate: t.startDate,
                startTime: t.startTime,
              }),
          )
      })

      const enqueue = (to: string, language: string, mail: RegistrationMail, kind: string) =>
        Effect.gen(function* () {
          const locale = resolveInterfaceLocale(language)
          const rendered = renderRegistrationMail(mail, locale)
          const decoded = decodeMail({ ...rendered, to, kind, language: locale })
          if (Option.isNone(decoded)) {
            yield* Effect.logWarning('registration mail: unusable address skipped', { kind })
            return
          }
          yield* outbox.enqueue(decoded.value)
        })

      const statusLink = (token: string) => `${config.publicUrl}/status?token=${token}`
      const eventLink = (event: RegistrationEvent) =>
        `${config.publicUrl}/event/${encodeURIComponent(event.alias)}`

      /** The cross-field rules: players per tournament type, team name, tickets of this tournament, per-team tickets. */
      const crossProblems = (
        input: RegisterInput,
        t: Tournament,
        methods: ReadonlyArray<ChosenPaymentMethod>,
      ) => {
        const problems: Array<FieldProblem> = []
        const add = (field: string, rule: FieldProblem['rule']) =>
          problems.push(new FieldProblem({ field, rule }))
        const rule = contestantRule(t.type)
        const list = input.data.contestants
        if (list.length < rule.min || list.length > rule.max)
          add('data.contestants', ValidationRule.contestantCount)
        if (rule.teamName === 'required' && input.data.teamName.trim() === '')
          add('data.teamName', ValidationRule.required)
        const first = list[0]
        const firstTicket = t.tickets.find((k) => k.ticketId === first?.ticketId)
        for (const [i, c] of list.entries()) {
          const ticket = t.tickets.find((k) => k.ticketId === c.ticketId)
          if (!ticket) {
            add(`data.contestants.${i}.ticketId`, ValidationRule.unknownId)
            continue
          }
          if (
            c.ageCategoryId !== null &&
            !ticket.ticketAgeCategories.some((a) => a.ticketAgeCategoryId === c.ageCategoryId)
          )
            add(`data.contestants.${i}.ageCategoryId`, ValidationRule.unknownId)
          // A ticket with age categories is sold only through one of them (none left to choose: 3000, below).
          if (c.ageCategoryId === null && ticket.ticketAgeCategories.some((a) => a.isAvailable))
            add(`data.contestants.${i}.ageCategoryId`, ValidationRule.required)
          // A per-team ticket covers the whole entry: one ticket (and category) for everyone.
          if (
            (ticket.isPricePerTeam || firstTicket?.isPricePerTeam) &&
            (c.ticketId !== first?.ticketId || c.ageCategoryId !== first?.ageCategoryId)
          )
            add(`data.contestants.${i}.ticketId`, ValidationRule.sameTicket)
          if (t.verifyPlayer && c.federationId.trim() === '')
            add(`data.contestants.${i}.federationId`, ValidationRule.required)
        }
        if (
          input.ticket.expectedTotalMinor > 0 &&
          methods.length > 0 &&
          !methods.includes(input.ticket.paymentMethod)
        )
          add('ticket.paymentMethod', ValidationRule.unknownChoice)
        return problems
      }

      const saleLines = (input: RegisterInput, t: Tournament): ReadonlyArray<SaleLine> => {
        const list = input.data.contestants
        const first = list[0]
        const perTeam = t.tickets.find((k) => k.ticketId === first?.ticketId)?.isPricePerTeam ?? false
        if (perTeam && first)
          return [{ ticketId: first.ticketId, ageCategoryId: first.ageCategoryId, persons: list.length }]
        return saleLinesOf(list)
      }

      /** The federation's answer per player; the lookup being down never blocks a registration (decision 019). */
      const verifyPlayers = (input: RegisterInput, t: Tournament) =>
        Effect.gen(function* () {
          const verified: Array<boolean | null> = []
          const problems: Array<FieldProblem> = []
          for (const [i, c] of input.data.contestants.entries()) {
            const id = c.federationId.trim()
            if (id === '' || !federation.enabled || !t.verifyPlayer) {
              verified.push(null)
              continue
            }
            const answer = yield* federation.verify(id, c.firstName, c.lastName).pipe(
              Effect.map((v) => Option.some(v)),
              Effect.catchTag('FederationUnavailable', () => Effect.succeed(Option.none())),
            )
            if (Option.isNone(answer)) verified.push(null)
            else if (answer.value === 'verified') verified.push(true)
            else {
              verified.push(false)
              problems.push(
                new FieldProblem({
                  field: `data.contestants.${i}.federationId`,
                  rule:
                    answer.value === 'nameMismatch'
                      ? ValidationRule.federationMismatch
                      : ValidationRule.federationUnknown,
                }),
              )
            }
          }
          return { verified, problems }
        })

      /**
       * An earlier request with this key: the receipt of the entry it made, as it answered then (null when the key
       * is new); IdempotencyKeyReused when the key served another request.
       */
      const earlier = Effect.fn('RegistrationDesk.earlier')(function* (key: {
        readonly hash: string
        readonly request: string
      }) {
        const found = yield* Repo.findRequest(key.hash)
        if (found === null) return null
        if (found.requestHash !== key.request) return yield* new IdempotencyKeyReused()
        const entry = found.entryId === null ? null : yield* Repo.entryById(found.entryId)
        if (entry === null || found.statusToken === null) return yield* refuse('notFound')
        return new RegistrationReceipt({
          entryId: entry.id,
          status: entry.status === 'pending' ? 'pending' : 'confirmed',
          paymentMethod: isPaymentMethod(entry.paymentMethod) ? entry.paymentMethod : 'free',
          totalMinor: entry.totalMinor,
          currencyCode: entry.currencyCode,
          reference: entry.reference ?? null,
          statusToken: found.statusToken,
          expiresAt: entry.expiresAt?.toISOString() ?? null,
          replayed: true,
        })
      })

      const register = Effect.fn('RegistrationDesk.register')(function* (
        eventRef: string,
        tournamentRef: string,
        input: RegisterInput,
        who: { readonly userId: number | null; readonly language: string; readonly address?: string },
        options: { readonly idempotencyKey?: string } = {},
      ) {
        // Keys are the client's; scoped to the tournament asked for, hashed like every secret kept.
        const key =
          options.idempotencyKey === undefined
            ? null
            : {
                hash: hashToken(`${tournamentRef}\n${options.idempotencyKey}`),
                request: hashToken(JSON.stringify([eventRef, tournamentRef, input])),
              }
        if (key) {
          const answered = yield* earlier(key)
          if (answered) return answered
        }
        const language = resolveInterfaceLocale(who.language)
        const at = yield* now
        // The crowd at a championship's opening keeps asking after the last place is gone: a tournament found
        // sold out is answered so, from memory, for a few seconds, without reading the event again.
        const soldOutKey = `${language}\n${eventRef}\n${tournamentRef}`
        const known = soldOutRecently.get(soldOutKey)
        if (known && known.until > at.getTime()) return yield* Effect.fail(known.refusal)
        const event = yield* publicEvent(eventRef, language)
        const tournament = yield* findTournament(event, tournamentRef)
        const fresh = () =>
          findTournament(event, tournamentRef).pipe(
            Effect.map((t) => formOf(event, t)),
            Effect.orElseSucceed(() => formOf(event, tournament)),
          )
        const changed = (reason: TicketsChanged['reason'], quotedTotalMinor: number | null = null) =>
          Effect.flatMap(fresh(), (f) =>
            Effect.fail(new TicketsChanged({ reason, form: f, quotedTotalMinor })),
          )
        if (!tournament.isOpenRegistration) {
          if (soldOutWhileOpen(event, tournament, at))
            return yield* changed('soldOut').pipe(
              Effect.tapError((refusal) => Effect.sync(() => rememberSoldOut(soldOutKey, refusal, at))),
            )
          return yield* refuse('closed')
        }
        const methods = methodsOf(event)
        const problems = crossProblems(input, tournament, methods)
        if (problems.length > 0) return yield* new RegistrationInvalid({ problems })
        if (
          input.data.contestants.some(
            (c) => c.ageCategoryId === null && withCategories(tournament, c.ticketId),
          )
        )
          return yield* changed('notForSale')
        const lines = saleLines(input, tournament)
        // The price the visitor saw must still be the price: a change is told (3000), never applied silently.
        const quote = yield* sales
          .quote(tournament.tournamentId, lines, event.timeZone)
          .pipe(Effect.catchTag('TicketsUnavailable', (e) => changed(changedReason(e))))
        if (quote.totalMinor !== input.ticket.expectedTotalMinor)
          return yield* changed('priceChanged', quote.totalMinor)
        // Anyone may register without an account, so one address may hold only so many places at a time: a
        // replayed request (above) is not counted, a new one is, before any federation lookup it would cost.
        if (who.address !== undefined)
          yield* rateLimit.take(
            'registration-address',
            who.address,
            RegistrationLimits.perAddress,
            RegistrationLimits.windowMs,
          )
        const checked = yield* verifyPlayers(input, tournament)
        if (checked.problems.length > 0) return yield* new RegistrationInvalid({ problems: checked.problems })

        // A total above what a card checkout takes is paid by transfer (or at the venue) instead.
        const payable = methods.filter(
          (m) => m !== 'card' || payableByCard(quote.totalMinor, event.currencyCode),
        )
        if (quote.totalMinor > 0 && payable.length > 0 && !payable.includes(input.ticket.paymentMethod))
          return yield* new RegistrationInvalid({
            problems: [new FieldProblem({ field: 'ticket.paymentMethod', rule: ValidationRule.outOfRange })],
          })
        const method: PaymentMethod =
          quote.totalMinor === 0 ? 'free' : payable.length === 0 ? 'atVenue' : input.ticket.paymentMethod
        const waitsForPayment = method === 'bankTransfer' || method === 'card'
        const expiresAt = waitsForPayment ? new Date(at.getTime() + config.holdHours * 3_600_000) : null
        const token = randomBytes(32).toString('base64url')
        const reserved = yield* inTransaction(
          Effect.gen(function* () {
            // The key first: a concurrent request with the same key waits here for this one, then replays it.
            if (key && !(yield* Repo.claimRequest(key.hash, key.request))) return yield* new KeyTaken()
            // Priced again under the row locks: an early bird ending meanwhile is 3000 too, and rolls back.
            const sold = yield* sales.reserve(tournament.tournamentId, lines, event.timeZone)
            if (sold.totalMinor !== input.ticket.expectedTotalMinor)
              return yield* new Repriced({ totalMinor: sold.totalMinor })
            // The last place taken closes the event's registration on its card in this same transaction.
            yield* events.placesTaken(event.eventId, sold.lines)
            const entry = yield* Repo.insertEntry(
              {
                eventId: event.eventId,
                tournamentId: tournament.tournamentId,
                userId: who.userId,
                status: waitsForPayment ? 'pending' : 'confirmed',
                teamName: input.data.teamName.trim() === '' ? null : input.data.teamName.trim(),
                contactEmail: input.data.contactEmail,
                language,
                totalMinor: sold.totalMinor,
                currencyCode: event.currencyCode,
                lines: sold.lines.map(toStored),
                paymentMethod: method,
                statusTokenHash: hashToken(token),
                expiresAt,
                paidAt: null,
                contestants: input.data.contestants.map((c, i) => ({
                  firstName: c.firstName,
                  lastName: c.lastName,
                  countryCode: c.countryCode,
                  email: c.email,
                  federationId: c.federationId.trim() === '' ? null : c.federationId.trim(),
                  federationVerified: checked.verified[i] ?? null,
                  ticketId: c.ticketId,
                  ageCategoryId: c.ageCategoryId,
                })),
              },
              (id) => (method === 'bankTransfer' ? creditorReferenceForEntry(id) : null),
            )
            if (key) yield* Repo.attachRequest(key.hash, entry.id, token)
            yield* Repo.audit(entry.id, who.userId, 'registered', { method, totalMinor: sold.totalMinor })
            yield* enqueue(
              entry.contactEmail ?? input.data.contactEmail,
              language,
              receivedMail(event, tournament, entry, token, language),
              'registration.received',
            )
            return entry
          }),
        ).pipe(
          Effect.catchTags({
            TicketsUnavailable: (e) => changed(changedReason(e)),
            Repriced: (e) => changed('priceChanged', e.totalMinor),
          }),
          Effect.map((entry) => ({ entry })),
          Effect.catchTag('KeyTaken', () =>
            key ? Effect.map(earlier(key), (answer) => ({ answer })) : refuse('notFound'),
          ),
        )
        if ('answer' in reserved) return reserved.answer ?? (yield* refuse('notFound'))
        return new RegistrationReceipt({
          entryId: reserved.entry.id,
          status: reserved.entry.status === 'pending' ? 'pending' : 'confirmed',
          paymentMethod: method,
          totalMinor: reserved.entry.totalMinor,
          currencyCode: reserved.entry.currencyCode,
          reference: reserved.entry.reference ?? null,
          statusToken: token,
          expiresAt: reserved.entry.expiresAt?.toISOString() ?? null,
          replayed: false,
        })
      })

      // E-mails write amounts as the registrant's language does ('12,50 €' in French).
      const money = (entry: EntryEntity, minor: number) =>
        formatMoney(minor, { code: entry.currencyCode }, entry.language)

      const receivedMail = (
        event: RegistrationEvent,
        tournament: { readonly name: string },
        entry: EntryEntity,
        token: string,
        language: string,
      ): RegistrationMail => {
        const dueBy = entry.expiresAt ? formatZonedDateTime(entry.expiresAt, event.timeZone, language) : ''
        const payment: Extract<RegistrationMail, { kind: 'registrationReceived' }>['payment'] =
          entry.paymentMethod === 'bankTransfer' && event.bank && entry.reference
            ? {
                method: 'bankTransfer',
                beneficiary: event.bank.beneficiary,
                iban: formatIban(event.bank.iban),
                bic: event.bank.bic,
                reference: formatCreditorReference(entry.reference),
                amount: money(entry, entry.totalMinor),
                dueBy,
              }
            : entry.paymentMethod === 'card'
              ? { method: 'card', payLink: `${config.publicUrl}/payment?token=${token}`, dueBy }
              : { method: 'free' }
        return {
          kind: 'registrationReceived',
          eventName: short(event.name),
          tournamentName: short(tournament.name),
          contestants: entry.contestants.getItems().map((c) => `${c.firstName} ${c.lastName}`),
          ticketLines: entry.lines.map(
            (l) => `${l.persons} × ${money(entry, l.unitPriceMinor)} = ${money(entry, l.totalMinor)}`,
          ),
          total: money(entry, entry.totalMinor),
          payment,
          statusLink: statusLink(token),
        }
      }

      const viewOf = (entry: EntryEntity, event: RegistrationEvent, t: Tournament | null) =>
        entryView(entry, event, t, cards.enabled)

      const eventOf = (entry: EntryEntity, locale: string) =>
        Effect.flatMap(events.byId(entry.eventId, locale), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(refuse('notFound')),
        )

      /** The entry's tournament as the public reads it (null if it was removed meanwhile). */
      const tournamentOf = (entry: EntryEntity, event: RegistrationEvent) =>
        tournaments
          .findInEvent(event.eventId, String(entry.tournamentId), event.timeZone, event.accepted)
          .pipe(Effect.orElseSucceed(() => null))

      const viewWithContext = (entry: EntryEntity, locale: string) =>
        Effect.gen(function* () {
          const event = yield* eventOf(entry, locale)
          return viewOf(entry, event, yield* tournamentOf(entry, event))
        })

      const entryOfToken = (token: string) =>
        Effect.gen(function* () {
          if (!isTokenShaped(token)) return yield* refuse('notFound')
          const entry = yield* Repo.entryByTokenHash(hashToken(token))
          return entry ?? (yield* refuse('notFound'))
        })

      const status = Effect.fn('RegistrationDesk.status')(function* (token: string, locale: string) {
        return yield* viewWithContext(yield* entryOfToken(token), locale)
      })

      /** Records a payment once: pending (or confirmed at the venue) becomes confirmed and paid, with its e-mail. */
      const recordPayment = (
        entryId: number,
        actorUserId: number | null,
        how: 'markedPaid' | 'paidByCard',
        details: object,
      ) =>
        inTransaction(
          Effect.gen(function* () {
            const entry = yield* Repo.lockEntry(entryId)
            if (!entry) return yield* refuse('notFound')
            if (entry.paidAt) {
              // A second payment (another card checkout, or a card after a transfer): the organiser refunds it.
              if (how === 'paidByCard') yield* Repo.audit(entry.id, actorUserId, 'duplicatePayment', details)
              return entry
            }
            if (entry.status === 'canceled') return yield* refuse('wrongState')
            // A late payment brings an expired entry back only if its places are still there (sales may be over).
            if (entry.status === 'expired') {
              yield* sales.takeBack(entry.lines.map(releaseLine))
              yield* events.placesTaken(entry.eventId, entry.lines)
            }
            const at = yield* now
            entry.status = 'confirmed'
            entry.paidAt = at
            entry.expiresAt = null
            if (how === 'paidByCard') entry.paymentMethod = 'card'
            // Only a hash of the first status link is kept, so the receipt carries a second one to the same page.
            const receiptToken = randomBytes(32).toString('base64url')
            entry.receiptTokenHash = hashToken(receiptToken)
            yield* Repo.flush
            yield* Repo.audit(entry.id, actorUserId, how, details)
            const event = yield* eventOf(entry, entry.language)
            const t = yield* tournamentOf(entry, event)
            if (entry.contactEmail && entry.totalMinor > 0)
              yield* enqueue(
                entry.contactEmail,
                entry.language,
                {
                  kind: 'paymentReceived',
                  eventName: short(event.name),
                  tournamentName: short(t?.name ?? ''),
                  amount: money(entry, entry.totalMinor),
                  statusLink: statusLink(receiptToken),
                },
                'registration.paymentReceived',
              )
            return entry
          }),
        )

      const { payByCard, confirmCardReturn, cardWebhook } = cardCheckout({
        cards,
        config,
        refuse,
        statusLink,
        entryOfToken,
        eventOf,
        tournamentOf,
        viewWithContext,
        recordPayment,
      })

      /** The event's organiser or the super user; anyone else is told the event does not exist. */
      const managedEvent = (actor: RegistrationActor, eventId: number, locale: string) =>
        Effect.gen(function* () {
          const found = yield* events.byId(eventId, locale)
          if (Option.isNone(found)) return yield* refuse('notFound')
          if (!actor.isSuper && found.value.organiserId !== actor.organiserId)
            return yield* refuse('notFound')
          return found.value
        })

      const listForEvent = Effect.fn('RegistrationDesk.listForEvent')(function* (
        actor: RegistrationActor,
        eventId: number,
        options: EntryQuery & { readonly offset: number; readonly limit: number },
        locale: string,
      ) {
        const event = yield* managedEvent(actor, eventId, locale)
        const page = yield* Repo.pageOfEvent(eventId, options, options.offset, options.limit)
        const list = yield* tournaments.listForEvent(eventId, event.timeZone, event.accepted)
        const byId = new Map(list.map((t) => [Number(t.tournamentId), t]))
        return new EntryPage({
          entries: page.entries.map((e) => viewOf(e, event, byId.get(e.tournamentId) ?? null)),
          total: page.total,
        })
      })

      const exportCsv = Effect.fn('RegistrationDesk.exportCsv')(function* (
        actor: RegistrationActor,
        eventId: number,
        locale: string,
        query: EntryQuery = { tournamentId: null, status: null, search: null },
      ) {
        const language = resolveInterfaceLocale(locale)
        const event = yield* managedEvent(actor, eventId, language)
        const list = yield* tournaments.listForEvent(eventId, event.timeZone, event.accepted)
        const byId = new Map(list.map((t) => [Number(t.tournamentId), t]))
        return entriesCsv(yield* Repo.allOfEvent(eventId, query), byId, language, event.timeZone)
      })

      const markPaidMany = Effect.fn('RegistrationDesk.markPaidMany')(function* (
        actor: RegistrationActor,
        eventId: number,
        entryIds: ReadonlyArray<number>,
      ) {
        // Authorised before locking: nobody holds a lock on another organiser's entries.
        yield* managedEvent(actor, eventId, 'en')
        return yield* inTransaction(
          Effect.gen(function* () {
            const locked = yield* Repo.lockEntriesOfEvent(eventId, entryIds)
            const byId = new Map(locked.map((e) => [e.id, e]))
            const marked: Array<number> = []
            const skipped: Array<{ readonly entryId: number; readonly reason: MarkPaidSkip }> = []
            for (const entryId of [...new Set(entryIds)].sort((a, b) => a - b)) {
              const entry = byId.get(entryId)
              const reason: MarkPaidSkip | null = !entry
                ? 'notFound'
                : entry.paidAt
                  ? 'alreadyPaid'
                  : entry.status === 'canceled'
                    ? 'canceled'
                    : entry.status === 'expired'
                      ? 'expired'
                      : entry.totalMinor <= 0
                        ? 'nothingToPay'
                        : null
              if (reason !== null) {
                skipped.push({ entryId, reason })
                continue
              }
              yield* recordPayment(entryId, actor.userId, 'markedPaid', { bulk: true }).pipe(
                // Pending or confirmed and unpaid, under this transaction's lock: recording cannot be refused.
                Effect.catchTags({
                  RegistrationRefused: (e) => Effect.die(e),
                  TicketsUnavailable: (e) => Effect.die(e),
                }),
              )
              marked.push(entryId)
            }
            return new MarkPaidResult({ marked, skipped })
          }),
        )
      })

      /** Locks an entry of an event the actor manages. */
      const managedEntry = (actor: RegistrationActor, entryId: number) =>
        Effect.gen(function* () {
          // Authorised before locking: nobody holds a lock on another organiser's entry.
          const seen = yield* Repo.entryById(entryId)
          if (!seen) return yield* refuse('notFound')
          const event = yield* managedEvent(actor, seen.eventId, seen.language)
          const entry = yield* Repo.lockEntry(entryId)
          if (!entry) return yield* refuse('notFound')
          return { entry, event }
        })

      const markPaid = Effect.fn('RegistrationDesk.markPaid')(function* (
        actor: RegistrationActor,
        entryId: number,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* managedEntry(actor, entryId)
            const entry = yield* recordPayment(entryId, actor.userId, 'markedPaid', {})
            return yield* viewWithContext(entry, entry.language)
          }),
        )
      })

      const cancel = Effect.fn('RegistrationDesk.cancel')(function* (
        actor: RegistrationActor,
        entryId: number,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const { entry, event } = yield* managedEntry(actor, entryId)
            if (entry.status === 'canceled' || entry.status === 'expired') return yield* refuse('wrongState')
            yield* sales.release(entry.lines.map(releaseLine))
            yield* events.placesGivenBack(event.eventId)
            entry.status = 'canceled'
            entry.canceledAt = yield* now
            entry.expiresAt = null
            yield* Repo.flush
            yield* Repo.audit(entry.id, actor.userId, 'canceled', {})
            // An open card checkout must not take money for a canceled entry; one already paid is refunded by
            // the organiser (the webhook records it as not honoured).
            if (entry.cardSessionId && !entry.paidAt)
              yield* cards
                .expireCheckout(entry.cardSessionId)
                .pipe(
                  Effect.catch((e) => Effect.logWarning('card checkout not expired', { error: e.message })),
                )
            const t = yield* tournamentOf(entry, event)
            if (entry.contactEmail)
              yield* enqueue(
                entry.contactEmail,
                entry.language,
                {
                  kind: 'registrationCanceled',
                  eventName: short(event.name),
                  tournamentName: short(t?.name ?? ''),
                  statusLink: eventLink(event),
                },
                'registration.canceled',
              )
            return viewOf(entry, event, t)
          }),
        ).pipe(Effect.tap(forgetSoldOut))
      })

      const move = Effect.fn('RegistrationDesk.move')(function* (
        actor: RegistrationActor,
        entryId: number,
        target: { readonly tournamentId: number; readonly ticketId: number },
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const { entry, event } = yield* managedEntry(actor, entryId)
            if (entry.status === 'canceled' || entry.status === 'expired') return yield* refuse('wrongState')
            if (target.tournamentId === entry.tournamentId) return yield* refuse('incompatible')
            const from = yield* tournamentOf(entry, event)
            const to = yield* tournaments
              .findInEvent(event.eventId, String(target.tournamentId), event.timeZone, event.accepted)
              .pipe(Effect.mapError(() => refuse('notFound')))
            if (to.eventId !== event.eventId) return yield* refuse('notFound')
            const players = entry.contestants.length
            const rule = contestantRule(to.type)
            if (!from || to.type !== from.type || players < rule.min || players > rule.max)
              return yield* refuse('incompatible')
            // The places move; the price agreed (and any payment) stays as it was.
            const taken = yield* sales.reserve(
              to.tournamentId,
              [{ ticketId: target.ticketId, ageCategoryId: null, persons: players }],
              event.timeZone,
            )
            yield* sales.release(entry.lines.map(releaseLine))
            yield* events.placesGivenBack(event.eventId)
            entry.tournamentId = to.tournamentId
            entry.ticketId = target.ticketId
            entry.lines = taken.lines.map((l) => ({ ...toStored(l), unitPriceMinor: 0, totalMinor: 0 }))
            for (const c of entry.contestants.getItems()) {
              c.ticketId = target.ticketId
              c.ageCategoryId = null
            }
            yield* Repo.flush
            yield* Repo.audit(entry.id, actor.userId, 'moved', {
              from: from?.tournamentId ?? null,
              to: to.tournamentId,
            })
            if (entry.contactEmail)
              yield* enqueue(
                entry.contactEmail,
                entry.language,
                {
                  kind: 'registrationMoved',
                  eventName: short(event.name),
                  fromTournament: short(from?.name ?? ''),
                  toTournament: short(to.name),
                  statusLink: eventLink(event),
                },
                'registration.moved',
              )
            return viewOf(entry, event, to)
          }),
        ).pipe(Effect.tap(forgetSoldOut))
      })

      const rules = Effect.fn('RegistrationDesk.rules')(function* (tournamentId: number, locale: string) {
        const eventId = (yield* tournaments.eventIdsOf([tournamentId])).get(tournamentId)
        if (eventId === undefined) return yield* refuse('notFound')
        const event = yield* publicEvent(String(eventId), locale)
        const t = yield* findTournament(event, String(tournamentId))
        return new TournamentRules({
          event: { alias: event.alias, name: event.name },
          tournament: {
            tournamentId: t.tournamentId,
            alias: t.alias,
            name: t.name,
            type: t.type,
            rulesFile: t.rulesAndRegulationsFile,
            isOpenRegistration: t.isOpenRegistration,
            verifyPlayer: t.verifyPlayer,
          },
          paymentMethods: t.isOpenRegistration ? methodsOf(event) : null,
          holdHours: config.holdHours,
        })
      })

      const expireDue = Effect.fn('RegistrationDesk.expireDue')(function* (limit: number) {
        const at = yield* now
        return yield* inTransaction(
          Effect.gen(function* () {
            const due = yield* Repo.lockDue(at, limit)
            for (const entry of due) {
              yield* sales.release(entry.lines.map(releaseLine))
              entry.status = 'expired'
              yield* Repo.audit(entry.id, null, 'expired', {})
              const event = yield* eventOf(entry, entry.language).pipe(Effect.option)
              if (Option.isNone(event) || !entry.contactEmail) continue
              const t = yield* tournamentOf(entry, event.value)
              yield* enqueue(
                entry.contactEmail,
                entry.language,
                {
                  kind: 'registrationExpired',
                  eventName: short(event.value.name),
                  tournamentName: short(t?.name ?? ''),
                  registerLink: eventLink(event.value),
                },
                'registration.expired',
              )
            }
            // Each event the places went back to, in id order (as every writer locks one event at a time).
            const freed = [...new Set(due.map((e) => e.eventId))].sort((a, b) => a - b)
            for (const eventId of freed) yield* events.placesGivenBack(eventId)
            yield* Repo.flush
            return due.length
          }),
        ).pipe(Effect.tap(forgetSoldOut))
      })

      return RegistrationDesk.of({
        openTournaments,
        form,
        register,
        status,
        payByCard,
        rules,
        confirmCardReturn,
        cardWebhook,
        listForEvent,
        exportCsv,
        markPaid,
        markPaidMany,
        cancel,
        move,
        expireDue,
      })
    }),
  )
}

/**
 * A ticket that cannot be taken only because its places ran out: for sale, and either none of its own left or
 * (it is not available) the categories on sale today are all full.
 */
const soldOutTicket = (k: Ticket, today: string) =>
  k.isForSale && (k.ticketsLeft === 0 || k.ticketAgeCategories.some((a) => categorySalesOpen(a, today)))

/** Whether the tournament's ticket has age categories (then one of them must be chosen). */
const withCategories = (t: Tournament, ticketId: number) =>
  t.tickets.some((k) => k.ticketId === ticketId && k.ticketAgeCategories.length > 0)

/** The tournament as its registration form offers it: only the tickets, and categories, a player can take today. */
const offered = (t: Tournament): Tournament =>
  new Tournament({
    ...t,
    tickets: t.tickets
      .filter((k) => k.isAvailable)
      .map(
        (k) => new Ticket({ ...k, ticketAgeCategories: k.ticketAgeCategories.filter((a) => a.isAvailable) }),
      ),
  })

/** A stored line as TicketSales gives it back. */
const releaseLine = (l: StoredLine): PricedLine => new PricedLine({ ...l })
