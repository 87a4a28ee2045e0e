// The organiser's event editor keeps work and explains itself (issue 14, docs/decisions/032), as the organiser
// sees it on a 390 px phone and a 1280 px desktop: unsaved input survives a visit to another step, leaving the
// editor with it asks first (in-app and the browser's own prompt), a save says when it happened and stays said;
// a web address typed without its scheme is stored with https://; the public page can be previewed before
// publishing (and by nobody else), publishing links to it; postponing takes new dates or "to be announced", and
// a postponed or canceled event's editor says why it is read-only with its inputs disabled.
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test'
import { declineCookiesBeforehand, logIn, waitForHydration } from './support.ts'

// Each step waits on the server; on a shared, busy machine a save can take seconds.
const expect = baseExpect.configure({ timeout: 30_000 })

const organiserEmail = 'info@lbf.example'
const otherOrganiserEmail = 'klub@wkb-wroclaw.example'

let counter = 0
/** A context of its own address (per-address limits stay per visitor), at `width`, cookies declined before. */
const visitor = async (browser: Browser, width: number) => {
  const n = counter++
  const address = `10.${150 + (test.info().workerIndex % 40)}.${(n >> 8) % 256}.${(n % 255) + 1}`
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': address },
    viewport: { width, height: 900 },
  })
  await declineCookiesBeforehand(context, test.info().project.use.baseURL)
  return context
}

/** The page does not scroll sideways, and `locator`'s box lies within the viewport's width. */
const fitsWidth = async (page: Page, what: string, locator = page.locator('main')) => {
  const width = page.viewportSize()?.width ?? 0
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scroll, `${what}: the page's width`).toBeLessThanOrEqual(width)
  const box = await locator.boundingBox()
  expect(box, `${what}: drawn`).not.toBeNull()
  expect(
    (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width + 1,
    `${what}: within the width`,
  ).toBe(true)
}

const shot = async (page: Page, name: string) => {
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false })
}

