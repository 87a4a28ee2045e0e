import { expect, test } from '@playwright/test'
import { declineCookiesBeforehand, waitForHydration } from './support.ts'

// Decision 007: the `lang` cookie, else Accept-Language, else English.

test.describe('language menu', () => {
  test.use({ locale: 'en-GB', extraHTTPHeaders: { 'accept-language': 'en-GB,en;q=0.9' } })

  test.beforeEach(async ({ context, baseURL }) => {
    await declineCookiesBeforehand(context, baseURL)
  })

  test('switches to Polish, keeps it across reloads and switches back to English', async ({
    page,
    context,
  }) => {
    await page.goto('/search-filter')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search events')

    const english = page.getByRole('button', { name: 'Language: EN' })
    await waitForHydration(page)
    await english.click()
    const languages = page.getByRole('list', { name: 'Language' })
    await expect(languages.getByRole('link', { name: 'Polski' })).toBeVisible()
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true')
    await languages.getByRole('link', { name: 'Polski' }).click()

    // Back on the same page, now in Polish.
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl')
    await expect(page).toHaveURL(/\/search-filter$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Szukaj wydarzeń')
    await expect(page.getByRole('button', { name: 'Szukaj', exact: true })).toBeVisible()
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('pl')

    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Szukaj wydarzeń')
    await expect(page.getByRole('group', { name: 'Rodzaj wydarzenia' })).toBeVisible()

    const polish = page.getByRole('button', { name: 'Język: PL' })
    await waitForHydration(page)
    await polish.click()
    const języki = page.getByRole('list', { name: 'Język' })
    await expect(języki.getByRole('link', { name: 'English' })).toBeVisible()
    await języki.getByRole('link', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveURL(/\/search-filter$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search events')
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en')
  })
})

test.describe('an unknown browser language', () => {
  test.use({ locale: 'ja-JP', extraHTTPHeaders: { 'accept-language': 'ja-JP,ja;q=0.9,zz;q=0.5' } })

  test('falls back to English', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next bridge tournament')
    await expect(page.getByRole('button', { name: 'Language: EN' })).toBeVisible()
  })
})

test.describe('a Russian browser', () => {
  test.use({ locale: 'ru-RU', extraHTTPHeaders: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' } })

  test('gets Russian on the first visit', async ({ page, context }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Найдите свой следующий турнир по бриджу',
    )
    await expect(
      page.getByRole('heading', { level: 2, name: 'Предстоящие и текущие мероприятия' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Принять файлы cookie' })).toBeVisible()
    // Nothing was chosen yet: no language cookie is set just by visiting.
    expect((await context.cookies()).find((c) => c.name === 'lang')).toBeUndefined()
  })
})
