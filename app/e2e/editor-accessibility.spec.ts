// The organiser's editor screens as axe checks them (WCAG 2.1 A and AA), at a desktop and a phone width: the
// first wizard step, then every step of managing the draft it makes, with a tournament to edit.
import { expect, type Page, test } from '@playwright/test'
import { axeViolations, declineCookiesBeforehand, logIn, waitForHydration } from './support.ts'

const widths = [1280, 390] as const

const scanAtEveryWidth = async (page: Page, url: string) => {
  for (const [index, width] of widths.entries()) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
    if (index === 0) {
      const response = await page.goto(url)
      expect(response?.status(), url).toBe(200)
      await waitForHydration(page)
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect.soft(await axeViolations(page), `axe violations on ${url} at ${width} px`).toEqual([])
  }
}

test('the event editor screens have no WCAG 2.1 AA violations', async ({ page, context, baseURL }) => {
  // Nineteen axe scans: about half a minute alone, several times that beside another heavy test on 2 cores.
  test.setTimeout(300_000)
  await declineCookiesBeforehand(context, baseURL)
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.250.${test.info().workerIndex % 250}.9` })
  await logIn(page, 'info@lbf.example')

  await scanAtEveryWidth(page, '/event/create')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByLabel('Event name').fill(`Accessible Cup ${Date.now().toString(36)}`)
  await page.getByLabel('First day').fill('2027-06-05')
  await page.getByLabel('Last day').fill('2027-06-06')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/event\/manage\/\d+\/tournaments$/)
  const base = new URL(page.url()).pathname.replace(/\/tournaments$/, '')

  await page.goto(`${base}/tournaments/new-tournament`)
  await waitForHydration(page)
  await page.getByLabel('Tournament name').fill('Open Pairs')
  await page.getByLabel('Start date').fill('2027-06-05')
  await page.getByLabel('End date').fill('2027-06-05')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/tournaments\/edit-tournament\/\d+$/)
  const editTournament = new URL(page.url()).pathname

  for (const step of [
    '',
    '/tournaments',
    '/tournaments/new-tournament',
    editTournament.slice(base.length),
    '/registration-entry-fees-and-prizes',
    '/additional-information',
    '/event-program',
    '/event-gallery',
    '/registrations',
  ]) {
    await scanAtEveryWidth(page, `${base}${step}`)
  }
})
