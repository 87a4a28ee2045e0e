// Prices are written as the visitor's language writes money (issue 14, decision 031): a złoty event's details
// page reads 'zł 190' in English and '190 zł' in Polish and French, on a phone and a desktop, with the digits the
// currency has. The expected text comes from the kernel's formatMoney, which the page itself uses.
import { formatMoney } from '@kibitz/kernel/format'
import { type BrowserContext, expect, test } from '@playwright/test'
import { Schema } from 'effect'
import { withDatabase } from './registrationSupport.ts'
import { declineCookiesBeforehand, logIn, searchEvents, waitForHydration } from './support.ts'

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

test('an organiser using the site in Polish types a price as 12,50 and sees it so again after saving', async ({
  page,
  context,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL is not configured')
  test.setTimeout(120_000)
  const { eventId, tournamentId } = await withDatabase(async (db) => {
    const event = await db.query(
      `select e.id, (e.date_start + 1)::text as day from event e join organiser o on o.id = e.organiser_id
       join app_user u on u.id = o.user_id
       where u.email = 'info@lbf.example' and e.state = 'accepted' and e.currency_code = 'EUR'
         and e.date_start > now() + interval '7 days'
       order by e.id limit 1`,
    )
    const id = Number(event.rows[0]?.id)
    const inserted = await db.query(
      `insert into tournament (event_id, alias, name, type, start_date, end_date, points_score_type, order_number)
       values ($1, $2, 'Kwota Pairs', 1, $3, $3, 'MP_PAIRS', 98) returning id`,
      [id, `kwota-${Date.now().toString(36)}`, String(event.rows[0]?.day)],
    )
    const tournament = Number(inserted.rows[0]?.id)
    await db.query(
      'insert into ticket (tournament_id, type, price_minor, quantity) values ($1, 1, 4000, 30)',
      [tournament],
    )
    return { eventId: id, tournamentId: tournament }
  })
  await declineCookiesBeforehand(context, baseURL)
  await logIn(page, 'info@lbf.example')
  await setLanguage(context, baseURL, 'pl')
  const feesUrl = `/event/manage/${eventId}/registration-entry-fees-and-prizes?tournament=${tournamentId}`
  const price = page.locator('[data-path="tickets.0.priceMinor"]')
  const storedPrice = () =>
    withDatabase(async (db) => {
      const row = await db.query('select price_minor from ticket where tournament_id = $1', [tournamentId])
      return Number(row.rows[0]?.price_minor)
    })

  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto(feesUrl)
  await waitForHydration(page)
  await expect(price).toHaveValue('40')
  await price.fill('12,50')
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click()
  await expect.poll(storedPrice).toBe(1250)

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(feesUrl)
    await waitForHydration(page)
    // Shown back with the Polish decimal comma, and the hint's examples too.
    await expect(price).toHaveValue('12,50')
    await expect(page.getByText(/W EUR, na przykład 40 lub 40,50/).first()).toBeVisible()
    await price.scrollIntoViewIfNeeded()
    const box = await price.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0), `the price field inside ${width} px`).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`editor-price-pl-${width}.png`) })
  }
})
