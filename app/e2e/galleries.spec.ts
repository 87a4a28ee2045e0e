// Galleries and documents (issue 17, docs/decisions/041): a visitor sees a demo event's gallery as a grid of
// thumbnails that keep their boxes at 390 and 1280 px, opens an image large with the keyboard and closes it with
// Escape, and finds the event's documents with their type, size and date; an organiser without JavaScript uploads
// two images to a draft's gallery, titles one and moves it, each a plain form post.
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { Schema } from 'effect'
import { declineCookiesBeforehand, logIn, waitForHydration } from './support.ts'

const organiserEmail = 'info@lbf.example'
/** Where the screenshots a developer looks at go. */
const shots = path.join(tmpdir(), 'kibitz-gallery-shots')

let counter = 0
/** A context of its own address (per-address limits stay per visitor). */
const visitor = (browser: Browser, options: { width?: number; javaScriptEnabled?: boolean } = {}) => {
  const n = counter++
  const address = `10.${200 + (test.info().workerIndex % 50)}.${(n >> 8) % 256}.${(n % 255) + 1}`
  return browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': address },
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
}

const Cards = Schema.Struct({ events: Schema.Array(Schema.Struct({ id: Schema.Int, alias: Schema.String })) })
const View = Schema.Struct({
  galleries: Schema.Array(
    Schema.Struct({ tournamentId: Schema.NullOr(Schema.Int), galleryItems: Schema.Array(Schema.Unknown) }),
  ),
})

/** A public demo event whose own gallery has at least three images (the demo seed gives a few of them one). */
const eventWithGallery = async (request: APIRequestContext) => {
  const cards = Schema.decodeUnknownSync(Cards)(
    await (await request.get('/api/v1/event/future-events?limit=100')).json(),
  )
  for (const card of cards.events) {
    const view = Schema.decodeUnknownSync(View)(await (await request.get(`/api/v1/event/${card.id}`)).json())
    if (view.galleries.some((g) => g.tournamentId === null && g.galleryItems.length >= 3)) return card
  }
  throw new Error('no demo event has a gallery: is the demo seed giving galleries?')
}

/** No two boxes overlap (edges may touch). */
const overlapping = (boxes: ReadonlyArray<{ x: number; y: number; width: number; height: number }>) =>
  boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter(
        (b) =>
          a.x < b.x + b.width - 0.5 &&
          b.x < a.x + a.width - 0.5 &&
          a.y < b.y + b.height - 0.5 &&
          b.y < a.y + a.height - 0.5,
      )
      .map((b) => [a, b]),
  )

const galleryOf = (page: Page) => page.locator('[data-gallery]').first()

for (const width of [390, 1280]) {
  test(`the event page shows its gallery at ${width} px and opens an image with the keyboard`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const card = await eventWithGallery(request)
    const context = await visitor(browser, { width })
    await declineCookiesBeforehand(context, baseURL)
    const page = await context.newPage()
    await page.goto(`/event/${card.alias}`)
    await waitForHydration(page)
    const gallery = galleryOf(page)
    await gallery.scrollIntoViewIfNeeded()
    const links = gallery.getByTestId('gallery-grid').getByRole('link')
    const count = await links.count()
    expect(count).toBeGreaterThanOrEqual(3)

    // Every thumbnail has its size, several widths and lazy loading; the boxes are on screen and apart.
    const images = gallery.getByTestId('gallery-grid').getByRole('img')
    for (let i = 0; i < count; i++) {
      const image = images.nth(i)
      await expect(image).toHaveAttribute('width', /^\d+$/)
      await expect(image).toHaveAttribute('height', /^\d+$/)
      await expect(image).toHaveAttribute('loading', 'lazy')
      await expect(image).toHaveAttribute('srcset', /320w/)
      await expect(image).toBeVisible()
    }
    await expect
      .poll(() =>
        images.evaluateAll((all) =>
          all.every((i) => i instanceof HTMLImageElement && i.complete && i.naturalWidth > 0),
        ),
      )
      .toBe(true)
    const boxes = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const box = await links.nth(i).boundingBox()
        if (!box) throw new Error(`thumbnail ${i + 1} has no box`)
        return box
      }),
    )
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(100)
      expect(box.height).toBeGreaterThan(70)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
    }
    expect(overlapping(boxes)).toEqual([])
    // Two columns on a phone, three on a laptop.
    const columns = new Set(boxes.map((b) => Math.round(b.x))).size
    expect(columns).toBe(width < 640 ? 2 : 3)
    await gallery.screenshot({ path: `${shots}/gallery-grid-${width}.png` })
    await page.screenshot({ path: `${shots}/event-page-${width}.png`, fullPage: true })

    // The documents, each with its type, its size and its date.
    const documents = page.getByTestId('documents').first()
    await expect(documents.getByRole('link', { name: 'Ticket policy.pdf' })).toBeVisible()
    await expect(documents).toContainText(/PDF · \d+(\.\d)? (bytes|kB) · \w+ \d{1,2}, \d{4}/)

    // The tournament's section of the details page lists its rules with the same facts.
    if (width === 390) {
      await page.goto(`/event/${card.alias}/details`)
      await waitForHydration(page)
      const rules = page.getByRole('tabpanel').first().getByTestId('documents')
      await expect(rules.getByRole('link', { name: 'Rules and regulations.pdf' })).toBeVisible()
      await rules.screenshot({ path: `${shots}/tournament-documents-${width}.png` })
      await page.goto(`/event/${card.alias}`)
      await waitForHydration(page)
    }

    // The keyboard: the first thumbnail opens the lightbox, arrows turn, Tab stays inside, Escape closes.
    const first = links.first()
    await first.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(`Photo 1 of ${count}`)
    const large = dialog.getByRole('img')
    await expect
      .poll(() => large.evaluate((i) => i instanceof HTMLImageElement && i.complete && i.naturalWidth > 0))
      .toBe(true)
    const shown = await large.boundingBox()
    expect(shown?.width ?? 0).toBeGreaterThan(width * 0.6)
    await page.keyboard.press('ArrowRight')
    await expect(dialog).toContainText(`Photo 2 of ${count}`)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(dialog).toContainText(`Photo ${count} of ${count}`)
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.screenshot({ path: `${shots}/gallery-lightbox-${width}.png` })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(first).toBeFocused()

    // A tap on Next turns the page too, and so does a swipe across the image; the close button closes.
    await first.click()
    if (width === 390) {
      const swipe = { pointerType: 'touch', isPrimary: true, clientY: 400 }
      await large.dispatchEvent('pointerdown', { ...swipe, clientX: 300 })
      await large.dispatchEvent('pointerup', { ...swipe, clientX: 80 })
      await expect(dialog).toContainText(`Photo 2 of ${count}`)
      await large.dispatchEvent('pointerdown', { ...swipe, clientX: 80 })
      await large.dispatchEvent('pointerup', { ...swipe, clientX: 300 })
      await expect(dialog).toContainText(`Photo 1 of ${count}`)
    }
    await dialog.getByRole('button', { name: 'Next' }).click()
    await expect(dialog).toContainText(`Photo 2 of ${count}`)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await context.close()
  })
}

