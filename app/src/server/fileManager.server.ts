import { EventEditor } from '@kibitz/events'
import { FileSystem, FsUploads, maxFilesPerUpload } from '@kibitz/files'
import { EventId, idFromText, type OrganiserId } from '@kibitz/kernel'
import { hasControlCharacters } from '@kibitz/kernel/format'
import { safeBackPath } from '../edge/redirect.ts'
import { eventActorOfRequest } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { filesPost } from './eventEditor.server.ts'
import { maximumSelected, treeOwnerOf } from './fileManager.functions.ts'
import {
  attempt,
  BodyTooLarge,
  backToForm,
  forward,
  type PostedForm,
  postedForm,
  Result,
  seeOther,
  withBodyLimit,
} from './forms.server.ts'

// The file manager's form posts (routes file-management-system and event.manage.$eventId.file-management-system
// `server.handlers.POST`), which work without JavaScript: each reads the form, calls one of the file system's
// calls for the organiser account in use, and answers 303 back to the screen at the folder, page, search and
// filter it was posted from, with the field's problem when it was refused (form state `file-manager`).

/** An upload by the plain form: the files of one pick, with the form's few fields. */
const maxUploadRequestBytes = 100 * 1024 * 1024

const idOf = (raw: string | undefined): number | null => {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}

