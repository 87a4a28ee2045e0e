import { EntryId, EventId, TournamentId } from '@kibitz/kernel'
import { hasControlCharacters } from '@kibitz/kernel/format'
import {
  type EntryQuery,
  type EntryView,
  formatCreditorReference,
  type MarkPaidSkip,
  RegistrationDesk,
} from '@kibitz/registration'
import { EntryFilter } from '@kibitz/registration/input'
import { TournamentEditor } from '@kibitz/tournaments'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { Schema } from 'effect'
import { currentEventActor } from './actor.server.ts'
import { attempt, Result } from './forms.server.ts'
import { requestLocale } from './request.server.ts'

// The organiser's registrations screen (issues 5 and 14, /event/manage/{id}/registrations): the event's entries a
// page at a time by tournament, state and searched text, mark paid (one or several), cancel and move; each server
// function right after the server code it runs, which names the registration domain's use case
// (RegistrationDesk). Ids and values are checked here (a bad one is a 400 naming the field); the registration desk
// checks who may act and in which state. The actor comes from the session only; every answer is a plain value,
// never a thrown error; another organiser's event or entry reads as missing. The CSV download is
// registrations.server.ts.

/** A ticket of a tournament (ticket.id). */
const TicketId = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** What the organiser typed in the search field: up to 100 characters of text. */
export const SearchText = Schema.String.check(
  Schema.isMaxLength(100),
  Schema.makeFilter((value: string) => !hasControlCharacters(value), {
    expected: 'text without control characters',
  }),
)

/** The most entries one "mark selected paid" takes: two pages of the list. */
export const maximumMarkedAtOnce = 100

/** What the organiser does to one entry: mark it paid, cancel it, or move it to a tournament's ticket. */
const EntryActionChoice = Schema.Union([
  Schema.Struct({ action: Schema.Literal('markPaid') }),
  Schema.Struct({ action: Schema.Literal('cancel') }),
  Schema.Struct({ action: Schema.Literal('move'), tournamentId: TournamentId, ticketId: TicketId }),
])

/** Entries a page of the screen shows. */
export const registrationsPageSize = 50

/** One registration as the screen shows it: plain values, the RF reference in its printed groups. */
const rowOf = (e: EntryView) => ({
  entryId: e.entryId,
  tournament: { tournamentId: e.tournament.tournamentId, name: e.tournament.name, type: e.tournament.type },
  status: e.status,
  paymentMethod: e.paymentMethod,
  paid: e.paid,
  paidAt: e.paidAt,
  totalMinor: e.totalMinor,
  currencyCode: e.currencyCode,
  lines: e.lines.map((l) => ({
    ticketId: l.ticketId,
    ageCategoryId: l.ageCategoryId,
    persons: l.persons,
    units: l.units,
    unitPriceMinor: l.unitPriceMinor,
    totalMinor: l.totalMinor,
    earlyBird: l.earlyBird,
    ticketType: l.ticketType,
    ageCategoryName: l.ageCategoryName,
  })),
  reference: e.reference === null ? null : formatCreditorReference(e.reference),
  expiresAt: e.expiresAt,
  teamName: e.teamName,
  contactEmail: e.contactEmail,
  contestants: e.contestants.map((c) => ({
    firstName: c.firstName,
    lastName: c.lastName,
    countryCode: c.countryCode,
    federationId: c.federationId,
    federationVerified: c.federationVerified,
    ticketId: c.ticketId,
    ticketType: c.ticketType,
    ageCategoryName: c.ageCategoryName,
  })),
  createdAt: e.createdAt,
})

export type RegistrationRow = ReturnType<typeof rowOf>

/**
 * A page (from 1) of the event's registrations that match `query`, newest first, with the event's tournaments and
 * their tickets (the filter and the move dialog); null when the event is not the actor's.
 */
export const registrationsPage = createServerOnlyFn(
  async (eventId: EventId, query: EntryQuery, page: number) => {
    const actor = await currentEventActor()
    if (!actor) return null
    const locale = requestLocale()
    const listed = await attempt(
      RegistrationDesk.use((d) =>
        d.listForEvent(
          actor,
          eventId,
          { ...query, offset: (page - 1) * registrationsPageSize, limit: registrationsPageSize },
          locale,
        ),
      ),
    )
    if (Result.isFailure(listed)) return null
    const tournaments = await attempt(TournamentEditor.use((e) => e.tournaments(actor, eventId)))
    return {
      page,
      pageSize: registrationsPageSize,
      total: listed.success.total,
      tournamentId: query.tournamentId,
      status: query.status,
      search: query.search,
      entries: listed.success.entries.map(rowOf),
      tournaments: Result.isSuccess(tournaments)
        ? tournaments.success.map((t) => ({
            tournamentId: t.tournamentId,
            name: t.name,
            type: t.type,
            tickets: t.tickets.map((k) => ({
              ticketId: k.ticketId,
              type: k.type,
              priceMinor: k.priceMinor,
              ticketsLeft: k.ticketsLeft,
              isForSale: k.isForSale,
            })),
          }))
        : [],
    }
  },
)

