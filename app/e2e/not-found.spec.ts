import { expect, type Page, test } from '@playwright/test'
import { declineCookiesBeforehand, waitForHydration } from './support.ts'

test.beforeEach(async ({ context, baseURL }) => {
  await declineCookiesBeforehand(context, baseURL)
})

// getByRole leaves out what is not displayed, so these count the visible items.
const moreEvents = (page: Page) => page.getByTestId('more-events').getByRole('listitem')

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('an unknown page answers 404 with search, contact details and three more events', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)

    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page or event not found')
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')

    const search = page.getByRole('main').getByRole('form', { name: 'Search events' })
    await expect(search.getByRole('combobox', { name: 'Event name or place' })).toBeVisible()
    await expect(search.getByRole('button', { name: 'Search' })).toBeVisible()

    const contact = page.getByRole('main').locator('address')
    await expect(contact.getByRole('heading', { name: 'Contact us' })).toBeVisible()
    await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:\S+@\S+$/)
    await expect(contact.getByRole('link', { name: /^\+?[\d\s]+$/ })).toHaveAttribute('href', /^tel:\+?\d+$/)
    // The postal address: several lines with a street number or postcode.
    await expect(contact.getByRole('paragraph').last()).toHaveText(/\d/)

    await expect(page.getByRole('heading', { level: 2, name: 'More events' })).toBeVisible()
    await expect(moreEvents(page)).toHaveCount(3)
    for (const item of await moreEvents(page).all()) {
      await expect(item.getByRole('link')).toHaveAttribute('href', /^\/event\/[^/]+$/)
    }
  })

  test('the search on the not-found page leads to the catalogue', async ({ page }) => {
    await page.goto('/no-such-page')
    await waitForHydration(page)
    await page.getByRole('main').getByRole('combobox', { name: 'Event name or place' }).fill('bridge')
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search-filter' && url.searchParams.get('q') === 'text:bridge',
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search events')
  })

  test('an unknown event answers 404 too', async ({ page }) => {
    const response = await page.goto('/event/no-such-event')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page or event not found')
  })

  test('addresses no form could produce answer 404 or are ignored, never a server error', async ({
    page,
  }) => {
    for (const path of [`/event/${'x'.repeat(300)}`, '/event/%00', '/event/a/tournament/%00/player-list']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
    }
    const search = await page.goto(`/search-filter?q=text:${'y'.repeat(1500)}`)
    expect(search?.status()).toBe(200)
    const nul = await page.goto('/search-filter?q=text:%2500abc')
    expect(nul?.status()).toBe(200)
    const day = await page.goto(`/live-score/${'z'.repeat(300)}`)
    expect(day?.status()).toBe(200)
  })
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('shows two more events', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page or event not found')
    await expect(moreEvents(page)).toHaveCount(2)
    // The third event is there for wider screens, only not displayed.
    await expect(page.getByTestId('more-events').getByRole('listitem', { includeHidden: true })).toHaveCount(
      3,
    )
  })
})
