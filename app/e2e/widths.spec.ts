// Every screen fits a phone (issue 14, "Phones"): at 390 px no page scrolls sideways, in every interface language
// for the header, and the organiser's registrations list keeps its buttons in view on a 1280 px screen. The routes
// come from the router's generated tree, so a new page is measured without a change here.
import { interfaceLocales } from '@kibitz/kernel/format'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { organiserEmail, pageRoutes, type Seeded, seedRouteValues, urlFor } from './pageRoutes.ts'
import { declineCookiesBeforehand, logIn, waitForHydration } from './support.ts'

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }

/** How far the page scrolls sideways, with the elements that stick out past the right edge when it does. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth
    const scrollWidth = document.documentElement.scrollWidth
    const culprits =
      scrollWidth <= width
        ? []
        : [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > width + 0.5)
            // What sticks out of a scroller is clipped by it, unless it is placed absolutely (an `sr-only` text).
            .filter((e) => {
              if (['absolute', 'fixed'].includes(getComputedStyle(e).position)) return true
              for (let up = e.parentElement; up && up !== document.body; up = up.parentElement)
                if (getComputedStyle(up).overflowX !== 'visible') return false
              return true
            })
            .slice(0, 6)
            .map(
              (e) =>
                `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} → ${e.getBoundingClientRect().right}`,
            )
    return { scrollWidth, innerWidth: width, culprits }
  })

const expectFits = async (page: Page, label: string) => {
  const measured = await overflow(page)
  expect
    .soft(measured.scrollWidth, `${label}: ${JSON.stringify(measured.culprits)}`)
    .toBeLessThanOrEqual(measured.innerWidth)
}

const visit = async (page: Page, url: string) => {
  const response = await page.goto(url)
  expect.soft(response?.headers()['content-type'] ?? '', url).toContain('text/html')
  await waitForHydration(page)
}

/**
 * A logged-out visitor and the organiser, each in their own phone-sized context with cookies declined. The
 * organiser logs in through the English form; a language cookie then changes the interface.
 */
const guestAndOrganiser = async (browser: Browser, baseURL: string) => {
  const guest = await browser.newContext({ baseURL, viewport: phone })
  const organiser = await browser.newContext({ baseURL, viewport: phone })
  await declineCookiesBeforehand(guest, baseURL)
  await declineCookiesBeforehand(organiser, baseURL)
  const guestPage = await guest.newPage()
  const organiserPage = await organiser.newPage()
  await logIn(organiserPage, organiserEmail)
  return { guest, organiser, guestPage, organiserPage }
}

test.describe.configure({ mode: 'serial' })

let seeded: Seeded

test.beforeAll(async ({ browser, baseURL }) => {
  // Seeding drives the editor and the registration form: a minute or more on a loaded 2-core machine.
  test.setTimeout(120_000)
  seeded = await seedRouteValues(browser, baseURL)
})

test('every page fits a 390 px phone, logged out and as the organiser', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const routes = pageRoutes()
  expect(routes.length).toBeGreaterThan(40)
  for (const loggedIn of [false, true]) {
    const context = await browser.newContext({ baseURL, viewport: phone })
    await declineCookiesBeforehand(context, baseURL)
    const page = await context.newPage()
    if (loggedIn) await logIn(page, organiserEmail)
    for (const route of routes) {
      if (!loggedIn && (route.startsWith('/event/manage/') || route.startsWith('/event/create'))) continue
      const url = urlFor(route, seeded)
      await visit(page, url)
      await expectFits(page, `${url} (${route}) ${loggedIn ? 'as the organiser' : 'logged out'}`)
    }
    await context.close()
  }
})

test('the header and the wide tables fit a 390 px phone in every interface language', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  if (!baseURL) throw new Error('baseURL is not configured')
  const { guest, organiser, guestPage, organiserPage } = await guestAndOrganiser(browser, baseURL)
  for (const locale of interfaceLocales) {
    for (const [context, page, urls] of [
      [guest, guestPage, ['/', `/event/${seeded.eventAlias}/details`, '/login']],
      [organiser, organiserPage, ['/user/events', `/event/manage/${seeded.managedEventId}/registrations`]],
    ] as const) {
      await context.addCookies([{ name: 'lang', value: locale, url: baseURL }])
      for (const url of urls) {
        await visit(page, url)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expectFits(
          page,
          `${url} in ${locale}, ${context === guest ? 'logged out' : 'as the organiser'}`,
        )
      }
    }
  }
  await guest.close()
  await organiser.close()
})

