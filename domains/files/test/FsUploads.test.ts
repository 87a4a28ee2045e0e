import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import {
  EventFiles,
  FileStorage,
  FileSystem,
  FilesConfig,
  FileUsage,
  FileUse,
  type FsEntry,
  type FsUploadFile,
  FsUploads,
} from '@kibitz/files'
import { Em, EventId, OrganiserId } from '@kibitz/kernel'
import { insertOrganiser, useDomainDatabase } from '@kibitz/testing'
import { Effect, Exit, Layer } from 'effect'
import sharp from 'sharp'

// Uploads into the file tree, the quota, the usage report and deletion (docs/decisions/040): all or nothing, kinds
// by content, names made unique, nothing stored after a refusal, a used file kept, one organiser's tree closed to
// every other.

const db = useDomainDatabase()

/** Keys the test's usage port reports as used (the events and tournaments answer for real in infra's test). */
const usedKeys = new Set<string>()
const usage = FileUsage.combining([
  (_owner, keys) =>
    Effect.succeed(
      keys
        .filter((key) => usedKeys.has(key))
        .map(
          (key) =>
            new FileUse({
              key,
              kind: 'event',
              usedAs: 'eventPicture',
              name: 'Spring Festival',
              eventId: 7,
              tournamentId: null,
              galleryId: null,
              pageAlias: null,
            }),
        ),
    ),
])

const setup = (quotaBytes = 50 * 1024 * 1024) => {
  const root = mkdtempSync(path.join(tmpdir(), 'kibitz-fs-uploads-'))
  const layer = Layer.mergeAll(FileSystem.layer, FsUploads.layer, EventFiles.layer).pipe(
    Layer.provide(Layer.mergeAll(FileStorage.local(root), usage, Layer.succeed(FilesConfig, { quotaBytes }))),
  )
  /** Every object key on disk under the store's root. */
  const stored = () =>
    (
      readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{
        isFile(): boolean
        name: string
        parentPath: string
      }>
    )
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort()
  const run = <A, E>(effect: Effect.Effect<A, E, FileSystem | FsUploads | EventFiles | Em>) =>
    effect.pipe(Effect.provide(layer), Effect.provideService(Em, db.orm.em.fork()))
  return { run, stored }
}

const organiser = () =>
  Effect.map(
    Effect.promise(() => insertOrganiser(db.orm)),
    OrganiserId.make,
  )
const pdf = (text = 'rules') => new TextEncoder().encode(`%PDF-1.7\n% ${text}\ntrailer <<>>\n%%EOF\n`)
const png = (width = 40, height = 30) =>
  Effect.promise(() =>
    sharp({ create: { width, height, channels: 3, background: '#095741' } })
      .png()
      .toBuffer()
      .then((b) => new Uint8Array(b)),
  )
const file = (relativePath: string, bytes: Uint8Array): FsUploadFile => ({ relativePath, bytes })

/** Makes folder `name` at the root and answers its id. */
const folder = (owner: OrganiserId, name: string) =>
  Effect.map(
    FileSystem.use((fs) => fs.createFolder(owner, null, name)),
    (entry) => entry.fsFileId,
  )
const listed = (owner: OrganiserId, parentId: number | null) =>
  Effect.map(
    FileSystem.use((fs) => fs.list(owner, { parentId, offset: 0, limit: 100 })),
    (listing) => listing.entries.map((e: FsEntry) => `${e.isFolder ? 'folder ' : ''}${e.filename}`),
  )
const upload = (owner: OrganiserId, destination: number | null, files: ReadonlyArray<FsUploadFile>) =>
  FsUploads.use((u) => u.upload(owner, destination, files))
const refusal = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flip(effect)

