import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type DragEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFieldMessage } from '../Forms.tsx'
import { UploadIcon } from '../Icons.tsx'
import type { FileSearch } from './fileSearch.ts'
import { useFileProblem } from './fileText.ts'
import { buttonClass, Position, primaryClass } from './parts.tsx'

// Uploads. Without JavaScript: a multipart form of picked files or a picked folder, stored all or nothing by the
// screen's form post. With it: the same pickers, and files and folders dropped on the list; each file goes in its own
// request to /api/v1/file-system/upload-fs-file/{folder} with its path under the drop, with a progress bar and a
// Cancel button each, and its refusal beside it; the list refreshes when they are all done.

/** A file to send and where under the destination it goes (a dropped or picked folder keeps its paths). */
interface Picked {
  readonly file: File
  readonly relativePath: string
}

type Status = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled'

interface Upload {
  readonly key: number
  readonly name: string
  readonly relativePath: string
  readonly loaded: number
  readonly total: number
  readonly status: Status
  /** The refusal's rule (the kernel's) or, when it has none, the server's message. */
  readonly rule: string | null
  readonly message: string | null
}

/** Uploads at once: a few, so a large drop neither floods the server nor waits on one slow file. */
const parallel = 3

/** Every file under a dropped entry, with its path from the drop (DataTransferItem.webkitGetAsEntry). */
const walk = async (entry: FileSystemEntry, prefix: string): Promise<ReadonlyArray<Picked>> => {
  if (entry.isFile && entry instanceof FileSystemFileEntry) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject))
    return [{ file, relativePath: `${prefix}${file.name}` }]
  }
  if (entry.isDirectory && entry instanceof FileSystemDirectoryEntry) {
    const reader = entry.createReader()
    const children: Array<FileSystemEntry> = []
    // readEntries answers in batches (about 100 at a time) until an empty one.
    for (;;) {
      const batch = await new Promise<ReadonlyArray<FileSystemEntry>>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      )
      if (batch.length === 0) break
      children.push(...batch)
    }
    const nested = await Promise.all(children.map((child) => walk(child, `${prefix}${entry.name}/`)))
    return nested.flat()
  }
  return []
}

/** What was dropped: files and whole folders, with their paths. */
const dropped = async (transfer: DataTransfer): Promise<ReadonlyArray<Picked>> => {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry())
    .flatMap((entry) => (entry === null ? [] : [entry]))
  if (entries.length === 0) return [...transfer.files].map((file) => ({ file, relativePath: file.name }))
  return (await Promise.all(entries.map((entry) => walk(entry, '')))).flat()
}

/** The rule and message of an API refusal (problem details: `errors[0].rule` and `message`, or `detail`). */
const refusalOf = (text: string): { rule: string | null; message: string | null } => {
  try {
    const body: unknown = JSON.parse(text)
    if (typeof body !== 'object' || body === null) return { rule: null, message: null }
    const errors: unknown = Reflect.get(body, 'errors')
    const first: unknown = Array.isArray(errors) ? errors[0] : undefined
    const field = typeof first === 'object' && first !== null ? Reflect.get(first, 'field') : undefined
    const rule =
      field === 'destination'
        ? 'rootFile'
        : typeof first === 'object' && first !== null
          ? Reflect.get(first, 'rule')
          : undefined
    const message = typeof first === 'object' && first !== null ? Reflect.get(first, 'message') : undefined
    const detail: unknown = Reflect.get(body, 'detail')
    return {
      rule: typeof rule === 'string' ? rule : null,
      message: typeof message === 'string' ? message : typeof detail === 'string' ? detail : null,
    }
  } catch {
    return { rule: null, message: null }
  }
}

