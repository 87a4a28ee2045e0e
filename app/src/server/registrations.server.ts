import { EventEditor } from '@kibitz/events'
import { EventId, idFromText, TournamentId } from '@kibitz/kernel'
import { EntryFilter, type EntryQuery, RegistrationDesk } from '@kibitz/registration'
import { Schema } from 'effect'
import { eventActorOfRequest } from './actor.server.ts'
import { attempt, Result } from './forms.server.ts'
import { requestLocale } from './request.server.ts'

// The organiser's registrations as a CSV download (route event.manage.$eventId.registrations[.]csv): the screen's
// query in the address, the file in the organiser's language and spreadsheet dialect. The screen's server
// functions are in registrations.functions.ts.

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
  const tournamentId = tournament === null ? null : idFromText(TournamentId, tournament)
  if (tournament !== null && tournamentId === null) return { field: 'tournament' }
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
  const eventId = idFromText(EventId, rawId)
  if (eventId === null) return notFound()
  const actor = await eventActorOfRequest(request)
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
