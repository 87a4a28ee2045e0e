import {
  type EntryId,
  type EventId,
  inTransaction,
  resolveInterfaceLocale,
  type TournamentId,
} from '@kibitz/kernel'
import { Effect } from 'effect'
import { entriesCsv } from '../internal/EntryCsv.ts'
import { EntryPage, type EntryQuery, type RegistrationActor } from '../Registration.ts'
import { contestantRule } from '../RegistrationInput.ts'
import { type DeskContext, releaseLine, short, toStored, tournamentsEvent } from './DeskContext.ts'

// The organiser's entries (decisions 020 and 034): the event's registrations as a page and as CSV, and the
// transitions an organiser makes on one entry, cancel and move (marking paid is desk/Payments.ts). Each is one
// function: authorise, lock, write, audit, e-mail; places given back reach the event's summary.

/** The desk's listForEvent, exportCsv, cancel and move. */
export const organiserEntries = (desk: DeskContext) => {
  const { events, sales, tournaments, cards, now, refuse, soldOut, enqueue, eventLink, viewOf } = desk
  const { repo, tournamentOf, managedEvent, managedEntry } = desk

  const listForEvent = Effect.fn('RegistrationDesk.listForEvent')(function* (
    actor: RegistrationActor,
    eventId: EventId,
    options: EntryQuery & { readonly offset: number; readonly limit: number },
    locale: string,
  ) {
    const event = yield* managedEvent(actor, eventId, locale)
    const page = yield* repo.pageOfEvent(eventId, options, options.offset, options.limit)
    const list = yield* tournaments.listForEvent(tournamentsEvent(event))
    const byId = new Map(list.map((t) => [Number(t.tournamentId), t]))
    return new EntryPage({
      entries: page.entries.map((e) => viewOf(e, event, byId.get(e.tournamentId) ?? null)),
      total: page.total,
    })
  })

  const exportCsv = Effect.fn('RegistrationDesk.exportCsv')(function* (
    actor: RegistrationActor,
    eventId: EventId,
    locale: string,
    query: EntryQuery = { tournamentId: null, status: null, search: null },
  ) {
    const language = resolveInterfaceLocale(locale)
    const event = yield* managedEvent(actor, eventId, language)
    const list = yield* tournaments.listForEvent(tournamentsEvent(event))
    const byId = new Map(list.map((t) => [Number(t.tournamentId), t]))
    return entriesCsv(yield* repo.allOfEvent(eventId, query), byId, language, event.timeZone)
  })

  const cancel = Effect.fn('RegistrationDesk.cancel')(function* (actor: RegistrationActor, entryId: EntryId) {
    return yield* inTransaction(
      Effect.gen(function* () {
        const { entry, event } = yield* managedEntry(actor, entryId)
        if (entry.status === 'canceled' || entry.status === 'expired') return yield* refuse('wrongState')
        yield* sales.release(entry.lines.map(releaseLine))
        yield* events.placesGivenBack(event.eventId)
        entry.status = 'canceled'
        entry.canceledAt = yield* now
        entry.expiresAt = null
        yield* repo.flush
        yield* repo.audit(entry.id, actor.userId, 'canceled', {})
        // An open card checkout must not take money for a canceled entry; one already paid is refunded by
        // the organiser (the webhook records it as not honoured).
        if (entry.cardSessionId && !entry.paidAt)
          yield* cards
            .expireCheckout(entry.cardSessionId)
            .pipe(Effect.catch((e) => Effect.logWarning('card checkout not expired', { error: e.message })))
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
    ).pipe(Effect.tap(soldOut.forget))
  })

  const move = Effect.fn('RegistrationDesk.move')(function* (
    actor: RegistrationActor,
    entryId: EntryId,
    target: { readonly tournamentId: TournamentId; readonly ticketId: number },
  ) {
    return yield* inTransaction(
      Effect.gen(function* () {
        const { entry, event } = yield* managedEntry(actor, entryId)
        if (entry.status === 'canceled' || entry.status === 'expired') return yield* refuse('wrongState')
        if (target.tournamentId === entry.tournamentId) return yield* refuse('incompatible')
        const from = yield* tournamentOf(entry, event)
        const to = yield* tournaments
          .findInEvent(tournamentsEvent(event), String(target.tournamentId))
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
        yield* repo.flush
        yield* repo.audit(entry.id, actor.userId, 'moved', {
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
    ).pipe(Effect.tap(soldOut.forget))
  })

  return { listForEvent, exportCsv, cancel, move }
}
