import { formatZonedDateTime } from '@kibitz/kernel/format'
import type { EntryFilter } from '@kibitz/registration/input'
import type { RegistrationRow } from '../../server/registrations.functions.ts'

// What the organiser's registrations screen lists and where it lives: the listing, the query of its filter
// form (in the address, so it works without JavaScript), the row actions and what each row allows.

export interface RegistrationsTournament {
  readonly tournamentId: number
  readonly name: string
  readonly type: number
  readonly tickets: ReadonlyArray<{
    readonly ticketId: number
    readonly type: number
    readonly priceMinor: number
    readonly ticketsLeft: number
    readonly isForSale: boolean
  }>
}

export interface RegistrationsListing {
  readonly page: number
  readonly pageSize: number
  readonly total: number
  readonly tournamentId: number | null
  readonly status: EntryFilter | null
  readonly search: string | null
  readonly entries: ReadonlyArray<RegistrationRow>
  readonly tournaments: ReadonlyArray<RegistrationsTournament>
}

export type Action =
  | { readonly action: 'markPaid' }
  | { readonly action: 'cancel' }
  | { readonly action: 'move'; readonly tournamentId: number; readonly ticketId: number }

/** What the list shows: the tournament, the state and the searched text (each null: any). */
export interface RegistrationsQuery {
  readonly tournamentId: number | null
  readonly status: EntryFilter | null
  readonly search: string | null
}

/** The query string of a list query and page (each left out when default), as the filter form sends it. */
const queryString = (query: RegistrationsQuery, page = 1) => {
  const params = new URLSearchParams()
  if (query.search) params.set('q', query.search)
  if (query.status) params.set('status', query.status)
  if (query.tournamentId !== null) params.set('tournament', String(query.tournamentId))
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The screen's address for a query and a page. */
export const registrationsHref = (eventId: number, page: number, query: RegistrationsQuery) =>
  `/event/manage/${eventId}/registrations${queryString(query, page)}`

/** The CSV of what the screen shows (every page). */
export const csvHref = (eventId: number, query: RegistrationsQuery) =>
  `/event/manage/${eventId}/registrations.csv${queryString(query)}`

/** A moment as the organiser reads it: the short date and the time in the event's time zone. */
export const when = (instant: string, timeZone: string, locale: string) => {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return instant
  try {
    return formatZonedDateTime(at, timeZone, locale, 'short')
  } catch {
    return instant
  }
}

export const canMarkPaid = (e: RegistrationRow) =>
  e.status === 'pending' ||
  e.status === 'expired' ||
  (e.status === 'confirmed' && !e.paid && e.totalMinor > 0)
export const isActive = (e: RegistrationRow) => e.status === 'pending' || e.status === 'confirmed'