/** A new draft through the first step of the wizard; answers its id. */
const createDraft = async (page: Page, name: string) => {
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
  return /\/event\/manage\/(\d+)\//.exec(page.url())?.[1] ?? ''
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Event editing steps' })

for (const width of [390, 1280]) {
  test(`at ${width} px the editor keeps unsaved input across steps, asks before leaving and says when it saved`, async ({
    browser,
  }) => {
    test.setTimeout(480_000)
    const name = `Amber Coast Pairs ${width} ${Date.now().toString(36)}`
    const page = await (await visitor(browser, width)).newPage()
    await logIn(page, organiserEmail)
    const eventId = await createDraft(page, name)

    await page.goto(`/event/manage/${eventId}`)
    await waitForHydration(page)
    const eventName = page.getByLabel('Event name')
    await eventName.fill(`${name} (renamed)`)
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes')

    // Another step and back: the typed name is still there, not the stored one.
    await steps(page)
      .getByRole('link', { name: /Additional information/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`/event/manage/${eventId}/additional-information$`))
    const website = page.getByLabel('The event’s own website')
    await website.fill('gkb.example.pl')
    await steps(page)
      .getByRole('link', { name: /General information/ })
      .click()
    await expect(page.getByLabel('Event name')).toHaveValue(`${name} (renamed)`)

    // Leaving the editor by a link asks first; staying keeps everything.
    await page.getByRole('link', { name: 'My events' }).first().click()
    const dialog = page.getByTestId('leave-dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(
      'You have unsaved changes in General information, Additional information.',
    )
    await fitsWidth(page, 'the leave question', dialog)
    await shot(page, 'editor-leave-question')
    await page.getByRole('button', { name: 'Stay on this page' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/event/manage/${eventId}$`))
    await expect(page.getByLabel('Event name')).toHaveValue(`${name} (renamed)`)

    // Saved: the time of the save is said, and stays said (it used to vanish after a few milliseconds).
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const status = page.getByTestId('save-status')
    await expect(status).toHaveText(/^Saved at \d{1,2}:\d{2}( [AP]M)?$/)
    await page.waitForTimeout(1500)
    await expect(status).toBeVisible()
    await expect(status).toHaveText(/^Saved at /)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} (renamed)`)
    await fitsWidth(page, 'the saved general step')
    await shot(page, 'editor-saved-at')

    // The web address without its scheme is accepted and stored with https://.
    await steps(page)
      .getByRole('link', { name: /Additional information/ })
      .click()
    await expect(page.getByLabel('The event’s own website')).toHaveValue('gkb.example.pl')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('save-status')).toHaveText(/^Saved at /)
    await expect(page.getByLabel('The event’s own website')).toHaveValue('https://gkb.example.pl')

    // Nothing unsaved: leaving asks nothing.
    await page.getByRole('link', { name: 'My events' }).first().click()
    await expect(page).toHaveURL(/\/user\/events/)

    // The browser's own prompt guards a reload or a closed tab while something is unsaved.
    await page.goto(`/event/manage/${eventId}`)
    await waitForHydration(page)
    // Typed by key presses: the browser asks only on a page the person has interacted with.
    await page.getByLabel('Event name').click()
    await page.getByLabel('Event name').press('End')
    await page.getByLabel('Event name').pressSequentially(' again')
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes')
    const prompt = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type())
        void d.dismiss()
      }),
    )
    await page.close({ runBeforeUnload: true })
    expect(
      await Promise.race([
        prompt,
        new Promise<string>((resolve) => setTimeout(() => resolve('no prompt'), 15_000)),
      ]),
    ).toBe('beforeunload')
  })

  test(`at ${width} px the organiser previews the draft, publishes it with a link, postpones it to new dates or to be announced`, async ({
    browser,
  }) => {
    test.setTimeout(600_000)
    const name = `Curonian Spit Teams ${width} ${Date.now().toString(36)}`
    const context = await visitor(browser, width)
    const page = await context.newPage()
    await logIn(page, organiserEmail)
    const eventId = await createDraft(page, name)

    // The preview: the public page of the draft, marked, never cached, not indexed.
    const previewUrl = `/event/${eventId}?preview`
    await page.goto(`/event/manage/${eventId}`)
    await waitForHydration(page)
    await expect(page.getByRole('link', { name: 'Preview the public page' })).toHaveAttribute(
      'href',
      previewUrl,
    )
    const answer = await page.goto(previewUrl)
    expect(answer?.status()).toBe(200)
    expect(answer?.headers()['cache-control']).toContain('no-store')
    const banner = page.getByTestId('preview-banner')
    await expect(banner).toContainText('Preview — not published yet')
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await fitsWidth(page, 'the preview', banner)
    await shot(page, 'editor-preview')

    // Nobody else sees it: not a guest, not another organiser; nor does the plain public address show a draft.
    const guest = await (await visitor(browser, width)).newPage()
    expect((await guest.goto(previewUrl))?.status()).toBe(404)
    expect((await guest.goto(`/event/${eventId}`))?.status()).toBe(404)
    const other = await (await visitor(browser, width)).newPage()
    await logIn(other, otherOrganiserEmail)
    expect((await other.goto(previewUrl))?.status()).toBe(404)
    await expect(other.getByText(name)).toHaveCount(0)

    // Publishing asks first, offering the preview, then says where the public page is.
    await page.goto(`/event/manage/${eventId}`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Publish' }).click()
    const actions = page.getByRole('group', { name: 'Event actions' })
    await expect(actions.getByRole('link', { name: 'Preview the public page' })).toBeVisible()
    await actions.getByRole('button', { name: 'Publish' }).click()
    const notice = page.getByTestId('action-notice')
    await expect(notice).toContainText('The event is published')
    const publicLink = notice.getByRole('link', { name: 'Open the public page' })
    await expect(publicLink).toHaveAttribute('href', /^\/event\/[a-z0-9-]+$/)
    await fitsWidth(page, 'the published notice', notice)
    await shot(page, 'editor-published')
    expect((await guest.goto((await publicLink.getAttribute('href')) ?? ''))?.status()).toBe(200)

    // Postponed to new dates: the editor says so, its inputs are disabled, and the public page shows the dates.
    await page.getByRole('button', { name: 'Postpone' }).click()
    await page.getByLabel('On new dates').check()
    await page.getByLabel('New first day').fill('2027-06-05')
    await page.getByLabel('New last day').fill('2027-06-07')
    await page.getByLabel('Message to the registered players').fill('The hall is being repaired.')
    await actions.getByRole('button', { name: 'Postpone' }).click()
    await expect(notice).toHaveText('Done.')
    const note = page.getByTestId('read-only-note')
    await expect(note).toContainText('This event is postponed to June 5')
    await expect(note).toContainText('A postponed event cannot be edited.')
    await expect(page.getByLabel('Event name')).toBeDisabled()
    await expect(page.getByLabel('First day')).toHaveValue('2027-06-05')
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
    await fitsWidth(page, 'the postponed note', note)
    await shot(page, 'editor-postponed')
    await guest.goto(`/event/${eventId}`)
    await expect(guest.getByTestId('postponed-dates')).toContainText('New dates: June 5')

    // Back to draft: editable again, saying what to do; republished; postponed with dates to be announced.
    await page.getByRole('button', { name: 'Unpublish after postponing' }).click()
    await page.getByLabel('Message to the registered players').fill('New dates soon.')
    await actions.getByRole('button', { name: 'Unpublish after postponing' }).click()
    await expect(page.getByTestId('postponed-draft-note')).toBeVisible()
    await expect(page.getByLabel('Event name')).toBeEnabled()
    await page.getByRole('button', { name: 'Publish' }).click()
    await actions.getByRole('button', { name: 'Publish' }).click()
    await expect(notice).toContainText('The event is published')
    await page.getByRole('button', { name: 'Postpone' }).click()
    await page.getByLabel('New dates to be announced').check()
    await page.getByLabel('Message to the registered players').fill('We will tell you soon.')
    await actions.getByRole('button', { name: 'Postpone' }).click()
    await expect(note).toContainText('This event is postponed; its new dates are to be announced.')
    await guest.goto(`/event/${eventId}`)
    await expect(guest.getByTestId('postponed-dates')).toHaveText('New dates to be announced')

    // Canceled: final, and said so.
    await page.getByRole('button', { name: 'Cancel the event' }).click()
    await page.getByLabel('Message to the registered players').fill('Sorry.')
    await actions.getByRole('button', { name: 'Cancel the event' }).click()
    await expect(note).toContainText('This event is canceled. Canceled events cannot be edited.')
    await expect(page.getByLabel('Event name')).toBeDisabled()
    await fitsWidth(page, 'the canceled note', note)
    await shot(page, 'editor-canceled')
  })
}
