import { EventEditor } from '@kibitz/events'
import {
  EntryFilter,
  type EntryQuery,
  type EntryView,
  formatCreditorReference,
  type MarkPaidSkip,
  RegistrationDesk,
} from '@kibitz/registration'
import { TournamentEditor } from '@kibitz/tournaments'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Schema } from 'effect'
import { eventActorOf } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { attempt, Result } from './forms.server.ts'
import { requestLocale } from './request.server.ts'

// The organiser's registrations screen (issues 5 and 14, /event/manage/{id}/registrations): the event's entries a
// page at a time by tournament, state and searched text, the CSV, mark paid (one or several), cancel and move. The actor comes from the session only; every answer is
// a plain value, never a thrown error; another organiser's event or entry reads as missing.

/** Entries a page of the screen shows. */
export const registrationsPageSize = 50

const personal = () => setResponseHeader('cache-control', 'private, no-store')

const actorOf = async (request: Request) => {
  const { user } = await sessionOf(request)
  return user ? eventActorOf(user) : null
}

const currentActor = async () => {
  personal()
  return actorOf(getRequest())
}

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
export const registrationsPage = async (eventId: number, query: EntryQuery, page: number) => {
  const actor = await currentActor()
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
}

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

export type EntryAction =
  | { readonly action: 'markPaid' }
  | { readonly action: 'cancel' }
  | { readonly action: 'move'; readonly tournamentId: number; readonly ticketId: number }

/** Marks an entry paid, cancels it, or moves it to another tournament of its event on one of its tickets. */
export const entryAction = async (entryId: number, action: EntryAction): Promise<EntryActionOutcome> => {
  const actor = await currentActor()
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
}

/** The outcome of "mark selected paid": the entries marked and those left as they were with why, or why not. */
export type MarkSelectedOutcome =
  | {
      readonly ok: true
      readonly marked: ReadonlyArray<number>
      readonly skipped: ReadonlyArray<{ readonly entryId: number; readonly reason: MarkPaidSkip }>
    }
  | { readonly ok: false; readonly reason: 'notFound' | 'signedOut' }

/** Marks the selected entries of the event paid in one transaction (each with its e-mail), as far as each may be. */
export const markSelectedPaid = async (
  eventId: number,
  entryIds: ReadonlyArray<number>,
): Promise<MarkSelectedOutcome> => {
  const actor = await currentActor()
  if (!actor) return { ok: false, reason: 'signedOut' }
  const result = await attempt(RegistrationDesk.use((d) => d.markPaidMany(actor, eventId, entryIds)))
  return Result.isSuccess(result)
    ? { ok: true, marked: result.success.marked, skipped: result.success.skipped }
    : { ok: false, reason: 'notFound' }
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'cache-control': 'private, no-store' } })

const isFilter = Schema.is(EntryFilter)

/**
 * The list's query as the CSV link carries it (`tournament`, `status`, `q`, as the screen's address does), or the
 * first parameter that is not a value the list takes.
 */
const csvQuery = (params: URLSearchParams): EntryQuery | { readonly field: string } => {
  const tournament = params.get('tournament')
  const status = params.get('status')
  const search = params.get('q')?.trim() ?? ''
  if (tournament !== null && !/^[1-9]\d{0,9}$/.test(tournament)) return { field: 'tournament' }
  const tournamentId = tournament === null ? null : Number(tournament)
  if (tournamentId !== null && tournamentId > 2_147_483_647) return { field: 'tournament' }
  if (status !== null && status !== '' && !isFilter(status)) return { field: 'status' }
  if (search.length > 100 || /\p{Cc}/u.test(search)) return { field: 'q' }
  return {
    tournamentId,
    status: status !== null && isFilter(status) ? status : null,
    search: search === '' ? null : search,
  }
}

/**
 * The event's registrations (those the screen's query shows) as a CSV download in the organiser's language and
 * spreadsheet dialect, one row per player (decision 034); with a byte-order mark so that Excel reads it as UTF-8.
 * Signed out: to the login; not the actor's event: not found; a bad query value: 400 naming it.
 */
export const registrationsCsv = async (request: Request, rawId: string): Promise<Response> => {
  const eventId = /^\d{1,10}$/.test(rawId) ? Number(rawId) : 0
  if (!(eventId >= 1 && eventId <= 2_147_483_647)) return notFound()
  const actor = await actorOf(request)
  if (!actor) {
    const back = `/event/manage/${eventId}/registrations`
    return new Response(null, {
      status: 303,
      headers: { location: `/login?redirect=${encodeURIComponent(back)}`, 'cache-control': 'no-store' },
    })
  }
  const query = csvQuery(new URL(request.url).searchParams)
  if ('field' in query)
    return new Response(`Bad value of the query parameter ${query.field}`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
    })
  const locale = requestLocale()
  const csv = await attempt(RegistrationDesk.use((d) => d.exportCsv(actor, eventId, locale, query)))
  if (Result.isFailure(csv)) return notFound()
  const view = await attempt(EventEditor.use((e) => e.view(actor, eventId)))
  const alias = Result.isSuccess(view) ? view.success.alias.replace(/[^A-Za-z0-9-]/g, '') : String(eventId)
  return new Response(`\uFEFF${csv.success}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="registrations-${alias || eventId}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
