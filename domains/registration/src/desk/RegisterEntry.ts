import { randomBytes } from 'node:crypto'
import {
  EntryId,
  FieldProblem,
  formatIban,
  formatZonedDateTime,
  inTransaction,
  resolveInterfaceLocale,
  TournamentId,
  type UserId,
  ValidationRule,
} from '@kibitz/kernel'
import type { PricedLine, TicketsUnavailable, Tournament } from '@kibitz/tournaments'
import { Data, Effect, Schema } from 'effect'
import { isPaymentMethod } from '../internal/EntryView.ts'
import type { RegistrationMail } from '../internal/mail/RegistrationMail.ts'
import type { NewEntryRow } from '../internal/RegistrationRepo.ts'
import { creditorReferenceForEntry, formatCreditorReference } from '../payment/CreditorReference.ts'
import {
  IdempotencyKeyReused,
  type RegistrationEvent,
  RegistrationInvalid,
  RegistrationReceipt,
  TicketsChanged,
} from '../Registration.ts'
import { type PaymentMethod, payableByCard, type RegisterInput } from '../RegistrationInput.ts'
import {
  type DeskContext,
  hashToken,
  RegistrationLimits,
  short,
  soldOutWhileOpen,
  toStored,
} from './DeskContext.ts'
import { crossProblems, saleLines, verifyPlayers, withCategories } from './RegisterChecks.ts'

const isTournamentId = Schema.is(TournamentId)

// Anyone (signed in or not) registers an entry (decision 020): priced on the server before and again under the
// row locks, its tickets reserved and the entry written with its e-mail in one transaction. The event and the
// tournament are read once, at the start, and handed down; only a 3000 after the sale was tried reads the
// tournament again, to answer with the form as it is now.

/** Inside the sale's transaction: the locked counts give another total (an early bird ran out meanwhile). */
class Repriced extends Data.TaggedError('Repriced')<{ readonly totalMinor: number }> {}
/** Inside the registering transaction: another request with the same key got there first (it rolls back). */
class KeyTaken extends Data.TaggedError('KeyTaken')<Record<never, never>> {}
/**
 * Inside the sale's transaction: the same total, but the places priced otherwise than quoted (an early bird's
 * last place split a line); it rolls back, as the e-mail written before the sale told the quoted lines.
 */
class Resold extends Data.TaggedError('Resold')<{ readonly lines: ReadonlyArray<PricedLine> }> {}

/** Whether a sale priced its places exactly as quoted. */
const sameLines = (a: ReadonlyArray<PricedLine>, b: ReadonlyArray<PricedLine>) =>
  a.length === b.length &&
  a.every(
    (l, i) => JSON.stringify(toStored(l)) === JSON.stringify(b[i] === undefined ? null : toStored(b[i])),
  )

const changedReason = (e: TicketsUnavailable) => e.reason

