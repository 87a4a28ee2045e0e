import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'

// The whole site served in the test's process as a visitor's browser meets it: Vite's development server over
// the app's own config renders every page route (SSR with its loaders), the server routes (sitemap, files) and
// the REST API, all through TanStack Start, over a real HTTP socket on loopback. The page routes cannot be
// rendered without Start's compiler, which the plain vitest run does not apply; the production build only
// exists after `npm test`'s vitest step, so this is the in-process way to request real pages.

const appRoot = fileURLToPath(new URL('../..', import.meta.url))

export interface Site {
  /** Sends `init` to the site's `path` (path and query) and gives back the answer with its whole text. */
  readonly send: (
    path: string,
    init?: RequestInit,
  ) => Promise<{
    readonly status: number
    readonly type: string
    readonly location: string | null
    readonly text: string
  }>
  readonly close: () => Promise<void>
}

/**
 * Starts the site on a free loopback port. The app reads DATABASE_URL and the rest of its configuration from the
 * environment when it first needs them, so the caller sets them before the first request.
 */
export const startSite = async (): Promise<Site> => {
  // The Lingui plugin finds its config in the working folder; vitest runs each file in its own process.
  process.chdir(appRoot)
  const server: ViteDevServer = await createServer({
    root: appRoot,
    configFile: `${appRoot}vite.config.ts`,
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false, watch: null },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (typeof address !== 'object' || address === null) throw new Error('the site has no address')
  const base = `http://127.0.0.1:${address.port}`
  return {
    send: async (path, init) => {
      const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init })
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        location: response.headers.get('location'),
        text: await response.text(),
      }
    },
    close: () => server.close(),
  }
}
