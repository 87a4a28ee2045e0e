// Tab titles are in the interface language on every page (issue 14, "Language and places"). Every page of the
// router is asked for in English, Polish and Russian, logged out and as an organiser: the title a tab shows must
// change with the language, except on the pages whose title is only their content's own name.
import { interfaceLocales } from '@kibitz/kernel/format'
import { type BrowserContext, expect, test } from '@playwright/test'
import { organiserEmail, pageRoutes, type Seeded, seedRouteValues, urlFor } from './pageRoutes.ts'
import { declineCookiesBeforehand, logIn, waitForHydration } from './support.ts'

/** Pages whose title is only their content's name (an event's), which stays in the language it was written in. */
const contentTitled = new Set(['/event/$eventId', '/event/$eventId/'])

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" }

/** The title the server sends for `url` (what the tab shows before and without scripts), in the context's language. */
const serverTitle = async (context: BrowserContext, url: string) => {
  const response = await context.request.get(url)
  const html = await response.text()
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)]
  expect.soft(titles.length, `${url} has one <title>`).toBe(1)
  return (titles[0]?.[1] ?? '').replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name: string) => entities[name] ?? '',
  )
}

const setLanguage = (context: BrowserContext, baseURL: string, locale: string) =>
  context.addCookies([{ name: 'lang', value: locale, url: baseURL }])

test.describe.configure({ mode: 'serial' })

let seeded: Seeded

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  seeded = await seedRouteValues(browser, baseURL, { withEntryToMarkPaid: false })
})

test('every page has its tab title in Polish and Russian, logged out and as the organiser', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(480_000)
  if (!baseURL) throw new Error('baseURL is not configured')
  const routes = pageRoutes()
  expect(routes.length).toBeGreaterThan(40)
  let compared = 0
  for (const loggedIn of [false, true]) {
    const context = await browser.newContext({ baseURL })
    await declineCookiesBeforehand(context, baseURL)
    if (loggedIn) await logIn(await context.newPage(), organiserEmail)
    for (const route of routes) {
      if (!loggedIn && (route.startsWith('/event/manage/') || route.startsWith('/event/create'))) continue
      const url = urlFor(route, seeded)
      const label = `${url} (${route}) ${loggedIn ? 'as the organiser' : 'logged out'}`
      const titles: Record<string, string> = {}
      for (const locale of ['en', 'pl', 'ru']) {
        await setLanguage(context, baseURL, locale)
        titles[locale] = await serverTitle(context, url)
      }
      expect.soft(titles.en, label).toMatch(/(^Kibitz — .+| — Kibitz)$/)
      for (const locale of ['pl', 'ru']) {
        expect.soft(titles[locale], `${label} in ${locale}`).toMatch(/(^Kibitz — .+| — Kibitz)$/)
        // An event page is titled by the event's own name, in the visitor's language when the organiser wrote
        // one (the seeded events have Polish and Russian names), so it may or may not differ from English.
        if (!contentTitled.has(route))
          expect.soft(titles[locale], `${label} in ${locale}: ${titles.en}`).not.toBe(titles.en)
      }
      compared++
    }
    await context.close()
  }
  expect(compared).toBeGreaterThan(60)
})

test('titles read as each language writes them, and change with a client-side navigation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  if (!baseURL) throw new Error('baseURL is not configured')
  const context = await browser.newContext({ baseURL })
  await declineCookiesBeforehand(context, baseURL)
  const expected: Record<string, Record<string, string>> = {
    pl: {
      '/': 'Kibitz — turnieje i festiwale brydżowe',
      '/login': 'Zaloguj się — Kibitz',
      '/search-filter': 'Szukaj wydarzeń brydżowych — Kibitz',
    },
    ru: {
      '/': 'Kibitz — турниры и фестивали по бриджу',
      '/login': 'Войти — Kibitz',
      '/search-filter': 'Поиск мероприятий по бриджу — Kibitz',
    },
  }
  for (const [locale, titles] of Object.entries(expected)) {
    await setLanguage(context, baseURL, locale)
    for (const [url, title] of Object.entries(titles)) expect(await serverTitle(context, url)).toBe(title)
  }
  // The home page's title differs in every interface language.
  const home = new Set<string>()
  for (const locale of interfaceLocales) {
    await setLanguage(context, baseURL, locale)
    home.add(await serverTitle(context, '/'))
  }
  expect(home.size).toBe(interfaceLocales.length)

  // After the app has taken over, moving to another page sets that page's title in the same language.
  await setLanguage(context, baseURL, 'pl')
  const page = await context.newPage()
  await page.goto('/')
  await waitForHydration(page)
  await expect(page).toHaveTitle('Kibitz — turnieje i festiwale brydżowe')
  await page.getByRole('navigation').getByRole('link', { name: 'Hotele' }).first().click()
  await expect(page).toHaveURL(/\/hotels$/)
  await expect(page).toHaveTitle('Hotele — Kibitz')
  await context.close()
})
