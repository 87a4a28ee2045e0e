import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import {
  type DocumentFolder,
  EventFiles,
  FileStorage,
  FolderPaths,
  maxDocumentBytes,
  maxEventImageBytes,
} from '@kibitz/files'
import { Em, EventId, OrganiserId, TournamentId } from '@kibitz/kernel'
import { insertOrganiser, startS3Server, startUploadThingServer, useDomainDatabase } from '@kibitz/testing'
import { Cause, Effect, Exit, Layer, Option, Schema } from 'effect'
import sharp from 'sharp'

const db = useDomainDatabase()
const root = mkdtempSync(path.join(tmpdir(), 'kibitz-event-files-'))

/** Runs `effect` with the event files over `storage` (local disk under `root` unless given) and a fresh Em. */
const run = <A, E>(
  effect: Effect.Effect<A, E, EventFiles | FileStorage | Em>,
  storage: Layer.Layer<FileStorage> = FileStorage.local(root),
) =>
  effect.pipe(
    Effect.provide(EventFiles.layer.pipe(Layer.provideMerge(storage))),
    Effect.provideService(Em, db.orm.em.fork()),
  )

const organiser = () => Effect.promise(() => insertOrganiser(db.orm))

const StoredFileRows = Schema.Array(
  Schema.Struct({
    id: Schema.Int,
    owner_organiser_id: Schema.Int,
    kind: Schema.String,
    folder: Schema.String,
    path: Schema.String,
    filename: Schema.String,
    url: Schema.String,
    thumb_url: Schema.NullOr(Schema.String),
    width: Schema.NullOr(Schema.Int),
    height: Schema.NullOr(Schema.Int),
    size: Schema.Int,
  }),
)
const storedFiles = () =>
  Effect.promise(async () =>
    Schema.decodeUnknownSync(StoredFileRows)(
      await db.orm.em
        .fork()
        .execute(
          'select id, owner_organiser_id, kind, folder, path, filename, url, thumb_url, width, height, size from stored_file order by id',
        ),
    ),
  )

/** What the local store holds in a folder (none when the folder was never created). */
const filesIn = (folder: string) => {
  const dir = path.join(root, folder)
  return existsSync(dir) ? readdirSync(dir).sort() : []
}

/** A real JPEG of the given size carrying EXIF metadata (a camera adds GPS the same way). */
const photo = (width: number, height: number) =>
  Effect.promise(() =>
    sharp({ create: { width, height, channels: 3, background: '#21618c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Jonas Jonaitis', ImageDescription: 'taken at home' } })
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer)),
  )

/** A small but real PDF. */
const pdf = (text = 'Tournament rules') =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )

const readStored = (url: string) =>
  FileStorage.use((storage) => storage.get(url.slice('/files/'.length))).pipe(Effect.map(Option.getOrThrow))

const defectOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) throw new Error('expected the call to fail')
  return Cause.squash(exit.cause)
}