/** The desk's register. */
export const registerEntry = (desk: DeskContext) => {
  const { events, config, sales, rateLimit, federation, now, refuse, publicEvent, findTournament } = desk
  const { repo, tournaments, methodsOf, formOf, soldOut, enqueue, statusLink, money } = desk

  /**
   * An earlier request with this key: the receipt of the entry it made, as it answered then (null when the key
   * is new); IdempotencyKeyReused when the key served another request.
   */
  const earlier = Effect.fn('RegistrationDesk.earlier')(function* (key: {
    readonly hash: string
    readonly request: string
  }) {
    const found = yield* repo.findRequest(key.hash)
    if (found === null) return null
    if (found.requestHash !== key.request) return yield* new IdempotencyKeyReused()
    const entry = found.entryId === null ? null : yield* repo.entryById(found.entryId)
    if (entry === null || found.statusToken === null) return yield* refuse('notFound')
    return new RegistrationReceipt({
      entryId: EntryId.make(entry.id),
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

  const receivedMail = (
    event: RegistrationEvent,
    tournament: { readonly name: string },
    entry: NewEntryRow,
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
      contestants: entry.contestants.map((c) => `${c.firstName} ${c.lastName}`),
      ticketLines: entry.lines.map(
        (l) => `${l.persons} × ${money(entry, l.unitPriceMinor)} = ${money(entry, l.totalMinor)}`,
      ),
      total: money(entry, entry.totalMinor),
      payment,
      statusLink: statusLink(token),
    }
  }

  /** The event of a tournament named by its id (a register call that does not name the event). */
  const eventOfTournament = Effect.fn('RegistrationDesk.eventOfTournament')(function* (
    tournamentRef: string,
  ) {
    const id = /^[1-9]\d{0,9}$/.test(tournamentRef) ? Number(tournamentRef) : null
    if (id === null || !isTournamentId(id)) return yield* refuse('notFound')
    const eventId = (yield* tournaments.eventIdsOf([id])).get(id)
    return eventId === undefined ? yield* refuse('notFound') : String(eventId)
  })

  const register = Effect.fn('RegistrationDesk.register')(function* (
    eventNamed: string | undefined,
    tournamentRef: string,
    input: RegisterInput,
    who: { readonly userId: UserId | null; readonly language: string; readonly address?: string },
    options: { readonly idempotencyKey?: string } = {},
  ) {
    // The event by its id when the call names only the tournament: keys, replays and the sold-out memory are the
    // same as for a call that named it so.
    const eventRef = eventNamed ?? (yield* eventOfTournament(tournamentRef))
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
    const known = soldOut.recall(soldOutKey, at)
    if (known) return yield* Effect.fail(known)
    const event = yield* publicEvent(eventRef, language)
    const tournament = yield* findTournament(event, tournamentRef)
    const refusal = (
      t: Tournament,
      reason: TicketsChanged['reason'],
      quotedTotalMinor: number | null = null,
    ) => new TicketsChanged({ reason, form: formOf(event, t), quotedTotalMinor })
    // Decided from the tickets just read with the tournament: 3000 with the form as it was read.
    const unchanged = (reason: TicketsChanged['reason']) => Effect.fail(refusal(tournament, reason))
    // The sale found them otherwise (sold meanwhile, another price): 3000 with the tournament read again.
    const changed = (reason: TicketsChanged['reason'], quotedTotalMinor: number | null = null) =>
      findTournament(event, tournamentRef).pipe(
        Effect.orElseSucceed(() => tournament),
        Effect.flatMap((t) => Effect.fail(refusal(t, reason, quotedTotalMinor))),
      )
    if (!tournament.isOpenRegistration) {
      if (soldOutWhileOpen(event, tournament, at))
        return yield* unchanged('soldOut').pipe(
          Effect.tapError((refusal) => Effect.sync(() => soldOut.remember(soldOutKey, refusal, at))),
        )
      return yield* refuse('closed')
    }
    const methods = methodsOf(event)
    const problems = crossProblems(input, tournament, methods)
    if (problems.length > 0) return yield* new RegistrationInvalid({ problems })
    if (
      input.data.contestants.some((c) => c.ageCategoryId === null && withCategories(tournament, c.ticketId))
    )
      return yield* unchanged('notForSale')
    const lines = saleLines(input, tournament)
    // The price the visitor saw must still be the price: a change is told (3000), never applied silently.
    // Priced from the tournament just read when its tickets' counts are all the price needs (no age category).
    const quote = yield* sales
      .quoteAsRead(tournament, lines, event.timeZone)
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
    const checked = yield* verifyPlayers(federation, input, tournament)
    if (checked.problems.length > 0) return yield* new RegistrationInvalid({ problems: checked.problems })

    // A total above what a card checkout takes is paid by transfer (or at the venue) instead.
    const payable = methods.filter((m) => m !== 'card' || payableByCard(quote.totalMinor, event.currencyCode))
    if (quote.totalMinor > 0 && payable.length > 0 && !payable.includes(input.ticket.paymentMethod))
      return yield* new RegistrationInvalid({
        problems: [new FieldProblem({ field: 'ticket.paymentMethod', rule: ValidationRule.outOfRange })],
      })
    const method: PaymentMethod =
      quote.totalMinor === 0 ? 'free' : payable.length === 0 ? 'atVenue' : input.ticket.paymentMethod
    const waitsForPayment = method === 'bankTransfer' || method === 'card'
    const expiresAt = waitsForPayment ? new Date(at.getTime() + config.holdHours * 3_600_000) : null
    const token = randomBytes(32).toString('base64url')
    const status = waitsForPayment ? 'pending' : 'confirmed'
    /** The entry as it is written, its id given, its lines and total as `lines` priced them. */
    const entryOf = (id: number, sold: ReadonlyArray<PricedLine>): NewEntryRow => ({
      id,
      reference: method === 'bankTransfer' ? creditorReferenceForEntry(id) : null,
      eventId: event.eventId,
      tournamentId: tournament.tournamentId,
      userId: who.userId,
      status,
      teamName: input.data.teamName.trim() === '' ? null : input.data.teamName.trim(),
      contactEmail: input.data.contactEmail,
      language,
      totalMinor: sold.reduce((sum, l) => sum + l.totalMinor, 0),
      currencyCode: event.currencyCode,
      lines: sold.map(toStored),
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
    })
    // One transaction, its writes ordered so that the tickets' rows are locked as briefly as a sale allows
    // (decision 018): first what locks no row another registration needs (the key, the e-mail), then the sale,
    // which locks the tickets' rows before any row an entry references (as every sale and edit does), then the
    // entry in one statement, and the commit. The e-mail is written from the lines as quoted; a sale that prices
    // them otherwise is rolled back (another total: 3000; the same total split otherwise: written again as sold).
    const registerAs = (quoted: ReadonlyArray<PricedLine>) =>
      inTransaction(
        Effect.gen(function* () {
          // The key first: a concurrent request with the same key waits here for this one, then replays it.
          const id = yield* repo.claimEntry(key)
          if (id === null) return yield* new KeyTaken()
          const entry = entryOf(id, quoted)
          yield* enqueue(
            entry.contactEmail,
            language,
            receivedMail(event, tournament, entry, token, language),
            'registration.received',
          )
          // Priced again from the counts the sale takes places from: an early bird ending meanwhile is 3000 too.
          const sold = yield* sales.reserve(tournament.tournamentId, lines, event.timeZone)
          if (sold.totalMinor !== input.ticket.expectedTotalMinor)
            return yield* new Repriced({ totalMinor: sold.totalMinor })
          if (!sameLines(sold.lines, quoted)) return yield* new Resold({ lines: sold.lines })
          yield* repo.insertRegistered(
            entry,
            { actorUserId: who.userId, details: { method, totalMinor: sold.totalMinor } },
            key && { keyHash: key.hash, statusToken: token },
          )
          // The last place taken closes the event's registration on its card in this same transaction.
          if (sold.placesRanOut) yield* events.placesTaken(event.eventId, sold.lines)
          return entry
        }),
      )
    const reserved = yield* registerAs(quote.lines).pipe(
      Effect.catchTag('Resold', (e) => registerAs(e.lines)),
      Effect.catchTags({
        TicketsUnavailable: (e) => changed(changedReason(e)),
        Repriced: (e) => changed('priceChanged', e.totalMinor),
        Resold: () => changed('priceChanged', input.ticket.expectedTotalMinor),
      }),
      Effect.map((entry) => ({ entry })),
      Effect.catchTag('KeyTaken', () =>
        key ? Effect.map(earlier(key), (answer) => ({ answer })) : refuse('notFound'),
      ),
    )
    if ('answer' in reserved) return reserved.answer ?? (yield* refuse('notFound'))
    return new RegistrationReceipt({
      entryId: EntryId.make(reserved.entry.id),
      status,
      paymentMethod: method,
      totalMinor: reserved.entry.totalMinor,
      currencyCode: reserved.entry.currencyCode,
      reference: reserved.entry.reference,
      statusToken: token,
      expiresAt: reserved.entry.expiresAt?.toISOString() ?? null,
      replayed: false,
    })
  })

  return { register }
}
