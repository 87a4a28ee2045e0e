import { EventId, inTransaction } from '@kibitz/kernel'
import { Effect, Option } from 'effect'
import { type DeskContext, releaseLine, short } from './DeskContext.ts'

// The expiry job's use case (decision 020): unpaid entries past their deadline expire in batches, give their
// places back and e-mail the registrant.

/** The desk's expireDue. */
export const expiry = (desk: DeskContext) => {
  const { repo, events, sales, now, soldOut, enqueue, eventLink, readsOnce } = desk

  const expireDue = Effect.fn('RegistrationDesk.expireDue')(function* (limit: number) {
    const at = yield* now
    return yield* inTransaction(
      Effect.gen(function* () {
        const due = yield* repo.lockDue(at, limit)
        // Each event (in each registrant's language) and tournament is read once for the batch's e-mails.
        const reads = readsOnce()
        for (const entry of due) {
          yield* sales.release(entry.lines.map(releaseLine))
          entry.status = 'expired'
          yield* repo.audit(entry.id, null, 'expired', {})
          const event = yield* reads.event(entry, entry.language).pipe(Effect.option)
          if (Option.isNone(event) || !entry.contactEmail) continue
          const t = yield* reads.tournament(entry, event.value)
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
        for (const eventId of freed) yield* events.placesGivenBack(EventId.make(eventId))
        yield* repo.flush
        return due.length
      }),
    ).pipe(Effect.tap(soldOut.forget))
  })

  return { expireDue }
}