describe(EventFiles.name, () => {
  describe('storeEventImage', () => {
    it.effect(
      're-encodes the photo as WebP without its metadata, with a 500 px thumbnail, in the event gallery folder',
      () =>
        run(
          Effect.gen(function* () {
            const owner = yield* organiser()
            const files = yield* EventFiles
            const image = yield* files.storeEventImage(owner, EventId.make(12), yield* photo(900, 600), {
              filename: 'Final round – Vilnius.JPG',
            })

            expect(image.key).toMatch(/^event\/event-12\/gallery\/final-round-vilnius-[0-9a-f]{16}\.webp$/)
            expect(image.url).toBe(`/files/${image.key}`)
            expect(image.thumbUrl).toBe(image.url.replace('.webp', '-thumb.webp'))
            expect([image.width, image.height, image.filename]).toEqual([
              900,
              600,
              'Final round – Vilnius.JPG',
            ])

            const stored = yield* readStored(image.url)
            const thumb = yield* readStored(image.thumbUrl)
            expect([stored.contentType, thumb.contentType]).toEqual(['image/webp', 'image/webp'])
            const meta = yield* Effect.promise(() => sharp(stored.bytes).metadata())
            const thumbMeta = yield* Effect.promise(() => sharp(thumb.bytes).metadata())
            expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 900, 600, undefined])
            expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 500, 333])

            const rows = yield* storedFiles()
            expect(rows).toEqual([
              {
                id: image.imageId,
                owner_organiser_id: owner,
                kind: 'image',
                folder: FolderPaths.eventGallery(EventId.make(12)),
                path: image.key,
                filename: 'Final round – Vilnius.JPG',
                url: image.url,
                thumb_url: image.thumbUrl,
                width: 900,
                height: 600,
                size: stored.bytes.byteLength,
              },
            ])
          }),
        ),
    )

    it.effect(
      'makes the responsive widths narrower than the photo once, records them, and removes them with it',
      () =>
        run(
          Effect.gen(function* () {
            const owner = yield* organiser()
            const files = yield* EventFiles
            const image = yield* files.storeEventImage(owner, EventId.make(11), yield* photo(1500, 1000), {
              filename: 'hall.jpg',
            })
            expect(image.thumbnails.map((t) => [t.width, t.height])).toEqual([
              [320, 213],
              [640, 427],
              [1280, 853],
            ])
            for (const t of image.thumbnails) {
              const stored = yield* readStored(t.url)
              const meta = yield* Effect.promise(() => sharp(stored.bytes).metadata())
              expect([meta.format, meta.width]).toEqual(['webp', t.width])
            }
            const recorded = yield* Effect.promise(() =>
              db.orm.em.fork().execute('select thumbnails from stored_file where id = ?', [image.imageId]),
            )
            expect(recorded).toEqual([
              { thumbnails: image.thumbnails.map((t) => ({ url: t.url, width: t.width, height: t.height })) },
            ])
            yield* files.removeFile(owner, image.key)
            for (const url of [image.url, image.thumbUrl, ...image.thumbnails.map((t) => t.url)]) {
              const left = yield* FileStorage.use((storage) => storage.get(url.slice('/files/'.length)))
              expect(Option.isNone(left)).toBe(true)
            }
          }),
        ),
    )

    it.effect(
      'makes the thumbnail as wide as asked, never wider than the photo, and scales huge photos down',
      () =>
        run(
          Effect.gen(function* () {
            const owner = yield* organiser()
            const files = yield* EventFiles
            const narrow = yield* files.storeEventImage(owner, EventId.make(13), yield* photo(900, 600), {
              filename: 'a.jpg',
              thumbWidth: 200,
            })
            const thumb = yield* readStored(narrow.thumbUrl)
            expect(
              yield* Effect.promise(() =>
                sharp(thumb.bytes)
                  .metadata()
                  .then((m) => [m.width, m.height]),
              ),
            ).toEqual([200, 133])

            const small = yield* files.storeEventImage(owner, EventId.make(13), yield* photo(300, 200), {
              filename: 'b.jpg',
            })
            const smallThumb = yield* readStored(small.thumbUrl)
            expect(
              yield* Effect.promise(() =>
                sharp(smallThumb.bytes)
                  .metadata()
                  .then((m) => m.width),
              ),
            ).toBe(300)

            const huge = yield* files.storeEventImage(owner, EventId.make(13), yield* photo(4000, 3000), {
              filename: 'c.jpg',
            })
            expect([huge.width, huge.height]).toEqual([2560, 1920])
          }),
        ),
    )

    it.effect('refuses a thumbnail width outside 50 to 2000 px, naming the field', () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const files = yield* EventFiles
          const bytes = yield* photo(600, 400)
          for (const thumbWidth of [49, 2001, 120.5]) {
            const refused = yield* files
              .storeEventImage(owner, EventId.make(14), bytes, { filename: 'a.jpg', thumbWidth })
              .pipe(Effect.flip)
            expect([refused.field, refused.rule]).toEqual(['thumbWidth', 'outOfRange'])
          }
          expect(filesIn(FolderPaths.eventGallery(EventId.make(14)))).toEqual([])
          expect(yield* storedFiles()).toEqual([])
        }),
      ),
    )

    it.effect(
      'refuses a file that is not an image, an empty one and one over the size limit, storing nothing',
      () =>
        run(
          Effect.gen(function* () {
            const owner = yield* organiser()
            const files = yield* EventFiles
            const refusal = (bytes: Uint8Array, filename = 'photo.jpg') =>
              files.storeEventImage(owner, EventId.make(15), bytes, { filename }).pipe(
                Effect.flip,
                Effect.map((e) => [e.field, e.rule]),
              )
            expect(yield* refusal(pdf())).toEqual(['file', 'notAnImage'])
            expect(yield* refusal(new TextEncoder().encode('<svg onload="alert(1)"'))).toEqual([
              'file',
              'notAnImage',
            ])
            expect(yield* refusal(new Uint8Array(0))).toEqual(['file', 'required'])
            expect(yield* refusal(new Uint8Array(maxEventImageBytes + 1))).toEqual(['file', 'fileTooLarge'])
            expect(yield* refusal(yield* photo(60, 60), ' /\u0000 ')).toEqual(['filename', 'required'])
            expect(yield* refusal(yield* photo(60, 60), `${'x'.repeat(252)}.jpg`)).toEqual([
              'filename',
              'tooLong',
            ])
            expect(filesIn(FolderPaths.eventGallery(EventId.make(15)))).toEqual([])
            expect(yield* storedFiles()).toEqual([])
          }),
        ),
    )

    it.effect(
      'removes the stored bytes again when the row cannot be written (an owner that does not exist)',
      () =>
        run(
          Effect.gen(function* () {
            const files = yield* EventFiles
            const exit = yield* Effect.exit(
              files.storeEventImage(OrganiserId.make(987_654), EventId.make(16), yield* photo(400, 300), {
                filename: 'a.jpg',
              }),
            )
            // The file tree's folders are written first (decision 040): the owner's key refuses them already.
            expect(String(defectOf(exit))).toMatch(/(fs_folder|stored_file)_owner_organiser_id_fk/)
            expect(filesIn(FolderPaths.eventGallery(EventId.make(16)))).toEqual([])
            expect(yield* storedFiles()).toEqual([])
          }),
        ),
    )

    it.live('writes no row when the file store refuses the bytes (S3 with a wrong secret)', () =>
      Effect.gen(function* () {
        const s3 = yield* Effect.acquireRelease(
          Effect.promise(() => startS3Server()),
          (server) => Effect.promise(() => server.close()),
        )
        const owner = yield* organiser()
        const bytes = yield* photo(400, 300)
        const exit = yield* Effect.exit(
          run(
            EventFiles.use((files) =>
              files.storeEventImage(owner, EventId.make(17), bytes, { filename: 'a.jpg' }),
            ),
            FileStorage.s3({
              endpoint: s3.endpoint,
              region: s3.region,
              bucket: s3.bucket,
              accessKeyId: s3.accessKeyId,
              secretAccessKey: 'not-the-secret',
              forcePathStyle: true,
            }),
          ),
        )
        expect(String(defectOf(exit))).toContain('403 SignatureDoesNotMatch')
        expect(yield* storedFiles()).toEqual([])
      }).pipe(Effect.scoped),
    )

    // Live clock: the adapters sign with the current time, which a provider checks.
    it.live('stores through the UploadThing adapter and reads the image back under its /files/ key', () =>
      Effect.gen(function* () {
        const uploadthing = yield* Effect.acquireRelease(
          Effect.promise(() => startUploadThingServer()),
          (server) => Effect.promise(() => server.close()),
        )
        const owner = yield* organiser()
        const bytes = yield* photo(800, 400)
        const storage = FileStorage.uploadthing({
          token: uploadthing.token,
          apiUrl: uploadthing.apiUrl,
          ufsUrl: uploadthing.ufsUrl,
        })
        const image = yield* run(
          EventFiles.use((files) =>
            files.storeEventImage(owner, EventId.make(18), bytes, { filename: 'board.png' }),
          ),
          storage,
        )
        const thumb = yield* run(readStored(image.thumbUrl), storage)
        expect(
          yield* Effect.promise(() =>
            sharp(thumb.bytes)
              .metadata()
              .then((m) => [m.format, m.width]),
          ),
        ).toEqual(['webp', 500])
        // The image, its thumbnail and its responsive widths below 800 px (320, 640; decision 041).
        expect(image.thumbnails.map((t) => [t.width, t.height])).toEqual([
          [320, 160],
          [640, 320],
        ])
        expect([...uploadthing.files.values()].map((f) => f.name).sort()).toEqual(
          [image.key, image.thumbUrl, ...image.thumbnails.map((t) => t.url)]
            .map((k) => path.posix.basename(k))
            .sort(),
        )
      }).pipe(Effect.scoped),
    )
  })

  describe('storeEventDocument', () => {
    const folders: ReadonlyArray<readonly [DocumentFolder, string]> = [
      [{ _tag: 'eventDocuments', eventId: EventId.make(20) }, 'event/event-20/documents'],
      [
        { _tag: 'tournamentDocuments', eventId: EventId.make(20), tournamentId: TournamentId.make(7) },
        'event/event-20/tournaments/tournament-7/documents',
      ],
      [
        { _tag: 'tournamentResults', eventId: EventId.make(20), tournamentId: TournamentId.make(7) },
        'event/event-20/results/tournament-7',
      ],
    ]

    it.effect('stores the PDF unchanged in the folder of spec section 9 and records it', () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const files = yield* EventFiles
          for (const [folder, expected] of folders) {
            const document = yield* files.storeEventDocument(owner, folder, pdf(expected), {
              filename: 'C:\\Users\\Ona\\Rules 2027.pdf',
            })
            expect(document.key).toMatch(new RegExp(`^${expected}/rules-2027-[0-9a-f]{16}\\.pdf$`))
            expect([document.url, document.filename, document.size]).toEqual([
              `/files/${document.key}`,
              'Rules 2027.pdf',
              pdf(expected).byteLength,
            ])
            expect(Number.isNaN(Date.parse(document.uploadedAt))).toBe(false)
            const stored = yield* readStored(document.url)
            expect([stored.contentType, new TextDecoder().decode(stored.bytes)]).toEqual([
              'application/pdf',
              new TextDecoder().decode(pdf(expected)),
            ])
          }
          const rows = yield* storedFiles()
          expect(rows.map((r) => [r.owner_organiser_id, r.kind, r.folder, r.thumb_url, r.width])).toEqual(
            folders.map(([, folder]) => [owner, 'document', folder, null, null]),
          )
        }),
      ),
    )

    it.effect(
      'refuses a file without the PDF signature, an empty one and one over 20 MB, storing nothing',
      () =>
        run(
          Effect.gen(function* () {
            const owner = yield* organiser()
            const files = yield* EventFiles
            const folder: DocumentFolder = { _tag: 'eventDocuments', eventId: EventId.make(21) }
            const refusal = (bytes: Uint8Array) =>
              files.storeEventDocument(owner, folder, bytes, { filename: 'rules.pdf' }).pipe(
                Effect.flip,
                Effect.map((e) => [e.field, e.rule]),
              )
            expect(yield* refusal(yield* photo(50, 50))).toEqual(['file', 'notAPdf'])
            expect(yield* refusal(new TextEncoder().encode('<html>%PDF-1.4</html>'))).toEqual([
              'file',
              'notAPdf',
            ])
            expect(yield* refusal(new Uint8Array(0))).toEqual(['file', 'required'])
            const huge = new Uint8Array(maxDocumentBytes + 1)
            huge.set(pdf())
            expect(yield* refusal(huge)).toEqual(['file', 'fileTooLarge'])
            expect(filesIn(FolderPaths.eventDocuments(EventId.make(21)))).toEqual([])
            expect(yield* storedFiles()).toEqual([])
          }),
        ),
    )
  })

  describe('listEventFiles', () => {
    /** Stores a document in `folder`, then moves its upload time to `minutesAgo` minutes before now. */
    const documentAt = (owner: OrganiserId, folder: DocumentFolder, filename: string, minutesAgo: number) =>
      Effect.gen(function* () {
        const files = yield* EventFiles
        const document = yield* files.storeEventDocument(owner, folder, pdf(filename), { filename })
        yield* Effect.promise(() =>
          db.orm.em
            .fork()
            .execute(
              `update stored_file set uploaded_at = now() - interval '${minutesAgo} minutes' where id = ?`,
              [document.fileId],
            ),
        )
        return document
      })

    it.effect(
      "lists the owner's files under the event's folders newest first, with their folder and tournament",
      () =>
        run(
          Effect.gen(function* () {
            const owner = yield* organiser()
            const other = yield* organiser()
            const files = yield* EventFiles
            const rules = yield* documentAt(
              owner,
              { _tag: 'eventDocuments', eventId: EventId.make(40) },
              'Rules.pdf',
              30,
            )
            const conditions = yield* documentAt(
              owner,
              { _tag: 'tournamentDocuments', eventId: EventId.make(40), tournamentId: TournamentId.make(7) },
              'Conditions.pdf',
              20,
            )
            const results = yield* documentAt(
              owner,
              { _tag: 'tournamentResults', eventId: EventId.make(40), tournamentId: TournamentId.make(7) },
              'Results.pdf',
              10,
            )
            const picture = yield* files.storeEventImage(owner, EventId.make(40), yield* photo(300, 200), {
              filename: 'hall.jpg',
            })
            // Not listed: event 4 and event 400 (whose folders share a prefix of characters), another owner.
            yield* documentAt(owner, { _tag: 'eventDocuments', eventId: EventId.make(4) }, 'Four.pdf', 5)
            yield* documentAt(
              owner,
              { _tag: 'eventDocuments', eventId: EventId.make(400) },
              'Four hundred.pdf',
              5,
            )
            yield* documentAt(other, { _tag: 'eventDocuments', eventId: EventId.make(40) }, 'Intruder.pdf', 5)

            const page = yield* files.listEventFiles(owner, EventId.make(40), { offset: 0, limit: 10 })
            expect(page.total).toBe(4)
            expect(page.files.map((f) => [f.filename, f.folderKind, f.tournamentId])).toEqual([
              ['hall.jpg', 'eventGallery', null],
              ['Results.pdf', 'tournamentResults', 7],
              ['Conditions.pdf', 'tournamentDocuments', 7],
              ['Rules.pdf', 'eventDocuments', null],
            ])
            const [image, , , document] = page.files
            expect(image).toMatchObject({
              fsFileId: picture.imageId,
              path: picture.key,
              folder: FolderPaths.eventGallery(EventId.make(40)),
              url: picture.url,
              thumbUrl: picture.thumbUrl,
              isImage: true,
              isDocument: false,
            })
            expect(document).toMatchObject({
              fsFileId: rules.fileId,
              path: rules.key,
              folder: FolderPaths.eventDocuments(EventId.make(40)),
              url: rules.url,
              thumbUrl: null,
              isImage: false,
              isDocument: true,
              size: rules.size,
            })
            expect(Date.parse(document?.uploadedAt ?? '')).toBeLessThan(Date.parse(image?.uploadedAt ?? ''))
            expect([conditions.key, results.key]).toEqual([page.files[2]?.path, page.files[1]?.path])

            const intruder = yield* files.listEventFiles(other, EventId.make(40), { offset: 0, limit: 10 })
            expect(intruder.files.map((f) => f.filename)).toEqual(['Intruder.pdf'])
            expect(
              (yield* files.listEventFiles(owner, EventId.make(41), { offset: 0, limit: 10 })).total,
            ).toBe(0)
          }),
        ),
    )

    it.effect('pages through the files by offset and limit, keeping the total', () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const files = yield* EventFiles
          for (let i = 1; i <= 12; i++)
            yield* documentAt(
              owner,
              { _tag: 'eventDocuments', eventId: EventId.make(42) },
              `Bulletin ${i}.pdf`,
              100 - i,
            )
          const first = yield* files.listEventFiles(owner, EventId.make(42), { offset: 0, limit: 10 })
          const second = yield* files.listEventFiles(owner, EventId.make(42), { offset: 10, limit: 10 })
          const beyond = yield* files.listEventFiles(owner, EventId.make(42), { offset: 20, limit: 10 })
          expect([first.total, second.total, beyond.total]).toEqual([12, 12, 12])
          expect(first.files.map((f) => f.filename)).toEqual(
            [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Bulletin ${i}.pdf`),
          )
          expect(second.files.map((f) => f.filename)).toEqual(['Bulletin 2.pdf', 'Bulletin 1.pdf'])
          expect(beyond.files).toEqual([])
        }),
      ),
    )

    it.effect('treats a malformed page as a bug of the caller (a defect), listing nothing', () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const files = yield* EventFiles
          for (const page of [
            { offset: -1, limit: 10 },
            { offset: 0.5, limit: 10 },
            { offset: 0, limit: 0 },
            { offset: 0, limit: 101 },
          ]) {
            const exit = yield* Effect.exit(files.listEventFiles(owner, EventId.make(43), page))
            expect(String(defectOf(exit))).toContain('invalid page')
          }
        }),
      ),
    )
  })

  describe('removeFile', () => {
    it.effect("removes the owner's image with its thumbnail and its row", () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const files = yield* EventFiles
          const kept = yield* files.storeEventImage(owner, EventId.make(30), yield* photo(300, 200), {
            filename: 'kept.jpg',
          })
          const replaced = yield* files.storeEventImage(owner, EventId.make(30), yield* photo(300, 200), {
            filename: 'old.jpg',
          })
          yield* files.removeFile(owner, replaced.key)
          expect(filesIn(FolderPaths.eventGallery(EventId.make(30)))).toEqual(
            [kept.key, kept.thumbUrl].map((k) => path.posix.basename(k)).sort(),
          )
          expect((yield* storedFiles()).map((r) => r.path)).toEqual([kept.key])
        }),
      ),
    )

    it.effect("refuses another organiser's file and an unknown key, removing nothing", () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const intruder = yield* organiser()
          const files = yield* EventFiles
          const document = yield* files.storeEventDocument(
            owner,
            { _tag: 'eventDocuments', eventId: EventId.make(31) },
            pdf(),
            { filename: 'rules.pdf' },
          )
          const refused = yield* files.removeFile(intruder, document.key).pipe(Effect.flip)
          expect(refused).toMatchObject({ _tag: 'StoredFileNotFound', key: document.key })
          const unknown = yield* files
            .removeFile(owner, 'event/event-31/documents/none.pdf')
            .pipe(Effect.flip)
          expect(unknown._tag).toBe('StoredFileNotFound')
          expect(filesIn(FolderPaths.eventDocuments(EventId.make(31)))).toEqual([
            path.posix.basename(document.key),
          ])
          expect((yield* storedFiles()).map((r) => r.path)).toEqual([document.key])
        }),
      ),
    )
  })
})
