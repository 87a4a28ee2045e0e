import { randomBytes } from 'node:crypto'
import { type Em, EventId, type OrganiserId, StoredFileId, slugify, TournamentId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { FolderPaths } from './FolderPaths.ts'
import { FsTreeRepo } from './internal/FsTreeRepo.ts'
import { encodeImage, FileRejected } from './internal/ImageEncoding.ts'
import { type NewStoredFile, StoredFileRepo } from './internal/StoredFileRepo.ts'
import { FileStorage } from './Storage.ts'

// Images and documents of events and tournaments (spec sections 3 and 9): bytes go to the FileStorage port,
// then a stored_file row records owner, kind and folder for the file manager. Bytes first, row second, and the
// bytes are removed again when the row cannot be written, so a failed upload leaves no row behind.

/** The most a PDF document may weigh. */
export const maxDocumentBytes = 20 * 1024 * 1024

export {
  type EncodedImage,
  type EncodedVariant,
  encodeImage,
  eventImageMaxPx,
  FileRejected,
  maxEventImageBytes,
  maxImagePixels,
  responsiveWidths,
  thumbWidthRange,
} from './internal/ImageEncoding.ts'

export { StoredFileId }

/** Where a document goes: the event's documents, a tournament's documents, or a tournament's results. */
export const DocumentFolder = Schema.Union([
  Schema.TaggedStruct('eventDocuments', { eventId: EventId }),
  Schema.TaggedStruct('tournamentDocuments', { eventId: EventId, tournamentId: TournamentId }),
  Schema.TaggedStruct('tournamentResults', { eventId: EventId, tournamentId: TournamentId }),
])
export type DocumentFolder = typeof DocumentFolder.Type

/** The folder path of spec section 9 for a document folder. */
export const documentFolderPath = (folder: DocumentFolder): string => {
  switch (folder._tag) {
    case 'eventDocuments':
      return FolderPaths.eventDocuments(folder.eventId)
    case 'tournamentDocuments':
      return FolderPaths.tournamentDocuments(folder.eventId, folder.tournamentId)
    case 'tournamentResults':
      return FolderPaths.tournamentResults(folder.eventId, folder.tournamentId)
  }
}

/** One stored thumbnail of an image: its public path and size in pixels (a `srcset` candidate). */
export class ImageThumbnail extends Schema.Class<ImageThumbnail>('@kibitz/files/ImageThumbnail')({
  url: Schema.String,
  width: Schema.Int,
  height: Schema.Int,
}) {}

/**
 * An event image (spec section 3 Image): public paths under /files/, its size in pixels, its object key, and its
 * thumbnails (the responsive widths of decision 041, narrowest first; the requested one is `thumbUrl`).
 */
export class EventImage extends Schema.Class<EventImage>('@kibitz/files/EventImage')({
  imageId: StoredFileId,
  url: Schema.String,
  thumbUrl: Schema.String,
  width: Schema.Int,
  height: Schema.Int,
  key: Schema.String,
  filename: Schema.String,
  thumbnails: Schema.Array(ImageThumbnail),
  uploadedAt: Schema.String,
}) {}

/** A PDF document (spec section 3 Document); `size` in bytes, `uploadedAt` an ISO instant. */
export class EventDocument extends Schema.Class<EventDocument>('@kibitz/files/EventDocument')({
  fileId: StoredFileId,
  url: Schema.String,
  filename: Schema.String,
  key: Schema.String,
  size: Schema.Int,
  uploadedAt: Schema.String,
}) {}

/** Which of an event's folders (spec section 9) a stored file lives in; `other` for any folder not named there. */
export const EventFolderKind = Schema.Literals([
  'eventDocuments',
  'eventGallery',
  'tournamentDocuments',
  'tournamentResults',
  'other',
])
export type EventFolderKind = typeof EventFolderKind.Type

/**
 * One stored file as the file manager lists it (spec section 3 File-system entry): `path` is its object key,
 * `folder` its parent folder, `url` the spec's fsFileUrl; `tournamentId` is set when the folder is a
 * tournament's; `size` in bytes, `uploadedAt` an ISO instant.
 */
export class StoredFileEntry extends Schema.Class<StoredFileEntry>('@kibitz/files/StoredFileEntry')({
  fsFileId: StoredFileId,
  filename: Schema.String,
  path: Schema.String,
  folder: Schema.String,
  folderKind: EventFolderKind,
  tournamentId: Schema.NullOr(TournamentId),
  url: Schema.String,
  thumbUrl: Schema.NullOr(Schema.String),
  isImage: Schema.Boolean,
  isDocument: Schema.Boolean,
  size: Schema.Int,
  uploadedAt: Schema.String,
}) {}

/**
 * A document a public event page lists (issue 17): where it belongs (the event's documents, a tournament's
 * documents or results), its type from its name's extension (`PDF`, `DOCX`, …), size in bytes, upload instant.
 */
export class PublicDocument extends Schema.Class<PublicDocument>('@kibitz/files/PublicDocument')({
  fileId: StoredFileId,
  url: Schema.String,
  filename: Schema.String,
  fileType: Schema.String,
  folderKind: EventFolderKind,
  tournamentId: Schema.NullOr(TournamentId),
  size: Schema.Int,
  uploadedAt: Schema.String,
}) {}

/** The type a person reads from a stored key: its extension in capitals, `FILE` when it has none. */
const fileTypeOf = (key: string) => {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(key)?.[1]
  return extension ? extension.toUpperCase() : 'FILE'
}

/** One page of a listing, with how many files there are in all. */
export interface StoredFilePage {
  readonly files: ReadonlyArray<StoredFileEntry>
  readonly total: number
}

/** The most files one listing page may ask for (the file manager shows `fileManagerPageSize`). */
export const maxFilesPageLimit = 100

/** The folder every file of an event lives under (spec section 9), ending in `/`. */
export const eventFolderPrefix = (eventId: EventId) => `event/event-${eventId}/`

const isTournamentId = Schema.is(TournamentId)

/** The tournament id a folder's name matched, when it is one (a folder made by hand may name any number). */
const tournamentOf = (match: RegExpExecArray | null): TournamentId | null => {
  const id = Number(match?.[1])
  return isTournamentId(id) ? id : null
}

/** Which of event `eventId`'s folders `folder` is, and the tournament it belongs to, if any. */
export const eventFolderOf = (
  eventId: EventId,
  folder: string,
): { readonly kind: EventFolderKind; readonly tournamentId: TournamentId | null } => {
  if (folder === FolderPaths.eventDocuments(eventId)) return { kind: 'eventDocuments', tournamentId: null }
  if (folder === FolderPaths.eventGallery(eventId)) return { kind: 'eventGallery', tournamentId: null }
  const prefix = eventFolderPrefix(eventId)
  const rest = folder.startsWith(prefix) ? folder.slice(prefix.length) : ''
  const documents = tournamentOf(/^tournaments\/tournament-(\d{1,10})\/documents$/.exec(rest))
  if (documents !== null) return { kind: 'tournamentDocuments', tournamentId: documents }
  const results = tournamentOf(/^results\/tournament-(\d{1,10})$/.exec(rest))
  if (results !== null) return { kind: 'tournamentResults', tournamentId: results }
  return { kind: 'other', tournamentId: null }
}

/** The owner has no stored file under this key. */
export class StoredFileNotFound extends Schema.TaggedError<StoredFileNotFound>()('StoredFileNotFound', {
  key: Schema.String,
}) {}

const publicPath = (key: string) => `/files/${key}`
const keyOfPublicPath = (url: string) => (url.startsWith('/files/') ? url.slice('/files/'.length) : undefined)

/** The name a person gave the file, without any folder part or control characters; refused when empty or long. */
const cleanFilename = (filename: string) =>
  Effect.gen(function* () {
    const name = (filename.split(/[/\\]/).pop() ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
    if (name === '') return yield* new FileRejected({ field: 'filename', rule: 'required' })
    if (name.length > 255) return yield* new FileRejected({ field: 'filename', rule: 'tooLong' })
    return name
  })

/** `<folder>/<readable stem>-<random>`: a new name for every upload, since stored files are cached for good. */
const newBase = (folder: string, filename: string, fallback: string) => {
  const stem =
    slugify(filename.replace(/\.[^.]*$/, ''))
      .slice(0, 60)
      .replace(/-+$/, '') || fallback
  return `${folder}/${stem}-${randomBytes(8).toString('hex')}`
}

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

export class EventFiles extends Context.Service<
  EventFiles,
  {
    /**
     * Event management, after authorising the event: re-encodes `bytes` as WebP (metadata dropped) within
     * `eventImageMaxPx`, with a thumbnail `thumbWidth` wide (default 500, never enlarged) and the responsive
     * widths of `responsiveWidths` narrower than the image (decision 041), in the event's gallery
     * folder, recorded as owned by `owner` (the event's organiser). Nothing is stored when it fails.
     */
    storeEventImage(
      owner: OrganiserId,
      eventId: EventId,
      bytes: Uint8Array,
      options: { readonly filename: string; readonly thumbWidth?: number | undefined },
    ): Effect.Effect<EventImage, FileRejected, Em>
    /**
     * Event or tournament management, after authorising the event: stores a PDF in `folder`, recorded as owned
     * by `owner` (the event's organiser). Refuses anything without the PDF signature. Nothing is stored when it fails.
     */
    storeEventDocument(
      owner: OrganiserId,
      folder: DocumentFolder,
      bytes: Uint8Array,
      options: { readonly filename: string },
    ): Effect.Effect<EventDocument, FileRejected, Em>
    /**
     * Event management, when a file is replaced or deleted: removes `owner`'s file stored under `key` (an image
     * with its thumbnail). Another owner's key is not found, so nobody removes someone else's files.
     */
    removeFile(owner: OrganiserId, key: string): Effect.Effect<void, StoredFileNotFound, Em>
    /**
     * Event management, after authorising the event: one page of `owner`'s files under the event's folder
     * (`event/event-{id}/`), newest first, with the total. Another owner's files are never listed. `offset` is a
     * whole number from 0 and `limit` from 1 to `maxFilesPageLimit`; the caller checks them.
     */
    listEventFiles(
      owner: OrganiserId,
      eventId: EventId,
      page: { readonly offset: number; readonly limit: number },
    ): Effect.Effect<StoredFilePage, never, Em>
    /**
     * The public event page, for a public event (or its organiser's preview): the documents `owner` (the event's
     * organiser) keeps in the event's documents folder and its tournaments' documents and results folders,
     * newest first, 200 at most. Files of folders the organiser made there by hand are not listed.
     */
    publicDocuments(
      owner: OrganiserId,
      eventId: EventId,
    ): Effect.Effect<ReadonlyArray<PublicDocument>, never, Em>
    /**
     * A gallery picking stored images (docs/decisions/041), after authorising the event: `owner`'s images stored
     * under `keys`, as stored (another owner's, a document, or an image without its size is not among them).
     */
    imagesOf(
      owner: OrganiserId,
      keys: ReadonlyArray<string>,
    ): Effect.Effect<ReadonlyArray<EventImage>, never, Em>
  }
>()('@kibitz/files/EventFiles') {
  static readonly layer = Layer.effect(
    EventFiles,
    Effect.gen(function* () {
      const storage = yield* FileStorage
      const stored = yield* StoredFileRepo
      const tree = yield* FsTreeRepo

      /** Removes what an unfinished upload wrote; a failing store must not hide the original failure. */
      const discard = (keys: ReadonlyArray<string>) =>
        Effect.forEach(keys, (key) => Effect.exit(storage.remove(key)), { discard: true })

      /** Writes the objects, then the row; on any failure the objects are removed again. */
      const storeThenRecord = (objects: ReadonlyArray<readonly [string, Uint8Array]>, row: NewStoredFile) =>
        Effect.gen(function* () {
          for (const [key, bytes] of objects) yield* storage.put(key, bytes)
          // The file tree has the file's folder and those above it (docs/decisions/040); an empty folder left by a
          // failed insert is no half-stored file.
          yield* tree.ensureFolders(row.ownerOrganiserId, row.folder)
          return yield* stored.insert(row)
        }).pipe(Effect.onError(() => discard(objects.map(([key]) => key))))

      const storeEventImage = Effect.fn('EventFiles.storeEventImage')(function* (
        owner: OrganiserId,
        eventId: EventId,
        bytes: Uint8Array,
        options: { readonly filename: string; readonly thumbWidth?: number | undefined },
      ) {
        const filename = yield* cleanFilename(options.filename)
        const encoded = yield* encodeImage(bytes, { thumbWidth: options.thumbWidth })
        const folder = FolderPaths.eventGallery(eventId)
        const base = newBase(folder, filename, 'image')
        const key = `${base}.webp`
        const thumbKey = `${base}-thumb.webp`
        const sized = encoded.thumbnails.map((t) => ({ key: `${base}-w${t.width}.webp`, variant: t }))
        const thumbnails = sized.map(
          ({ key: k, variant }) =>
            new ImageThumbnail({ url: publicPath(k), width: variant.width, height: variant.height }),
        )
        const row = yield* storeThenRecord(
          [
            [key, encoded.main.data],
            [thumbKey, encoded.thumb.data],
            ...sized.map(({ key: k, variant }) => [k, variant.data] as const),
          ],
          {
            ownerOrganiserId: owner,
            kind: 'image',
            folder,
            path: key,
            filename,
            url: publicPath(key),
            thumbUrl: publicPath(thumbKey),
            width: encoded.width,
            height: encoded.height,
            size: encoded.main.data.byteLength,
            thumbnails: thumbnails.map((t) => ({ url: t.url, width: t.width, height: t.height })),
          },
        )
        return new EventImage({
          imageId: StoredFileId.make(row.id),
          url: row.url,
          thumbUrl: publicPath(thumbKey),
          width: encoded.width,
          height: encoded.height,
          key,
          filename,
          thumbnails,
          uploadedAt: row.uploadedAt.toISOString(),
        })
      })

      const storeEventDocument = Effect.fn('EventFiles.storeEventDocument')(function* (
        owner: OrganiserId,
        target: DocumentFolder,
        bytes: Uint8Array,
        options: { readonly filename: string },
      ) {
        if (bytes.byteLength === 0) return yield* new FileRejected({ field: 'file', rule: 'required' })
        if (bytes.byteLength > maxDocumentBytes)
          return yield* new FileRejected({ field: 'file', rule: 'fileTooLarge' })
        if (!pdfMagic.every((byte, i) => bytes[i] === byte))
          return yield* new FileRejected({ field: 'file', rule: 'notAPdf' })
        const filename = yield* cleanFilename(options.filename)
        const folder = documentFolderPath(target)
        const key = `${newBase(folder, filename, 'document')}.pdf`
        const row = yield* storeThenRecord([[key, bytes]], {
          ownerOrganiserId: owner,
          kind: 'document',
          folder,
          path: key,
          filename,
          url: publicPath(key),
          thumbUrl: null,
          width: null,
          height: null,
          size: bytes.byteLength,
          thumbnails: null,
        })
        return new EventDocument({
          fileId: StoredFileId.make(row.id),
          url: row.url,
          filename,
          key,
          size: bytes.byteLength,
          uploadedAt: row.uploadedAt.toISOString(),
        })
      })

      const removeFile = Effect.fn('EventFiles.removeFile')(function* (owner: OrganiserId, key: string) {
        const row = yield* stored.findOwned(owner, key)
        if (!row) return yield* new StoredFileNotFound({ key })
        // The row goes first: bytes without a row are only wasted space, a row without bytes is a broken link.
        yield* stored.deleteById(row.id)
        yield* storage.remove(row.path)
        // The thumbnail and every responsive width (decision 041) go with the image.
        for (const url of [row.thumbUrl, ...(row.thumbnails ?? []).map((t) => t.url)]) {
          const thumbKey = url ? keyOfPublicPath(url) : undefined
          if (thumbKey !== undefined) yield* storage.remove(thumbKey)
        }
      })

      const listEventFiles = Effect.fn('EventFiles.listEventFiles')(function* (
        owner: OrganiserId,
        eventId: EventId,
        page: { readonly offset: number; readonly limit: number },
      ) {
        if (
          !Number.isSafeInteger(page.offset) ||
          page.offset < 0 ||
          !Number.isInteger(page.limit) ||
          page.limit < 1 ||
          page.limit > maxFilesPageLimit
        )
          return yield* Effect.die(new Error(`invalid page ${JSON.stringify(page)}`))
        const [rows, total] = yield* stored.listUnder(owner, eventFolderPrefix(eventId), page)
        const files = rows.map((row) => {
          const { kind, tournamentId } = eventFolderOf(eventId, row.folder)
          return new StoredFileEntry({
            fsFileId: StoredFileId.make(row.id),
            filename: row.filename,
            path: row.path,
            folder: row.folder,
            folderKind: kind,
            tournamentId,
            url: row.url,
            thumbUrl: row.thumbUrl ?? null,
            isImage: row.kind === 'image',
            isDocument: row.kind === 'document',
            size: row.size,
            uploadedAt: row.uploadedAt.toISOString(),
          })
        })
        return { files, total }
      })

      const publicDocuments = Effect.fn('EventFiles.publicDocuments')(function* (
        owner: OrganiserId,
        eventId: EventId,
      ) {
        const rows = yield* stored.documentsUnder(owner, eventFolderPrefix(eventId))
        return rows.flatMap((row) => {
          const { kind, tournamentId } = eventFolderOf(eventId, row.folder)
          if (kind === 'other' || kind === 'eventGallery') return []
          return [
            new PublicDocument({
              fileId: StoredFileId.make(row.id),
              url: row.url,
              filename: row.filename,
              fileType: fileTypeOf(row.path),
              folderKind: kind,
              tournamentId,
              size: row.size,
              uploadedAt: row.uploadedAt,
            }),
          ]
        })
      })

      const imagesOf = Effect.fn('EventFiles.imagesOf')(function* (
        owner: OrganiserId,
        keys: ReadonlyArray<string>,
      ) {
        const rows = yield* Effect.forEach(keys, (key) => stored.findOwned(owner, key))
        return rows.flatMap((row) =>
          row?.kind === 'image' && row.width != null && row.height != null
            ? [
                new EventImage({
                  imageId: StoredFileId.make(row.id),
                  url: row.url,
                  thumbUrl: row.thumbUrl ?? row.url,
                  width: row.width,
                  height: row.height,
                  key: row.path,
                  filename: row.filename,
                  thumbnails: (row.thumbnails ?? []).map((t) => new ImageThumbnail(t)),
                  uploadedAt: row.uploadedAt.toISOString(),
                }),
              ]
            : [],
        )
      })

      return EventFiles.of({
        storeEventImage,
        storeEventDocument,
        removeFile,
        listEventFiles,
        publicDocuments,
        imagesOf,
      })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(StoredFileRepo.layer, FsTreeRepo.layer)))
}
