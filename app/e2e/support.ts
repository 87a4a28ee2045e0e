// Shared helpers for the end-to-end tests: the public API tells the tests which kind of event to open
// (canceled, with a player list, with several priced tournaments) without relying on seeded names.
import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test'
import { Schema } from 'effect'

// What the tests read of the API, decoded rather than trusted (other fields are ignored).
const ApiCard = Schema.Struct({
  id: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  type: Schema.Int,
  state: Schema.String,
  timeState: Schema.String,
  tournamentsCount: Schema.Int,
  shortAddresses: Schema.Array(Schema.String),
  isOnline: Schema.Boolean,
  isOpenRegistration: Schema.Boolean,
})
export type ApiCard = typeof ApiCard.Type

const ApiTicket = Schema.Struct({
  type: Schema.Int,
  priceMinor: Schema.Int,
  ticketAgeCategories: Schema.Array(Schema.Struct({ isAvailable: Schema.Boolean })),
})
type ApiTicket = typeof ApiTicket.Type

const ApiTournament = Schema.Struct({
  tournamentId: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  isPlayerListViewEnabled: Schema.Boolean,
  tickets: Schema.Array(ApiTicket),
})

const ApiEventData = Schema.Struct({
  event: Schema.Struct({
    card: ApiCard,
    currencyCode: Schema.String,
    stateMessage: Schema.NullOr(Schema.String),
  }),
  tournaments: Schema.Array(ApiTournament),
})
export type ApiEventData = typeof ApiEventData.Type

const ApiPlayerList = Schema.Struct({
  entries: Schema.Array(
    Schema.Struct({
      number: Schema.Int,
      contestants: Schema.Array(Schema.Struct({ firstName: Schema.String, lastName: Schema.String })),
    }),
  ),
})

const getJson = async <A>(
  request: APIRequestContext,
  url: string,
  schema: Schema.Codec<A, unknown>,
): Promise<A> => {
  const response = await request.get(url)
  expect(response.status(), `GET ${url}`).toBe(200)
  return Schema.decodeUnknownSync(schema)(await response.json())
}

/** The catalogue's events (not ended, soonest first) matching the API's filter parameters. */
export const searchEvents = async (
  request: APIRequestContext,
  params: Record<string, string> = {},
): Promise<ReadonlyArray<ApiCard>> => {
  const query = new URLSearchParams({ limit: '100', ...params })
  const page = await getJson(
    request,
    `/api/v1/event/search-future-events?${query}`,
    Schema.Struct({ events: Schema.Array(ApiCard) }),
  )
  return page.events
}

export const eventData = (request: APIRequestContext, id: number) =>
  getJson(request, `/api/v1/event/${id}/event-data`, ApiEventData)

/** The first event that satisfies `accept`, looking at its full data; fails the test when none does. */
export const findEvent = async (
  request: APIRequestContext,
  accept: (data: ApiEventData) => boolean,
  params: Record<string, string> = {},
): Promise<ApiEventData> => {
  for (const card of await searchEvents(request, params)) {
    const data = await eventData(request, card.id)
    if (accept(data)) return data
  }
  throw new Error(`no seeded event fits (${JSON.stringify(params)})`)
}

/** A ticket with a price that the details page lists: without categories, or with one on sale. */
const pricedTicket = (t: ApiTicket) =>
  t.type !== 4 &&
  t.priceMinor > 0 &&
  (t.ticketAgeCategories.length === 0 || t.ticketAgeCategories.some((c) => c.isAvailable))

/** An accepted event whose first two tournaments both sell priced tickets (for the details tabs). */
export const findEventWithPricedTournaments = (request: APIRequestContext) =>
  findEvent(
    request,
    (data) =>
      data.event.card.state === 'accepted' &&
      data.tournaments.length >= 2 &&
      data.tournaments.slice(0, 2).every((t) => t.tickets.some(pricedTicket)),
  )

/** A tournament whose player list is public and has entries, with the entries as the API lists them. */
export const findPlayerList = async (request: APIRequestContext) => {
  for (const card of await searchEvents(request)) {
    const data = await eventData(request, card.id)
    for (const tournament of data.tournaments.filter((t) => t.isPlayerListViewEnabled)) {
      const list = await getJson(
        request,
        `/api/v1/tournament/${tournament.tournamentId}/event/${card.id}/player-list`,
        ApiPlayerList,
      )
      if (list.entries.length > 0) return { event: data.event.card, tournament, entries: list.entries }
    }
  }
  throw new Error('no seeded tournament has a public player list with entries')
}

/** The symbol the app prints before prices (spec section 9: symbol first, Intl's narrow symbol). */
export const currencySymbol = (code: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? code

/**
 * A returning visitor who already declined cookies: the fixed cookie notice stays out of the way of the
 * page under test. The notice itself is tested in shell.spec.ts and no-javascript.spec.ts.
 */
export const declineCookiesBeforehand = async (context: BrowserContext, baseURL: string | undefined) => {
  if (!baseURL) throw new Error('baseURL is not configured')
  await context.addCookies([{ name: 'cookie_consent', value: '2', url: baseURL }])
}

/**
 * Waits until the page's scripts are in place: the enhancement script on every page (`<html data-enhanced>`)
 * and, on pages served with the app's bundle, React's hydration (`<html data-hydrated>`); static pages
 * (`<html data-static>`) have no app to wait for (docs/decisions/021).
 */
export const waitForHydration = async (page: Page) => {
  await page
    .locator('html[data-enhanced="true"]:is([data-static], [data-hydrated="true"])')
    .waitFor({ state: 'attached' })
}

/** The password of every demo organiser and of the demo super user. */
export const demoPassword = 'kibitz-demo'

/** Logs `email` in through the login page and waits for the confirmation. */
export const logIn = async (page: Page, email: string, password = demoPassword) => {
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('status')).toContainText('You are logged in')
}

/** The text of one element, trimmed ('' when it has none). */
export const textOf = async (locator: Locator) => (await locator.textContent())?.trim() ?? ''

/** WCAG 2.1 A and AA violations axe finds on the page, each with the elements concerned. */
export const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
  }))
}
