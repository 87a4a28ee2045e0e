// Registration as a player does it (issue 5): the picker on the event page, the form with its live price,
// the bank transfer details with the RF reference, the e-mail with the status link, and the same without
// JavaScript through the confirm step. Which event and tournament to use is read from the public API.
import { formatMoney } from '@kibitz/kernel/format'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { Schema } from 'effect'
import { freshTournament, withDatabase } from './registrationSupport.ts'
import { axeViolations, declineCookiesBeforehand, logIn, searchEvents, waitForHydration } from './support.ts'

const Category = Schema.Struct({
  ticketAgeCategoryId: Schema.Int,
  name: Schema.String,
  enabled: Schema.Boolean,
  isAvailable: Schema.Boolean,
  earlyBirdActive: Schema.Boolean,
  currentPriceMinor: Schema.Int,
})
const Ticket = Schema.Struct({
  ticketId: Schema.Int,
  type: Schema.Int,
  priceMinor: Schema.Int,
  ticketsLeft: Schema.Int,
  isForSale: Schema.Boolean,
  isAvailable: Schema.Boolean,
  isPricePerTeam: Schema.Boolean,
  ticketAgeCategories: Schema.Array(Category),
})
const Tournament = Schema.Struct({
  tournamentId: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  type: Schema.Int,
  isOpenRegistration: Schema.Boolean,
  isPlayerListViewEnabled: Schema.Boolean,
  tickets: Schema.Array(Ticket),
})
const EventData = Schema.Struct({
  event: Schema.Struct({
    card: Schema.Struct({ id: Schema.Int, alias: Schema.String, state: Schema.String }),
    currencyCode: Schema.String,
    organiserEmail: Schema.NullOr(Schema.String),
  }),
  tournaments: Schema.Array(Tournament),
})
type EventData = typeof EventData.Type
type TournamentData = typeof Tournament.Type
type TicketData = typeof Ticket.Type

const Mailbox = Schema.Array(
  Schema.Struct({
    to: Schema.Array(Schema.String),
    subject: Schema.String,
    links: Schema.Array(Schema.String),
  }),
)
const mailboxUrl = process.env.E2E_MAILBOX_URL ?? ''
const readMailbox = async () => Schema.decodeUnknownSync(Mailbox)(await (await fetch(mailboxUrl)).json())

