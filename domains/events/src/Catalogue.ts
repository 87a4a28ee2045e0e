import { normaliseSearchFilter, type SearchFilter, validateSearchFilter } from '@kibitz/kernel'
import type { CatalogueQuery } from './Event.ts'

/** The catalogue filters after the spec's rules, or the field that makes them impossible. */
export type CatalogueQueryResult =
  | { readonly ok: true; readonly query: CatalogueQuery }
  | { readonly ok: false; readonly field: 'endDate'; readonly code: 'dateRange' }

/** True when the visitor chose a state or a date: then past events may be listed too. */
export const choosesTime = (filter: SearchFilter): boolean =>
  (filter.eventStates?.length ?? 0) > 0 || filter.startDate !== undefined || filter.endDate !== undefined

/**
 * The catalogue query for a visitor's filters, with spec section 5 applied (text under 3 characters
 * ignored, one date filling in the other, month mode) and decision 004's default: without a state
 * or date only events that have not ended (`upcomingOnly` overrides it). An end before the start
 * fails naming endDate.
 */
export const catalogueQueryFor = (
  filter: SearchFilter,
  today: string,
  page: { readonly offset: number; readonly limit: number; readonly upcomingOnly?: boolean },
): CatalogueQueryResult => {
  const checked = validateSearchFilter(normaliseSearchFilter(filter, today))
  if (!checked.ok) return checked
  const f = checked.filter
  return {
    ok: true,
    query: {
      text: f.text,
      eventTypes: f.eventTypes,
      eventStates: f.eventStates,
      startDate: f.startDate,
      endDate: f.endDate,
      online: f.online ? true : undefined,
      live: f.live ? true : undefined,
      countryCode: f.country,
      upcomingOnly: page.upcomingOnly ?? !choosesTime(f),
      offset: page.offset,
      limit: page.limit,
    },
  }
}