/** The uploads of one screen: what is on its way, and how to start and cancel. */
export function useUploader(destination: number | null) {
  const { t } = useLingui()
  const router = useRouter()
  const [hydrated, setHydrated] = useState(false)
  const [uploads, setUploads] = useState<ReadonlyArray<Upload>>([])
  const [announcement, setAnnouncement] = useState('')
  const requests = useRef(new Map<number, XMLHttpRequest>())
  const nextKey = useRef(1)
  useEffect(() => setHydrated(true), [])

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)))

  /** One file in its own request; resolves with how it ended. */
  const send = (key: number, picked: Picked) =>
    new Promise<Status>((resolve) => {
      const xhr = new XMLHttpRequest()
      requests.current.set(key, xhr)
      xhr.open('POST', `/api/v1/file-system/upload-fs-file/${destination ?? 0}`)
      xhr.responseType = 'text'
      xhr.upload.onprogress = (event) =>
        update(key, { loaded: event.loaded, total: event.lengthComputable ? event.total : picked.file.size })
      const end = (status: Status, change: Partial<Upload> = {}) => {
        requests.current.delete(key)
        update(key, { status, ...change })
        resolve(status)
      }
      xhr.onload = () =>
        xhr.status >= 200 && xhr.status < 300
          ? end('done', { loaded: picked.file.size })
          : end('failed', refusalOf(xhr.responseText))
      xhr.onerror = () => end('failed', { rule: null, message: null })
      xhr.onabort = () => end('cancelled')
      const body = new FormData()
      body.append('files', picked.file, picked.file.name)
      body.append('relativePaths', picked.relativePath)
      update(key, { status: 'uploading' })
      xhr.send(body)
    })

  const start = async (picked: ReadonlyArray<Picked>) => {
    if (picked.length === 0) return
    const batch = picked.map((p) => ({ key: nextKey.current++, picked: p }))
    const count = batch.length
    setUploads((all) => [
      ...all.filter((u) => u.status === 'uploading' || u.status === 'waiting' || u.status === 'failed'),
      ...batch.map(
        ({ key, picked: p }): Upload => ({
          key,
          name: p.file.name,
          relativePath: p.relativePath,
          loaded: 0,
          total: p.file.size,
          status: 'waiting',
          rule: null,
          message: null,
        }),
      ),
    ])
    setAnnouncement(t`${plural(count, { one: 'Uploading # file…', other: 'Uploading # files…' })}`)
    const outcomes: Array<Status> = []
    const queue = [...batch]
    await Promise.all(
      Array.from({ length: Math.min(parallel, queue.length) }, async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift())
          outcomes.push(await send(next.key, next.picked))
      }),
    )
    const done = outcomes.filter((s) => s === 'done').length
    const failed = outcomes.filter((s) => s === 'failed').length
    const cancelled = outcomes.filter((s) => s === 'cancelled').length
    setAnnouncement(
      failed === 0 && cancelled === 0
        ? t`${plural(count, { one: 'The file is uploaded.', other: 'All # files are uploaded.' })}`
        : t`Uploaded: ${done}. Refused: ${failed}. Cancelled: ${cancelled}.`,
    )
    if (done > 0) await router.invalidate()
  }

  return {
    hydrated,
    uploads,
    announcement,
    start,
    cancel: (key: number) => requests.current.get(key)?.abort(),
    clearFinished: () =>
      setUploads((all) => all.filter((u) => u.status === 'uploading' || u.status === 'waiting')),
  }
}

export type Uploader = ReturnType<typeof useUploader>

const fileInputClass =
  'min-h-11 w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:font-semibold'