let counter = 0
const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${(counter++).toString(36)}@example.test`

const saleable = (k: TicketData) => k.isAvailable && k.ticketsLeft >= 2 && !k.isPricePerTeam

/** The first open tournament of an accepted event that `accept` takes (with its event); fails when none. */
const findOpen = async (
  request: APIRequestContext,
  accept: (t: TournamentData) => TicketData | undefined,
): Promise<{ data: EventData; tournament: TournamentData; ticket: TicketData }> => {
  for (const card of await searchEvents(request)) {
    if (card.state !== 'accepted' || !card.isOpenRegistration) continue
    const response = await request.get(`/api/v1/event/${card.id}/event-data`)
    const data = Schema.decodeUnknownSync(EventData)(await response.json())
    for (const tournament of data.tournaments.filter((t) => t.isOpenRegistration)) {
      const ticket = accept(tournament)
      if (ticket) return { data, tournament, ticket }
    }
  }
  throw new Error('no seeded open tournament fits')
}

/** The categories the form offers: enabled, on sale today, not full. */
const enabled = (k: TicketData) => k.ticketAgeCategories.filter((a) => a.isAvailable)

/** Fills one player's fieldset. */
const fillPlayer = async (
  page: Page,
  n: number,
  player: { first: string; last: string; email: string; ticketId: number; categoryId: number | null },
) => {
  const group = page.getByRole('group', { name: `Player ${n}`, exact: true })
  await group.getByLabel('First name').fill(player.first)
  await group.getByLabel('Last name').fill(player.last)
  await group.getByLabel('Country').selectOption('LT')
  await group.getByLabel('E-mail').fill(player.email)
  await group.getByLabel('Ticket').selectOption(String(player.ticketId))
  if (player.categoryId !== null)
    await group.getByLabel('Age category').selectOption(String(player.categoryId))
}

/** Waits until the scripted registration form has taken over its server-rendered fields. */
const waitForForm = (page: Page) => page.locator('form[data-ready="true"]').waitFor({ state: 'attached' })

const expectAxeClean = async (page: Page) => expect(await axeViolations(page)).toEqual([])

/** The scripted form's two steps (decision 033): review what will be registered, then confirm it. */
const reviewAndConfirm = async (page: Page) => {
  await page.getByRole('button', { name: 'Review and register' }).click()
  await expect(page.getByRole('region', { name: 'Check your registration' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm and register' }).click()
}

test.beforeEach(async ({ context, baseURL }) => {
  await declineCookiesBeforehand(context, baseURL)
})

test('a visitor registers a pair with an early-bird junior through the picker, and the organiser marks it paid', async ({
  page,
  request,
}) => {
  // Three pages with axe and an e-mail round trip: more than the default budget on a loaded machine.
  test.setTimeout(90_000)
  // A pairs tournament with a priced ticket whose categories include an early bird one.
  const { data, tournament, ticket } = await findOpen(request, (t) =>
    t.type === 1 && t.isPlayerListViewEnabled
      ? t.tickets.find(
          (k) =>
            saleable(k) &&
            k.type !== 4 &&
            enabled(k).some((a) => a.earlyBirdActive && a.name.startsWith('Juniors')) &&
            enabled(k).some((a) => !a.earlyBirdActive),
        )
      : undefined,
  )
  const early = enabled(ticket).find((a) => a.earlyBirdActive && a.name.startsWith('Juniors'))
  const other = enabled(ticket).find((a) => !a.earlyBirdActive)
  if (!early || !other) throw new Error('the ticket lost its categories')
  const currency = { code: data.event.currencyCode }

  await page.goto(`/event/${data.event.card.alias}`)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Register', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  // Escape closes the picker; the button opens it again.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('link', { name: 'Register', exact: true }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: `Choose ${tournament.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/tournament/${tournament.alias}/register$`))
  await waitForForm(page)
  await expectAxeClean(page)

  const email = uniqueEmail('pair')
  await fillPlayer(page, 1, {
    first: 'Ona',
    last: 'Kazlauskaite',
    email,
    ticketId: ticket.ticketId,
    categoryId: other.ticketAgeCategoryId,
  })
  await fillPlayer(page, 2, {
    first: 'Jonas',
    last: 'Petraitis',
    email: uniqueEmail('partner'),
    ticketId: ticket.ticketId,
    categoryId: early.ticketAgeCategoryId,
  })
  await expect(page.getByLabel('Contact e-mail')).toHaveValue(email)
  // A category the ticket has must be chosen: left empty it is named, and choosing one clears the message.
  const secondCategory = page.getByRole('group', { name: 'Player 2', exact: true }).getByLabel('Age category')
  await secondCategory.selectOption('')
  await page.getByRole('button', { name: 'Review and register' }).click()
  await expect(secondCategory).toHaveAttribute('aria-invalid', 'true')
  await secondCategory.selectOption(String(early.ticketAgeCategoryId))
  await expect(secondCategory).not.toHaveAttribute('aria-invalid', 'true')
  // Spec section 4: what was typed comes back on this tournament's form after a reload.
  await page.reload()
  await waitForForm(page)
  await expect(page.getByRole('group', { name: 'Player 2' }).getByLabel('Last name')).toHaveValue('Petraitis')
  const total = formatMoney(early.currentPriceMinor + other.currentPriceMinor, currency, 'en')
  await expect(page.getByTestId('registration-total')).toHaveText(`Total: ${total}`)
  await expect(page.getByRole('region', { name: 'Price' }).getByText(/early bird/)).toBeVisible()

  // Without accepting the terms the policy checkbox is named as the problem, and nothing is sent.
  await page.getByRole('button', { name: 'Review and register' }).click()
  await expect(page.getByLabel(/I accept the/)).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel(/I accept the/).check()
  await expect(page.getByLabel(/I accept the/)).not.toHaveAttribute('aria-invalid', 'true')
  await reviewAndConfirm(page)

  await expect(page).toHaveURL(/\/payment\?token=[A-Za-z0-9_-]{43}&registered=1$/)
  await expect(page.getByTestId('payment-reference')).toHaveText(/^RF\d{2}( [A-Z0-9]{1,4})+$/)
  await expect(page.getByText(total).first()).toBeVisible()
  await expectAxeClean(page)

  let statusLink = ''
  await expect
    .poll(
      async () => {
        const mail = (await readMailbox()).find((m) => m.to.includes(email))
        statusLink = mail?.links.find((l) => /\/status\?token=/.test(l)) ?? ''
        return statusLink
      },
      { timeout: 20_000, message: `the registration e-mail to ${email}` },
    )
    .not.toBe('')
  await page.goto(statusLink)
  await expect(page.getByTestId('entry-state')).toHaveText('Waiting for payment')
  await expect(page.getByText('Ona Kazlauskaite')).toBeVisible()
  await expectAxeClean(page)

  // The organiser finds the entry among the event's registrations, marks it paid, and the pair is in the
  // public player list; the registrant's status link now says so.
  const organiserEmail = data.event.organiserEmail
  if (!organiserEmail) throw new Error('the seeded event has no organiser e-mail')
  await logIn(page, organiserEmail)
  await page.goto(`/event/manage/${data.event.card.id}/registrations?tournament=${tournament.tournamentId}`)
  await waitForHydration(page)
  const row = page.getByRole('row').filter({ hasText: 'Kazlauskaite' })
  await expect(row).toContainText('Waiting for payment')
  await row.getByRole('button', { name: 'Mark paid' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark paid' }).click()
  await expect(row).toContainText('Paid')
  await expectAxeClean(page)
  await page.goto(`/event/${data.event.card.alias}/tournament/${tournament.alias}/player-list`)
  await expect(page.getByRole('table').getByText(/Kazlauskaite/)).toBeVisible()
  await expect(page.getByRole('table').getByText(/Petraitis/)).toBeVisible()
  await page.goto(statusLink)
  await expect(page.getByTestId('entry-state')).toHaveText('Confirmed')
})

test('an unknown status link is a plain 404', async ({ page }) => {
  const response = await page.goto(`/status?token=${'x'.repeat(43)}`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an individual registers through the confirm step', async ({ page, request }) => {
    const { data, tournament, ticket } = await findOpen(request, (t) =>
      t.type === 3 || t.type === 4 ? t.tickets.find((k) => saleable(k)) : undefined,
    )
    const category = enabled(ticket)[0]
    await page.goto(`/event/${data.event.card.alias}?register=true`)
    await page.getByRole('link', { name: `Choose ${tournament.name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/tournament/${tournament.alias}/register$`))
    await fillPlayer(page, 1, {
      first: 'Rasa',
      last: 'Jankauskiene',
      email: uniqueEmail('solo'),
      ticketId: ticket.ticketId,
      categoryId: category ? category.ticketAgeCategoryId : null,
    })
    await page.getByLabel(/I accept the/).check()
    await page.getByRole('button', { name: 'Review and register' }).click()

    // The server shows the total it computed and what will be registered, and asks to confirm before registering.
    const total = formatMoney(
      category ? category.currentPriceMinor : ticket.priceMinor,
      { code: data.event.currencyCode },
      'en',
    )
    await expect(
      page.getByText(
        `Please check the total of ${ticket.type === 4 ? formatMoney(0, { code: data.event.currencyCode }, 'en') : total}`,
      ),
    ).toBeVisible()
    await expect(page.getByRole('group', { name: 'Player 1' }).getByLabel('First name')).toHaveValue('Rasa')
    await expect(page.getByRole('region', { name: 'Check your registration' })).toContainText(
      'Rasa Jankauskiene',
    )
    await page.getByRole('button', { name: 'Confirm and register' }).click()
    await expect(page).toHaveURL(/\/(payment|status)\?token=[A-Za-z0-9_-]{43}&registered=1$/)
    await expect(page.getByTestId('registered-notice')).toContainText('Thank you!')
    await expect(page.getByText('Rasa Jankauskiene')).toBeVisible()
    // The form's rules link: the tournament's rules and how registration works, readable without scripts.
    await page.goto(`/rules/${tournament.tournamentId}`)
    await expect(
      page.getByRole('heading', { name: `Rules and regulations: ${tournament.name}` }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: 'How registration works' })).toBeVisible()
  })
})

test('a price changed while the visitor filled in the form is told (3000), shown, and nothing is registered', async ({
  page,
  request,
}) => {
  const fresh = await freshTournament(request, {
    name: 'Changing Price Individual',
    priceMinor: 2500,
    quantity: 20,
  })
  await page.goto(`/event/${fresh.event.alias}/tournament/${fresh.alias}/register`)
  await waitForForm(page)
  await fillPlayer(page, 1, {
    first: 'Lina',
    last: 'Vaitkute',
    email: uniqueEmail('changed'),
    ticketId: fresh.ticketId,
    categoryId: null,
  })
  await page.getByLabel(/I accept the/).check()
  await expect(page.getByTestId('registration-total')).toHaveText(
    `Total: ${formatMoney(2500, fresh.currency, 'en')}`,
  )
  // The organiser raises the price meanwhile.
  await withDatabase((db) => db.query('update ticket set price_minor = 3000 where id = $1', [fresh.ticketId]))
  await reviewAndConfirm(page)
  await expect(
    page.getByRole('alert').filter({ hasText: 'The tickets of this tournament changed' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByTestId('registration-total')).toHaveText(
    `Total: ${formatMoney(3000, fresh.currency, 'en')}`,
  )
  const entries = await withDatabase((db) =>
    db.query('select count(*)::int as n from entry where tournament_id = $1', [fresh.tournamentId]),
  )
  expect(entries.rows[0]?.n).toBe(0)
  // Registering again is the visitor's own choice, at the price now shown.
  await reviewAndConfirm(page)
  await expect(page).toHaveURL(/\/(payment|status)\?token=[A-Za-z0-9_-]{43}&registered=1$/)
})

test('a visitor pays by card: the checkout takes the payment and the status link shows it confirmed', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const fresh = await freshTournament(request, { name: 'Card Individual', priceMinor: 4250, quantity: 20 })
  await page.goto(`/event/${fresh.event.alias}/tournament/${fresh.alias}/register`)
  await waitForForm(page)
  const email = uniqueEmail('card')
  await fillPlayer(page, 1, {
    first: 'Marta',
    last: 'Nowak',
    email,
    ticketId: fresh.ticketId,
    categoryId: null,
  })
  await page.getByRole('radio', { name: 'Card' }).check()
  await page.getByLabel(/I accept the/).check()
  await page.getByRole('button', { name: 'Review and register' }).click()
  await expect(page.getByTestId('review-payment')).toHaveText(/^By card/)
  await page.getByRole('button', { name: 'Confirm and register' }).click()
  await expect(page).toHaveURL(/\/payment\?token=[A-Za-z0-9_-]{43}&registered=1$/)
  await page.getByRole('button', { name: 'Pay by card' }).click()
  // Stripe's checkout (its local stand-in): the amount, then Pay.
  await expect(page.getByText(/4250|42\.50/).first()).toBeVisible()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/\/status\?token=[A-Za-z0-9_-]{43}&session_id=/)
  await expect(page.getByTestId('entry-state')).toHaveText('Confirmed')
  await expect
    .poll(async () => (await readMailbox()).filter((m) => m.to.includes(email)).length, { timeout: 20_000 })
    .toBe(2)
})
