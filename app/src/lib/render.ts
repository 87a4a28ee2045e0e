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
