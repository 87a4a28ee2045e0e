import { createRouter } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { currentNonce } from './edge/nonce.ts'
import { parseSearchText, stringifySearchText } from './lib/search.ts'
import { routeTree } from './routeTree.gen'

/** The request's CSP nonce on the server (the router stamps it on its scripts); the browser needs none. */
const requestNonce = createIsomorphicFn()
  .server(() => currentNonce())
  .client((): string | undefined => undefined)

export function getRouter() {
  return createRouter({
    routeTree,
    scrollRestoration: true,
    defaultPreload: 'intent',
    ssr: { nonce: requestNonce() },
    // Query values stay text; each route's validateSearch reads its own keys (lib/search.ts, decision 027).
    parseSearch: parseSearchText,
    stringifySearch: stringifySearchText,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
