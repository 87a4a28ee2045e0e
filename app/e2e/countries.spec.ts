// Countries in the interface language (decision 030): the catalogue's country filter lists every country by its
// name in the visitor's language, the cards name their places' countries in it, and a country's name in another
// content language finds its events. Measured at 390 px and 1280 px.
import { expect, test } from '@playwright/test'
import { declineCookiesBeforehand, searchEvents, waitForHydration } from './support.ts'

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })
    // Two full page loads of a 250-option form on 2 shared cores.
    test.describe.configure({ timeout: 90_000 })
    test('the catalogue in Polish filters by a country named in Polish', async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      const lithuanian = (await searchEvents(request, { nameOrLocation: 'Lithuania' })).filter(
        (e) => !e.isOnline,
      )
      expect(lithuanian.length, 'the demo seed has upcoming events in Lithuania').toBeGreaterThan(0)

      await declineCookiesBeforehand(context, baseURL)
      if (!baseURL) throw new Error('baseURL is not configured')
      await context.addCookies([{ name: 'lang', value: 'pl', url: baseURL }])
      await page.goto('/search-filter')
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveAttribute('lang', 'pl')

      const country = page.getByRole('combobox', { name: 'Kraj' })
      await expect(country).toBeVisible()
      await expect(country.getByRole('option', { name: 'Dowolny kraj' })).toHaveAttribute('value', '')
      await expect(country.getByRole('option', { name: 'Litwa', exact: true })).toHaveAttribute('value', 'LT')
      await expect(country.getByRole('option', { name: 'Niemcy', exact: true })).toHaveAttribute(
        'value',
        'DE',
      )
      expect(await country.getByRole('option').count()).toBe(251)
      const box = await country.boundingBox()
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width)

      await country.selectOption('LT')
      await page.getByRole('button', { name: 'Szukaj', exact: true }).click()
      await expect(page).toHaveURL((url) => (url.searchParams.get('q') ?? '').includes('country:LT'))
      await expect(page.getByRole('combobox', { name: 'Kraj' })).toHaveValue('LT')
      const cards = page.getByRole('region', { name: 'Wyniki' }).getByRole('article')
      await expect(cards.first()).toBeVisible()
      // Every place on the cards names its country in Polish, none in English.
      const places = page.getByRole('region', { name: 'Wyniki' }).getByText(/, Litwa$/)
      await expect(places.first()).toBeVisible()
      await expect(page.getByRole('region', { name: 'Wyniki' }).getByText(/, Lithuania$/)).toHaveCount(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await page.screenshot({
        path: test.info().outputPath(`countries-${viewport.width}.png`),
        fullPage: true,
      })

      // A country's name in another content language finds its events too.
      await page.goto(`/search-filter?${new URLSearchParams({ q: 'text:Lietuva' })}`)
      await expect(page.getByRole('region', { name: 'Wyniki' }).getByRole('article').first()).toBeVisible()
      await expect(
        page
          .getByRole('region', { name: 'Wyniki' })
          .getByText(/, Litwa$/)
          .first(),
      ).toBeVisible()
    })
  })
}
