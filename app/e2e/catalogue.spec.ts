import { expect, test } from '@playwright/test'
import {
  currencySymbol,
  declineCookiesBeforehand,
  eventData,
  findEventWithPricedTournaments,
  findPlayerList,
  searchEvents,
  textOf,
  waitForHydration,
} from './support.ts'

test.beforeEach(async ({ context, baseURL }) => {
  await declineCookiesBeforehand(context, baseURL)
})

test.describe('home', () => {
  test('lists up to 18 upcoming and running events with a total', async ({ page }) => {
    await page.goto('/')
    const upcoming = page.getByRole('region', { name: 'Upcoming and running events' })
    await expect(
      upcoming.getByRole('heading', { level: 2, name: 'Upcoming and running events' }),
    ).toBeVisible()
    await expect(upcoming.getByText(/^\d+ events?$/)).toBeVisible()
    const total = Number((await textOf(upcoming.getByText(/^\d+ events?$/))).split(' ')[0])
    expect(total).toBeGreaterThan(18)

    const cards = upcoming.getByRole('article')
    await expect(cards).toHaveCount(18)
    // Every card is named by its event name, which links to the event.
    const names = cards.getByRole('heading', { level: 3 }).getByRole('link')
    await expect(names).toHaveText(Array.from({ length: 18 }, () => /\S/))
    const hrefs = await names.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.every((href) => /^\/event\/[^/]+$/.test(href ?? ''))).toBe(true)
    await expect(cards.first()).toHaveAccessibleName(await textOf(names.first()))
    // The first page offers the next one only (pages are read by keyset, decision 022).
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages.getByRole('link')).toHaveText(['Next'])
  })

  test('the next page shows the following events', async ({ page }) => {
    await page.goto('/')
    const cards = page.getByRole('article')
    await expect(cards).toHaveCount(18)
    const firstPageNames = await cards.getByRole('heading', { level: 3 }).allInnerTexts()

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/\?after=\d{4}-\d{2}-\d{2}\.\d+$/)
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages.getByRole('link', { name: 'Previous' })).toBeVisible()
    await expect(cards.first()).toBeVisible()
    const secondPageNames = await cards.getByRole('heading', { level: 3 }).allInnerTexts()
    expect(secondPageNames.length).toBeGreaterThan(0)
    expect(secondPageNames.length).toBeLessThanOrEqual(18)
    expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([])

    // Previous comes back to exactly the first page.
    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/\/\?before=\d{4}-\d{2}-\d{2}\.\d+$/)
    await expect(cards).toHaveCount(18)
    expect(await cards.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(firstPageNames)
    await expect(pages.getByRole('link')).toHaveText(['Next'])
  })

  // No ad provider is configured in the tests (AD_SLOT_URL unset): the grid shows cards only, no "Advertisement"
  // placeholder and no empty box where an ad would go (issue 14; where the slots go is app/test/ads.test.ts).
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`without an ad provider the catalogue has no ad boxes at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(90_000)
      await page.setViewportSize(viewport)
      for (const url of ['/', '/search-filter']) {
        await page.goto(url)
        const grid = page.locator('main ul.grid').first()
        await expect(grid.getByRole('article').first()).toBeVisible()
        await expect(page.getByText('Advertisement')).toHaveCount(0)
        await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0)
        await expect(page.locator('[data-ad-slot], main iframe')).toHaveCount(0)
        // Every item of the grid is a card a person can see: none is an empty box.
        const items = await grid.locator(':scope > li').evaluateAll((lis) =>
          lis.map((li) => {
            const box = li.getBoundingClientRect()
            return {
              card: li.querySelector('article') !== null,
              text: (li.textContent ?? '').trim().length,
              height: box.height,
            }
          }),
        )
        expect(items.length).toBeGreaterThan(3)
        for (const item of items) {
          expect(item.card).toBe(true)
          expect(item.text).toBeGreaterThan(0)
          expect(item.height).toBeGreaterThan(40)
        }
        await page.screenshot({
          path: test.info().outputPath(`catalogue-${url === '/' ? 'home' : 'search'}-${viewport.width}.png`),
          fullPage: true,
        })
      }
    })
  }
})

test.describe('search', () => {
  test('typing a place and submitting lists the events there', async ({ page, request }) => {
    // The city with the most upcoming in-person events, so the search has something to narrow.
    const cities = new Map<string, number>()
    for (const event of await searchEvents(request)) {
      for (const address of event.shortAddresses) {
        const city = address.split(',')[0]?.trim()
        if (city && !event.isOnline) cities.set(city, (cities.get(city) ?? 0) + 1)
      }
    }
    const [city] = [...cities.entries()].sort((a, b) => b[1] - a[1])[0] ?? []
    if (!city) throw new Error('no seeded in-person event')
    const expected = await searchEvents(request, { nameOrLocation: city })

    await page.goto('/')
    await waitForHydration(page)
    const form = page.getByRole('form', { name: 'Search events' })
    await form.getByRole('combobox', { name: 'Event name or place' }).fill(city)
    await form.getByRole('button', { name: 'Search' }).click()

    await expect(page).toHaveURL(
      (url) => url.pathname === '/search-filter' && url.searchParams.get('q') === `text:${city}`,
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Search events' })).toBeVisible()
    await expect(page.getByRole('status')).toHaveText(
      expected.length === 1 ? '1 event found' : `${expected.length} events found`,
    )
    const cards = page.getByRole('region', { name: 'Results' }).getByRole('article')
    await expect(cards).toHaveCount(expected.length)
    await expect(cards).toContainText(expected.map(() => city))
    await expect(page.getByRole('combobox', { name: 'Event name or place' })).toHaveValue(city)
  })

  test('an event type checkbox narrows the results to that type', async ({ page, request }) => {
    // A type none of whose events is canceled or postponed: those cards show their state instead of the type.
    const all = await searchEvents(request)
    const types: Array<[number, string]> = [
      [1, 'Local'],
      [2, 'National'],
      [3, 'International'],
      [4, 'World class'],
    ]
    const pick = types.find(
      ([type]) =>
        all.some((e) => e.type === type) && all.every((e) => e.type !== type || e.state === 'accepted'),
    )
    if (!pick) throw new Error('every event type has a canceled or postponed event')
    const [type, label] = pick
    const expected = all.filter((e) => e.type === type).length

    await page.goto('/search-filter')
    await waitForHydration(page)
    const results = page.getByRole('region', { name: 'Results' })
    await expect(page.getByRole('status')).toHaveText(`${all.length} events found`)
    await page
      .getByRole('group', { name: 'Event type' })
      .getByRole('checkbox', { name: label, exact: true })
      .check()
    await page.getByRole('button', { name: 'Search' }).click()

    await expect(page).toHaveURL((url) => url.searchParams.get('q') === `type:${type}`)
    await expect(page.getByRole('status')).toHaveText(
      expected === 1 ? '1 event found' : `${expected} events found`,
    )
    expect(expected).toBeLessThan(all.length)
    const cards = results.getByRole('article')
    await expect(cards).toHaveCount(Math.min(expected, 18))
    // Each card's heading line names the type (canceled or postponed cards would name their state).
    await expect(cards.getByText(label, { exact: true })).toHaveCount(Math.min(expected, 18))
    await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked()
  })

  test('a reversed date range is refused with a message on the end date', async ({ page }) => {
    await page.goto('/search-filter')
    await waitForHydration(page)
    await page.getByLabel('From', { exact: true }).fill('2030-03-10')
    await page.getByLabel('To', { exact: true }).fill('2030-03-01')
    await page.getByRole('button', { name: 'Search' }).click()

    await expect(page).toHaveURL((url) => url.pathname === '/search-filter' && url.searchParams.has('q'))
    await expect(page.getByRole('alert')).toHaveText('The dates are not valid!')
    const to = page.getByLabel('To', { exact: true })
    await expect(to).toHaveAttribute('aria-invalid', 'true')
    await expect(to).toHaveAccessibleDescription('The dates are not valid!')
    await expect(page.getByLabel('From', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
  })
})

test.describe('event pages', () => {
  test('a card opens the event with its name and tournaments', async ({ page }) => {
    await page.goto('/')
    const card = page.getByRole('article').first()
    const name = await textOf(card.getByRole('heading', { level: 3 }))
    const count = Number((await textOf(card.getByText(/^\d+ tournaments?$/))).split(' ')[0])
    await card.getByRole('link', { name }).click()

    await expect(page).toHaveURL(/\/event\/[^/]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    const tournaments = page.getByRole('region', { name: 'Tournaments' })
    await expect(tournaments.getByRole('heading', { level: 2, name: 'Tournaments' })).toBeVisible()
    await expect(tournaments.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveCount(count)
    await expect(page.getByRole('navigation', { name: 'Event sections' }).getByRole('link')).toHaveText([
      'Overview',
      'Tournaments and prices',
      'Program',
    ])
  })

  test('details switch between tournaments and show priced tickets; the program lists the days', async ({
    page,
    request,
  }) => {
    const data = await findEventWithPricedTournaments(request)
    const [first, second] = data.tournaments
    if (!first || !second) throw new Error('unreachable: two tournaments were required')
    const symbol = currencySymbol(data.event.currencyCode)

    await page.goto(`/event/${data.event.card.alias}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.event.card.name)
    await page
      .getByRole('navigation', { name: 'Event sections' })
      .getByRole('link', { name: 'Tournaments and prices' })
      .click()
    await expect(page).toHaveURL(`/event/${data.event.card.alias}/details`)

    const tabs = page.getByRole('tablist', { name: 'Tournaments' })
    await expect(tabs.getByRole('tab')).toHaveCount(data.tournaments.length)
    const firstTab = tabs.getByRole('tab', { name: first.name, exact: true })
    const secondTab = tabs.getByRole('tab', { name: second.name, exact: true })
    await expect(firstTab).toHaveAttribute('aria-selected', 'true')
    const firstPanel = page.getByRole('tabpanel', { name: first.name, exact: true })
    await expect(firstPanel.getByRole('heading', { level: 2 })).toHaveText(first.name)
    const firstPrices = firstPanel.getByRole('table', { name: 'Tickets and prices' })
    await expect(firstPrices.getByRole('cell').filter({ hasText: symbol }).first()).toHaveText(
      // English writes the symbol first, joined ('€40') or with a no-break space ('zł 190'), as Intl does.
      new RegExp(`${escapeRegExp(symbol)}\\s?\\d[\\d,]*(\\.\\d{2})?\\b.*per (person|team)`),
    )

    await waitForHydration(page)
    await secondTab.click()
    await expect(secondTab).toHaveAttribute('aria-selected', 'true')
    await expect(firstTab).toHaveAttribute('aria-selected', 'false')
    const secondPanel = page.getByRole('tabpanel', { name: second.name, exact: true })
    await expect(secondPanel).toBeVisible()
    await expect(secondPanel.getByRole('heading', { level: 2 })).toHaveText(second.name)
    await expect(firstPanel).toBeHidden()
    await expect(
      secondPanel
        .getByRole('table', { name: 'Tickets and prices' })
        .getByRole('cell')
        .filter({ hasText: symbol })
        .first(),
    ).toBeVisible()

    await page
      .getByRole('navigation', { name: 'Event sections' })
      .getByRole('link', { name: 'Program' })
      .click()
    await expect(page).toHaveURL(`/event/${data.event.card.alias}/program`)
    const days = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(days.first()).toHaveText(/\d{4}/)
    await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(
      new RegExp(`\\d\\d:\\d\\d\\s*(${data.tournaments.map((t) => escapeRegExp(t.name)).join('|')}) — `),
    )
  })

  test('a player list shows the registered entries', async ({ page, request }) => {
    const { event, tournament, entries } = await findPlayerList(request)
    await page.goto(`/event/${event.alias}`)
    const row = page
      .getByRole('region', { name: 'Tournaments' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: tournament.name }) })
    await row.getByRole('link', { name: /registered$/ }).click()

    await expect(page).toHaveURL(`/event/${event.alias}/tournament/${tournament.alias}/player-list`)
    await expect(
      page.getByRole('heading', { level: 2, name: `Player list: ${tournament.name}` }),
    ).toBeVisible()
    const table = page.getByRole('table', { name: 'Registered players' })
    await expect(table.getByRole('rowgroup').last().getByRole('row')).toHaveCount(entries.length)
    const first = entries[0]
    const contestant = first?.contestants[0]
    if (!first || !contestant) throw new Error('unreachable: the list has entries')
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `${contestant.firstName} ${contestant.lastName}` })
        .first(),
    ).toContainText(String(first.number))
  })

  test('a canceled event shows the canceled banner and no registration badge', async ({ page, request }) => {
    const [canceled] = await searchEvents(request, { eventStates: 'canceled' })
    if (!canceled) throw new Error('the seed has no canceled event')
    const { event } = await eventData(request, canceled.id)
    await page.goto(`/event/${canceled.alias}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(canceled.name)
    const banner = page.getByRole('status')
    await expect(banner).toContainText('This event is canceled')
    if (event.stateMessage) await expect(banner).toContainText(event.stateMessage)
    await expect(page.getByText('Registration open')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0)
  })

  test('the live-score page lists the events with live results today', async ({ page }) => {
    const response = await page.goto('/live-score')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Live scores' })).toBeVisible()
    await expect(page.getByText(/\d+ events? with live results/)).toBeVisible()
    const days = page.getByRole('navigation', { name: 'Days' })
    await expect(days.getByRole('link')).toHaveText(['Previous day', 'Today', 'Next day'])
    const cards = page.getByRole('article')
    await expect(cards.first()).toBeVisible()
    await expect(cards.getByRole('link', { name: 'Live results' })).toHaveCount(await cards.count())
  })
})

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
