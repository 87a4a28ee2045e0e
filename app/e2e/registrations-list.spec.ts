// The organiser's registrations list as an organiser uses it (issue 14, decision 034): each player's ticket and
// age category by name, the search and the state filter kept in the address (and working without JavaScript),
// "mark selected paid" with its confirmation and result, the CSV of what is shown, and the page fitting a phone.
import { expect, type Page, test } from '@playwright/test'
import { Schema } from 'effect'
import { freshTournament, withDatabase } from './registrationSupport.ts'
import { declineCookiesBeforehand, logIn, waitForHydration } from './support.ts'

test.describe.configure({ mode: 'serial', timeout: 300_000 })

const EventData = Schema.Struct({ event: Schema.Struct({ organiserEmail: Schema.NullOr(Schema.String) }) })

/** One run's names: the search finds exactly this run's entries. */
const tag = `Zq${Date.now().toString(36)}`

interface Seeded {
  readonly eventId: number
  readonly tournamentId: number
  readonly organiserEmail: string
  /** Entry ids: two waiting for payment (Ieva, Jonas) and one already paid (Rasa). */
  readonly ieva: number
  readonly jonas: number
  readonly rasa: number
}

let seeded: Seeded

test.beforeAll(async ({ request }) => {
  const fresh = await freshTournament(request, { name: `List ${tag}`, priceMinor: 4000, quantity: 20 })
  const data = Schema.decodeUnknownSync(EventData)(
    await (await request.get(`/api/v1/event/${fresh.event.id}/event-data`)).json(),
  )
  const organiserEmail = data.event.organiserEmail
  if (!organiserEmail) throw new Error('the seeded event has no organiser e-mail')
  const ids = await withDatabase(async (db) => {
    const category = await db.query(
      `insert into ticket_age_category (ticket_id, name, price_minor) values ($1, 'Seniors 60+', 4000) returning id`,
      [fresh.ticketId],
    )
    const categoryId = Number(category.rows[0]?.id)
    const entry = async (first: string, last: string, paid: boolean) => {
      const line = [
        {
          ticketId: fresh.ticketId,
          ageCategoryId: categoryId,
          persons: 1,
          unitPriceMinor: 4000,
          units: 1,
          totalMinor: 4000,
          earlyBird: false,
        },
      ]
      const inserted = await db.query(
        `insert into entry (event_id, tournament_id, ticket_id, status, contact_email, language, total_minor,
           currency_code, lines, payment_method, expires_at, paid_at, created_at)
         values ($1, $2, $3, $4, $5, 'en', 4000, $6, $7, 'bankTransfer', $8, $9, now()) returning id`,
        [
          fresh.event.id,
          fresh.tournamentId,
          fresh.ticketId,
          paid ? 'confirmed' : 'pending',
          `${first.toLowerCase()}.${tag.toLowerCase()}@example.test`,
          fresh.currency.code,
          JSON.stringify(line),
          paid ? null : new Date(Date.now() + 72 * 3_600_000),
          paid ? new Date() : null,
        ],
      )
      const id = Number(inserted.rows[0]?.id)
      await db.query(
        `insert into contestant (entry_id, position, first_name, last_name, country_code, email, ticket_id,
           age_category_id) values ($1, 0, $2, $3, 'LT', $4, $5, $6)`,
        [
          id,
          first,
          `${last}${tag}`,
          `${first.toLowerCase()}.${tag.toLowerCase()}@example.test`,
          fresh.ticketId,
          categoryId,
        ],
      )
      return id
    }
    return {
      ieva: await entry('Ieva', 'Bulkaitė', false),
      jonas: await entry('Jonas', 'Bulkus', false),
      rasa: await entry('Rasa', 'Bulkienė', true),
    }
  })
  seeded = { eventId: fresh.event.id, tournamentId: fresh.tournamentId, organiserEmail, ...ids }
})

test.beforeEach(async ({ context, baseURL }) => {
  await declineCookiesBeforehand(context, baseURL)
})

const listPath = (query = '') => `/event/manage/${seeded.eventId}/registrations${query}`

/** The page is no wider than the screen: a wide table scrolls inside its own region. */
const expectNoPageScroll = async (page: Page, width: number) => {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth).toBeLessThanOrEqual(width)
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })

