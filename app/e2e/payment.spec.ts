// Registering and paying by bank transfer as a person does it (issue 14, decision 033), on a phone and a desktop:
// the age category starts at "Choose…", a required field's error names it and goes once the field is valid, a
// review step shows what will be registered before anything is, "Change" keeps everything, and the payment page
// says it worked and gives the transfer with copy buttons, the EPC QR code and the deadline with its time zone —
// readable and selectable without JavaScript too.
import { formatMoney } from '@kibitz/kernel/format'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { withDatabase } from './registrationSupport.ts'
import { declineCookiesBeforehand, searchEvents, waitForHydration } from './support.ts'

/** An individual tournament of its own in a future euro event paid by transfer: one ticket, two age categories. */
const euroTournament = async (request: APIRequestContext, name: string) => {
  const future = (await searchEvents(request)).filter(
    (c) => c.state === 'accepted' && c.timeState === 'future',
  )
  return withDatabase(async (db) => {
    const found = await db.query(
      `select id, alias, time_zone, (date_start + 1)::text as day from event
       where id = any($1) and currency_code = 'EUR' and payment_iban is not null order by id limit 1`,
      [future.map((c) => c.id)],
    )
    const event = found.rows[0]
    if (!event) throw new Error('no seeded future euro event paid by transfer')
    const alias = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${Date.now().toString(36)}`
    const inserted = await db.query(
      `insert into tournament (event_id, alias, name, type, start_date, end_date, points_score_type, order_number)
       values ($1, $2, $3, 3, $4, $4, 'MP_PAIRS', 99) returning id`,
      [event.id, alias, name, event.day],
    )
    const tournamentId = Number(inserted.rows[0]?.id)
    const ticket = await db.query(
      'insert into ticket (tournament_id, type, price_minor, quantity) values ($1, 1, 4550, 20) returning id',
      [tournamentId],
    )
    const ticketId = Number(ticket.rows[0]?.id)
    await db.query(
      `insert into ticket_age_category (ticket_id, name, price_minor) values ($1, 'Seniors', 4550), ($1, 'Juniors', 2000)`,
      [ticketId],
    )
    return {
      path: `/event/${String(event.alias)}/tournament/${alias}/register`,
      timeZone: String(event.time_zone),
      name,
    }
  })
}

const waitForForm = (page: Page) => page.locator('form[data-ready="true"]').waitFor({ state: 'attached' })

/** The page is as wide as the window: nothing makes it scroll sideways. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)

/** An element is on screen within the window's width, at least `min` px wide. */
const expectWithinWidth = async (page: Page, testId: string, min = 1) => {
  const box = await page.getByTestId(testId).boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box).not.toBeNull()
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(min)
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true)
}

test.beforeEach(async ({ context, baseURL }) => {
  await declineCookiesBeforehand(context, baseURL)
})

for (const width of [390, 1280]) {
  test(`at ${width} px a player reviews the entry, changes it, confirms, and pays by transfer with copy buttons and the EPC QR code`, async ({
    page,
    context,
    request,
    browser,
    baseURL,
  }) => {
    // Three pages, a review and a second browser context on two shared cores.
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: 900 })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const fresh = await euroTournament(request, `Transfer Individual ${width}`)
    await page.goto(fresh.path)
    await waitForForm(page)
    const shot = (name: string) =>
      page.screenshot({ path: `reports/payment/${width}-${name}.png`, fullPage: true })

    // The age category is not chosen for the player: the select says "Choose…" until they pick one.
    const category = page.getByRole('group', { name: 'Player 1', exact: true }).getByLabel('Age category')
    await expect(category).toHaveValue('')
    await expect(category.locator('option:checked')).toHaveText('Choose…')

    // Sent empty, each required field says that it is required, naming it; an e-mail is not "Cyrillic".
    await page.getByRole('button', { name: 'Review and register' }).click()
    await expect(page.getByText('E-mail is required.').first()).toBeVisible()
    await expect(page.getByText('First name is required.')).toBeVisible()
    await expect(page.getByText('Age category is required.')).toBeVisible()
    await expect(page.getByText(/hieroglyphs|Cyrillic/)).toHaveCount(0)
    await shot('required')

    // Each error goes as soon as its field is valid; one still wrong says what is wrong with it now.
    const player = page.getByRole('group', { name: 'Player 1', exact: true })
    const email = player.getByLabel('E-mail')
    await email.fill('ona')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/must not contain hieroglyphs or Cyrillic/).first()).toBeVisible()
    await email.fill(`ona.${Date.now().toString(36)}.${width}@example.test`)
    await expect(email).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('First name is required.')).toBeVisible()
    await player.getByLabel('First name').fill('Ona')
    await expect(page.getByText('First name is required.')).toHaveCount(0)
    await player.getByLabel('Last name').fill('Kazlauskaitė')
    await player.getByLabel('Country').selectOption('LT')
    await category.selectOption({ label: `Seniors — ${formatMoney(4550, { code: 'EUR' }, 'en')}` })
    await expect(page.getByText('Age category is required.')).toHaveCount(0)
    await page.getByLabel(/I accept the/).check()

    // The review: what, for whom, the price and how it is paid; nothing is registered yet.
    const total = formatMoney(4550, { code: 'EUR' }, 'en')
    await page.getByRole('button', { name: 'Review and register' }).click()
    const review = page.getByRole('region', { name: 'Check your registration' })
    await expect(review).toBeVisible()
    await expect(review).toContainText(fresh.name)
    await expect(review).toContainText('Ona Kazlauskaitė')
    await expect(review).toContainText('Seniors')
    await expect(page.getByTestId('review-total')).toHaveText(total)
    await expect(page.getByTestId('review-payment')).toHaveText(/^By bank transfer/)
    await expect(player.getByLabel('First name')).toBeHidden()
    await expectWithinWidth(page, 'registration-review', Math.min(width - 80, 600))
    await expectNoSidewaysScroll(page)
    await shot('review')

    // "Change" goes back with everything kept.
    await page.getByRole('button', { name: 'Change' }).click()
    await expect(review).toBeHidden()
    await expect(player.getByLabel('First name')).toHaveValue('Ona')
    await expect(category.locator('option:checked')).toHaveText(/^Seniors/)
    await expect(page.getByLabel(/I accept the/)).toBeChecked()
    await page.getByRole('button', { name: 'Review and register' }).click()
    await page.getByRole('button', { name: 'Confirm and register' }).click()

    // It worked, and the transfer is laid out to be copied or scanned.
    await expect(page).toHaveURL(/\/payment\?token=[A-Za-z0-9_-]{43}&registered=1$/)
    await expect(page.getByTestId('registered-notice')).toContainText(
      `Thank you! Your registration for ${fresh.name} is received.`,
    )
    await expect(page.getByTestId('player-age-category')).toHaveText('— Seniors')
    const iban = (await page.getByTestId('payment-iban').textContent()) ?? ''
    expect(iban).toMatch(/^[A-Z]{2}\d{2}( [A-Z0-9]{1,4})+$/)
    await expect(page.getByTestId('payment-amount')).toHaveText(total)
    const reference = (await page.getByTestId('payment-reference').textContent()) ?? ''
    expect(reference).toMatch(/^RF\d{2}( [A-Z0-9]{1,4})+$/)
    await page.getByRole('button', { name: 'Copy the IBAN' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iban.replace(/\s/g, ''))
    await page.getByRole('button', { name: 'Copy the amount' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('45.50')
    await page.getByRole('button', { name: 'Copy the payment reference' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference.replace(/\s/g, ''))
    await expect(page.getByRole('button', { name: 'Copy the payment reference' })).toHaveText(/Copied/)

    const qr = page.getByRole('img', { name: /^QR code for a banking app/ })
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAccessibleName(
      `QR code for a banking app: the transfer of ${total} with the reference ${reference}`,
    )
    await expect(page.getByText('Scan with your banking app to fill in the transfer.')).toBeVisible()
    await expectWithinWidth(page, 'payment-qr', 150)
    // The deadline names its time zone.
    await expect(page.getByTestId('payment-deadline')).toContainText(fresh.timeZone)
    await expect(page.getByTestId('payment-deadline')).toContainText(/GMT[+-]\d/)
    await expectWithinWidth(page, 'payment-iban')
    await expectWithinWidth(page, 'payment-reference')
    await expectNoSidewaysScroll(page)
    await shot('payment')

    // Without JavaScript the same page is readable and selectable, without buttons that cannot work.
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } })
    await declineCookiesBeforehand(plain, baseURL)
    const noScript = await plain.newPage()
    await noScript.goto(page.url())
    await expect(noScript.getByTestId('payment-iban')).toHaveText(iban)
    await expect(noScript.getByTestId('payment-reference')).toHaveText(reference)
    await expect(noScript.getByTestId('payment-amount')).toHaveText(total)
    expect(
      await noScript.getByTestId('payment-reference').evaluate((e) => getComputedStyle(e).userSelect),
    ).toBe('all')
    await expect(noScript.getByRole('button', { name: /^Copy/ })).toHaveCount(0)
    await expect(noScript.getByRole('img', { name: /^QR code for a banking app/ })).toBeVisible()
    await noScript.screenshot({
      path: `reports/payment/${width}-payment-without-javascript.png`,
      fullPage: true,
    })
    await plain.close()
  })
}

test('a sign-up form names each missing field and takes an error away once its field is valid', async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/register-user')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByText('E-mail is required.')).toBeVisible()
    await expect(page.getByText('First name is required.')).toBeVisible()
    await expect(page.getByText(/hieroglyphs|Cyrillic/)).toHaveCount(0)
    await page.screenshot({ path: `reports/payment/${width}-sign-up-required.png`, fullPage: true })
    await page.getByLabel('E-mail').fill('ona@example.test')
    await expect(page.getByText('E-mail is required.')).toHaveCount(0)
    await expect(page.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('First name is required.')).toBeVisible()
    await page.getByLabel('First name').fill('Ona')
    await expect(page.getByText('First name is required.')).toHaveCount(0)
    await expectNoSidewaysScroll(page)
  }
})