/** The selected or confirmed ids: `ids` repeated, or one field of comma-separated ids; null when one is not an id. */
const idsOf = (values: ReadonlyArray<string>): ReadonlyArray<number> | null => {
  const ids: Array<number> = []
  for (const part of values.flatMap((v) => v.split(','))) {
    if (part.trim() === '') continue
    const id = idOf(part.trim())
    if (id === null) return null
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

/** Where the screen was: its folder, page, search and filter, as the address carries them. */
const screenAddress = (
  base: string,
  fields: Readonly<Record<string, string>>,
  extra: Readonly<Record<string, string>> = {},
) => {
  const params = new URLSearchParams()
  const folder = idOf(fields.folder)
  // `0` is the tree's root named as such (on the event's screen, no folder is the event's own).
  if (folder !== null || fields.folder === '0') params.set('folder', String(folder ?? 0))
  const page = idOf(fields.page)
  if (page !== null && page > 1 && page <= 100_000) params.set('page', String(page))
  const q = (fields.q ?? '').trim()
  if (q !== '' && q.length <= 100 && !hasControlCharacters(q)) params.set('q', q)
  if (fields.kind === 'images' || fields.kind === 'documents') params.set('kind', fields.kind)
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const query = params.toString()
  return safeBackPath(query === '' ? base : `${base}?${query}`)
}

/** The posted form, or the answer to a body too large to read (back to the screen, on the upload's field). */
const readForm = async (request: Request, base: string): Promise<PostedForm | Response> => {
  try {
    return await postedForm(request, maxUploadRequestBytes)
  } catch (error) {
    if (error instanceof BodyTooLarge)
      return backToForm(request, safeBackPath(base), {
        form: 'file-manager',
        errors: { files: { rule: 'fileTooLarge' } },
        values: {},
      })
    throw error
  }
}

/** Where a request without a tree goes: the login when signed out, else access-forbidden. */
const noTree = async (request: Request, base: string) => {
  const { user } = await sessionOf(request)
  return seeOther(user ? '/access-forbidden' : `/login?redirect=${encodeURIComponent(base)}`)
}

/** Answers one of the file manager's forms, already read, for `owner`'s tree; back to `base`. */
const answer = (request: Request, owner: OrganiserId, form: PostedForm, base: string) => {
  const fields = form.fields
  const here = screenAddress(base, fields)
  const back = (errors: Errors, values: Record<string, string> = {}, at = here) =>
    backToForm(request, at, { form: 'file-manager', errors, values })
  const done = (at = here) => forward(request, at, 'profileSaved')
  return handle(owner, form, { fields, base, here, back, done })
}

/**
 * The file manager's forms, by `intent`: `createFolder` (`folderName` in `folder`), `rename` (`id`, `newObjectName`),
 * `uploadFiles` (multipart `files` into `folder`; a folder pick's files keep their relative names), `askDelete` (the
 * selected `ids`: to the confirmation with their usage report), `delete` (the confirmed `ids`), `zip` (the selected
 * `ids`: to the zip's download). `base` is the screen's path. Signed out: to the login; no organiser account: to
 * access-forbidden.
 */
export const fileManagerPost = withBodyLimit(async (request: Request, base: string): Promise<Response> => {
  const owner = await treeOwnerOf(request)
  if (owner === null) return noTree(request, base)
  const form = await readForm(request, base)
  return form instanceof Response ? form : answer(request, owner, form, base)
})

/** The event screen's own forms (eventEditor.server.ts filesPost): the PDF with a purpose, and its removal. */
const eventDocumentIntents = new Set(['upload', 'remove'])

/**
 * The event screen's posts (/event/manage/{id}/file-management-system), for the event's organiser (or the super
 * user) only, else as filesPost answers them: `intent=upload` (a PDF for the event's or a tournament's documents,
 * rules or results) and `remove` go to filesPost; the file manager's forms are answered back to the event's screen.
 */
export const eventFileManagerPost = withBodyLimit(
  async (request: Request, rawId: string): Promise<Response> => {
    const eventId = idFromText(EventId, rawId)
    if (eventId === null) return seeOther('/user/events')
    const base = `/event/manage/${eventId}/file-management-system`
    const actor = await eventActorOfRequest(request)
    if (!actor) return noTree(request, base)
    const event = await attempt(EventEditor.use((e) => e.view(actor, eventId)))
    if (Result.isFailure(event)) return seeOther('/user/events')
    // Read from a copy, so filesPost can still read the request itself.
    const form = await readForm(request.clone(), base)
    if (form instanceof Response) return form
    if (eventDocumentIntents.has(form.fields.intent ?? '')) return filesPost(request, rawId)
    const owner = await treeOwnerOf(request)
    return owner === null ? noTree(request, base) : answer(request, owner, form, base)
  },
)

type Errors = Record<string, { readonly rule: string }>

interface Answer {
  readonly fields: Readonly<Record<string, string>>
  readonly base: string
  readonly here: string
  readonly back: (errors: Errors, values?: Record<string, string>, at?: string) => Response
  readonly done: (at?: string) => Response
}

const handle = async (
  owner: OrganiserId,
  form: PostedForm,
  { fields, base, here, back, done }: Answer,
): Promise<Response> => {
  const folder = idOf(fields.folder)
  switch (fields.intent) {
    case 'createFolder': {
      const name = fields.folderName ?? ''
      const made = await attempt(FileSystem.use((f) => f.createFolder(owner, folder, name)))
      if (Result.isSuccess(made)) return done()
      const failure = made.failure
      return failure._tag === 'FsNameRejected'
        ? back({ folderName: { rule: failure.rule } }, { folderName: name.slice(0, 100) })
        : back({ folderName: { rule: 'unknownId' } })
    }
    case 'rename': {
      const id = idOf(fields.id)
      const name = fields.newObjectName ?? ''
      if (id === null) return back({ newObjectName: { rule: 'unknownId' } })
      const renamed = await attempt(FileSystem.use((f) => f.rename(owner, id, name)))
      if (Result.isSuccess(renamed)) return done()
      const failure = renamed.failure
      const values = { id: String(id), newObjectName: name.slice(0, 100) }
      const at = screenAddress(base, fields, { rename: String(id) })
      switch (failure._tag) {
        case 'FsNameRejected':
          return back({ newObjectName: { rule: failure.rule } }, values, at)
        case 'FsReadOnly':
          return back({ newObjectName: { rule: 'readOnly' } }, values)
        case 'FsEntryNotFound':
          return back({ newObjectName: { rule: 'unknownId' } }, values)
      }
      return back({})
    }
    case 'uploadFiles': {
      const files = form.files('files').filter((f) => f.size > 0 || f.name !== '')
      if (files.length === 0) return back({ files: { rule: 'required' } })
      if (files.length > maxFilesPerUpload) return back({ files: { rule: 'tooLong' } })
      const sent = await Promise.all(
        files.map(async (file) => ({
          // A folder pick sends each file's path under the folder as its name (Chromium, Firefox).
          relativePath: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        })),
      )
      const stored = await attempt(FsUploads.use((u) => u.upload(owner, folder, sent)))
      if (Result.isSuccess(stored)) return done()
      const failure = stored.failure
      // A file at the root: files go into a folder (`destination`); every other refusal is the file's own.
      return failure._tag === 'FsUploadRejected'
        ? back(
            { files: { rule: failure.field === 'destination' ? 'rootFile' : failure.rule } },
            { filename: failure.filename.slice(0, 200) },
          )
        : back({ files: { rule: 'unknownId' } })
    }
    case 'askDelete':
    case 'delete':
    case 'zip': {
      const ids = idsOf(form.list('ids'))
      if (ids === null || ids.length > maximumSelected) return back({ selection: { rule: 'tooLong' } })
      if (ids.length === 0) return back({ selection: { rule: 'required' } })
      if (fields.intent === 'zip') return seeOther(`/api/v1/file-system/download-fs-file/${ids.join(',')}`)
      if (fields.intent === 'askDelete')
        return seeOther(screenAddress(base, fields, { confirm: ids.join(',') }))
      // One at a time, each in its own transaction: what was deleted stays deleted when a later one is refused.
      const refused: Array<number> = []
      let readOnly = false
      for (const id of ids) {
        const removed = await attempt(FileSystem.use((f) => f.remove(owner, id)))
        if (Result.isFailure(removed) && removed.failure._tag !== 'FsEntryNotFound') {
          refused.push(id)
          readOnly ||= removed.failure._tag === 'FsReadOnly'
        }
      }
      if (refused.length === 0) return done()
      return back(
        { delete: { rule: readOnly ? 'readOnly' : 'inUse' } },
        {},
        screenAddress(base, fields, { confirm: refused.join(',') }),
      )
    }
    default:
      return seeOther(here)
  }
}