describe('FsUploads', () => {
  it.effect(
    'stores many files and a folder with its relative paths, names made unique in their folder',
    () => {
      const { run, stored } = setup()
      return run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const club = yield* folder(owner, 'Club')
          const photo = yield* png(1600, 900)
          const first = yield* upload(owner, club, [file('Rules.pdf', pdf()), file('Hall.png', photo)])
          expect(first.map((e) => [e.filename, e.isImage, e.isDocument])).toEqual([
            ['Rules.pdf', false, true],
            ['Hall.png', true, false],
          ])
          expect(first[1]?.fsFileUrl).toMatch(/^\/files\/club\/hall-[0-9a-f]{16}\.webp$/)
          // The same name again in the same folder is kept apart the way desktops do.
          const again = yield* upload(owner, club, [
            file('rules.pdf', pdf('v2')),
            file('Rules.pdf', pdf('v3')),
          ])
          expect(again.map((e) => e.filename)).toEqual(['rules (2).pdf', 'Rules (3).pdf'])
          // A folder upload: its folders are made under the destination, the root included.
          yield* upload(owner, club, [
            file('2026/Day 1/board 1.txt', new TextEncoder().encode('N: AKQ\n')),
            file('2026/notes.txt', new TextEncoder().encode('Bring your cards')),
          ])
          yield* upload(owner, null, [file('Photos/summer.png', photo)])
          expect(yield* listed(owner, null)).toEqual(['folder Club', 'folder Photos'])
          expect(yield* listed(owner, club)).toEqual([
            'folder 2026',
            'Hall.png',
            'rules (2).pdf',
            'Rules (3).pdf',
            'Rules.pdf',
          ])
          // An image is stored re-encoded with its thumbnail and responsive widths; a document as sent.
          const keys = stored()
          expect(keys.filter((k) => k.startsWith('club/hall-'))).toHaveLength(5) // image, thumb, 320, 640, 1280
          expect(keys.filter((k) => k.endsWith('.pdf'))).toHaveLength(3)
          expect(keys.filter((k) => k.startsWith('club/2026/day-1/'))).toEqual([
            expect.stringMatching(/^club\/2026\/day-1\/board-1-[0-9a-f]{16}\.txt$/),
          ])
        }),
      )
    },
  )

  it.effect('refuses a whole upload naming the file and the rule, leaving nothing stored', () => {
    const { run, stored } = setup()
    return run(
      Effect.gen(function* () {
        const owner = yield* organiser()
        const club = yield* folder(owner, 'Club')
        const photo = yield* png()
        const bigPdf = new Uint8Array(20 * 1024 * 1024 + 1)
        bigPdf.set(pdf())
        const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])
        const cases: ReadonlyArray<readonly [ReadonlyArray<FsUploadFile>, number | null, unknown]> = [
          [
            [file('ok.pdf', pdf()), file('setup.pdf', elf)],
            club,
            { filename: 'setup.pdf', rule: 'notAllowedType' },
          ],
          [[file('../escape.pdf', pdf())], club, { filename: '../escape.pdf', rule: 'invalidName' }],
          [[file('a/./b.pdf', pdf())], club, { filename: 'a/./b.pdf', rule: 'invalidName' }],
          [[file('empty.pdf', new Uint8Array())], club, { filename: 'empty.pdf', rule: 'required' }],
          [
            [file('loose.pdf', pdf())],
            null,
            { filename: 'loose.pdf', field: 'destination', rule: 'required' },
          ],
          [[file('event/event-99/documents/x.pdf', pdf())], null, { rule: 'reservedName' }],
          [[file('big.pdf', bigPdf)], club, { filename: 'big.pdf', rule: 'fileTooLarge' }],
          [[], club, { filename: '', rule: 'required' }],
          // The image is written before the corrupt one is found: it is removed again.
          [
            [file('fine.png', photo), file('broken.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))],
            club,
            { filename: 'broken.jpg', rule: 'notAnImage' },
          ],
        ]
        for (const [files, destination, expected] of cases) {
          const refused = yield* refusal(upload(owner, destination, files))
          expect(refused).toMatchObject({ _tag: 'FsUploadRejected', field: 'files', ...(expected as object) })
        }
        expect(stored()).toEqual([])
        expect(yield* listed(owner, club)).toEqual([])
        // Another organiser's folder is not a destination.
        const other = yield* organiser()
        expect(yield* refusal(upload(other, club, [file('x.pdf', pdf())]))).toMatchObject({
          _tag: 'FsEntryNotFound',
        })
      }),
    )
  })

  it.effect('keeps each organiser within the quota, two uploads at once included', () => {
    const { run, stored } = setup(1000)
    return run(
      Effect.gen(function* () {
        const owner = yield* organiser()
        const club = yield* folder(owner, 'Club')
        const text = (n: number) => new TextEncoder().encode('x'.repeat(n))
        yield* upload(owner, club, [file('a.txt', text(600))])
        expect(yield* FsUploads.use((u) => u.quota(owner))).toEqual({ usedBytes: 600, quotaBytes: 1000 })
        expect(
          yield* refusal(upload(owner, club, [file('b.txt', text(300)), file('c.txt', text(300))])),
        ).toMatchObject({ filename: 'c.txt', rule: 'quotaExceeded' })
        // Two uploads that fit one at a time but not together: one is refused, whatever the order.
        const both = yield* Effect.all(
          [
            Effect.exit(upload(owner, club, [file('d.txt', text(300))])).pipe(
              Effect.provideService(Em, db.orm.em.fork()),
            ),
            Effect.exit(upload(owner, club, [file('e.txt', text(300))])).pipe(
              Effect.provideService(Em, db.orm.em.fork()),
            ),
          ],
          { concurrency: 2 },
        )
        expect(both.filter(Exit.isSuccess)).toHaveLength(1)
        expect((yield* FsUploads.use((u) => u.quota(owner))).usedBytes).toBe(900)
        expect(stored()).toHaveLength(2)
        // Another organiser's quota is their own.
        const other = yield* organiser()
        const theirs = yield* folder(other, 'Mine')
        yield* upload(other, theirs, [file('f.txt', text(900))])
      }),
    )
  })
})

