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
  if (after) return { after }
  const before = keysetParam(search.before)
  return before ? { before } : {}
}
