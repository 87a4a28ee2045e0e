import { expect, type Locator, type Page, test } from '@playwright/test'
import { declineCookiesBeforehand, waitForHydration } from './support.ts'

test.describe('cookie notice', () => {
  test('shows on the first visit; Decline stores 2 and hides it', async ({ page, context }) => {
    await page.goto('/')
    const notice = page.getByRole('region', { name: 'Cookies' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
    await notice.getByRole('button', { name: 'Decline' }).click()

    await expect(notice).toHaveCount(0)
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent')
    expect(consent?.value).toBe('2')
    // Declined is remembered for one day (spec section 9).
    const day = 24 * 60 * 60
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(day - 120)
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(day + 5)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(notice).toHaveCount(0)
  })

  test('Accept stores 1 and hides the notice in place: no page load, the scroll position kept', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000)
    await page.goto('/search-filter')
    await waitForHydration(page)
    const notice = page.getByRole('region', { name: 'Cookies' })
    await expect(notice).toBeVisible()
    // A mark only this very document carries, the navigations the tab makes, and a place down the page.
    await page.evaluate(() => {
      ;(window as unknown as { kept: boolean }).kept = true
    })
    let navigations = 0
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1
    })
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    const scrolled = await page.evaluate(() => window.scrollY)

    await notice.getByRole('button', { name: 'Accept cookies' }).click()

    await expect(notice).toHaveCount(0)
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'cookie_consent')?.value)
      .toBe('1')
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true)
    expect(navigations).toBe(0)
    await expect(page).toHaveURL(/\/search-filter$/)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent')
    // Accepted is remembered for 180 days (spec section 9).
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(179 * 24 * 60 * 60)
    // The choice holds on the next page and after a reload.
    await page.getByRole('navigation').getByRole('link', { name: 'Hotels' }).first().click()
    await expect(page).toHaveURL(/\/hotels$/)
    await expect(notice).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(notice).toHaveCount(0)
  })
})

// What a person sees of the phone menu's panel: a box of real size inside the screen, or nothing. A closed popover
// hidden by the browser has no box; one drawn open by a stray `flex` class has one, wherever it hangs.
async function panelOnScreen(page: Page, panel: Locator) {
  const box = await panel.boundingBox()
  const screen = page.viewportSize()
  if (!box || !screen || box.width < 1 || box.height < 1) return null
  const inside =
    box.x < screen.width && box.y < screen.height && box.x + box.width > 0 && box.y + box.height > 0
  return inside ? box : null
}

// Screenshots to look at, one per width and state; saved in reports/ (kept between runs, out of git).
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `reports/mobile-menu/${page.viewportSize()?.width}-${name}.png` })

