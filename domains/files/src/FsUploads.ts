import { randomBytes } from 'node:crypto'
import { type Em, inTransaction, type OrganiserId, StoredFileId, slugify } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { FsEntry, FsEntryNotFound } from './FileSystem.ts'
import {
  type ContentKind,
  contentKind,
  folderChain,
  isPlatformFolder,
  relativePathParts,
} from './FileTree.ts'
import { FsTreeRepo } from './internal/FsTreeRepo.ts'
import { encodeImage, thumbWidthRange } from './internal/ImageEncoding.ts'
import { type NewStoredFile, StoredFileRepo } from './internal/StoredFileRepo.ts'
import { FileStorage } from './Storage.ts'

// Uploads into the organiser's file tree (spec section 7 upload-fs-file, docs/decisions/040): many files at once,
// and folders with their relative paths. Everything is checked before anything is stored (names, kinds by content,
// sizes, the quota); the bytes are written, then the rows in one transaction that checks the quota again under a
// lock; on any failure every object written is removed, so nothing half-stored stays behind.

/** The most files one upload may carry. */
export const maxFilesPerUpload = 1000
/** The most an image may weigh before it is decoded (it is stored re-encoded, usually smaller). */
export const maxImageUploadBytes = 10 * 1024 * 1024
/** The most a document may weigh. */
export const maxDocumentUploadBytes = 20 * 1024 * 1024
/** The most characters of a folder's whole path (the column's). */
export const maxFolderPathLength = 300

/** The files domain's settings: how much each organiser may keep (FILE_QUOTA_MB). */
export class FilesConfig extends Context.Service<FilesConfig, { readonly quotaBytes: number }>()(
  '@kibitz/files/FilesConfig',
) {}

/** One file of an upload: its name, or its path relative to the destination for a folder upload, and its bytes. */
export interface FsUploadFile {
  readonly relativePath: string
  readonly bytes: Uint8Array
}

/**
 * An upload refused before anything stayed stored: `filename` is the file at fault as it was sent (empty when the
 * upload as a whole is), `field` the input (`files`, or `destination` for a file that would land at the root) and
 * `rule` why (the kernel's validation rules).
 */
export class FsUploadRejected extends Schema.TaggedError<FsUploadRejected>()('FsUploadRejected', {
  filename: Schema.String,
  field: Schema.Literals(['files', 'destination', 'thumbWidth']),
  rule: Schema.Literals([
    'required',
    'tooLong',
    'invalidName',
    'reservedName',
    'notAllowedType',
    'notAnImage',
    'fileTooLarge',
    'quotaExceeded',
    'outOfRange',
  ]),
}) {}

/** How much of the quota an organiser uses, in bytes. */
export interface FsQuota {
  readonly usedBytes: number
  readonly quotaBytes: number
}

/** A file checked and ready to store: where it goes and what it is. */
interface Planned {
  readonly sent: string
  readonly folder: string
  readonly filename: string
  readonly kind: ContentKind
  readonly bytes: Uint8Array
}

const publicPath = (key: string) => `/files/${key}`

/**
 * `<folder>/<readable stem>-<random>`: a new key for every upload, since stored files are cached for good. The
 * folder's names become safe key segments (a key never changes, whatever the folder is renamed to later).
 */
const newBase = (folder: string, filename: string) => {
  const safe = (text: string, fallback: string, length: number) =>
    slugify(text).slice(0, length).replace(/-+$/, '') || fallback
  const segments = folder.split('/').map((segment) => safe(segment, 'folder', 40))
  const keyFolder =
    segments.join('/').length > 180
      ? [segments[0], '…', segments.at(-1)].join('/').replace('/…', '')
      : segments.join('/')
  return `${keyFolder}/${safe(filename.replace(/\.[^.]*$/, ''), 'file', 60)}-${randomBytes(8).toString('hex')}`
}

/** The extensions a document may keep from its name; the content decides the family, the name only the label. */
const documentExtensions = new Set([
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'txt',
])

/** A document's key extension: its name's when that is a document's, else by its first bytes. */
const documentExtension = (filename: string, bytes: Uint8Array) => {
  const named = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase()
  if (named !== undefined && documentExtensions.has(named)) return named
  if (bytes[0] === 0x25) return 'pdf'
  return bytes[0] === 0x50 || bytes[0] === 0xd0 ? 'bin' : 'txt'
}

