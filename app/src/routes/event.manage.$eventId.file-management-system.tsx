import { formatShortDate, isoDate } from '@kibitz/kernel/format'
import { EventId, idFromText } from '@kibitz/kernel/ids'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useId, useRef } from 'react'
import { Field, FormProblem, Submit, useFieldMessage } from '../components/Forms.tsx'
import { TableScroller } from '../components/TableScroller.tsx'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import type { FormState } from '../lib/session.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'
import { fetchEditorFiles } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** `?page=` from 1 (anything else is the first page) and `?confirm=` the key of a file about to be removed. */
const filesSearch = (search: Record<string, unknown>): { page?: number; confirm?: string } => {
  const raw = search.page
  const page = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  const confirm =
    typeof search.confirm === 'string' && search.confirm.length <= 300 ? search.confirm : undefined
  return { page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined, confirm }
}

/**
 * Event management's file manager (spec section 2, file-management-system): the event's stored pictures and
 * PDFs, ten a page, newest first, each with a link and a removal; and the upload of a PDF to the event's or a
 * tournament's documents or results. Plain forms, so everything works without JavaScript too.
 */
export const Route = createFileRoute('/event/manage/$eventId/file-management-system')({
  validateSearch: filesSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ params, deps }) => {
    const eventId = idFromText(EventId, params.eventId)
    const listing = eventId === null ? null : await fetchEditorFiles({ data: { eventId, page: deps.page } })
    if (!listing) throw await notFoundWithMoreEvents()
    return { listing, state: await fetchFormState({ data: { form: 'event-files' } }) }
  },
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/eventEditor.server.ts')).filesPost(request, params.eventId),
    },
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Files`, managedEventName(matches)) }),
  component: FilesStep,
})

type Listing = NonNullable<Awaited<ReturnType<typeof fetchEditorFiles>>>
type ListedFile = Listing['files'][number]

/** A size in bytes as people read it: "812 B", "14.2 kB", "3.4 MB" in the interface language. */
const readableSize = (bytes: number, locale: string) => {
  const unit = bytes < 1000 ? 'byte' : bytes < 1_000_000 ? 'kilobyte' : 'megabyte'
  const value = bytes < 1000 ? bytes : bytes < 1_000_000 ? bytes / 1000 : bytes / 1_000_000
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
  } catch {
    return `${bytes} B`
  }
}

/** When a file was uploaded: the short date and the time in the event's time zone. */
const uploadedWhen = (instant: string, timeZone: string, locale: string) => {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return instant
  try {
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at)
    return `${formatShortDate(isoDate(at, timeZone), locale)} ${time}`
  } catch {
    return instant
  }
}

/** The search of a page of the list (the first page has none), and of a removal being confirmed. */
const pageSearch = (page: number, confirm?: string) => ({
  ...(page > 1 ? { page } : {}),
  ...(confirm === undefined ? {} : { confirm }),
})

function FilesStep() {
  const { event } = manage.useLoaderData()
  const { listing, state } = Route.useLoaderData()
  const { confirm } = Route.useSearch()
  const { t, i18n } = useLingui()
  const tableCaption = useId()
  const editable = event.permissions.includes('update')
  const page = listing.page
  const pages = Math.max(1, Math.ceil(listing.total / listing.pageSize))
  const tournamentName = (id: number | null) =>
    listing.tournaments.find((x) => x.tournamentId === id)?.name ?? t`a removed tournament`

  const folderLabel = (file: ListedFile) => {
    const name = tournamentName(file.tournamentId)
    switch (file.folderKind) {
      case 'eventDocuments':
        return t`Event documents`
      case 'eventGallery':
        return t`Gallery`
      case 'tournamentDocuments':
        return t`Documents of ${name}`
      case 'tournamentResults':
        return t`Results of ${name}`
      default:
        return file.folder
    }
  }
  const useText = (file: ListedFile) => {
    const name = tournamentName(file.usedByTournamentId)
    switch (file.usedAs) {
      case 'eventPicture':
        return t`The event’s picture: change or remove it on the Gallery step.`
      case 'tournamentRules':
        return t`The rules of ${name}: change them on that tournament.`
      case 'tournamentResults':
        return t`The results of ${name}: change them on that tournament.`
      default:
        return null
    }
  }
  const removal = state?.errors.remove?.rule
  const removalText =
    removal === undefined
      ? null
      : removal === 'notFound'
        ? t`This file is already gone or does not belong to this event.`
        : removal === 'eventPicture'
          ? t`This is the event’s picture. Change or remove it on the Gallery step.`
          : removal === 'tournamentRules' || removal === 'tournamentResults'
            ? t`A tournament still uses this file. Change the tournament first.`
            : t`This could not be done. Reload the page and try again.`
  const notEditable = state?.errors.form?.rule === 'notEditable'
  const uploadErrors = state && (state.errors.file || state.errors.target) ? state : null

  return (
    <section aria-labelledby="files-heading" className="flex flex-col gap-6">
      <h2 id="files-heading" className="text-xl font-bold">
        <Trans>Files</Trans>
      </h2>
      {removalText || notEditable ? (
        <p
          role="alert"
          className="rounded-lg border border-danger-700/30 bg-danger-100 px-4 py-3 text-sm text-danger-700"
        >
          {notEditable ? t`A postponed or canceled event cannot be edited.` : removalText}
        </p>
      ) : null}
      {listing.total === 0 ? (
        <p className="rounded-card border border-line p-6 text-muted">
          <Trans>This event has no files yet. Upload its rules, bulletins or results below.</Trans>
        </p>
      ) : listing.files.length === 0 ? (
        <p className="rounded-card border border-line p-6 text-muted">
          <Trans>
            There are no files on this page.{' '}
            <Link
              to="/event/manage/$eventId/file-management-system"
              params={{ eventId: String(event.id) }}
              className="text-brand-700 underline"
            >
              Go to the first page
            </Link>
          </Trans>
        </p>
      ) : (
        <TableScroller labelledBy={tableCaption}>
          <table className="w-full text-left text-sm">
            <caption id={tableCaption} className="sr-only">
              <Trans>The event’s files, newest first</Trans>
            </caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>File name</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Kind</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Folder</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Size</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Uploaded</Trans>
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.files.map((file) => (
                <FileRow
                  key={file.key}
                  eventId={event.id}
                  page={listing.page}
                  file={file}
                  kind={file.isImage ? t`Picture` : t`PDF document`}
                  folder={folderLabel(file)}
                  size={readableSize(file.size, i18n.locale)}
                  uploaded={uploadedWhen(file.uploadedAt, event.general.timeZone, i18n.locale)}
                  usedBy={useText(file)}
                  editable={editable}
                  confirming={confirm === file.key}
                />
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {pages > 1 && page <= pages ? (
        <nav aria-label={t`Pages of files`} className="flex flex-wrap items-center gap-3 text-sm">
          {listing.page > 1 ? (
            <Link
              to="/event/manage/$eventId/file-management-system"
              params={{ eventId: String(event.id) }}
              search={pageSearch(listing.page - 1)}
              className="text-brand-700 underline"
            >
              <Trans>Newer files</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          {listing.page < pages ? (
            <Link
              to="/event/manage/$eventId/file-management-system"
              params={{ eventId: String(event.id) }}
              search={pageSearch(listing.page + 1)}
              className="text-brand-700 underline"
            >
              <Trans>Older files</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
      {editable ? (
        <UploadForm
          tournaments={listing.tournaments}
          errors={uploadErrors}
          target={uploadErrors?.values.target ?? 'event'}
        />
      ) : null}
    </section>
  )
}

function FileRow(props: {
  readonly eventId: number
  readonly page: number
  readonly file: ListedFile
  readonly kind: string
  readonly folder: string
  readonly size: string
  readonly uploaded: string
  readonly usedBy: string | null
  readonly editable: boolean
  readonly confirming: boolean
}) {
  const { file } = props
  const name = file.filename
  const confirmButton = useRef<HTMLButtonElement>(null)
  // The question takes the focus, so a keyboard user answers it at once.
  useEffect(() => {
    if (props.confirming) confirmButton.current?.focus()
  }, [props.confirming])
  return (
    <tr className="border-b border-line align-top">
      <td className="py-2 pr-3">
        <a href={file.url} target="_blank" rel="noopener" className="break-all text-brand-700 underline">
          {name}
        </a>
      </td>
      <td className="py-2 pr-3">{props.kind}</td>
      <td className="py-2 pr-3">{props.folder}</td>
      <td className="py-2 pr-3 whitespace-nowrap" suppressHydrationWarning>
        {props.size}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap" suppressHydrationWarning>
        <time dateTime={file.uploadedAt}>{props.uploaded}</time>
      </td>
      <td className="py-2">
        {props.usedBy !== null ? (
          <span className="text-xs text-muted">{props.usedBy}</span>
        ) : !props.editable ? null : props.confirming ? (
          <form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="key" value={file.key} />
            <input type="hidden" name="page" value={String(props.page)} />
            <span>
              <Trans>Remove “{name}” for good? Links to it will stop working.</Trans>
            </span>
            <span className="flex gap-2">
              <button
                ref={confirmButton}
                type="submit"
                className="inline-flex h-9 items-center rounded-lg bg-danger-700 px-3 font-semibold text-white"
              >
                <Trans>Yes, remove it</Trans>
              </button>
              <Link
                to="/event/manage/$eventId/file-management-system"
                params={{ eventId: String(props.eventId) }}
                search={pageSearch(props.page)}
                className="inline-flex h-9 items-center px-2"
              >
                <Trans>Keep it</Trans>
              </Link>
            </span>
          </form>
        ) : (
          <Link
            to="/event/manage/$eventId/file-management-system"
            params={{ eventId: String(props.eventId) }}
            search={pageSearch(props.page, file.key)}
            className="inline-flex h-9 items-center rounded-lg border border-danger-700/40 px-3 font-semibold text-danger-700"
          >
            <Trans>
              Remove<span className="sr-only"> {name}</span>
            </Trans>
          </Link>
        )}
      </td>
    </tr>
  )
}

function UploadForm(props: {
  readonly tournaments: Listing['tournaments']
  readonly errors: FormState | null
  readonly target: string
}) {
  const { t } = useLingui()
  const id = useId()
  const message = useFieldMessage()(props.errors?.errors.target)
  return (
    <form
      method="post"
      encType="multipart/form-data"
      aria-labelledby={`${id}-heading`}
      className="flex max-w-2xl flex-col gap-4 rounded-card border border-line p-4"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>Upload a PDF</Trans>
      </h3>
      <input type="hidden" name="intent" value="upload" />
      <FormProblem state={props.errors} />
      <Field
        name="file"
        type="file"
        label={<Trans>PDF document</Trans>}
        hint={<Trans>Rules, bulletins, results: a PDF of up to 20 MB.</Trans>}
        error={props.errors?.errors.file}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-target`} className="text-sm font-semibold">
          <Trans>Where it goes</Trans>
        </label>
        <select
          id={`${id}-target`}
          name="target"
          defaultValue={props.target}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-target-error` : undefined}
          className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-base aria-[invalid=true]:border-danger-700 focus:outline-2 focus:outline-brand-600"
        >
          <option value="event">{t`Event documents`}</option>
          {props.tournaments.map((tournament) => {
            const name = tournament.name
            return [
              <option
                key={`documents-${tournament.tournamentId}`}
                value={`documents-${tournament.tournamentId}`}
              >
                {t`Documents of ${name}`}
              </option>,
              <option key={`rules-${tournament.tournamentId}`} value={`rules-${tournament.tournamentId}`}>
                {t`Rules and regulations of ${name}`}
              </option>,
              <option key={`results-${tournament.tournamentId}`} value={`results-${tournament.tournamentId}`}>
                {t`Results of ${name} (published on the event page)`}
              </option>,
            ]
          })}
        </select>
        {message ? (
          <span id={`${id}-target-error`} className="text-sm text-danger-700">
            {message}
          </span>
        ) : null}
      </div>
      <div>
        <Submit>
          <Trans>Upload</Trans>
        </Submit>
      </div>
    </form>
  )
}
