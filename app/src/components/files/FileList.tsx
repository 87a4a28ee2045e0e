import { isoDate } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { formatFileSize } from '../../lib/fileSize.ts'
import type { FieldError } from '../../lib/session.ts'
import type { FileManagerScreen, ScreenEntry } from '../../server/fileManager.functions.ts'
import { LongDate } from '../Dates.tsx'
import { useFieldMessage } from '../Forms.tsx'
import { DocumentIcon, FolderIcon } from '../Icons.tsx'
import { type FileSearch, fileHref, listingSearch } from './fileSearch.ts'
import { useFileProblem } from './fileText.ts'
import { buttonClass, inputClass, Position, primaryClass } from './parts.tsx'

// The folder's entries: a checkbox to select each (for the zip and the deletion of a selection), its picture or
// icon, its name (a folder opens, a file opens in a new tab), and its actions. Renaming is a form in the entry's
// place (`?rename=ID` without JavaScript); with JavaScript it opens in place, Enter saves and Escape cancels.

const actionClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold text-brand-700 underline hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

export const singleDownload = (id: number) => `/api/v1/file-system/download-fs-single-file/${id}`
export const zipDownload = (ids: ReadonlyArray<number>) =>
  `/api/v1/file-system/download-fs-file/${ids.join(',')}`