/**
 * A page (from 1) of the event's registrations that match the tournament, state and searched text (each null:
 * any); null when the event is not the actor's.
 */
export const fetchRegistrations = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: EventId,
        tournamentId: Schema.NullOr(TournamentId),
        status: Schema.NullOr(EntryFilter),
        search: Schema.NullOr(SearchText),
        page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })),
      }),
    ),
  )
  .handler(({ data }) =>
    registrationsPage(
      data.eventId,
      { tournamentId: data.tournamentId, status: data.status, search: data.search },
      data.page,
    ),
  )

/**
 * Why an action on an entry was refused: the desk's reasons (notFound, wrongState, incompatible…), the ticket
 * reasons when no place was left (soldOut, notForSale, outsideSalesWindow, unknown), or signedOut.
 */
export type EntryActionOutcome =
  | { readonly ok: true; readonly entry: RegistrationRow }
  | { readonly ok: false; readonly reason: string }

const outcomeOf = (
  result: Result.Result<
    EntryView,
    { readonly _tag: 'RegistrationRefused' | 'TicketsUnavailable'; readonly reason: string }
  >,
): EntryActionOutcome =>
  Result.isSuccess(result)
    ? { ok: true, entry: rowOf(result.success) }
    : { ok: false, reason: result.failure.reason }

/** Marks an entry paid, cancels it, or moves it to another tournament of its event on one of its tickets. */
export const entryAction = createServerOnlyFn(
  async (entryId: EntryId, action: EntryAction): Promise<EntryActionOutcome> => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, reason: 'signedOut' }
    switch (action.action) {
      case 'markPaid':
        return outcomeOf(await attempt(RegistrationDesk.use((d) => d.markPaid(actor, entryId))))
      case 'cancel':
        return outcomeOf(await attempt(RegistrationDesk.use((d) => d.cancel(actor, entryId))))
      case 'move':
        return outcomeOf(
          await attempt(
            RegistrationDesk.use((d) =>
              d.move(actor, entryId, { tournamentId: action.tournamentId, ticketId: action.ticketId }),
            ),
          ),
        )
    }
  },
)

export type EntryAction = typeof EntryActionChoice.Type

/** Marks an entry paid, cancels it or moves it; answers the entry as it is now, or why not. */
export const runEntryAction = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ entryId: EntryId, action: EntryActionChoice })))
  .handler(({ data }) => entryAction(data.entryId, data.action))

/** The outcome of "mark selected paid": the entries marked and those left as they were with why, or why not. */
export type MarkSelectedOutcome =
  | {
      readonly ok: true
      readonly marked: ReadonlyArray<number>
      readonly skipped: ReadonlyArray<{ readonly entryId: number; readonly reason: MarkPaidSkip }>
    }
  | { readonly ok: false; readonly reason: 'notFound' | 'signedOut' }

/** Marks the selected entries of the event paid in one transaction (each with its e-mail), as far as each may be. */
export const markSelectedPaid = createServerOnlyFn(
  async (eventId: EventId, entryIds: ReadonlyArray<EntryId>): Promise<MarkSelectedOutcome> => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, reason: 'signedOut' }
    const result = await attempt(RegistrationDesk.use((d) => d.markPaidMany(actor, eventId, entryIds)))
    return Result.isSuccess(result)
      ? { ok: true, marked: result.success.marked, skipped: result.success.skipped }
      : { ok: false, reason: 'notFound' }
  },
)

/** Marks the selected entries of the event paid in one go; answers those marked and those left with why. */
export const markEntriesPaid = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: EventId,
        entryIds: Schema.Array(EntryId).check(Schema.isMinLength(1), Schema.isMaxLength(maximumMarkedAtOnce)),
      }),
    ),
  )
  .handler(({ data }) => markSelectedPaid(data.eventId, data.entryIds))