test('without JavaScript each thumbnail is a link to the full image', async ({
  browser,
  request,
  baseURL,
}) => {
  const card = await eventWithGallery(request)
  const context = await visitor(browser, { width: 390, javaScriptEnabled: false })
  await declineCookiesBeforehand(context, baseURL)
  const page = await context.newPage()
  await page.goto(`/event/${card.alias}`)
  const first = galleryOf(page).getByTestId('gallery-grid').getByRole('link').first()
  const href = (await first.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/files\/event\/event-\d+\/gallery\/.+\.webp$/)
  await first.click()
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await context.close()
})

/** A PNG of `width`×`height` in one colour, made by the browser's canvas. */
const png = async (page: Page, width: number, height: number, colour: string) =>
  Buffer.from(
    await page.evaluate(
      async ([w, h, c]) => {
        const canvas = new OffscreenCanvas(Number(w), Number(h))
        const context = canvas.getContext('2d')
        if (context) {
          context.fillStyle = String(c)
          context.fillRect(0, 0, Number(w), Number(h))
        }
        const blob = await canvas.convertToBlob({ type: 'image/png' })
        return Array.from(new Uint8Array(await blob.arrayBuffer()))
      },
      [width, height, colour],
    ),
  )

/** A new draft of the demo organiser's, made with scripts on (the general step is a live form), and two PNGs. */
const organisersDraft = async (browser: Browser, baseURL: string | undefined) => {
  const context = await visitor(browser)
  const page = await context.newPage()
  await logIn(page, organiserEmail)
  await page.goto('/event/create')
  await waitForHydration(page)
  await page.getByLabel('Event name').fill(`Gallery draft ${Date.now().toString(36)}`)
  await page.getByLabel('First day').fill('2027-05-01')
  await page.getByLabel('Last day').fill('2027-05-02')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/event\/manage\/\d+\/tournaments$/)
  const eventId = /\/event\/manage\/(\d+)\//.exec(page.url())?.[1] ?? ''
  const images = [await png(page, 1200, 800, '#1d6fa5'), await png(page, 800, 1000, '#bb3e03')]
  await declineCookiesBeforehand(context, baseURL)
  return { context, page, eventId, images }
}