// The spec's breakpoints: a phone, the 800 px tablet edge where the desktop links appear, the 992 px desktop.
for (const width of [390, 800, 992]) {
  test.describe(`mobile menu at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } })
    const phone = width < 800

    test.beforeEach(async ({ context, baseURL }) => {
      await declineCookiesBeforehand(context, baseURL)
    })

    test('is closed when a page loads, also after scrolling and on the search page', async ({ page }) => {
      for (const path of ['/', '/search-filter']) {
        await page.goto(path)
        await waitForHydration(page)
        const open = page.getByRole('button', { name: 'Open menu', includeHidden: true })
        const panel = page.locator(`[id="${await open.getAttribute('popovertarget')}"]`)
        await expect(panel).toBeHidden()
        expect(await panelOnScreen(page, panel)).toBeNull()
        // The desktop links replace the ☰ button from 800 px on.
        if (phone) {
          await expect(open).toBeVisible()
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
        } else {
          await expect(open).toBeHidden()
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
        }
        await shot(page, `closed-on-load${path.replaceAll('/', '-')}`)
        // A panel drawn by mistake scrolled with the page: it must stay hidden further down too.
        await page.evaluate(() => window.scrollTo(0, 600))
        expect(await panelOnScreen(page, panel)).toBeNull()
      }
      // A tap on the search field reaches the field, not a panel drawn over it.
      const search = page.getByRole('combobox', { name: 'Event name or place' })
      await search.scrollIntoViewIfNeeded()
      const field = await search.boundingBox()
      const topmost = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[popover]') === null,
        { x: (field?.x ?? 0) + (field?.width ?? 0) / 2, y: (field?.y ?? 0) + (field?.height ?? 0) / 2 },
      )
      expect(topmost).toBe(true)
    })

    // The ☰ button is a phone control; wider screens show the links in the header instead.
    if (phone) {
      test('opens below the header on ☰ and closes with Escape and with a click elsewhere', async ({
        page,
      }) => {
        await page.goto('/')
        await waitForHydration(page)
        const open = page.getByRole('button', { name: 'Open menu', includeHidden: true })
        const panel = page.locator(`[id="${await open.getAttribute('popovertarget')}"]`)

        await open.click()
        await expect(panel).toBeVisible()
        const box = await panelOnScreen(page, panel)
        expect(box?.width ?? 0).toBeGreaterThan(200)
        expect(box?.height ?? 0).toBeGreaterThan(100)
        // Below the 64 px header, hanging from the right edge: the left of the screen stays the page's.
        expect(box?.y ?? 0).toBeGreaterThanOrEqual(64)
        expect(box?.x ?? 0).toBeGreaterThan(40)
        const nav = panel.getByRole('navigation', { name: 'Mobile' })
        await expect(nav.getByRole('link')).toHaveText(['Events', 'Search', 'Hotels', 'Live scores'])
        await shot(page, 'open')

        await page.keyboard.press('Escape')
        await expect(panel).toBeHidden()
        expect(await panelOnScreen(page, panel)).toBeNull()
        await expect(open).toBeFocused()
        await shot(page, 'after-escape')

        // ☰ a second time closes it too.
        await open.click()
        await expect(panel).toBeVisible()
        await open.click()
        await expect(panel).toBeHidden()

        await open.click()
        await expect(nav).toBeVisible()
        await page.mouse.click(20, 400)
        await expect(panel).toBeHidden()
        expect(await panelOnScreen(page, panel)).toBeNull()
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await shot(page, 'after-click-outside')
      })

      test('closes when the visitor picks a page from it', async ({ page }) => {
        await page.goto('/')
        await waitForHydration(page)
        const open = page.getByRole('button', { name: 'Open menu', includeHidden: true })
        const panel = page.locator(`[id="${await open.getAttribute('popovertarget')}"]`)
        await open.click()
        await panel.getByRole('link', { name: 'Search' }).click()
        await expect(page).toHaveURL(/\/search-filter$/)
        await expect(page.getByText(/events? found$/)).toBeVisible()
        await expect(panel).toBeHidden()
        expect(await panelOnScreen(page, panel)).toBeNull()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search events')
        await shot(page, 'after-pick')
      })
    }
  })
}

test.describe('footer', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await declineCookiesBeforehand(context, baseURL)
  })

  test('links lead to real pages', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('navigation', { name: 'Footer' })
    const links = [
      'Terms and conditions',
      'Privacy policy',
      'Events widget for your site',
      'Contact us',
      'Powered by Kibitz',
    ]
    const hrefs: Array<string> = []
    for (const name of links) {
      const href = await footer.getByRole('link', { name, exact: true }).getAttribute('href')
      if (!href) throw new Error(`footer link ${name} has no href`)
      hrefs.push(href)
    }
    expect(hrefs).toEqual([
      '/terms-and-conditions',
      '/privacy-policy',
      '/widget/instructions',
      '/terms-and-conditions#contact-us',
      '/powered-by-bridgescanner',
    ])

    for (const href of hrefs) {
      const response = await page.goto(href)
      expect(response?.status(), href).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }), href).toHaveText(/\S/)
      await expect(page.getByRole('heading', { level: 1 }), href).not.toHaveText('Page or event not found')
      if (href.includes('#')) await expect(page.locator(href.slice(href.indexOf('#')))).toBeVisible()
    }

    // A real click goes there too, through the client-side router.
    await page.goto('/')
    await footer.getByRole('link', { name: 'Privacy policy', exact: true }).click()
    await expect(page).toHaveURL(/\/privacy-policy$/)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page or event not found')
  })
})

test.describe('health', () => {
  test('/livez and /readyz answer 200 JSON', async ({ request }) => {
    const live = await request.get('/livez')
    expect(live.status()).toBe(200)
    expect(live.headers()['content-type']).toContain('application/json')
    expect(await live.json()).toEqual({ status: 'ok' })

    const ready = await request.get('/readyz')
    expect(ready.status()).toBe(200)
    expect(ready.headers()['content-type']).toContain('application/json')
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: true, migrations: true, worker: true },
    })
  })
})

test.describe('pages and their scripts (decision 021)', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await declineCookiesBeforehand(context, baseURL)
  })

  for (const url of ['/', '/search-filter', '/live-score']) {
    test(`${url} is served without the app's bundle, and its small script runs without errors`, async ({
      page,
    }) => {
      const errors: Array<string> = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      const scripts: Array<string> = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      })
      await page.goto(url)
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveAttribute('data-static', '')
      expect(scripts).toHaveLength(1)
      expect(scripts[0]).toMatch(/^\/assets\/enhance-[\w-]+\.js$/)
      expect(errors).toEqual([])
    })
  }

  for (const url of ['/login', '/register-user']) {
    test(`${url} hydrates the server-rendered form without errors, under the nonce policy`, async ({
      page,
    }) => {
      const errors: Array<string> = []
      page.on('pageerror', (error) => errors.push(error.message))
      // A script the Content-Security-Policy refused is reported on the console.
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto(url)
      await waitForHydration(page)
      await expect(page.locator('html')).not.toHaveAttribute('data-static', '')
      // A mismatch between the server's and the browser's HTML makes React throw the server's HTML away
      // and render the page again on the client (minified React error #418).
      expect(errors).toEqual([])
    })
  }
})
