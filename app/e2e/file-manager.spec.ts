// The organiser's file manager (issue 17, spec section 2 file-management-system): from the organiser menu, a
// folder is made, two files are uploaded with a progress bar each, one is renamed in place by keyboard, the list is
// searched and filtered, a selection is downloaded as a zip, a used file's deletion shows what uses it and is
// refused, an unused one is deleted; the same core with JavaScript off through the plain forms. Screenshots at 390
// and 1280 px, and at 390 px no element is wider than the screen.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { axeViolations, declineCookiesBeforehand, demoPassword, logIn, waitForHydration } from './support.ts'

const organiserEmail = 'info@lbf.example'

let counter = 0
/** A context of its own address (per-address limits stay per visitor). */
const visitor = async (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) => {
  const n = counter++
  const address = `10.${200 + (test.info().workerIndex % 50)}.${(n >> 8) % 256}.${(n % 255) + 1}`
  const context = await browser.newContext({
    ...options,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': address },
  })
  await declineCookiesBeforehand(context, test.info().project.use.baseURL)
  return context
}

/** A small but valid PDF: one empty page. */
const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
)

const png = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer()

const screenshot = async (page: Page, name: string) => {
  // From the top, so the sticky header is where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', `file-manager-${name}.png`),
    fullPage: true,
  })
}

/** The elements that reach past the right edge of a phone's screen (none should). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const wide: Array<string> = []
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      // Screen-reader-only texts are clipped to one pixel; the popover panels are closed.
      if (element.closest('.sr-only, [popover]:not(:popover-open)')) continue
      if (box.right > width + 1)
        wide.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} ${box.right}`)
    }
    return { wide: wide.slice(0, 10), scroll: document.documentElement.scrollWidth - width }
  })

/** Makes a draft event and gives it a picture: a file its event uses. */
const draftWithPicture = async (page: Page) => {
  await page.goto('/event/create')
  await waitForHydration(page)
  const name = `Files manager draft ${Date.now().toString(36)}`
  await page.getByLabel('Event name').fill(name)
  await page.getByLabel('First day').fill('2027-05-01')
  await page.getByLabel('Last day').fill('2027-05-02')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/event\/manage\/\d+\/tournaments$/)
  const eventId = /\/event\/manage\/(\d+)\//.exec(page.url())?.[1] ?? ''
  const set = await page.request.post('/api/v1/event/upload-image', {
    multipart: {
      eventId,
      file: { name: 'poster.png', mimeType: 'image/png', buffer: await png() },
    },
  })
  expect(set.status(), await set.text()).toBe(200)
  return { eventId, name }
}

