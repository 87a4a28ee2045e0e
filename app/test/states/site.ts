import { startDevApp } from '../security/devApp.ts'

// The whole site in the test's process as a visitor's browser meets it: the app's development server (the Start
// compiler over app/vite.config.ts, shared with the page fuzz run) renders every page route with its loaders,
// the server routes (sitemap, files) and the REST API, behind the production edge with no page cache. The page
// routes cannot be rendered without Start's compiler, which the plain vitest run does not apply; the production
// build only exists after `npm test`'s vitest step (decision 029).

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
 * Starts the site. The app reads DATABASE_URL and the rest of its configuration from the environment when it
 * first needs them, so the caller sets them before the first request.
 */
export const startSite = async (): Promise<Site> => {
  const app = await startDevApp()
  return {
    send: async (path, init) => {
      const response = await app.fetch(
        new Request(`http://localhost${path}`, { redirect: 'manual', ...init }),
      )
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        location: response.headers.get('location'),
        text: await response.text(),
      }
    },
    close: () => app.close(),
  }
}
