import { expect, test } from '@playwright/test'
import { declineCookiesBeforehand, findEventWithPricedTournaments, textOf } from './support.ts'

// Every public page is server-rendered HTML with plain links and forms (decision 007).
test.use({ javaScriptEnabled: false })

test.describe('with cookies already decided', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await declineCookiesBeforehand(context, baseURL)
  })

  test('the home page lists events and pages through them', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming and running events' })).toBeVisible()
    const cards = page.getByRole('article')
    await expect(cards).toHaveCount(18)
    const firstName = await textOf(cards.first().getByRole('heading', { level: 3 }))

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/\?after=\d{4}-\d{2}-\d{2}\.\d+$/)
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous' }),
    ).toBeVisible()
    await expect(cards.first()).toBeVisible()
    await expect(cards.getByRole('heading', { level: 3, name: firstName, exact: true })).toHaveCount(0)
  })

  test('the search form submits and lands on the catalogue', async ({ page }) => {
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Search events' })
    await form.getByRole('combobox', { name: 'Event name or place' }).fill('Bridge')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search-filter' && url.searchParams.get('q') === 'text:Bridge',
    )
    await expect(page.getByRole('status')).toHaveText(/^\d+ events? found$/)
    await expect(page.getByRole('article').first()).toBeVisible()
  })

  test('an event page and its details show every tournament as a stacked section', async ({
    page,
    request,
  }) => {
    const data = await findEventWithPricedTournaments(request)
    await page.goto(`/event/${data.event.card.alias}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.event.card.name)
    await expect(
      page.getByRole('region', { name: 'Tournaments' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(data.tournaments.length)

    await page
      .getByRole('navigation', { name: 'Event sections' })
      .getByRole('link', { name: 'Tournaments and prices' })
      .click()
    await expect(page).toHaveURL(`/event/${data.event.card.alias}/details`)
    // Without scripts the tab strip is hidden and every tournament's section is shown.
    await expect(page.getByRole('tablist', { name: 'Tournaments' })).toBeHidden()
    const sections = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(sections).toHaveText(data.tournaments.map((t) => t.name))
    for (const section of await sections.all()) await expect(section).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Tickets and prices' }).filter({ visible: true }),
    ).toHaveCount(data.tournaments.filter((t) => t.tickets.length > 0).length)
  })
})

test('the not-found page lists more events', async ({ page, context, baseURL }) => {
  await declineCookiesBeforehand(context, baseURL)
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page or event not found')
  await expect(page.getByRole('heading', { level: 2, name: 'More events' })).toBeVisible()
  // Spec section 2: three events on a wide screen (the default viewport is 1280 px wide).
  await expect(page.getByTestId('more-events').getByRole('link')).toHaveCount(3)
})

test('the cookie notice is a form: Accept stores the choice and hides the notice', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await page.goto('/')
  const notice = page.getByRole('region', { name: 'Cookies' })
  await expect(notice).toBeVisible()
  await notice.getByRole('button', { name: 'Accept cookies' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming and running events' })).toBeVisible()
  await expect(notice).toHaveCount(0)
  expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('1')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(notice).toHaveCount(0)
})

test('without JavaScript the cookie choice returns to the page it was made on', async ({ page, context }) => {
  test.setTimeout(90_000)
  await page.goto('/privacy-policy')
  const notice = page.getByRole('region', { name: 'Cookies' })
  await notice.getByRole('button', { name: 'Decline' }).click()

  await expect(page).toHaveURL(/\/privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy')
  await expect(notice).toHaveCount(0)
  expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('2')
})
