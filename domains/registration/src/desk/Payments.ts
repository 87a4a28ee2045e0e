import { randomBytes } from 'node:crypto'
import { type EntryId, EventId, inTransaction, type UserId } from '@kibitz/kernel'
import { Effect } from 'effect'
import { MarkPaidResult, type MarkPaidSkip, type RegistrationActor } from '../Registration.ts'
import { type DeskContext, type DeskReads, hashToken, releaseLine, short } from './DeskContext.ts'

// Payments recorded on an entry (decision 020): the organiser marks an entry paid (bank transfer or at the venue),
// one or many at a time; a card payment (desk/CardCheckout.ts) is recorded the same way, once.

/** The desk's markPaid and markPaidMany, and the recording of a payment that the card checkout shares. */
export const payments = (desk: DeskContext) => {
  const {
    repo,
    events,
    sales,
    now,
    refuse,
    enqueue,
    statusLink,
    money,
    readsOnce,
    managedEvent,
    managedEntry,
  } = desk

  /**
   * Records a payment once: pending (or confirmed at the venue) becomes confirmed and paid, with its e-mail. The
   * entry's event and tournament come from `reads` (the caller's, when it read them already).
   */
  const recordPayment = (
    entryId: number,
    actorUserId: UserId | null,
    how: 'markedPaid' | 'paidByCard',
    details: object,
    reads: DeskReads = readsOnce(),
  ) =>
    inTransaction(
      Effect.gen(function* () {
        const entry = yield* repo.lockEntry(entryId)
        if (!entry) return yield* refuse('notFound')
        if (entry.paidAt) {
          // A second payment (another card checkout, or a card after a transfer): the organiser refunds it.
          if (how === 'paidByCard') yield* repo.audit(entry.id, actorUserId, 'duplicatePayment', details)
          return entry
        }
        if (entry.status === 'canceled') return yield* refuse('wrongState')
        // A late payment brings an expired entry back only if its places are still there (sales may be over).
        if (entry.status === 'expired') {
          yield* sales.takeBack(entry.lines.map(releaseLine))
          yield* events.placesTaken(EventId.make(entry.eventId), entry.lines)
        }
        const at = yield* now
        entry.status = 'confirmed'
        entry.paidAt = at
        entry.expiresAt = null
        if (how === 'paidByCard') entry.paymentMethod = 'card'
        // Only a hash of the first status link is kept, so the receipt carries a second one to the same page.
        const receiptToken = randomBytes(32).toString('base64url')
        entry.receiptTokenHash = hashToken(receiptToken)
        yield* repo.flush
        yield* repo.audit(entry.id, actorUserId, how, details)
        const event = yield* reads.event(entry, entry.language)
        const t = yield* reads.tournament(entry, event)
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

  const markPaid = Effect.fn('RegistrationDesk.markPaid')(function* (
    actor: RegistrationActor,
    entryId: EntryId,
  ) {
    return yield* inTransaction(
      Effect.gen(function* () {
        // The event is read once, to authorise; the e-mail and the answer use it again.
        const managed = yield* managedEntry(actor, entryId)
        const reads = readsOnce()
        reads.remember(managed.event, managed.entry.language)
        const entry = yield* recordPayment(entryId, actor.userId, 'markedPaid', {}, reads)
        return yield* reads.view(entry, entry.language)
      }),
    )
  })

  const markPaidMany = Effect.fn('RegistrationDesk.markPaidMany')(function* (
    actor: RegistrationActor,
    eventId: EventId,
    entryIds: ReadonlyArray<EntryId>,
  ) {
    // Authorised before locking: nobody holds a lock on another organiser's entries.
    yield* managedEvent(actor, eventId, 'en')
    return yield* inTransaction(
      Effect.gen(function* () {
        const locked = yield* repo.lockEntriesOfEvent(eventId, entryIds)
        const byId = new Map(locked.map((e) => [e.id, e]))
        // The event (in each registrant's language) and each tournament are read once for all the e-mails.
        const reads = readsOnce()
        const marked: Array<EntryId> = []
        const skipped: Array<{ readonly entryId: EntryId; readonly reason: MarkPaidSkip }> = []
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
          yield* recordPayment(entryId, actor.userId, 'markedPaid', { bulk: true }, reads).pipe(
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

  return { recordPayment, markPaid, markPaidMany }
}