test('an organiser manages their files with JavaScript, at 1280 and 390 px', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await visitor(browser)
  const page = await context.newPage()
  await logIn(page, organiserEmail)
  const draft = await draftWithPicture(page)

  // From the organiser menu, in the organiser account.
  await page.getByRole('button', { name: /^Account menu of/ }).click()
  await page.getByRole('button', { name: 'Switch to the organiser account' }).click()
  await expect(page.getByRole('status').first()).toContainText('You switched accounts.')
  await page.getByRole('button', { name: /^Account menu of/ }).click()
  await page.getByRole('link', { name: 'File management' }).click()
  await expect(page).toHaveURL(/\/file-management-system$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My files' })).toBeVisible()
  await waitForHydration(page)
  await expect(page.getByRole('meter', { name: 'Storage' })).toBeVisible()
  await expect(page.getByText(/ of .* used · .* available/)).toBeVisible()

  // A new folder, opened.
  const folder = `Club ${Date.now().toString(36)}`
  await page.getByLabel('Folder name').fill(folder)
  await page.getByRole('button', { name: 'Create folder' }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes have been saved.')
  await page
    .getByRole('list', { name: /^Contents of/ })
    .getByRole('link', { name: folder, exact: true })
    .click()
  await expect(page.getByRole('navigation', { name: 'Folders' }).getByText(folder)).toHaveAttribute(
    'aria-current',
    'page',
  )
  await waitForHydration(page)
  await expect(page.getByText('This folder is empty.')).toBeVisible()

  // Two files by the picker, each with its progress until it is uploaded; then listed.
  await page.getByLabel('Files', { exact: true }).setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: await png() },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: pdf },
  ])
  // The server answers a moment later, so each file's progress bar and Cancel button are seen.
  let delay = 1500
  await page.route('**/api/v1/file-system/upload-fs-file/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delay))
    await route.continue().catch(() => undefined)
  })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const uploads = page.getByRole('region', { name: 'Uploads' })
  await expect(uploads.getByRole('progressbar', { name: 'Upload of photo.png' })).toBeVisible()
  await expect(uploads.getByRole('progressbar', { name: 'Upload of notes.pdf' })).toBeVisible()
  await expect(uploads.getByRole('button', { name: 'Cancel the upload of notes.pdf' })).toBeVisible()
  await expect(uploads.getByText('Uploaded')).toHaveCount(2)
  await expect(uploads.getByRole('progressbar')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'uploaded' })).toHaveText(
    'All 2 files are uploaded.',
  )
  const list = page.getByRole('list', { name: `Contents of ${folder}` })
  await expect(list.getByRole('link', { name: 'photo.png', exact: true })).toBeVisible()
  await expect(list.getByRole('link', { name: 'notes.pdf', exact: true })).toBeVisible()

  // An upload can be cancelled while it is on its way; nothing of it is stored.
  delay = 20_000
  await page.getByLabel('Files', { exact: true }).setInputFiles({
    name: 'slow.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await uploads.getByRole('button', { name: 'Cancel the upload of slow.pdf' }).click()
  await expect(uploads.getByText('Cancelled')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Cancelled:' })).toHaveText(
    'Uploaded: 0. Refused: 0. Cancelled: 1.',
  )
  await expect(list.getByRole('link', { name: 'slow.pdf', exact: true })).toHaveCount(0)
  await page.unroute('**/api/v1/file-system/upload-fs-file/**')
  const thumb = list.locator('img').first()
  await expect(thumb).toHaveAttribute('width', '40')
  await expect(thumb).toHaveAttribute('height', '40')
  await screenshot(page, 'folder-1280')
  expect.soft(await axeViolations(page), 'axe violations at 1280 px').toEqual([])

  // Renamed in place by keyboard: Escape cancels, Enter saves.
  await list.getByRole('link', { name: 'Rename notes.pdf' }).focus()
  await page.keyboard.press('Enter')
  const nameField = page.getByLabel('New name of notes.pdf')
  await expect(nameField).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(nameField).toHaveCount(0)
  await expect(list.getByRole('link', { name: 'Rename notes.pdf' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(nameField).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Rules 2027.pdf')
  await page.keyboard.press('Enter')
  await expect(list.getByRole('link', { name: 'Rules 2027.pdf', exact: true })).toBeVisible()
  await expect(list.getByRole('link', { name: 'notes.pdf', exact: true })).toHaveCount(0)

  // Search, then the images only.
  await page.getByLabel('Search in this folder').fill('rules')
  await page.getByLabel('Search in this folder').press('Enter')
  await expect(page).toHaveURL(/q=rules/)
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('link', { name: 'Rules 2027.pdf', exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Filter by kind' }).getByRole('link', { name: 'All' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await page.getByRole('searchbox', { name: 'Search in this folder' }).fill('')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('navigation', { name: 'Filter by kind' }).getByRole('link', { name: 'Images' }).click()
  await expect(page).toHaveURL(/kind=images/)
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('link', { name: 'photo.png', exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Filter by kind' }).getByRole('link', { name: 'All' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await waitForHydration(page)

  // A selection as a zip.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await expect(page.getByRole('checkbox', { name: 'Select photo.png' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Select Rules 2027.pdf' })).toBeChecked()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download selected as zip' }).click()
  const download = await downloading
  const zipPath = await download.path()
  const zip = await readFile(zipPath)
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK')

  // At 390 px: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await waitForHydration(page)
  expect(await overflowing(page)).toEqual({ wide: [], scroll: 0 })
  await screenshot(page, 'folder-390')
  expect.soft(await axeViolations(page), 'axe violations at 390 px').toEqual([])
  // Touch targets: every control of the list is at least 44 px high.
  const small = await page
    .getByRole('list', { name: `Contents of ${folder}` })
    .locator('a, button, label')
    .evaluateAll((elements) =>
      elements
        .filter((e) => !e.closest('.sr-only') && e.getBoundingClientRect().height < 44)
        .map((e) => `${e.tagName} ${e.textContent} ${e.getBoundingClientRect().height}`),
    )
  expect(small).toEqual([])
  // The longest words fit too (Russian, Lithuanian).
  for (const code of ['ru', 'lt']) {
    await page.goto(
      `/lang/${code}?to=${encodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search)}`,
    )
    await waitForHydration(page)
    expect(await overflowing(page), code).toEqual({ wide: [], scroll: 0 })
    await screenshot(page, `folder-390-${code}`)
  }
  await page.goto(
    `/lang/en?to=${encodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search)}`,
  )

  // The event's picture is used: its deletion shows what uses it and is refused.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/event/manage/${draft.eventId}/file-management-system`)
  await expect(
    page.getByRole('navigation', { name: 'Folders' }).getByText(`event-${draft.eventId}`),
  ).toHaveAttribute('aria-current', 'page')
  await page
    .getByRole('list', { name: /^Contents of/ })
    .getByRole('link', { name: 'gallery', exact: true })
    .click()
  const picture = page.getByRole('list', { name: 'Contents of gallery' }).getByRole('listitem').first()
  await picture.getByRole('link', { name: /^Delete / }).click()
  const question = page.getByRole('region', { name: /^Delete “/ })
  await expect(question.getByText('It is still used by:')).toBeVisible()
  await expect(
    question.getByRole('link', { name: `the picture of the event “${draft.name}”` }),
  ).toHaveAttribute('href', `/event/manage/${draft.eventId}/event-gallery`)
  await expect(question.getByRole('button', { name: 'Yes, delete' })).toHaveCount(0)
  await expect(question.getByText('Nothing was deleted.')).toBeVisible()
  await screenshot(page, 'used-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await overflowing(page)).toEqual({ wide: [], scroll: 0 })
  await screenshot(page, 'used-390')
  await page.setViewportSize({ width: 1280, height: 900 })

  // An unused file is deleted after the question.
  await page.goto('/file-management-system')
  await page
    .getByRole('list', { name: /^Contents of/ })
    .getByRole('link', { name: folder, exact: true })
    .click()
  await list.getByRole('link', { name: 'Delete Rules 2027.pdf' }).click()
  await expect(
    page.getByRole('region', { name: 'Delete “Rules 2027.pdf”?' }).getByText('Nothing uses it.'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes have been saved.')
  await expect(list.getByRole('link', { name: 'Rules 2027.pdf', exact: true })).toHaveCount(0)
  await expect(list.getByRole('link', { name: 'photo.png', exact: true })).toBeVisible()

  // A whole folder by the folder picker keeps its paths.
  const picked = path.join(await mkdtemp(path.join(tmpdir(), 'kibitz-folder-')), 'Day 1')
  await mkdir(path.join(picked, 'sub'), { recursive: true })
  await writeFile(path.join(picked, 'board.png'), await png())
  await writeFile(path.join(picked, 'sub', 'notes.txt'), 'Boards 1-24, Howell movement.\n')
  await waitForHydration(page)
  await page.getByLabel('Or a whole folder').setInputFiles(picked)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'uploaded' })).toHaveText(
    'All 2 files are uploaded.',
  )
  await list.getByRole('link', { name: 'Day 1', exact: true }).click()
  const day = page.getByRole('list', { name: 'Contents of Day 1' })
  await expect(day.getByRole('link', { name: 'board.png', exact: true })).toBeVisible()
  await day.getByRole('link', { name: 'sub', exact: true }).click()
  await expect(
    page.getByRole('list', { name: 'Contents of sub' }).getByRole('link', { name: 'notes.txt', exact: true }),
  ).toBeVisible()
  // The folder tree shows the open branch down to the folder shown, and leads back up it.
  const tree = page.getByRole('navigation', { name: 'Folder tree' })
  await expect(tree.getByRole('link', { name: 'sub', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(tree.getByRole('link', { name: 'Day 1', exact: true })).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/file-manager-tree-1280.png', fullPage: true })
  await tree.getByRole('link', { name: 'Day 1', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Contents of Day 1' })).toBeVisible()
  // On a phone the tree folds above the list.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(tree).toBeHidden()
  await page.getByText('Folder tree', { exact: true }).click()
  await expect(tree.getByRole('link', { name: 'Day 1', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.screenshot({ path: 'test-results/screenshots/file-manager-tree-390.png', fullPage: true })
  await context.close()
})

test('the file manager works without JavaScript', async ({ browser }) => {
  test.setTimeout(90_000)
  const context = await visitor(browser, { javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(organiserEmail)
  await page.getByLabel('Password').fill(demoPassword)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('status')).toContainText('You are logged in')

  await page.goto('/file-management-system')
  const folder = `Plain ${Date.now().toString(36)}`
  await page.getByLabel('Folder name').fill(folder)
  await page.getByRole('button', { name: 'Create folder' }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes have been saved.')
  await page
    .getByRole('list', { name: /^Contents of/ })
    .getByRole('link', { name: folder, exact: true })
    .click()
  const list = page.getByRole('list', { name: `Contents of ${folder}` })

  // A name refused comes back on its field.
  await page.getByLabel('Folder name').fill('a/b')
  await page.getByRole('button', { name: 'Create folder' }).click()
  await expect(page.getByLabel('Folder name')).toHaveAttribute('aria-invalid', 'true')

  // Upload by the multipart form.
  await page.getByLabel('Files', { exact: true }).setInputFiles([
    { name: 'bulletin.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'table.png', mimeType: 'image/png', buffer: await png() },
  ])
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes have been saved.')
  await expect(list.getByRole('link', { name: 'bulletin.pdf', exact: true })).toBeVisible()
  await expect(list.getByRole('link', { name: 'table.png', exact: true })).toBeVisible()

  // A whole folder by the plain form: its files arrive under the folder's name.
  const picked = path.join(await mkdtemp(path.join(tmpdir(), 'kibitz-plain-')), 'Results')
  await mkdir(picked, { recursive: true })
  await writeFile(path.join(picked, 'round-1.txt'), 'Round 1: NS 1 62%.\n')
  await page.getByLabel('Or a whole folder').setInputFiles(picked)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes have been saved.')
  await list.getByRole('link', { name: 'Results', exact: true }).click()
  await expect(
    page
      .getByRole('list', { name: 'Contents of Results' })
      .getByRole('link', { name: 'round-1.txt', exact: true }),
  ).toBeVisible()
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: folder }).click()

  // A file that is neither a picture nor a document is refused, naming it.
  await page.getByLabel('Files', { exact: true }).setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
  })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'tool.exe' })).toContainText('not allowed')

  // Rename on its own form.
  await list.getByRole('link', { name: 'Rename bulletin.pdf' }).click()
  await page.getByLabel('New name of bulletin.pdf').fill('Bulletin 1.pdf')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(list.getByRole('link', { name: 'Bulletin 1.pdf', exact: true })).toBeVisible()

  // Delete after the question.
  await list.getByRole('link', { name: 'Delete Bulletin 1.pdf' }).click()
  await expect(page.getByText('Nothing uses it.')).toBeVisible()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(list.getByRole('link', { name: 'Bulletin 1.pdf', exact: true })).toHaveCount(0)
  await expect(list.getByRole('link', { name: 'table.png', exact: true })).toBeVisible()

  // Delete selected asks first too.
  await page.getByRole('checkbox', { name: 'Select table.png' }).check()
  await page.getByRole('button', { name: 'Delete selected' }).click()
  await expect(page.getByRole('region', { name: 'Delete “table.png”?' })).toBeVisible()
  await screenshot(page, 'no-js-confirm-1280')
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes have been saved.')
  await expect(list.getByRole('link', { name: 'table.png', exact: true })).toHaveCount(0)
  await expect(list.getByRole('link', { name: 'Results', exact: true })).toBeVisible()
  await context.close()
})
