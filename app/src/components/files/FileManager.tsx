import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import type { FormState } from '../../lib/session.ts'
import type { FileManagerScreen } from '../../server/fileManager.functions.ts'
import { useFieldMessage } from '../Forms.tsx'
import { Pagination } from '../Pagination.tsx'
import { DeleteConfirm } from './DeleteConfirm.tsx'
import { FileList } from './FileList.tsx'
import { FolderTree, hasFolderTree } from './FolderTree.tsx'
import { type FileSearch, fileHref, listingSearch } from './fileSearch.ts'
import { readableSize, useFileProblem } from './fileText.ts'
import { buttonClass, inputClass, Position, primaryClass } from './parts.tsx'
import { DropZone, UploadForm, UploadProgress, useUploader } from './Uploader.tsx'

// The organiser's file manager (issue 17, spec sections 2, 7 and 9): one folder of the organiser's tree at a time,
// ten entries a page, with search, the image and document filters, new folders, uploads, renaming, downloads and
// deletion after the usage report. Every action is a plain form or link, so all of it works without JavaScript;
// with it, files and folders can be dropped on the list and upload one by one with progress, and names are
// edited in place. The organiser's own screen (/file-management-system) and the event's
// (/event/manage/{id}/file-management-system) both show this.

export interface FileManagerProps {
  readonly screen: FileManagerScreen
  readonly search: FileSearch
  /** The screen's path: `/file-management-system` or the event's. */
  readonly base: string
  /** The redirected form's errors (form `file-manager`). */
  readonly state: FormState | null
  /** On the event's screen: the event, whose folder is the starting point. */
  readonly eventId?: number
  readonly heading: ReactNode
  /** The heading is the page's own (h1), not a section's under the page's (h2). */
  readonly pageHeading?: boolean
}

export function FileManager(props: FileManagerProps) {
  const { screen, search, base, state } = props
  const { t } = useLingui()
  const headingId = useId()
  const errors = state?.form === 'file-manager' ? state.errors : {}
  const fieldMessage = useFieldMessage()
  const fileProblem = useFileProblem()
  const eventScreen = props.eventId !== undefined
  const eventId = props.eventId
  const confirming = screen.confirm.length > 0
  const page = search.page ?? 1
  const selectionForm = `${headingId}-selection`
  const problem = fileProblem(errors.delete?.rule) ?? fileProblem(errors.selection?.rule)
  const selectionMessage =
    errors.selection?.rule === 'required'
      ? t`Select at least one file or folder first.`
      : errors.selection?.rule === 'tooLong'
        ? t`Select at most 50 files and folders at once.`
        : null
  const uploader = useUploader(screen.folderId)
  const noEventFolder = eventScreen && search.folder === undefined && screen.folderId === null

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {props.pageHeading ? (
          <h1 id={headingId} className="text-2xl font-bold">
            {props.heading}
          </h1>
        ) : (
          <h2 id={headingId} className="text-2xl font-bold">
            {props.heading}
          </h2>
        )}
        <Quota used={screen.quota.usedBytes} quota={screen.quota.quotaBytes} />
      </div>

      <Breadcrumb base={base} screen={screen} search={search} eventScreen={eventScreen} />

      {noEventFolder ? (
        <p className="rounded-card border border-line bg-canvas p-4 text-sm">
          <Trans>
            This event has no files yet, so its folder does not exist yet. Its pictures and documents appear
            in event › event-{eventId} once they are uploaded in the event’s steps. Below is your whole file
            tree.
          </Trans>
        </p>
      ) : null}

      {confirming ? <DeleteConfirm screen={screen} search={search} base={base} problem={problem} /> : null}

      {!confirming && (problem || selectionMessage) ? (
        <p
          role="alert"
          className="rounded-lg border border-danger-700/30 bg-danger-100 px-4 py-3 text-sm text-danger-700"
        >
          {selectionMessage ?? problem}
        </p>
      ) : null}

      <div
        className={
          hasFolderTree(screen)
            ? 'grid items-start gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]'
            : 'flex flex-col'
        }
      >
        {hasFolderTree(screen) ? <FolderTree screen={screen} base={base} /> : null}
        <div className="flex min-w-0 flex-col gap-6">
          <Filters base={base} search={search} folderId={screen.folderId} />

          <DropZone uploader={uploader}>
            <FileList
              screen={screen}
              search={search}
              base={base}
              selectionForm={selectionForm}
              renameError={errors.newObjectName ?? null}
              renameValue={state?.values.newObjectName ?? null}
              renameId={state?.values.id === undefined ? null : Number(state.values.id)}
            />
          </DropZone>

          {screen.entries.length > 0 ? (
            <form
              id={selectionForm}
              method="post"
              action={base}
              aria-label={t`Selected files and folders`}
              className="flex flex-wrap gap-3"
            >
              <Position search={search} folderId={screen.folderId} />
              <button type="submit" name="intent" value="zip" className={buttonClass}>
                <Trans>Download selected as zip</Trans>
              </button>
              <button type="submit" name="intent" value="askDelete" className={buttonClass}>
                <Trans>Delete selected</Trans>
              </button>
            </form>
          ) : null}

          <Pagination
            page={page}
            pageSize={screen.pageSize}
            total={screen.total}
            href={(n) => fileHref(base, { ...listingSearch(search), page: n > 1 ? n : undefined })}
          />
        </div>
      </div>

      <div className="grid items-start gap-4 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-3">
          <UploadForm
            uploader={uploader}
            destination={screen.folderId}
            base={base}
            search={search}
            error={
              errors.files
                ? `${state?.values.filename ? `${state.values.filename}: ` : ''}${fileProblem(errors.files.rule) ?? fieldMessage(errors.files) ?? ''}`
                : null
            }
          />
          <UploadProgress uploader={uploader} />
        </div>
        <NewFolder
          base={base}
          search={search}
          folderId={screen.folderId}
          error={errors.folderName}
          value={state?.values.folderName}
        />
      </div>
    </section>
  )
}

