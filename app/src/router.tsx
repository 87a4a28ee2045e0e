import { createRouter } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { currentNonce } from './edge/nonce.ts'
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
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
