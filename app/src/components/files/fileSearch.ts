// The file manager's address: `?folder=ID&page=N&q=&kind=images|documents`, and `rename=ID` (the entry being renamed)
// or `confirm=ID,ID` (the entries whose deletion is being confirmed). `folder=0` is the tree's root (on the event's
// screen, no folder is the event's own).

export interface FileSearch {
  readonly folder?: number
  readonly page?: number
  readonly q?: string
  readonly kind?: 'images' | 'documents'
  readonly rename?: number
  readonly confirm?: string
}

const whole = (raw: unknown, min: number): number | undefined => {
  const n = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  return Number.isInteger(n) && n >= min && n <= 2_147_483_647 ? n : undefined
}

/** The most entries confirmed at once (fileManager.functions' maximumSelected). */
const maximumConfirmed = 50

/** The ids of `confirm`, or none when it is not a short list of ids. */
export const confirmedIds = (confirm: string | undefined): ReadonlyArray<number> => {
  if (confirm === undefined) return []
  const ids = [...new Set(confirm.split(',').map((part) => whole(part, 1)))]
  return ids.every((id) => id !== undefined) && ids.length <= maximumConfirmed
    ? ids.flatMap((id) => (id === undefined ? [] : [id]))
    : []
}

/**
 * Reads the address's search leniently: anything malformed reads as absent. Every key is named whatever the query
 * (undefined when absent), so no raw value of the address reaches the loader.
 */
export const validateFileSearch = (search: Record<string, unknown>): FileSearch => {
  const page = whole(search.page, 1)
  const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).trim() : ''
  const confirm =
    typeof search.confirm === 'string' || typeof search.confirm === 'number' ? String(search.confirm) : ''
  const confirmed = confirmedIds(confirm)
  return {
    folder: whole(search.folder, 0),
    page: page === undefined || page === 1 || page > 100_000 ? undefined : page,
    // Control characters never reach a search (the server function refuses them).
    q: q === '' || q.length > 100 || /\p{Cc}/u.test(q) ? undefined : q,
    kind: search.kind === 'images' || search.kind === 'documents' ? search.kind : undefined,
    rename: whole(search.rename, 1),
    confirm: confirmed.length === 0 ? undefined : confirmed.join(','),
  }
}

/** The address of the screen at `base` with `search` (keys set to undefined are left out). */
export const fileHref = (base: string, search: FileSearch): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const query = params.toString()
  return query === '' ? base : `${base}?${query}`
}

/** Where the list is now, without a rename or a confirmation. */
export const listingSearch = (search: FileSearch): FileSearch => ({
  folder: search.folder,
  page: search.page,
  q: search.q,
  kind: search.kind,
})
