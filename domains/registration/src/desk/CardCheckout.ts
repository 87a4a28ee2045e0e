import { type Em, EntryId, inTransaction, type UserId } from '@kibitz/kernel'
import type { TicketsUnavailable } from '@kibitz/tournaments'
import { Clock, Effect } from 'effect'
import type { RegistrationRefused } from '../Registration.ts'
import { payableByCard } from '../RegistrationInput.ts'
import type { DeskContext, DeskReads } from './DeskContext.ts'

// The registrant's card payment (decision 020): the checkout for an unpaid entry, the return from it and the
// provider's webhook. Part of the registration desk, which hands in what it shares with its other use cases;
// each request reads the entry's event and tournament once (the desk's readsOnce), for the e-mail and the view.

/** How long before an entry's deadline its card checkout closes. */
const checkoutMarginMs = 15 * 60_000
/** The start of the ten-minute window `at` falls in: one checkout's parameters per window. */
const windowStart = (at: Date) => Math.floor(at.getTime() / 600_000) * 600_000

/** What the card use cases take from the registration desk. */
export type CardCheckoutDesk = Pick<
  DeskContext,
  'repo' | 'cards' | 'config' | 'refuse' | 'statusLink' | 'entryOfToken' | 'readsOnce'
> & {
  /** Records a payment once (see the desk's recordPayment), its e-mail reading from `reads`. */
  readonly recordPayment: (
    entryId: number,
    actorUserId: UserId | null,
    how: 'paidByCard',
    details: object,
    reads?: DeskReads,
  ) => Effect.Effect<unknown, RegistrationRefused | TicketsUnavailable, Em>
}

/** The desk's payByCard, confirmCardReturn and cardWebhook. */
export const cardCheckout = (desk: CardCheckoutDesk) => {
  const { repo, cards, config, refuse, statusLink, entryOfToken, readsOnce, recordPayment } = desk
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

  const payByCard = Effect.fn('RegistrationDesk.payByCard')(function* (token: string, locale: string) {
    if (!cards.enabled) return yield* refuse('paymentUnavailable')
    const entry = yield* entryOfToken(token)
    if (entry.status !== 'pending' || entry.totalMinor === 0) return yield* refuse('wrongState')
    if (!payableByCard(entry.totalMinor, entry.currencyCode)) return yield* refuse('paymentUnavailable')
    // One open checkout per entry: pressing Pay again (or coming back) reopens it.
    if (entry.cardSessionId) {
      const open = yield* cards.retrieveCheckout(entry.cardSessionId)
      if (!open.paid && open.url !== '') return open.url
    }
    const at = yield* now
    const deadline = entry.expiresAt ?? new Date(at.getTime() + config.holdHours * 3_600_000)
    // The checkout closes a quarter of an hour before the entry expires, so a payment always lands while
    // its places are held; Stripe needs at least 30 minutes.
    const closesAt = Math.min(deadline.getTime() - checkoutMarginMs, windowStart(at) + 23 * 3_600_000)
    if (closesAt - at.getTime() < 31 * 60_000) return yield* refuse('tooLate')
    const reads = readsOnce()
    const event = yield* reads.event(entry, locale)
    const t = yield* reads.tournament(entry, event)
    const session = yield* cards.createCheckout({
      entryId: EntryId.make(entry.id),
      reference: entry.reference ?? `KBZ${entry.id}`,
      amountMinor: entry.totalMinor,
      currency: entry.currencyCode,
      description: `${t?.name ?? ''} — ${event.name}`.slice(0, 250),
      customerEmail: entry.contactEmail ?? '',
      successUrl: `${statusLink(token)}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${config.publicUrl}/payment?token=${token}`,
      locale,
      expiresAt: new Date(closesAt),
      // The same parameters within a ten-minute window: a double click opens the same checkout.
      idempotencyKey: `entry-${entry.id}-${windowStart(at)}`,
    })
    const stored = yield* inTransaction(
      Effect.gen(function* () {
        const locked = yield* repo.lockEntry(entry.id)
        // Canceled or expired while Stripe answered: the checkout must not stay payable.
        if (locked?.status !== 'pending') return false
        locked.cardSessionId = session.sessionId
        yield* repo.flush
        yield* repo.audit(entry.id, null, 'cardCheckout', { sessionId: session.sessionId })
        return true
      }),
    )
    if (!stored) {
      yield* cards.expireCheckout(session.sessionId).pipe(Effect.ignore)
      return yield* refuse('wrongState')
    }
    return session.url
  })

  /**
   * A paid session of ours, for its entry's amount and currency, confirms the entry; anything else is recorded.
   * The payment's e-mail reads the entry's event and tournament from `reads`.
   */
  const settleSession = (
    session: {
      readonly sessionId: string
      readonly paid: boolean
      readonly amountMinor: number
      readonly currency: string
    },
    reads: DeskReads = readsOnce(),
  ) =>
    Effect.gen(function* () {
      if (!session.paid) return
      // Only checkouts this desk opened and recorded count: nothing else on the account maps to an entry.
      const entry = yield* repo.entryByCardSession(session.sessionId)
      if (!entry)
        return yield* Effect.logWarning('card payment for an unknown checkout', {
          session: session.sessionId,
        })
      if (
        session.amountMinor !== entry.totalMinor ||
        session.currency.toUpperCase() !== entry.currencyCode.toUpperCase()
      ) {
        yield* repo.audit(entry.id, null, 'cardAmountMismatch', { ...session })
        return
      }
      yield* recordPayment(entry.id, null, 'paidByCard', { sessionId: session.sessionId }, reads).pipe(
        Effect.catch((e) =>
          // Paid but not honoured (canceled, or its places gone): on record for the organiser to refund.
          Effect.gen(function* () {
            yield* repo.audit(entry.id, null, 'cardPaidNotHonoured', {
              sessionId: session.sessionId,
              reason: 'reason' in e ? e.reason : String(e),
            })
            yield* Effect.logError('card payment not honoured', { entryId: entry.id })
          }),
        ),
      )
    })

  const confirmCardReturn = Effect.fn('RegistrationDesk.confirmCardReturn')(function* (
    token: string,
    sessionId: string,
  ) {
    const entry = yield* entryOfToken(token)
    // The payment's e-mail and the answer read the event and the tournament once between them.
    const reads = readsOnce()
    if (entry.cardSessionId === sessionId && !entry.paidAt) {
      const session = yield* cards.retrieveCheckout(sessionId)
      yield* settleSession(session, reads)
    }
    const fresh = yield* repo.entryById(entry.id)
    return yield* reads.view(fresh ?? entry, entry.language)
  })

  const cardWebhook = Effect.fn('RegistrationDesk.cardWebhook')(function* (
    payload: string,
    signature: string | null,
  ) {
    const event = yield* cards.verifyWebhook(payload, signature)
    if (
      event.session &&
      (event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded')
    )
      yield* settleSession(event.session)
  })

  return { payByCard, confirmCardReturn, cardWebhook }
}