/** The upload form: files or a folder picked, sent by the plain form or, with JavaScript, one request per file. */
export function UploadForm(props: {
  uploader: Uploader
  destination: number | null
  base: string
  search: FileSearch
  /** The plain form's refusal, as it came back. */
  error: string | null
}) {
  const { uploader } = props
  const id = useId()
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!uploader.hydrated) return
    event.preventDefault()
    const picked: Array<Picked> = [
      ...[...(filesInput.current?.files ?? [])].map((file) => ({ file, relativePath: file.name })),
      ...[...(folderInput.current?.files ?? [])].map((file) => ({
        file,
        relativePath: file.webkitRelativePath || file.name,
      })),
    ]
    event.currentTarget.reset()
    void uploader.start(picked)
  }

  return (
    <form
      method="post"
      action={props.base}
      encType="multipart/form-data"
      aria-labelledby={`${id}-heading`}
      onSubmit={onSubmit}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4"
    >
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <UploadIcon className="h-5 w-5" />
        <Trans>Upload here</Trans>
      </h3>
      <input type="hidden" name="intent" value="uploadFiles" />
      <Position search={props.search} folderId={props.destination} />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-files`} className="text-sm font-semibold">
          <Trans>Files</Trans>
        </label>
        <input
          ref={filesInput}
          id={`${id}-files`}
          type="file"
          name="files"
          multiple
          aria-describedby={props.error ? `${id}-error` : `${id}-hint`}
          aria-invalid={props.error ? true : undefined}
          className={fileInputClass}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-folder`} className="text-sm font-semibold">
          <Trans>Or a whole folder</Trans>
        </label>
        <input
          ref={folderInput}
          id={`${id}-folder`}
          type="file"
          name="files"
          {...{ webkitdirectory: '' }}
          className={fileInputClass}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {uploader.hydrated ? (
          <Trans>
            Pictures up to 10 MB and documents up to 20 MB. You can also drag files and folders onto the list.
          </Trans>
        ) : (
          <Trans>Pictures up to 10 MB and documents up to 20 MB.</Trans>
        )}
      </p>
      {props.error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {props.error}
        </p>
      ) : null}
      <div>
        <button type="submit" className={primaryClass}>
          <Trans>Upload</Trans>
        </button>
      </div>
    </form>
  )
}

/** Each file on its way: its progress and Cancel, then whether it was stored or why not; and the live summary. */
export function UploadProgress({ uploader }: { uploader: Uploader }) {
  const { t } = useLingui()
  const fieldMessage = useFieldMessage()
  const fileProblem = useFileProblem()
  const failedText = (upload: Upload) =>
    upload.rule !== null
      ? (fileProblem(upload.rule) ?? fieldMessage({ rule: upload.rule }) ?? upload.message ?? '')
      : (upload.message ?? t`The upload failed. Check your connection and try again.`)
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {uploader.announcement}
      </p>
      {uploader.uploads.length > 0 ? (
        <section aria-label={t`Uploads`} className="flex flex-col gap-2">
          <ul className="flex flex-col gap-2">
            {uploader.uploads.map((upload) => {
              const path = upload.relativePath
              return (
                <li
                  key={upload.key}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line bg-surface p-2"
                >
                  <span className="min-w-0 flex-1 basis-40 break-all text-sm font-semibold">{path}</span>
                  {upload.status === 'waiting' || upload.status === 'uploading' ? (
                    <>
                      <progress
                        value={upload.loaded}
                        max={Math.max(1, upload.total)}
                        aria-label={t`Upload of ${path}`}
                        className="h-2 w-full basis-full sm:w-40 sm:basis-auto"
                      />
                      <button
                        type="button"
                        className={buttonClass}
                        onClick={() => uploader.cancel(upload.key)}
                      >
                        <Trans>
                          Cancel<span className="sr-only"> the upload of {path}</span>
                        </Trans>
                      </button>
                    </>
                  ) : upload.status === 'done' ? (
                    <span className="text-sm font-semibold text-brand-800">
                      <Trans>Uploaded</Trans>
                    </span>
                  ) : upload.status === 'cancelled' ? (
                    <span className="text-sm text-muted">
                      <Trans>Cancelled</Trans>
                    </span>
                  ) : (
                    <span className="basis-full text-sm text-danger-700">{failedText(upload)}</span>
                  )}
                </li>
              )
            })}
          </ul>
          {uploader.uploads.some((u) => u.status !== 'uploading' && u.status !== 'waiting') ? (
            <button type="button" className={`${buttonClass} self-start`} onClick={uploader.clearFinished}>
              <Trans>Clear finished uploads</Trans>
            </button>
          ) : null}
        </section>
      ) : null}
    </>
  )
}

/** The list as a drop target for files and folders (a shortcut: the pickers do the same by keyboard). */
export function DropZone({ uploader, children }: { uploader: Uploader; children: ReactNode }) {
  const [over, setOver] = useState(false)
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setOver(false)
    void dropped(event.dataTransfer).then(uploader.start)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the pickers do the same by keyboard
    <div
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-card ${over ? 'outline-2 outline-offset-4 outline-brand-700 outline-dashed' : ''}`}
    >
      {children}
    </div>
  )
}
