/**
 * The router's reading of a query string (docs/decisions/027): each key's first value, as the text it is. TanStack's
 * default JSON-parses values, so `?token=0` became the number 0, `?q=true` a boolean and a repeated key an array,
 * and the router lays the raw search under every route's validated one: a value a route's reader dropped still
 * reached its loader with a type the route never declared. Here every value is a string, and every route's
 * validateSearch names each key it reads (undefined when absent or unreadable), so what a loader sees is what the
 * reader gave.
 */
export const parseSearchText = (searchText: string): Record<string, string> => {
  const first = new Map<string, string>()
  for (const [key, value] of new URLSearchParams(searchText)) if (!first.has(key)) first.set(key, value)
  // fromEntries defines own properties, so a key named __proto__ is just a key.
  return Object.fromEntries(first)
}

/** The inverse of parseSearchText for the values routes link with: text, numbers and booleans as text. */
export const stringifySearchText = (search: Record<string, unknown>): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string') params.set(key, value)
    else if (typeof value === 'number' || typeof value === 'boolean') params.set(key, String(value))
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** `?page=` as the routes read it: a positive integer, 1 when absent or nonsense. */
export const pageParam = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1
}

/** `?q=` as a string or nothing. */
export const stringParam = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 500 ? value : undefined

/** A catalogue page's keyset in the address (`?after=2027-03-12.4711`): an event's start date and id. */
const keysetPattern = /^\d{4}-\d{2}-\d{2}\.\d{1,9}$/

/** `?after=` / `?before=` as the routes read them: a keyset, or nothing when absent or malformed. */
export const keysetParam = (value: unknown): string | undefined =>
  typeof value === 'string' && keysetPattern.test(value) ? value : undefined

/** The address form of a page edge the server gave. */
export const keysetText = (edge: { readonly dateStart: string; readonly id: number }): string =>
  `${edge.dateStart}.${edge.id}`

/** Where the catalogue page starts, as the search params say. */
export interface PageStart {
  readonly after?: string
  readonly before?: string
}

/** The route's search params for a page start (`after` wins over `before`; neither is the first page). */
export const pageStartParams = (search: Record<string, unknown>): PageStart => {
  const after = keysetParam(search.after)
  return { after, before: after === undefined ? keysetParam(search.before) : undefined }
}