describe('FileSystem deletion and the usage report', () => {
  it.effect(
    'deletes an unused file or a folder with its objects, and keeps a used one with the report',
    () => {
      const { run, stored } = setup()
      return run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          const club = yield* folder(owner, 'Club')
          const photo = yield* png(800, 600)
          const [rules, hall] = yield* upload(owner, club, [
            file('Rules.pdf', pdf()),
            file('2026/Hall.png', photo),
          ])
          if (rules === undefined || hall === undefined) throw new Error('two entries expected')
          const fs = yield* FileSystem
          const hallKey = hall.path
          usedKeys.add(hallKey)
          // The folder holds a used file: the report names its user, and deletion is refused with it.
          const report = yield* fs.usageReport(owner, club)
          expect(report.fileCount).toBe(2)
          expect(report.uses.map((u) => [u.key, u.kind, u.name])).toEqual([
            [hallKey, 'event', 'Spring Festival'],
          ])
          const refused = yield* Effect.flip(fs.remove(owner, club))
          expect(refused).toMatchObject({ _tag: 'FsInUse', id: club })
          expect(yield* Effect.flip(fs.remove(owner, hall.fsFileId))).toMatchObject({ _tag: 'FsInUse' })
          // An unused file goes with its object.
          expect((yield* fs.usageReport(owner, rules.fsFileId)).uses).toEqual([])
          yield* fs.remove(owner, rules.fsFileId)
          expect(stored().some((k) => k.endsWith('.pdf'))).toBe(false)
          // Once nothing uses it, the folder goes with everything in it: rows, folders and every object.
          usedKeys.delete(hallKey)
          yield* fs.remove(owner, club)
          expect(yield* listed(owner, null)).toEqual([])
          expect(stored()).toEqual([])
          expect(yield* Effect.flip(fs.remove(owner, club))).toMatchObject({ _tag: 'FsEntryNotFound' })
        }),
      )
    },
  )

  it.effect("refuses the platform's folders and never finds another organiser's entries", () => {
    const { run } = setup()
    return run(
      Effect.gen(function* () {
        const owner = yield* organiser()
        const club = yield* folder(owner, 'Club')
        const [rules] = yield* upload(owner, club, [file('Rules.pdf', pdf())])
        const fs = yield* FileSystem
        // The platform's folders come from the editor's uploads: once there, files may be uploaded into them, but
        // they are neither deleted nor made by an upload where they are not.
        yield* EventFiles.use((files) =>
          files.storeEventDocument(owner, { _tag: 'eventDocuments', eventId: EventId.make(7) }, pdf(), {
            filename: 'Regulations.pdf',
          }),
        )
        const documents = (yield* fs.list(owner, {
          parentId: null,
          offset: 0,
          limit: 10,
          searchValue: 'documents',
        })).entries[0]
        expect(documents).toMatchObject({ path: 'event/event-7/documents', isFolderReadableOnly: true })
        if (documents === undefined) throw new Error('the documents folder is listed')
        yield* upload(owner, documents.fsFileId, [file('Timetable.pdf', pdf('times'))])
        expect(yield* Effect.flip(fs.remove(owner, documents.fsFileId))).toMatchObject({ _tag: 'FsReadOnly' })
        expect(
          yield* refusal(upload(owner, null, [file('event/event-8/gallery/x.png', yield* png())])),
        ).toMatchObject({
          rule: 'reservedName',
        })
        const other = yield* organiser()
        for (const id of [club, rules?.fsFileId ?? 0]) {
          expect(yield* Effect.flip(fs.remove(other, id))).toMatchObject({ _tag: 'FsEntryNotFound' })
          expect(yield* Effect.flip(fs.usageReport(other, id))).toMatchObject({ _tag: 'FsEntryNotFound' })
        }
      }),
    )
  })
})