function Quota({ used, quota }: { used: number; quota: number }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const usedText = readableSize(used, i18n.locale)
  const quotaText = readableSize(quota, i18n.locale)
  const freeText = readableSize(Math.max(0, quota - used), i18n.locale)
  return (
    <div className="flex w-full max-w-xs flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-semibold">
        <Trans>Storage</Trans>
      </label>
      <meter
        id={id}
        min={0}
        max={Math.max(1, quota)}
        value={Math.min(used, quota)}
        high={quota * 0.9}
        optimum={0}
        aria-valuetext={t`${usedText} of ${quotaText} used`}
        className="h-3 w-full"
      />
      <span className="text-muted" suppressHydrationWarning>
        <Trans>
          {usedText} of {quotaText} used · {freeText} available
        </Trans>
      </span>
    </div>
  )
}

function Breadcrumb(props: {
  base: string
  screen: FileManagerScreen
  search: FileSearch
  eventScreen: boolean
}) {
  const { t } = useLingui()
  const { screen } = props
  const link =
    'inline-flex min-h-11 items-center rounded px-1 font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-700'
  const last = screen.parents.length - 1
  return (
    <nav aria-label={t`Folders`} className="min-w-0">
      <ol className="flex flex-wrap items-center gap-x-1 text-sm">
        <li className="flex items-center">
          {screen.parents.length === 0 ? (
            <span aria-current="page" className="inline-flex min-h-11 items-center px-1 font-semibold">
              <Trans>All files</Trans>
            </span>
          ) : (
            <a href={fileHref(props.base, { folder: props.eventScreen ? 0 : undefined })} className={link}>
              <Trans>All files</Trans>
            </a>
          )}
        </li>
        {screen.parents.map((folder, index) => (
          <li key={folder.fsFileId} className="flex min-w-0 items-center gap-1">
            <span aria-hidden="true" className="text-muted">
              /
            </span>
            {index === last ? (
              <span
                aria-current="page"
                className="inline-flex min-h-11 items-center break-all px-1 font-semibold"
              >
                {folder.filename}
              </span>
            ) : (
              <a href={fileHref(props.base, { folder: folder.fsFileId })} className={`${link} break-all`}>
                {folder.filename}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function Filters({ base, search, folderId }: { base: string; search: FileSearch; folderId: number | null }) {
  const { t } = useLingui()
  const id = useId()
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
      active ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-surface hover:bg-canvas'
    }`
  const at = { folder: search.folder, q: search.q }
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <search className="min-w-0 md:w-96">
        <form method="get" action={base} className="flex min-w-0 flex-col gap-1">
          <label htmlFor={id} className="text-sm font-semibold">
            <Trans>Search in this folder</Trans>
          </label>
          <div className="flex gap-2">
            {folderId !== null || search.folder !== undefined ? (
              <input type="hidden" name="folder" value={String(search.folder ?? folderId ?? 0)} />
            ) : null}
            {search.kind !== undefined ? <input type="hidden" name="kind" value={search.kind} /> : null}
            <input
              id={id}
              type="search"
              name="q"
              defaultValue={search.q ?? ''}
              maxLength={100}
              className={inputClass}
            />
            <button type="submit" className={buttonClass}>
              <Trans>Search</Trans>
            </button>
          </div>
        </form>
      </search>
      <nav aria-label={t`Filter by kind`} className="flex flex-wrap gap-2">
        <a
          href={fileHref(base, at)}
          aria-current={search.kind === undefined ? 'page' : undefined}
          className={chip(search.kind === undefined)}
        >
          <Trans>All</Trans>
        </a>
        <a
          href={fileHref(base, { ...at, kind: 'images' })}
          aria-current={search.kind === 'images' ? 'page' : undefined}
          className={chip(search.kind === 'images')}
        >
          <Trans>Images</Trans>
        </a>
        <a
          href={fileHref(base, { ...at, kind: 'documents' })}
          aria-current={search.kind === 'documents' ? 'page' : undefined}
          className={chip(search.kind === 'documents')}
        >
          <Trans>Documents</Trans>
        </a>
      </nav>
    </div>
  )
}

function NewFolder(props: {
  base: string
  search: FileSearch
  folderId: number | null
  error: { rule?: string; code?: number } | undefined
  value: string | undefined
}) {
  const id = useId()
  const message = useFieldMessage()(props.error)
  return (
    <form
      method="post"
      action={props.base}
      aria-labelledby={`${id}-heading`}
      className="flex min-w-0 flex-col gap-2 rounded-card border border-line bg-surface p-4"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>New folder</Trans>
      </h3>
      <input type="hidden" name="intent" value="createFolder" />
      <Position search={props.search} folderId={props.folderId} />
      <label htmlFor={id} className="text-sm font-semibold">
        <Trans>Folder name</Trans>
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          name="folderName"
          required
          maxLength={100}
          defaultValue={props.value ?? ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className={`${inputClass} flex-1 basis-48`}
        />
        <button type="submit" className={primaryClass}>
          <Trans>Create folder</Trans>
        </button>
      </div>
      {message ? (
        <span id={`${id}-error`} className="text-sm text-danger-700">
          {message}
        </span>
      ) : null}
    </form>
  )
}
