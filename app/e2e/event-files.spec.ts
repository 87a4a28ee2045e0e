// The file manager of event management (issues 4 and 17, spec section 2 file-management-system): the organiser's
// file manager opened at the event's folder. An organiser uploads a PDF to a new draft's documents, finds it in the
// event's folder, opens it and deletes it; a file that is not a PDF is refused with the reason on the field; the
// whole tree is a step up the breadcrumb.
import { type Browser, expect, test } from '@playwright/test'
import { logIn, waitForHydration } from './support.ts'

const organiserEmail = 'info@lbf.example'

let counter = 0
/** A context of its own address (per-address limits stay per visitor). */
const visitor = (browser: Browser) => {
  const n = counter++
  const address = `10.${150 + (test.info().workerIndex % 50)}.${(n >> 8) % 256}.${(n % 255) + 1}`
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
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

test('an organiser uploads a PDF to the event’s files, opens it and deletes it', async ({ browser }) => {
  // A journey of a sign-in and several editor steps, like the other journeys here.
  test.setTimeout(90_000)
  const context = await visitor(browser)
  const page = await context.newPage()
  await logIn(page, organiserEmail)
  await page.goto('/event/create')
  await waitForHydration(page)
  await page.getByLabel('Event name').fill(`Files draft ${Date.now().toString(36)}`)
  await page.getByLabel('First day').fill('2027-05-01')
  await page.getByLabel('Last day').fill('2027-05-02')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/event\/manage\/\d+\/tournaments$/)
  const eventId = /\/event\/manage\/(\d+)\//.exec(page.url())?.[1] ?? ''
  expect(eventId).not.toBe('')

  // The file manager is the last entry of the editor's steps; a new draft has no folder yet.
  await page
    .getByRole('navigation', { name: 'Event editing steps' })
    .getByRole('link', { name: /Files/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/event/manage/${eventId}/file-management-system$`))
  await expect(page.getByText('This event has no files yet, so its folder does not exist yet.')).toBeVisible()

  // Something that is not a PDF is refused, with the reason on the field.
  await page.getByLabel('PDF document').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Bring your own cards.'),
  })
  await page.getByRole('button', { name: 'Upload the PDF' }).click()
  const field = page.getByLabel('PDF document')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(/This file is not a PDF document\./)
  await expect(page.getByRole('alert')).toHaveText('Please correct the marked fields.')

  // A PDF goes to the event's documents: the screen now opens at the event's folder.
  await field.setInputFiles({ name: 'Rules 2027.pdf', mimeType: 'application/pdf', buffer: pdf })
  await page.getByLabel('Where it goes').selectOption({ label: 'Event documents' })
  await page.getByRole('button', { name: 'Upload the PDF' }).click()
  await expect(page.getByRole('status').first()).toContainText('Your changes to the event are saved.')
  const folders = page.getByRole('navigation', { name: 'Folders' })
  await expect(folders.getByText(`event-${eventId}`)).toHaveAttribute('aria-current', 'page')
  const documents = page.getByRole('list', { name: `Contents of event-${eventId}` }).getByRole('listitem')
  await expect(documents.filter({ hasText: 'documents' })).toContainText('Read-only')
  await page
    .getByRole('list', { name: `Contents of event-${eventId}` })
    .getByRole('link', { name: 'documents', exact: true })
    .click()
  const list = page.getByRole('list', { name: 'Contents of documents' })

  // It opens as the PDF that was uploaded.
  const href =
    (await list.getByRole('link', { name: 'Rules 2027.pdf', exact: true }).getAttribute('href')) ?? ''
  expect(href).toMatch(new RegExp(`^/files/event/event-${eventId}/documents/rules-2027-[0-9a-f]{16}\\.pdf$`))
  const opened = await page.request.get(href)
  expect(opened.status()).toBe(200)
  expect(opened.headers()['content-type']).toBe('application/pdf')
  expect(Buffer.compare(await opened.body(), pdf)).toBe(0)

  // Deletion asks first, with what uses it; then the file is gone from the list and from its address.
  await list.getByRole('link', { name: 'Delete Rules 2027.pdf' }).click()
  await expect(page.getByRole('region', { name: 'Delete “Rules 2027.pdf”?' })).toContainText(
    'Nothing uses it.',
  )
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('This folder is empty.')).toBeVisible()
  expect((await page.request.get(href)).status()).toBe(404)

  // The whole tree is a step up: its platform folders are read-only.
  await folders.getByRole('link', { name: 'All files' }).click()
  await expect(page).toHaveURL(new RegExp(`/event/manage/${eventId}/file-management-system\\?folder=0$`))
  await expect(
    page
      .getByRole('list', { name: 'Contents of all files' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'event', exact: true }) }),
  ).toContainText('Read-only')
  await context.close()
})
