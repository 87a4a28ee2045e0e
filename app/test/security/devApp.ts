import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, isRunnableDevEnvironment } from 'vite'
import { withEdge } from '../../src/edge/http.ts'

// The whole app in this test process, as `vite dev` serves it (the Start compiler, the routes, the server
// functions, the API), wrapped in the production edge (security headers, nonce, static pages) with no page
// cache. Requests are handed to it as web Requests, with no socket in between: a page costs its render only.
// The production build is not needed (nor built by the unit tests); the page fuzz run uses this.

const appDir = fileURLToPath(new URL('../../', import.meta.url))

/** A module the app's server runs, by its path under app/ (`/src/server/catalogue.functions.ts`). */
export type AppModule = Readonly<Record<string, unknown>>

export interface DevApp {
  /** Answers one request as the web process does (edge included). */
  readonly fetch: (request: Request) => Promise<Response>
  /** A module as the app's server holds it: its server functions carry their ids (`url`). */
  readonly load: (id: string) => Promise<AppModule>
  readonly close: () => Promise<void>
}

const isModule = (value: unknown): value is AppModule => typeof value === 'object' && value !== null

/** The `fetch` of the Start server entry's default export. */
const fetchOf = (entry: AppModule): ((request: Request) => Promise<Response>) => {
  const server = entry.default
  const fetch = isModule(server) ? server.fetch : undefined
  if (typeof fetch !== 'function') throw new Error('the server entry has no default { fetch }')
  return async (request) => {
    const response: unknown = await Reflect.apply(fetch, server, [request])
    if (!(response instanceof Response)) throw new Error('the server entry answered no Response')
    return response
  }
}

/** Starts the app's dev server in middleware mode (no port, no watcher, no HMR) and loads its server entry. */
export const startDevApp = async (): Promise<DevApp> => {
  // Lingui's Vite plugin finds its config from the working directory.
  const cwd = process.cwd()
  process.chdir(appDir)
  let vite: Awaited<ReturnType<typeof createServer>>
  try {
    vite = await createServer({
      configFile: path.join(appDir, 'vite.config.ts'),
      root: appDir,
      mode: 'development',
      logLevel: 'error',
      server: { middlewareMode: true, hmr: false, watch: null, ws: false },
      appType: 'custom',
      optimizeDeps: { noDiscovery: true, include: [] },
    })
  } finally {
    process.chdir(cwd)
  }
  const ssr = vite.environments.ssr
  if (ssr === undefined || !isRunnableDevEnvironment(ssr)) {
    await vite.close()
    throw new Error('the SSR environment cannot run modules')
  }
  const load = async (id: string): Promise<AppModule> => {
    const loaded: unknown = await ssr.runner.import(id)
    if (!isModule(loaded)) throw new Error(`${id} is no module`)
    return loaded
  }
  const app = fetchOf(await load('virtual:tanstack-start-server-entry'))
  const edge = withEdge(app, { enhanceScript: null, pageCacheSeconds: 0 })
  const release = async (id: string, name: string) => {
    const dispose = (await load(id))[name]
    if (typeof dispose === 'function') await Reflect.apply(dispose, undefined, [])
  }
  return {
    fetch: async (request) => edge.fetch(request),
    load,
    close: async () => {
      // The app's own runtime and API handler in the dev server's module graph hold database connections.
      await release('/src/api/handler.server.ts', 'disposeApiHandler')
      await release('/src/server/runtime.server.ts', 'disposeRuntime')
      await vite.close()
    },
  }
}
