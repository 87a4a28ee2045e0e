import { Option, Schema } from 'effect'
import { minimumSearchTextLength } from './Constants.ts'
import { firstDayOfMonth, isSupportedIsoDate, isValidIsoDate, lastDayOfMonth } from './Dates.ts'

// The event catalogue (/search-filter) keeps every filter in the single query parameter `q` (spec section 2).
// `q` is a readable list of `key:value` pairs joined by ';', in a fixed key order, list values joined by ',':
//   text:bridge%20cup;type:1,3;state:future,running;from:2027-03-01;to:2027-03-31;month:1;online:1;country:LT
// Only the free text is percent-encoded (encodeURIComponent), so ';', ':' and ',' inside it cannot break the
// structure; everything else is digits, letters and '-'. Decoding is tolerant: a bad pair is dropped, not the q.

/** The event type ids of spec section 9 (EventType in Constants.ts) in their canonical (encoding) order. */
export const eventTypeIds = [1, 2, 3, 4] as const

/** Schema of an event type id. */
export const EventTypeId = Schema.Literals(eventTypeIds)
export type EventTypeId = typeof EventTypeId.Type

/**
 * Event state filter ids. They are words, not numbers, so `q` stays readable: 'running', 'future' and 'past' are
 * the time states of spec section 4 (ids 0, 1, 2 in TimeState), 'canceled' and 'postponed' the status flags.
 */
export const eventStateIds = ['running', 'future', 'past', 'canceled', 'postponed'] as const

/** Schema of an event state filter id. */
export const EventStateId = Schema.Literals(eventStateIds)
export type EventStateId = typeof EventStateId.Type

/** Schema of a real calendar date 'YYYY-MM-DD' within the dates the platform handles. */
export const IsoDateString = Schema.String.check(
  Schema.makeFilter((s: string) => isSupportedIsoDate(s), { expected: 'a YYYY-MM-DD calendar date' }),
)

/** Schema of an ISO 3166-1 alpha-2 country code in upper case. */
export const CountryCode = Schema.String.check(
  Schema.isPattern(/^[A-Z]{2}$/, { expected: 'an ISO 3166-1 alpha-2 code' }),
)

const EventTypeIds = Schema.Array(EventTypeId)
const EventStateIds = Schema.Array(EventStateId)

/**
 * The catalogue filters. `text` is matched against event name or location (the API's nameOrLocation).
 * `online` / `live` true restrict to online / in-person events; false means the same as absent (no restriction).
 * `monthOnly` is the date picker's month mode and is not a filter by itself.
 */
export const SearchFilter = Schema.Struct({
  text: Schema.optionalKey(Schema.String),
  eventTypes: Schema.optionalKey(EventTypeIds),
  eventStates: Schema.optionalKey(EventStateIds),
  startDate: Schema.optionalKey(IsoDateString),
  endDate: Schema.optionalKey(IsoDateString),
  monthOnly: Schema.optionalKey(Schema.Boolean),
  online: Schema.optionalKey(Schema.Boolean),
  live: Schema.optionalKey(Schema.Boolean),
  country: Schema.optionalKey(CountryCode),
})
export type SearchFilter = typeof SearchFilter.Type

/** The spec's message for an end date before the start date; the UI translates it. */
export const dateRangeMessage = 'The dates are not valid!'

/** The outcome of validateSearchFilter; the failure names the field the UI marks. */
export type SearchFilterValidation =
  | { readonly ok: true; readonly filter: SearchFilter }
  | { readonly ok: false; readonly field: 'endDate'; readonly code: 'dateRange' }

const isEventTypeId = Schema.is(EventTypeId)
const isEventStateId = Schema.is(EventStateId)
const decodeIsoDate = Schema.decodeUnknownOption(IsoDateString)
const decodeCountry = Schema.decodeUnknownOption(CountryCode)

/** Keeps known ids once each, in canonical order, so equal filters encode to equal strings. */
const canonicalTypes = (types: ReadonlyArray<number>): ReadonlyArray<EventTypeId> =>
  eventTypeIds.filter((id) => types.includes(id))

const canonicalStates = (states: ReadonlyArray<string>): ReadonlyArray<EventStateId> =>
  eventStateIds.filter((id) => states.includes(id))

const validDate = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : Option.getOrUndefined(decodeIsoDate(value.trim()))

const validCountry = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : Option.getOrUndefined(decodeCountry(value.trim().toUpperCase()))

/** Encodes a filter as the readable `q` value; keys in fixed order, lists sorted, invalid values left out. */
export const encodeSearchFilter = (f: SearchFilter): string => {
  const pairs: Array<string> = []
  const text = f.text?.trim()
  if (text) pairs.push(`text:${encodeURIComponent(text)}`)
  const types = canonicalTypes(f.eventTypes ?? [])
  if (types.length > 0) pairs.push(`type:${types.join(',')}`)
  const states = canonicalStates(f.eventStates ?? [])
  if (states.length > 0) pairs.push(`state:${states.join(',')}`)
  const startDate = validDate(f.startDate)
  if (startDate) pairs.push(`from:${startDate}`)
  const endDate = validDate(f.endDate)
  if (endDate) pairs.push(`to:${endDate}`)
  if (f.monthOnly) pairs.push('month:1')
  if (f.online) pairs.push('online:1')
  if (f.live) pairs.push('live:1')
  const country = validCountry(f.country)
  if (country) pairs.push(`country:${country}`)
  return pairs.join(';')
}