test('with JavaScript an organiser drags an image to another place', async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const { context, page, eventId, images } = await organisersDraft(browser, baseURL)
  await page.goto(`/event/manage/${eventId}/event-gallery`)
  await waitForHydration(page)
  const gallery = page.locator('#gallery-event')
  await gallery.getByLabel('Add images').setInputFiles([
    { name: 'hall.png', mimeType: 'image/png', buffer: images[0] ?? Buffer.alloc(0) },
    { name: 'prizes.png', mimeType: 'image/png', buffer: images[1] ?? Buffer.alloc(0) },
  ])
  await gallery.getByRole('button', { name: 'Upload the images' }).click()
  await expect(page.getByRole('status')).toContainText('Your changes to the event are saved.')
  await waitForHydration(page)
  const items = gallery.getByTestId('gallery-items').getByRole('listitem')
  await expect(items).toHaveCount(2)
  // Held by its picture (the title field would select text instead). A synthetic drag now and then starts before
  // the browser takes it as one; it is made again only while the order is still the first one.
  await expect(async () => {
    if ((await items.nth(0).textContent())?.includes('hall.png'))
      await items.nth(1).locator('img').dragTo(items.nth(0).locator('img'))
    await expect(items.nth(0)).toContainText('prizes.png', { timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  await expect(items.nth(0).getByRole('textbox')).toHaveAccessibleName('Title of image 1 (prizes.png)')
  // Saved: a new load shows the new order.
  await page.reload()
  await expect(
    page
      .locator('#gallery-event')
      .getByTestId('gallery-items')
      .getByRole('listitem')
      .nth(0)
      .getByRole('textbox'),
  ).toHaveAccessibleName('Title of image 1 (prizes.png)')
  await context.close()
})

test('without JavaScript an organiser uploads two images, titles one and moves it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const { context: setUp, eventId, images } = await organisersDraft(browser, baseURL)
  const state = await setUp.storageState()
  await setUp.close()

  const context = await browser.newContext({
    storageState: state,
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  })
  const manager = await context.newPage()
  await manager.goto(`/event/manage/${eventId}/event-gallery`)
  const eventGallery = manager.locator('#gallery-event')
  await expect(eventGallery.getByText('No images yet.')).toBeVisible()

  // Nothing chosen: the field says so.
  await eventGallery.getByRole('button', { name: 'Upload the images' }).click()
  await expect(manager.locator('#gallery-event').getByRole('alert')).toBeVisible()

  await manager
    .locator('#gallery-event')
    .getByLabel('Add images')
    .setInputFiles([
      { name: 'hall.png', mimeType: 'image/png', buffer: images[0] ?? Buffer.alloc(0) },
      { name: 'prizes.png', mimeType: 'image/png', buffer: images[1] ?? Buffer.alloc(0) },
    ])
  await manager.locator('#gallery-event').getByRole('button', { name: 'Upload the images' }).click()
  await expect(manager.getByRole('status')).toContainText('Your changes to the event are saved.')
  const items = manager.locator('#gallery-event').getByTestId('gallery-items').getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0).getByRole('textbox')).toHaveAccessibleName('Title of image 1 (hall.png)')
  await expect(items.nth(1).getByRole('textbox')).toHaveAccessibleName('Title of image 2 (prizes.png)')

  // A title typed into the second image is kept when its Move up button sends the form.
  await items.nth(1).getByRole('textbox').fill('Prize giving')
  await items.nth(1).getByRole('button', { name: 'Move up (image 2)' }).click()
  const moved = manager.locator('#gallery-event').getByTestId('gallery-items').getByRole('listitem')
  await expect(moved.nth(0).getByRole('textbox')).toHaveAccessibleName('Title of image 1 (prizes.png)')
  await expect(moved.nth(0).getByRole('textbox')).toHaveValue('Prize giving')
  await expect(moved.nth(1).getByRole('textbox')).toHaveAccessibleName('Title of image 2 (hall.png)')
  await expect(moved.nth(0).getByRole('button', { name: 'Move up (image 1)' })).toBeDisabled()
  await manager.locator('#gallery-event').screenshot({ path: `${shots}/gallery-manager-nojs.png` })

  // Save keeps a title typed later, and the public page is not this draft's: the gallery waits for publication.
  await moved.nth(1).getByRole('textbox').fill('The hall')
  await manager.locator('#gallery-event').getByRole('button', { name: 'Save the gallery' }).first().click()
  await expect(manager.getByRole('status')).toContainText('Your changes to the event are saved.')
  const saved = manager.locator('#gallery-event').getByTestId('gallery-items').getByRole('listitem')
  await expect(saved.nth(1).getByRole('textbox')).toHaveValue('The hall')
  await expect(saved.nth(0).getByRole('textbox')).toHaveValue('Prize giving')

  // The event's picture is a stored image too: picked from the event's images, it joins the gallery.
  await expect(manager.getByText(/Choose from the event’s images/)).toHaveCount(0)
  await manager.getByLabel('Event picture').setInputFiles({
    name: 'poster.png',
    mimeType: 'image/png',
    buffer: images[0] ?? Buffer.alloc(0),
  })
  await manager.getByRole('button', { name: 'Upload the picture' }).click()
  await expect(manager.getByRole('status')).toContainText('Your changes to the event are saved.')
  await manager.locator('#gallery-event').getByText('Choose from the event’s images (1)').click()
  await manager.locator('#gallery-event').getByRole('checkbox', { name: 'poster.png' }).check()
  await manager.locator('#gallery-event').getByRole('button', { name: 'Add the chosen images' }).click()
  await expect(manager.getByRole('status')).toContainText('Your changes to the event are saved.')
  const three = manager.locator('#gallery-event').getByTestId('gallery-items').getByRole('listitem')
  await expect(three).toHaveCount(3)
  await expect(three.nth(2).getByRole('textbox')).toHaveAccessibleName('Title of image 3 (poster.png)')
  await context.close()
})
