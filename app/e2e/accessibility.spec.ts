import path from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import {
  declineCookiesBeforehand,
  findEventWithPricedTournaments,
  findPlayerList,
  axeViolations as scan,
  waitForHydration,
} from './support.ts'

// WCAG 2.1 A and AA as axe checks them, on every public screen at a desktop and a phone width. The
// full-page screenshots are artefacts for a human to look at; the assertions are axe's results.

interface Screen {
  readonly name: string
  /** The address to open; the API picks the event so the test does not depend on seeded names. */
  readonly url: (request: APIRequestContext) => Promise<string>
  /** What must be on screen before the scan. */
  readonly ready: (page: Page) => Promise<void>
  readonly status?: number
  /** Scan with the cookie notice of a first visit showing. */
  readonly firstVisit?: boolean
}

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()

const screens: ReadonlyArray<Screen> = [
  { name: 'login', url: async () => '/login', ready: h1 },
  { name: 'register-user', url: async () => '/register-user', ready: h1 },
  { name: 'forgot-password', url: async () => '/forgot-password', ready: h1 },
  {
    name: 'home',
    url: async () => '/',
    ready: async (page) => expect(page.getByRole('article')).toHaveCount(18),
  },
  {
    name: 'home-first-visit',
    url: async () => '/',
    ready: async (page) => expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible(),
    firstVisit: true,
  },
  {
    name: 'search-results',
    url: async () => `/search-filter?${new URLSearchParams({ q: 'text:bridge' })}`,
    ready: async (page) => expect(page.getByRole('article').first()).toBeVisible(),
  },
  {
    name: 'event-home',
    url: async (request) => `/event/${(await findEventWithPricedTournaments(request)).event.card.alias}`,
    ready: async (page) => expect(page.getByRole('region', { name: 'Tournaments' })).toBeVisible(),
  },
  {
    name: 'event-details',
    url: async (request) =>
      `/event/${(await findEventWithPricedTournaments(request)).event.card.alias}/details`,
    ready: async (page) => expect(page.getByRole('tablist', { name: 'Tournaments' })).toBeVisible(),
  },
  {
    name: 'event-program',
    url: async (request) =>
      `/event/${(await findEventWithPricedTournaments(request)).event.card.alias}/program`,
    ready: h1,
  },
  {
    name: 'player-list',
    url: async (request) => {
      const { event, tournament } = await findPlayerList(request)
      return `/event/${event.alias}/tournament/${tournament.alias}/player-list`
    },
    ready: async (page) => expect(page.getByRole('table', { name: 'Registered players' })).toBeVisible(),
  },
  {
    name: 'live-score',
    url: async () => '/live-score',
    ready: h1,
  },
  {
    name: 'not-found',
    url: async () => '/no-such-page',
    // Three more events on wide screens, two on narrower ones (spec section 2).
    ready: async (page) =>
      expect(page.getByTestId('more-events').getByRole('link')).toHaveCount(
        (page.viewportSize()?.width ?? 0) >= 1024 ? 3 : 2,
      ),
    status: 404,
  },
]

const widths = [1280, 390] as const

/**
 * Card thumbnails load lazily, when scrolled near; a full-page screenshot does not scroll. Bring each
 * image that has not loaded yet into view, as a reader scrolling down would, so the screenshot shows the
 * page as it is read.
 */
const loadLazyImages = async (page: Page) => {
  const loaded = (image: Locator) =>
    image.evaluate((element) => element instanceof HTMLImageElement && element.complete)
  for (const image of await page.locator('img').all()) {
    if (!(await loaded(image))) await image.scrollIntoViewIfNeeded()
  }
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete)))
    .toBe(true)
  await page.evaluate(() => window.scrollTo(0, 0))
}

for (const screen of screens) {
  test(`${screen.name} has no WCAG 2.1 AA violations at ${widths.join(' and ')} px`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    // Two full-page scans and two full-page screenshots: the home page's eighteen cards take axe a while on a
    // loaded 2-core machine.
    test.setTimeout(90_000)
    if (!screen.firstVisit) await declineCookiesBeforehand(context, baseURL)
    for (const [index, width] of widths.entries()) {
      // The layout is responsive CSS only, so one page load serves both widths.
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
      if (index === 0) {
        const response = await page.goto(await screen.url(request))
        expect(response?.status()).toBe(screen.status ?? 200)
        await waitForHydration(page)
      }
      await screen.ready(page)
      await loadLazyImages(page)
      await page.screenshot({
        path: path.join(testInfo.project.outputDir, 'screenshots', `${screen.name}-${width}.png`),
        fullPage: true,
      })
      expect.soft(await scan(page), `axe violations at ${width} px`).toEqual([])
    }
  })
}