test('names each player’s ticket and age category, searches and filters by state in the address', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page, seeded.organiserEmail)
  await page.goto(listPath())
  await waitForHydration(page)
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
  await expect(page.getByRole('row')).toHaveCount(4)
  const ieva = rowOf(page, `Bulkaitė${tag}`)
  // The player's ticket and age category by name, and the ticket line the same way.
  await expect(ieva.getByRole('listitem').filter({ hasText: 'Ieva' })).toContainText('Basic · Seniors 60+')
  await expect(ieva).toContainText('1 × Basic · Seniors 60+')
  await page.getByRole('combobox', { name: 'State' }).selectOption('pending')
  await expect(page).toHaveURL(/[?&]status=pending/)
  await expect(page.getByRole('row')).toHaveCount(3)
  await expect(rowOf(page, `Bulkienė${tag}`)).toHaveCount(0)
  // The CSV link downloads what is shown.
  const csvLink = page.getByRole('link', { name: 'Download these as CSV' })
  await expect(csvLink).toHaveAttribute('href', new RegExp(`registrations\\.csv\\?q=${tag}&status=pending`))
  const csv = await page.request.get((await csvLink.getAttribute('href')) ?? '')
  expect(csv.headers()['content-type']).toContain('text/csv')
  const body = await csv.body()
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = body.subarray(3).toString('utf8').trim().split('\r\n')
  expect(lines[0]?.startsWith('"Entry","Tournament","Status","Paid"')).toBe(true)
  expect(lines).toHaveLength(3)
  expect(lines.join('\n')).toContain('"Basic","Seniors 60+"')
  await page.screenshot({ path: test.info().outputPath('registrations-1280.png'), fullPage: true })
  // The actions stay in view at 1280 px.
  const markPaid = ieva.getByRole('button', { name: 'Mark paid' })
  const box = await markPaid.boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280)
  await expectNoPageScroll(page, 1280)
})

test('marks the selected entries paid after a confirmation and says how many, and which were skipped', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await logIn(page, seeded.organiserEmail)
  await page.goto(listPath(`?q=${tag}`))
  await waitForHydration(page)
  const bulk = page.getByRole('button', { name: /^Mark (\d+ )?selected paid$/ })
  await expect(bulk).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await expect(bulk).toHaveText('Mark 3 selected paid')
  await bulk.click()
  const dialog = page.getByRole('alertdialog', { name: 'Mark 3 entries paid?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Mark 3 entries paid' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'marked paid' })).toHaveText(
    '2 entries are marked paid; their contacts are e-mailed. 1 was already paid.',
  )
  for (const name of [`Bulkaitė${tag}`, `Bulkus${tag}`]) await expect(rowOf(page, name)).toContainText('Paid')
  await expect(bulk).toBeDisabled()
  // Each is confirmed and paid, with its audit, in the database too.
  const rows = await withDatabase(async (db) =>
    db.query(
      `select e.id, e.status, e.paid_at is not null as paid,
         (select count(*)::int from entry_audit a where a.entry_id = e.id and a.action = 'markedPaid') as audits
       from entry e where e.id = any($1) order by e.id`,
      [[seeded.ieva, seeded.jonas]],
    ),
  )
  expect(rows.rows).toEqual([
    { id: seeded.ieva, status: 'confirmed', paid: true, audits: 1 },
    { id: seeded.jonas, status: 'confirmed', paid: true, audits: 1 },
  ])
  await page.getByRole('combobox', { name: 'State' }).selectOption('paid')
  await expect(page).toHaveURL(/[?&]status=paid/)
  await expect(page.getByRole('row')).toHaveCount(4)
})

test('searches and filters without JavaScript', async ({ browser, baseURL, page: signingIn }) => {
  // Signed in where scripts run (the login helper waits for them), then the session in a browser without any.
  await logIn(signingIn, seeded.organiserEmail)
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  await context.addCookies(await signingIn.context().cookies())
  const page = await context.newPage()
  await page.goto(listPath())
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Bulkus${tag}`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]q=Bulkus${tag}`))
  await expect(page.getByRole('row')).toHaveCount(2)
  await expect(rowOf(page, `Bulkus${tag}`)).toBeVisible()
  await page.goto(listPath(`?q=${tag}&status=canceled`))
  await expect(page.getByText('No registration matches.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('canceled')
  await context.close()
})

test('fits a 390 px phone: the search, filters and bulk action on screen, the table scrolls inside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await logIn(page, seeded.organiserEmail)
  await page.goto(listPath(`?q=${tag}`))
  await waitForHydration(page)
  for (const control of [
    page.getByRole('searchbox', { name: 'Search' }),
    page.getByRole('combobox', { name: 'State' }),
    page.getByRole('button', { name: 'Search', exact: true }),
    page.getByRole('button', { name: /selected paid$/ }),
  ]) {
    const box = await control.boundingBox()
    expect(box).not.toBeNull()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true)
  }
  await expectNoPageScroll(page, 390)
  await page.screenshot({ path: test.info().outputPath('registrations-390.png'), fullPage: true })
})
