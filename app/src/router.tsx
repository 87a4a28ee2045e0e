import { createRouter } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { currentNonce } from './edge/nonce.ts'
import { renderModeOf } from './lib/render.ts'
import { parseSearchText, stringifySearchText } from './lib/search.ts'
import { routeTree } from './routeTree.gen'

/** The request's CSP nonce on the server (the router stamps it on its scripts); the browser needs none. */
const requestNonce = createIsomorphicFn()
  .server(() => currentNonce())
  .client((): string | undefined => undefined)

export function getRouter() {
  const router = createRouter({
    routeTree,
    scrollRestoration: true,
    defaultPreload: 'intent',
    ssr: { nonce: requestNonce() },
    // Query values stay text; each route's validateSearch reads its own keys (lib/search.ts, decision 027).
    parseSearch: parseSearchText,
    stringifySearch: stringifySearchText,
  })
  // A static page ships no app bundle (lib/render.ts), so nothing in the browser would read the router's state:
  // it is not serialized at all (before, seroval wrote every loader's data, the interface's whole message
  // catalogue included, into a script the edge then cut out; docs/decisions/025). The server asks to dehydrate
  // once the loaders ran, when the routes' headers say how the page is served.
  router.serverSsrLifecycle = {
    onServerSsrAttach: [
      (ssr) => {
        const dehydrate = ssr.dehydrate
        ssr.dehydrate = (options) => {
          if (renderModeOf(router.stores.matches.get()) !== 'static') return dehydrate(options)
          ssr.disableHydration()
          return Promise.resolve()
        }
      },
    ],
  }
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
