// Public reading pages (home, catalogue, event pages, player lists, …) are served as the server renders them,
// without the app's JavaScript: a reader needs no React to read them, and the page then costs a few kilobytes
// of script instead of a couple of hundred (docs/decisions/021). A route asks for it with a response header,
// which the edge (app/src/edge/staticPages.ts) reads and removes.

/** The response header a route sets to choose how its page is served. */
export const renderHeader = 'x-kibitz-render'

/** Route `headers` option: serve this page without the app's scripts. */
export const staticPage = (): Record<string, string> => ({ [renderHeader]: 'static' })

/** Route `headers` option under a static layout: this page needs the app's scripts (a form that computes). */
export const hydratedPage = (): Record<string, string> => ({ [renderHeader]: 'hydrate' })

/**
 * How the matched routes ask their page to be served, as the response's headers will say: the routes rendered (up
 * to the first that failed or found nothing) merge their headers in order, so the last that says wins.
 */
export const renderModeOf = (
  matches: ReadonlyArray<{
    readonly headers?: Record<string, string> | undefined
    readonly status: string
    readonly _notFound?: unknown
  }>,
): string | null => {
  let mode: string | null = null
  for (const match of matches) {
    mode = match.headers?.[renderHeader] ?? mode
    if (match.status !== 'success' || match._notFound) break
  }
  return mode
}