test('the header fits the tablet and small-desktop widths in every interface language', async ({
  browser,
  baseURL,
}) => {
  // Between the phone and the desktop the header changes layout (the spec's 800 and 992 px breakpoints, and the
  // 640 px step where the live-score and sign-up names appear): long Russian or Lithuanian names must still fit.
  test.setTimeout(120_000)
  if (!baseURL) throw new Error('baseURL is not configured')
  const { guest, organiser, guestPage, organiserPage } = await guestAndOrganiser(browser, baseURL)
  for (const width of [640, 800, 992]) {
    for (const page of [guestPage, organiserPage]) await page.setViewportSize({ width, height: 900 })
    for (const locale of interfaceLocales) {
      for (const [context, page, url] of [
        [guest, guestPage, '/'],
        [organiser, organiserPage, '/user/events'],
      ] as const) {
        await context.addCookies([{ name: 'lang', value: locale, url: baseURL }])
        await visit(page, url)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expectFits(
          page,
          `${url} at ${width} px in ${locale}, ${context === guest ? 'logged out' : 'as the organiser'}`,
        )
        // Nothing in the header is pushed past its right edge either (a clipped header would not scroll).
        const right = await page
          .locator('header > div')
          .evaluate((bar) =>
            Math.max(...[...bar.querySelectorAll('a, button')].map((e) => e.getBoundingClientRect().right)),
          )
        expect.soft(right, `header controls at ${width} px in ${locale}`).toBeLessThanOrEqual(width)
        if (locale === 'fr' && page === guestPage)
          await page.screenshot({ path: test.info().outputPath(`header-fr-${width}.png`) })
      }
    }
  }
  await guest.close()
  await organiser.close()
})

/**
 * The seeded entries are short; real ones (long team names, e-mails, several players) make the table wider than
 * any screen. Each row's tournament cell gets an unbreakable 200-letter name to stand for them.
 */
const widenRows = (page: Page) =>
  page.locator('table tbody tr td:nth-of-type(1)').evaluateAll((cells) => {
    for (const cell of cells) cell.textContent = 'Tournament'.repeat(20)
  })

test('the registrations list scrolls inside its own region and keeps its buttons on a 1280 px screen', async ({
  page,
  context,
  baseURL,
}) => {
  await declineCookiesBeforehand(context, baseURL)
  await logIn(page, organiserEmail)
  const url = `/event/manage/${seeded.managedEventId}/registrations`

  await page.setViewportSize(phone)
  await visit(page, url)
  await expectFits(page, url)
  await widenRows(page)
  await expectFits(page, `${url} with wide rows`)
  await visit(page, url)
  // The table's scroller is a named region a keyboard user can focus and scroll.
  const scroller = page.getByRole('region', { name: 'The event’s registrations, newest first' })
  await expect(scroller).toHaveAttribute('tabindex', '0')
  await page.screenshot({ path: test.info().outputPath('registrations-390.png'), fullPage: true })
  await visit(page, `/event/${seeded.eventAlias}/details`)
  await expect(page.getByRole('region', { name: 'Tickets and prices' }).first()).toHaveAttribute(
    'tabindex',
    '0',
  )
  await page.screenshot({ path: test.info().outputPath('details-390.png'), fullPage: true })

  await page.setViewportSize(desktop)
  await visit(page, url)
  await expectFits(page, `${url} at 1280 px`)
  await widenRows(page)
  await expectFits(page, `${url} at 1280 px with wide rows`)
  const buttons = page.getByRole('button', { name: /^(Mark paid|Move|Cancel entry)$/ })
  expect(await buttons.count()).toBeGreaterThan(0)
  for (const button of await buttons.all()) {
    const box = await button.boundingBox()
    expect(box, 'a registration action is rendered').not.toBeNull()
    if (box)
      expect
        .soft(box.x + box.width, `${await button.textContent()} ends inside the window`)
        .toBeLessThanOrEqual(desktop.width)
  }
})