/** `name` made unique among `taken` (lower case) the way desktops do: `rules (2).pdf`. */
const uniqueName = (name: string, taken: Set<string>) => {
  if (!taken.has(name.toLowerCase())) return name
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${extension}`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

export class FsUploads extends Context.Service<
  FsUploads,
  {
    /**
     * Stores `files` in `owner`'s folder `destinationId` (null: the root, where only a folder upload's files may
     * go, inside their folders), making the folders their relative paths name. All or nothing: the first problem
     * refuses the whole upload, naming the file. Answers the stored files as entries, in the order sent.
     */
    upload(
      owner: OrganiserId,
      destinationId: number | null,
      files: ReadonlyArray<FsUploadFile>,
      options?: { readonly thumbWidth?: number | undefined },
    ): Effect.Effect<ReadonlyArray<FsEntry>, FsEntryNotFound | FsUploadRejected, Em>
    /** How much `owner` keeps and may keep. */
    quota(owner: OrganiserId): Effect.Effect<FsQuota, never, Em>
  }
>()('@kibitz/files/FsUploads') {
  static readonly layer = Layer.effect(
    FsUploads,
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const stored = yield* StoredFileRepo
      const tree = yield* FsTreeRepo
      const { quotaBytes } = yield* FilesConfig

      const refuse = (
        filename: string,
        rule: FsUploadRejected['rule'],
        field: FsUploadRejected['field'] = 'files',
      ) => new FsUploadRejected({ filename, field, rule })

      /** Every file checked: its folder and name, its kind by content, its size; the new folders' names. */
      const plan = (owner: number, destination: string | null, files: ReadonlyArray<FsUploadFile>) =>
        Effect.gen(function* () {
          if (files.length === 0) return yield* refuse('', 'required')
          if (files.length > maxFilesPerUpload) return yield* refuse('', 'outOfRange')
          const planned: Array<Planned> = []
          for (const file of files) {
            const sent = file.relativePath
            const parts = relativePathParts(sent.replaceAll('\\', '/').replace(/^\/+/, ''))
            if (parts === null) return yield* refuse(sent, sent.trim() === '' ? 'required' : 'invalidName')
            const folder = [...(destination === null ? [] : [destination]), ...parts.folders].join('/')
            if (folder === '') return yield* refuse(sent, 'required', 'destination')
            if (folder.length > maxFolderPathLength) return yield* refuse(sent, 'tooLong')
            if (file.bytes.byteLength === 0) return yield* refuse(sent, 'required')
            const kind = contentKind(file.bytes)
            if (kind === null) return yield* refuse(sent, 'notAllowedType')
            const limit = kind === 'image' ? maxImageUploadBytes : maxDocumentUploadBytes
            if (file.bytes.byteLength > limit) return yield* refuse(sent, 'fileTooLarge')
            planned.push({ sent, folder, filename: parts.filename, kind, bytes: file.bytes })
          }
          // A folder the upload would make where the platform keeps its own (an event's folder) is refused; the
          // platform's folders that exist already are fine to upload into.
          const made = [...new Set(planned.flatMap((p) => folderChain(p.folder)))]
          const existing = new Set((yield* tree.foldersByPath(owner, made)).map((f) => f.path))
          for (const path of made) {
            if (!existing.has(path) && isPlatformFolder(path)) {
              const first = planned.find((p) => p.folder === path || p.folder.startsWith(`${path}/`))
              return yield* refuse(first?.sent ?? path, 'reservedName')
            }
          }
          return planned
        })

      /** The quota check: refuses naming the first file that does not fit after `used`. */
      const fits = (used: number, sizes: ReadonlyArray<readonly [string, number]>) =>
        Effect.gen(function* () {
          let total = used
          for (const [sent, size] of sizes) {
            total += size
            if (total > quotaBytes) return yield* refuse(sent, 'quotaExceeded')
          }
        })

      /** The objects and the row of one planned file (images re-encoded with their thumbnails). */
      const prepare = (owner: number, file: Planned, thumbWidth: number | undefined) =>
        Effect.gen(function* () {
          if (file.kind === 'document') {
            const key = `${newBase(file.folder, file.filename)}.${documentExtension(file.filename, file.bytes)}`
            const row: NewStoredFile = {
              ownerOrganiserId: owner,
              kind: 'document',
              folder: file.folder,
              path: key,
              filename: file.filename,
              url: publicPath(key),
              thumbUrl: null,
              width: null,
              height: null,
              size: file.bytes.byteLength,
              thumbnails: null,
            }
            return { objects: [[key, file.bytes] as const], row }
          }
          const encoded = yield* encodeImage(file.bytes, { thumbWidth }).pipe(
            Effect.mapError((rejected) =>
              refuse(file.sent, rejected.rule === 'fileTooLarge' ? 'fileTooLarge' : 'notAnImage'),
            ),
          )
          const base = newBase(file.folder, file.filename)
          const key = `${base}.webp`
          const thumbKey = `${base}-thumb.webp`
          const sized = encoded.thumbnails.map((t) => ({ key: `${base}-w${t.width}.webp`, variant: t }))
          const row: NewStoredFile = {
            ownerOrganiserId: owner,
            kind: 'image',
            folder: file.folder,
            path: key,
            filename: file.filename,
            url: publicPath(key),
            thumbUrl: publicPath(thumbKey),
            width: encoded.width,
            height: encoded.height,
            size: encoded.main.data.byteLength,
            thumbnails: sized.map((s) => ({
              url: publicPath(s.key),
              width: s.variant.width,
              height: s.variant.height,
            })),
          }
          return {
            objects: [
              [key, encoded.main.data] as const,
              [thumbKey, encoded.thumb.data] as const,
              ...sized.map((s) => [s.key, s.variant.data] as const),
            ],
            row,
          }
        })

      const upload = Effect.fn('FsUploads.upload')(function* (
        owner: OrganiserId,
        destinationId: number | null,
        files: ReadonlyArray<FsUploadFile>,
        options: { readonly thumbWidth?: number | undefined } = {},
      ) {
        const { thumbWidth } = options
        if (
          thumbWidth !== undefined &&
          (!Number.isInteger(thumbWidth) ||
            thumbWidth < thumbWidthRange.min ||
            thumbWidth > thumbWidthRange.max)
        )
          return yield* refuse('', 'outOfRange', 'thumbWidth')
        let destination: string | null = null
        if (destinationId !== null) {
          const folder = yield* tree.folderById(owner, destinationId)
          if (folder === null) return yield* new FsEntryNotFound({ id: destinationId })
          destination = folder.path
        }
        const planned = yield* plan(owner, destination, files)
        // A first look at the quota, before any work: the sizes sent (images usually shrink when re-encoded).
        yield* fits(
          yield* tree.usedBytes(owner),
          planned.map((p) => [p.sent, p.bytes.byteLength] as const),
        )
        const written: Array<string> = []
        const discard = Effect.suspend(() =>
          Effect.forEach(written, (key) => Effect.exit(storage.remove(key)), { discard: true }),
        )
        return yield* Effect.gen(function* () {
          const prepared: Array<{ readonly file: Planned; readonly row: NewStoredFile }> = []
          for (const file of planned) {
            const { objects, row } = yield* prepare(owner, file, options.thumbWidth)
            for (const [key, bytes] of objects) {
              written.push(key)
              yield* storage.put(key, bytes)
            }
            prepared.push({ file, row })
          }
          const rows = yield* inTransaction(
            Effect.gen(function* () {
              // Two uploads of one organiser at once queue here, so together they cannot pass the quota.
              yield* tree.lockOwner(owner)
              yield* fits(
                yield* tree.usedBytes(owner),
                prepared.map(({ file, row }) => [file.sent, row.size] as const),
              )
              const taken = new Map<string, Set<string>>()
              for (const folder of new Set(prepared.map((p) => p.file.folder))) {
                yield* tree.ensureFolders(owner, folder)
                const names = prepared.filter((p) => p.file.folder === folder).map((p) => p.row.filename)
                taken.set(folder, new Set(yield* tree.takenNames(owner, folder, names)))
              }
              const inserted = []
              for (const { row } of prepared) {
                const names = taken.get(row.folder) ?? new Set<string>()
                const filename = uniqueName(row.filename, names)
                names.add(filename.toLowerCase())
                inserted.push(yield* stored.insert({ ...row, filename }))
              }
              return inserted
            }),
          )
          return rows.map(
            (row) =>
              new FsEntry({
                fsFileId: StoredFileId.make(row.id),
                filename: row.filename,
                path: row.path,
                parent: row.folder,
                fsFileUrl: row.url,
                hasChildren: false,
                isFolder: false,
                isFolderReadableOnly: false,
                isImage: row.kind === 'image',
                isDocument: row.kind === 'document',
                size: row.size,
                uploadedAt: row.uploadedAt.toISOString(),
              }),
          )
        }).pipe(Effect.onExit((exit) => (exit._tag === 'Success' ? Effect.void : discard)))
      })

      const quota = Effect.fn('FsUploads.quota')(function* (owner: OrganiserId) {
        return { usedBytes: yield* tree.usedBytes(owner), quotaBytes }
      })

      return FsUploads.of({ upload, quota })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(StoredFileRepo.layer, FsTreeRepo.layer)))
}