const decodeComponent = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** Reads the `key:value` pairs of a q value; the first occurrence of a key wins. */
const readPairs = (q: string): ReadonlyMap<string, string> => {
  const pairs = new Map<string, string>()
  for (const part of q.split(';')) {
    const colon = part.indexOf(':')
    if (colon <= 0) continue
    const key = part.slice(0, colon).trim().toLowerCase()
    if (!pairs.has(key)) pairs.set(key, part.slice(colon + 1))
  }
  return pairs
}

const listOf = (value: string | undefined): ReadonlyArray<string> =>
  value === undefined ? [] : value.split(',').map((item) => item.trim().toLowerCase())

const flag = (value: string | undefined): boolean =>
  value !== undefined && ['1', 'true'].includes(value.trim().toLowerCase())

/** Decodes a q value into a filter; garbage gives an empty filter, unknown keys and invalid values are dropped. */
export const decodeSearchFilter = (q: string | undefined): SearchFilter => {
  if (!q) return {}
  const pairs = readPairs(q)
  const text = decodeComponent(pairs.get('text') ?? '')?.trim()
  const types = listOf(pairs.get('type'))
    .map(Number)
    .filter((id) => isEventTypeId(id))
  const states = listOf(pairs.get('state')).filter((id) => isEventStateId(id))
  const startDate = validDate(pairs.get('from'))
  const endDate = validDate(pairs.get('to'))
  const country = validCountry(pairs.get('country'))
  return {
    ...(text ? { text } : {}),
    ...(types.length > 0 ? { eventTypes: canonicalTypes(types) } : {}),
    ...(states.length > 0 ? { eventStates: canonicalStates(states) } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(flag(pairs.get('month')) ? { monthOnly: true } : {}),
    ...(flag(pairs.get('online')) ? { online: true } : {}),
    ...(flag(pairs.get('live')) ? { live: true } : {}),
    ...(country ? { country } : {}),
  }
}

/** Length in characters (code points), so a Cyrillic or emoji letter counts once. */
const characterCount = (s: string): number => Array.from(s).length

/**
 * Applies spec section 5 before searching: text under 3 characters is dropped (default results); when only one
 * of the dates is set the other gets the same date; in month-only mode the start moves to the first day of its
 * month and the end to the last day of its month, and with no date at all the month is today's. A reversed
 * range is kept as is for validateSearchFilter to reject; false flags and empty lists are removed.
 */
export const normaliseSearchFilter = (f: SearchFilter, today: string): SearchFilter => {
  const text = f.text?.trim()
  const types = canonicalTypes(f.eventTypes ?? [])
  const states = canonicalStates(f.eventStates ?? [])
  let startDate = validDate(f.startDate)
  let endDate = validDate(f.endDate)
  if (f.monthOnly && !startDate && !endDate && isValidIsoDate(today)) {
    startDate = today
    endDate = today
  }
  startDate ??= endDate
  endDate ??= startDate
  if (f.monthOnly && startDate && endDate) {
    startDate = firstDayOfMonth(startDate)
    endDate = lastDayOfMonth(endDate)
  }
  const country = validCountry(f.country)
  return {
    ...(text && characterCount(text) >= minimumSearchTextLength ? { text } : {}),
    ...(types.length > 0 ? { eventTypes: types } : {}),
    ...(states.length > 0 ? { eventStates: states } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(f.monthOnly ? { monthOnly: true } : {}),
    ...(f.online ? { online: true } : {}),
    ...(f.live ? { live: true } : {}),
    ...(country ? { country } : {}),
  }
}

/** Rejects an end date before the start date (months compared in month-only mode); otherwise ok. */
export const validateSearchFilter = (f: SearchFilter): SearchFilterValidation => {
  const { startDate, endDate } = f
  if (startDate && endDate) {
    // In month mode the days are not the user's choice, so only the months are compared.
    const reversed = f.monthOnly ? endDate.slice(0, 7) < startDate.slice(0, 7) : endDate < startDate
    if (reversed) return { ok: false, field: 'endDate', code: 'dateRange' }
  }
  return { ok: true, filter: f }
}

/** True when at least one filter is set (spec: search is submitted only then); short text still counts. */
export const hasAnyFilter = (f: SearchFilter): boolean =>
  Boolean(f.text?.trim()) ||
  (f.eventTypes?.length ?? 0) > 0 ||
  (f.eventStates?.length ?? 0) > 0 ||
  Boolean(f.startDate) ||
  Boolean(f.endDate) ||
  f.online === true ||
  f.live === true ||
  Boolean(f.country)
