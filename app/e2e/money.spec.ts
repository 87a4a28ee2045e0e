// Prices are written as the visitor's language writes money (issue 14, decision 031): a złoty event's details
// page reads 'zł 190' in English and '190 zł' in Polish and French, on a phone and a desktop, with the digits the
// currency has. The expected text comes from the kernel's formatMoney, which the page itself uses.
import { formatMoney } from '@kibitz/kernel/format'
import { type BrowserContext, expect, test } from '@playwright/test'
import { Schema } from 'effect'
import { declineCookiesBeforehand, searchEvents, waitForHydration } from './support.ts'

const EventPrices = Schema.Struct({
  event: Schema.Struct({
    card: Schema.Struct({ alias: Schema.String, state: Schema.String }),
    currencyCode: Schema.String,
  }),
  tournaments: Schema.Array(
    Schema.Struct({
      tickets: Schema.Array(
        Schema.Struct({
          type: Schema.Int,
          priceMinor: Schema.Int,
          ticketAgeCategories: Schema.Array(
            Schema.Struct({ isAvailable: Schema.Boolean, currentPriceMinor: Schema.Int }),
          ),
        }),
      ),
    }),
  ),
})

/** The first price the details page lists for the first tournament: a ticket's, or its first category on sale. */
const firstPrice = (data: typeof EventPrices.Type): number | undefined => {
  for (const ticket of data.tournaments[0]?.tickets ?? []) {
    if (ticket.type === 4) continue
    if (ticket.ticketAgeCategories.length === 0 && ticket.priceMinor > 0) return ticket.priceMinor
    const category = ticket.ticketAgeCategories.find((c) => c.isAvailable && c.currentPriceMinor > 0)
    if (category) return category.currentPriceMinor
  }
  return undefined
}

const setLanguage = (context: BrowserContext, baseURL: string, locale: string) =>
  context.addCookies([{ name: 'lang', value: locale, url: baseURL }])

/**
 * A cell's name that starts with `text` ('20 zł za osobę', not '120 zł'), any space Intl writes (no-break, narrow
 * no-break) taken as a space.
 */
const startingWith = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\u00a0\u202f ]/g, '\\s')}(\\s|$)`)

test('a złoty event’s prices read as each language writes money, on a phone and a desktop', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL is not configured')
  // Three languages at two widths, after looking through the catalogue for a złoty event.
  test.setTimeout(120_000)
  let found: { alias: string; price: number } | undefined
  for (const card of await searchEvents(request)) {
    const response = await request.get(`/api/v1/event/${card.id}/event-data`)
    const data = Schema.decodeUnknownSync(EventPrices)(await response.json())
    const price = firstPrice(data)
    if (data.event.currencyCode === 'PLN' && data.event.card.state === 'accepted' && price !== undefined) {
      found = { alias: data.event.card.alias, price }
      break
    }
  }
  if (!found) throw new Error('no seeded złoty event with a priced tournament')
  await declineCookiesBeforehand(context, baseURL)

  const expected = {
    en: formatMoney(found.price, { code: 'PLN' }, 'en'),
    pl: formatMoney(found.price, { code: 'PLN' }, 'pl'),
    fr: formatMoney(found.price, { code: 'PLN' }, 'fr'),
  }
  // The symbol goes first in English and last in Polish and French: the languages really differ.
  expect(expected.en.startsWith('zł')).toBe(true)
  expect(expected.pl.endsWith('zł')).toBe(true)

  for (const [locale, text] of Object.entries(expected)) {
    await setLanguage(context, baseURL, locale)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/event/${found.alias}/details`)
      await waitForHydration(page)
      const price = page
        .getByRole('tabpanel')
        .getByRole('cell', { name: startingWith(text) })
        .first()
      await expect(price, `${locale} at ${width} px`).toBeVisible()
      await price.scrollIntoViewIfNeeded()
      const box = await price.boundingBox()
      expect(box, `${locale} at ${width} px`).not.toBeNull()
      expect((box?.x ?? 0) + (box?.width ?? 0), `${locale} price inside ${width} px`).toBeLessThanOrEqual(
        width,
      )
      await page.screenshot({
        path: test.info().outputPath(`prices-${locale}-${width}.png`),
        fullPage: false,
      })
    }
  }
})
