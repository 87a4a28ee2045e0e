// An organiser runs an event through the browser (issue 4): the creation wizard with two tournaments,
// tickets with an early-bird junior category, prizes split by the formula and a picture; publication, the
// public catalogue, postponement and the postponed heading on the event's card. Another organiser is refused.
import { type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { logIn, waitForHydration } from './support.ts'

const organiserEmail = 'info@lbf.example'
const otherOrganiserEmail = 'klub@wkb-wroclaw.example'

let counter = 0
/** A context of its own address (per-address limits stay per visitor). */
const visitor = (browser: Browser) => {
  const n = counter++
  const address = `10.${200 + (test.info().workerIndex % 50)}.${(n >> 8) % 256}.${(n % 255) + 1}`
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
}

/** Saves the form of the current step and waits for the confirmation. */
const save = async (page: Page, name = 'Save') => {
  await page.getByRole('button', { name, exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
}

const addTournament = async (page: Page, eventId: string, name: string, type: string) => {
  await page.goto(`/event/manage/${eventId}/tournaments/new-tournament`)
  await waitForHydration(page)
  await page.getByLabel('Tournament name').fill(name)
  await page.getByLabel('Tournament type').selectOption({ label: type })
  await page.getByLabel('Start date').fill('2027-03-13')
  await page.getByLabel('Start time', { exact: true }).fill('10:00')
  await page.getByLabel('End date').fill('2027-03-13')
  await page.getByLabel('Registration opens').fill('2026-11-01T09:00')
  await page.getByLabel('Registration closes').fill('2027-03-12T20:00')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // A new tournament continues on its edit page.
  await expect(page).toHaveURL(/\/tournaments\/edit-tournament\/\d+$/)
  return /edit-tournament\/(\d+)$/.exec(page.url())?.[1] ?? ''
}

/** Opens the entry fees and prizes of one tournament, ready to type. */
const openFees = async (page: Page, eventId: string, tournamentId: string, name: string) => {
  await page.goto(`/event/manage/${eventId}/registration-entry-fees-and-prizes?tournament=${tournamentId}`)
  await waitForHydration(page)
  await expect(page.getByLabel('Tournament', { exact: true }).locator('option:checked')).toHaveText(name)
}

test('an organiser creates, publishes and postpones an event with two tournaments', async ({ browser }) => {
  test.setTimeout(120_000)
  const name = `Baltic Spring Festival ${Date.now().toString(36)}`
  const context = await visitor(browser)
  const page = await context.newPage()
  await logIn(page, organiserEmail)

  // The create-event button of the header starts the wizard.
  await expect(page.getByRole('link', { name: 'Create an event' }).first()).toHaveAttribute(
    'href',
    '/event/create',
  )
  await page.goto('/event/create')
  await waitForHydration(page)
  await page.getByLabel('Event name').fill(name)
  await page.getByLabel('First day').fill('2027-03-12')
  await page.getByLabel('Last day').fill('2027-03-14')
  await page.getByLabel('Country').selectOption('LT')
  await page.getByLabel('Venue name').fill('Palanga Concert Hall')
  await page.getByLabel('Short address').fill('Palanga')
  await page.getByLabel('Full address').fill('Vytauto g. 43, Palanga')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/event\/manage\/\d+\/tournaments$/)
  const eventId = /\/event\/manage\/(\d+)\//.exec(page.url())?.[1] ?? ''
  expect(eventId).not.toBe('')

  const pairsId = await addTournament(page, eventId, 'Open Pairs', 'Pairs')
  const teamsId = await addTournament(page, eventId, 'Open Teams', 'Teams')
  await page.goto(`/event/manage/${eventId}/tournaments`)
  await expect(page.getByRole('listitem').filter({ hasText: 'Open Pairs' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Open Teams' })).toBeVisible()

  // Entry fees of the pairs: a 40 € ticket with an early-bird junior category; prizes split by the formula.
  await openFees(page, eventId, pairsId, 'Open Pairs')
  const ticket = page.getByRole('group', { name: 'Ticket 1' })
  await ticket.getByLabel('Ticket price').fill('40')
  await ticket.getByLabel('Ticket quantity').fill('60')
  await page
    .getByRole('button', { name: /Add an age category/ })
    .first()
    .click()
  const junior = page.getByRole('group', { name: 'Age category 1 of ticket 1' })
  await junior.getByLabel('Category name').fill('Juniors')
  await junior.getByLabel('Age to').fill('25')
  await junior.getByLabel('Category price').fill('20')
  await junior.getByLabel('Early bird', { exact: true }).check()
  await junior.getByLabel('Early-bird price').fill('15')
  await junior.getByLabel('Early-bird sales start').fill('2026-11-01')
  await junior.getByLabel('Early-bird sales end').fill('2027-01-31')
  await page.getByLabel('Number of prize places').fill('3')
  await page.getByLabel('Prize pool', { exact: true }).fill('1000')
  await page.getByLabel('Use the formula').check()
  const split = page.getByRole('region', { name: 'Split by the formula' })
  // Shares 3 : 2 : 1, rounded down to the cent, the cent left over to the winners.
  await expect(split).toContainText('Place 1: €500.01')
  await expect(split).toContainText('Place 2: €333.33')
  await expect(split).toContainText('Place 3: €166.66')
  await save(page)

  // The teams pay per team.
  await openFees(page, eventId, teamsId, 'Open Teams')
  const teamTicket = page.getByRole('group', { name: 'Ticket 1' })
  await teamTicket.getByLabel('Ticket price').fill('160')
  await teamTicket.getByLabel('Charged per').selectOption({ label: 'Team' })
  await teamTicket.getByLabel('Ticket quantity').fill('24')
  await save(page)

  // The picture of the gallery step, a plain form.
  await page.goto(`/event/manage/${eventId}/event-gallery`)
  const picture = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1f6f4a' } })
    .png()
    .toBuffer()
  await page
    .getByLabel('Event picture')
    .setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: picture })
  await page.getByLabel('What the picture shows (for screen readers)').fill('The playing hall in Palanga')
  await page.getByRole('button', { name: 'Upload the picture' }).click()
  await expect(page.getByRole('img', { name: 'The playing hall in Palanga' })).toBeVisible()

  // Nothing left to fix: publish.
  const toFix = page.locator('details').filter({ hasText: /to fix before publishing/ })
  if ((await toFix.count()) > 0) {
    await toFix.locator('summary').click()
    expect(await toFix.textContent(), 'what still stops publication').toBe('')
  }
  // Publishing asks first, offering the preview of the public page (decision 032), then links to it.
  await page.getByRole('button', { name: 'Publish' }).click()
  const eventActions = page.getByRole('group', { name: 'Event actions' })
  await expect(eventActions.getByRole('link', { name: 'Preview the public page' })).toBeVisible()
  await eventActions.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The event is published' })).toBeVisible()
  await expect(page.getByText('Published', { exact: true })).toBeVisible()

  // Visitors find it in the public catalogue with its two tournaments and open registration.
  const guest = await (await visitor(browser)).newPage()
  await guest.goto(`/search-filter?q=${encodeURIComponent(`text:${name}`)}`)
  const card = guest.getByRole('article').filter({ hasText: name })
  await expect(card).toBeVisible()
  await expect(card).toContainText('2 tournaments')
  await expect(card).toContainText('Registration open')
  await expect(card.getByRole('img', { name: 'The playing hall in Palanga' })).toBeVisible()

  // Postponed with a message to the players: the card says so instead of its other headings.
  await page.goto(`/event/manage/${eventId}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Postpone' }).click()
  await page.getByLabel('New dates to be announced').check()
  await page
    .getByLabel('Message to the registered players')
    .fill('The hall is being repaired; new dates soon.')
  await page.getByRole('button', { name: 'Postpone' }).click()
  await expect(page.getByText('Postponed', { exact: true }).first()).toBeVisible()
  await guest.goto(`/search-filter?q=${encodeURIComponent(`text:${name}`)}`)
  const postponed = guest.getByRole('article').filter({ hasText: name })
  await expect(postponed).toContainText('Postponed')
  await expect(postponed).not.toContainText('Registration open')
  await guest.context().close()
  await context.close()
})

test('another organiser cannot open or change the event', async ({ browser }) => {
  // A journey of two sign-ins and several editor steps, like the other journeys here (120 s).
  test.setTimeout(90_000)
  const context = await visitor(browser)
  const page = await context.newPage()
  await logIn(page, organiserEmail)
  await page.goto('/event/create')
  await waitForHydration(page)
  await page.getByLabel('Event name').fill(`Private draft ${Date.now().toString(36)}`)
  await page.getByLabel('First day').fill('2027-05-01')
  await page.getByLabel('Last day').fill('2027-05-02')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/event\/manage\/\d+\/tournaments$/)
  const eventId = /\/event\/manage\/(\d+)\//.exec(page.url())?.[1] ?? ''
  await context.close()

  const other = await visitor(browser)
  const otherPage = await other.newPage()
  await logIn(otherPage, otherOrganiserEmail)
  const response = await otherPage.goto(`/event/manage/${eventId}`)
  expect(response?.status()).toBe(404)
  const api = await otherPage.request.put(`/api/v1/event/${eventId}/publish`, {
    headers: { origin: new URL(otherPage.url()).origin },
  })
  expect(api.status()).toBe(404)
  await other.close()
})