export function FileList(props: {
  screen: FileManagerScreen
  search: FileSearch
  base: string
  selectionForm: string
  renameError: FieldError | null
  renameValue: string | null
  renameId: number | null
}) {
  const { screen, search, base } = props
  const { t } = useLingui()
  const captionId = useId()
  const [hydrated, setHydrated] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  // undefined: as the address says (`?rename=`); null: none; an id: that entry, opened in place.
  const [renaming, setRenaming] = useState<number | null | undefined>(undefined)
  useEffect(() => setHydrated(true), [])
  // A new page of the list starts with nothing selected and nothing being renamed.
  useEffect(() => {
    setSelected(new Set())
    setRenaming(undefined)
  }, [screen])
  const editing = renaming === undefined ? (props.renameId ?? search.rename ?? null) : renaming
  const ids = screen.entries.map((e) => e.fsFileId)
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id))
  const current = screen.parents.at(-1)?.filename
  const toggle = (id: number, on: boolean) =>
    setSelected((was) => {
      const next = new Set(was)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  if (screen.entries.length === 0)
    return (
      <p className="rounded-card border border-dashed border-line p-6 text-center text-muted">
        {search.q !== undefined || search.kind !== undefined ? (
          <Trans>Nothing here matches. Try another search or show everything.</Trans>
        ) : (
          <Trans>This folder is empty. Upload files or drop them here.</Trans>
        )}
      </p>
    )

  return (
    <div className="flex flex-col gap-2">
      <h3 id={captionId} className="sr-only">
        {current === undefined ? t`Contents of all files` : t`Contents of ${current}`}
      </h3>
      {hydrated ? (
        <label className="inline-flex min-h-11 items-center gap-3 self-start px-3 text-sm font-semibold">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={allSelected}
            onChange={(e) => setSelected(e.currentTarget.checked ? new Set(ids) : new Set())}
          />
          <Trans>Select all on this page</Trans>
        </label>
      ) : null}
      <ul aria-labelledby={captionId} className="flex flex-col border-t border-line">
        {screen.entries.map((entry) => {
          const name = entry.filename
          return (
            <li
              key={entry.fsFileId}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line py-2"
            >
              <label className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
                <input
                  type="checkbox"
                  name="ids"
                  value={String(entry.fsFileId)}
                  form={props.selectionForm}
                  className="h-5 w-5"
                  checked={selected.has(entry.fsFileId)}
                  onChange={(e) => toggle(entry.fsFileId, e.currentTarget.checked)}
                />
                <span className="sr-only">
                  <Trans>Select {name}</Trans>
                </span>
              </label>
              <Thumb entry={entry} />
              {editing === entry.fsFileId ? (
                <RenameForm
                  entry={entry}
                  base={base}
                  search={search}
                  folderId={screen.folderId}
                  error={props.renameId === entry.fsFileId ? props.renameError : null}
                  value={props.renameId === entry.fsFileId ? props.renameValue : null}
                  onDone={() => setRenaming(null)}
                  enhanced={hydrated}
                />
              ) : (
                <>
                  <EntryName entry={entry} base={base} />
                  <div className="flex w-full flex-wrap pl-12 sm:w-auto sm:pl-0">
                    <a
                      href={entry.isFolder ? zipDownload([entry.fsFileId]) : singleDownload(entry.fsFileId)}
                      className={actionClass}
                    >
                      <Trans>
                        Download<span className="sr-only"> {name}</span>
                      </Trans>
                    </a>
                    {entry.isFolderReadableOnly ? null : (
                      <>
                        <a
                          id={`rename-${entry.fsFileId}`}
                          href={fileHref(base, { ...listingSearch(search), rename: entry.fsFileId })}
                          className={actionClass}
                          onClick={(event) => {
                            event.preventDefault()
                            setRenaming(entry.fsFileId)
                          }}
                        >
                          <Trans>
                            Rename<span className="sr-only"> {name}</span>
                          </Trans>
                        </a>
                        <a
                          href={fileHref(base, { ...listingSearch(search), confirm: String(entry.fsFileId) })}
                          className={`${actionClass} text-danger-700`}
                        >
                          <Trans>
                            Delete<span className="sr-only"> {name}</span>
                          </Trans>
                        </a>
                      </>
                    )}
                  </div>
                </>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function Thumb({ entry }: { entry: ScreenEntry }) {
  if (entry.isImage && entry.fsFileUrl !== null)
    return (
      <img
        src={entry.fsFileUrl}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        className="h-10 w-10 shrink-0 rounded object-cover"
      />
    )
  return entry.isFolder ? (
    <FolderIcon className="h-10 w-10 shrink-0 text-brand-700" />
  ) : (
    <DocumentIcon className="h-10 w-10 shrink-0 text-muted" />
  )
}

function EntryName({ entry, base }: { entry: ScreenEntry; base: string }) {
  const { i18n } = useLingui()
  const link =
    'inline-flex min-h-11 items-center break-all font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
  return (
    <div className="flex min-w-0 flex-1 basis-40 flex-col">
      <span className="flex flex-wrap items-center gap-2">
        {entry.isFolder ? (
          <a href={fileHref(base, { folder: entry.fsFileId })} className={link}>
            {entry.filename}
          </a>
        ) : (
          <a href={entry.fsFileUrl ?? '#'} target="_blank" rel="noopener" className={link}>
            {entry.filename}
          </a>
        )}
        {entry.isFolderReadableOnly ? (
          <span className="rounded-full border border-line bg-canvas px-2 py-0.5 text-xs font-semibold text-muted">
            <Trans>Read-only</Trans>
          </span>
        ) : null}
      </span>
      <span className="-mt-2 text-xs text-muted [overflow-wrap:anywhere]">
        {entry.isFolder ? (
          <Trans>Folder</Trans>
        ) : entry.isImage ? (
          <Trans>Image</Trans>
        ) : (
          <Trans>Document</Trans>
        )}
        {entry.size !== null ? (
          <span suppressHydrationWarning> · {formatFileSize(entry.size, i18n.locale)}</span>
        ) : null}
        {entry.uploadedAt !== null ? (
          <>
            {' · '}
            <LongDate date={isoDate(new Date(entry.uploadedAt), 'UTC')} />
          </>
        ) : null}
        {entry.parent !== null ? ` · ${entry.parent}` : null}
      </span>
    </div>
  )
}

/** The rule of an API refusal (problem details' `errors[0].rule`), when the body says one. */
const ruleOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null) return null
  const errors: unknown = Reflect.get(body, 'errors')
  if (!Array.isArray(errors)) return null
  const first: unknown = errors[0]
  if (typeof first !== 'object' || first === null) return null
  const rule: unknown = Reflect.get(first, 'rule')
  return typeof rule === 'string' ? rule : null
}

function RenameForm(props: {
  entry: ScreenEntry
  base: string
  search: FileSearch
  folderId: number | null
  error: FieldError | null
  value: string | null
  onDone: () => void
  enhanced: boolean
}) {
  const { entry } = props
  const name = entry.filename
  const { t } = useLingui()
  const id = useId()
  const router = useRouter()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<FieldError | null>(props.error)
  const [busy, setBusy] = useState(false)
  const fieldMessage = useFieldMessage()
  const fileProblem = useFileProblem()
  const message = error ? (fileProblem(error.rule) ?? fieldMessage(error)) : null
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])
  const backToRow = () => {
    props.onDone()
    requestAnimationFrame(() => document.getElementById(`rename-${entry.fsFileId}`)?.focus())
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && props.enhanced) {
      event.preventDefault()
      backToRow()
    }
  }
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!props.enhanced) return
    event.preventDefault()
    const newObjectName = input.current?.value ?? ''
    if (newObjectName.trim() === entry.filename) return backToRow()
    setBusy(true)
    try {
      const answer = await fetch(`/api/v1/file-system/rename-file-object/${entry.fsFileId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ newObjectName }),
      })
      if (answer.ok) {
        await router.invalidate()
        backToRow()
        return
      }
      const rule =
        answer.status === 403
          ? 'readOnly'
          : answer.status === 404
            ? 'unknownId'
            : (ruleOf(await answer.json().catch(() => null)) ?? 'invalidName')
      setError({ rule })
      input.current?.focus()
    } catch {
      setError({ rule: 'unknownId' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      method="post"
      action={props.base}
      onSubmit={onSubmit}
      className="flex min-w-0 flex-1 basis-60 flex-col gap-1"
    >
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={String(entry.fsFileId)} />
      <Position search={props.search} folderId={props.folderId} />
      <label htmlFor={id} className="text-sm font-semibold">
        <Trans>New name of {name}</Trans>
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={id}
          name="newObjectName"
          required
          maxLength={100}
          defaultValue={props.value ?? entry.filename}
          onKeyDown={onKeyDown}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          className={`${inputClass} flex-1 basis-48`}
        />
        <button type="submit" className={primaryClass} disabled={busy}>
          <Trans>Save</Trans>
        </button>
        <a
          href={fileHref(props.base, listingSearch(props.search))}
          className={buttonClass}
          onClick={(event) => {
            if (!props.enhanced) return
            event.preventDefault()
            backToRow()
          }}
        >
          <Trans>Cancel</Trans>
        </a>
      </div>
      {message ? (
        <span id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {message}
        </span>
      ) : (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {props.enhanced ? t`Enter saves, Escape cancels.` : t`Up to 100 characters, without / or \\.`}
        </span>
      )}
    </form>
  )
}
