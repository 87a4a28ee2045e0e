// The router's pages and a real address for each, for the tests that visit every page (widths, titles).
import { existsSync, readFileSync } from 'node:fs'
import { type Browser, expect } from '@playwright/test'
import { declineCookiesBeforehand, findEventWithPricedTournaments, logIn } from './support.ts'

/** The demo organiser whose events the manage pages open. */
export const organiserEmail = 'info@lbf.example'

const routesDir = new URL('../src/routes/', import.meta.url)

/** Every full path of the router (`FileRoutesByFullPath`) but the REST API's (as app/test/security/pageInputs.ts). */
const fullPaths = (): ReadonlyArray<string> => {
  const tree = readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8')
  const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(tree)
  if (!block?.[1]) throw new Error('routeTree.gen.ts has no FileRoutesByFullPath')
  return [...block[1].matchAll(/^\s*'([^']+)':/gm)]
    .map((match) => match[1] ?? '')
    .filter((route) => !route.startsWith('/api/'))
}

/** The route's file name (flat routes: `/event/$eventId/` is `event.$eventId.index`, a dot in a name is `[.]`). */
const routeFile = (route: string) =>
  route
    .slice(1)
    .split('/')
    .map((segment) => (segment === '' ? 'index' : segment.replaceAll('.', '[.]')))
    .join('.')

/** Pages are the `.tsx` route files; `.ts` ones are server handlers (redirects, files, feeds, probes). */
const isPage = (route: string) => {
  const file = routeFile(route)
  if (existsSync(new URL(`${file}.tsx`, routesDir))) return true
  if (existsSync(new URL(`${file}.ts`, routesDir))) return false
  throw new Error(`no route file for ${route} (looked for ${file}.tsx and ${file}.ts)`)
}

export const pageRoutes = () => fullPaths().filter(isPage)

export interface Seeded {
  readonly eventAlias: string
  readonly tournamentId: number
  readonly managedEventId: number
  readonly managedTournamentId: number
}

/** A real URL for a route: its path parameters filled from the seeded world, optional ones left out. */
export const urlFor = (route: string, s: Seeded) => {
  const manage = route.startsWith('/event/manage/')
  const values: Record<string, string> = {
    $eventId: manage ? String(s.managedEventId) : s.eventAlias,
    $tournamentId: String(manage ? s.managedTournamentId : s.tournamentId),
    $token: 'x'.repeat(43),
    $step: 'tournaments',
    $status: '1',
    $id: String(s.tournamentId),
    '{-$id}': '',
    '{-$date}': '',
    $: 'no-such-page',
  }
  const url = route
    .split('/')
    .map((segment) => values[segment] ?? segment)
    .filter((segment, i) => i === 0 || segment !== '')
    .join('/')
  return url === '' ? '/' : url
}

/**
 * Finds real values for the routes' parameters: a public event with priced tournaments, and one of the demo
 * organiser's events, by default one with an entry to mark paid.
 */
export const seedRouteValues = async (
  browser: Browser,
  baseURL: string | undefined,
  { withEntryToMarkPaid = true } = {},
): Promise<Seeded> => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  await declineCookiesBeforehand(context, baseURL)
  const page = await context.newPage()
  const publicEvent = await findEventWithPricedTournaments(page.request)
  await logIn(page, organiserEmail)
  // The organiser's own events, as the "My events" page lists them; the first with a registration to mark paid.
  await page.goto('/user/events')
  const ids = [
    ...new Set(
      (
        await page
          .locator('a[href^="/event/manage/"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      )
        .map((href) => /^\/event\/manage\/(\d+)/.exec(href ?? '')?.[1])
        .filter((id): id is string => id !== undefined),
    ),
  ]
  let managedEventId = withEntryToMarkPaid ? 0 : Number(ids[0] ?? 0)
  for (const id of withEntryToMarkPaid ? ids : []) {
    await page.goto(`/event/manage/${id}/registrations`)
    if ((await page.getByRole('button', { name: 'Mark paid' }).count()) > 0) {
      managedEventId = Number(id)
      break
    }
  }
  expect(
    managedEventId,
    `none of the organiser's events ${ids.join(', ')} has an entry to mark paid`,
  ).toBeGreaterThan(0)
  await page.goto(`/event/manage/${managedEventId}/tournaments`)
  const edit = await page.locator('a[href*="/tournaments/edit-tournament/"]').first().getAttribute('href')
  const managedTournamentId = Number(/edit-tournament\/(\d+)/.exec(edit ?? '')?.[1])
  const seeded: Seeded = {
    eventAlias: publicEvent.event.card.alias,
    tournamentId: publicEvent.tournaments[0]?.tournamentId ?? 0,
    managedEventId,
    managedTournamentId,
  }
  await context.close()
  return seeded
}
