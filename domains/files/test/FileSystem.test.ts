import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { EventFiles, FileStorage, FileSystem, FileUsage, FolderPaths, type FsEntry } from '@kibitz/files'
import { Em, EventId, OrganiserId, TournamentId } from '@kibitz/kernel'
import { insertOrganiser, useDomainDatabase } from '@kibitz/testing'
import { Effect, Layer } from 'effect'
import sharp from 'sharp'

// The organiser's file tree (docs/decisions/040): what a folder lists, making folders, renaming files and folders,
// the platform's read-only folders, and one organiser's tree closed to every other.

const db = useDomainDatabase()
const root = mkdtempSync(path.join(tmpdir(), 'kibitz-file-system-'))

const run = <A, E>(effect: Effect.Effect<A, E, FileSystem | EventFiles | Em>) =>
  effect.pipe(
    Effect.provide(
      Layer.mergeAll(FileSystem.layer, EventFiles.layer).pipe(
        Layer.provide(Layer.mergeAll(FileStorage.local(root), FileUsage.combining([]))),
      ),
    ),
    Effect.provideService(Em, db.orm.em.fork()),
  )

const organiser = () =>
  Effect.map(
    Effect.promise(() => insertOrganiser(db.orm)),
    OrganiserId.make,
  )
const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const event = EventId.make(7)
const tournament = TournamentId.make(31)

const names = (entries: ReadonlyArray<FsEntry>) => entries.map((e) => e.filename)
const list = (
  owner: OrganiserId,
  parentId: number | null,
  more: Partial<Parameters<FileSystem['Service']['list']>[1]> = {},
) => FileSystem.use((fs) => fs.list(owner, { parentId, offset: 0, limit: 10, ...more }))

/** The folder named `name` in a listing. */
const folderIn = (entries: ReadonlyArray<FsEntry>, name: string) => {
  const found = entries.find((e) => e.isFolder && e.filename === name)
  if (!found) throw new Error(`no folder ${name} in ${names(entries).join(', ')}`)
  return found
}

/** An event document and gallery image and a tournament's results, uploaded as the editor does. */
const uploads = (owner: OrganiserId) =>
  Effect.gen(function* () {
    const files = yield* EventFiles
    const image = yield* Effect.promise(() =>
      sharp({ create: { width: 8, height: 6, channels: 3, background: '#095741' } })
        .png()
        .toBuffer(),
    )
    yield* files.storeEventDocument(owner, { _tag: 'eventDocuments', eventId: event }, pdf, {
      filename: 'Regulations.pdf',
    })
    yield* files.storeEventImage(owner, event, image, { filename: 'hall.png' })
    yield* files.storeEventDocument(
      owner,
      { _tag: 'tournamentResults', eventId: event, tournamentId: tournament },
      pdf,
      {
        filename: 'Results day 1.pdf',
      },
    )
  })

describe('FileSystem', () => {
  it.effect(
    'lists the tree an upload makes: read-only platform folders down to the files, with their parents',
    () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          yield* uploads(owner)
          const top = yield* list(owner, null)
          expect(names(top.entries)).toEqual(['event'])
          expect([top.total, top.parents]).toEqual([1, []])
          const eventFolder = folderIn(top.entries, 'event')
          expect([eventFolder.isFolderReadableOnly, eventFolder.hasChildren, eventFolder.parent]).toEqual([
            true,
            true,
            null,
          ])

          const events = yield* list(owner, eventFolder.fsFileId)
          const mine = folderIn(events.entries, 'event-7')
          const inside = yield* list(owner, mine.fsFileId)
          expect(names(inside.entries)).toEqual(['documents', 'gallery', 'results'])
          expect(inside.parents.map((p) => p.path)).toEqual(['event', 'event/event-7'])

          const documents = yield* list(owner, folderIn(inside.entries, 'documents').fsFileId)
          const [regulations] = documents.entries
          expect(regulations).toMatchObject({
            filename: 'Regulations.pdf',
            parent: FolderPaths.eventDocuments(event),
            isFolder: false,
            isFolderReadableOnly: false,
            isDocument: true,
            isImage: false,
            hasChildren: false,
          })
          expect(regulations?.fsFileUrl).toMatch(
            /^\/files\/event\/event-7\/documents\/regulations-[0-9a-f]+\.pdf$/,
          )
          const gallery = yield* list(owner, folderIn(inside.entries, 'gallery').fsFileId)
          expect(gallery.entries.map((e) => [e.filename, e.isImage])).toEqual([['hall.png', true]])
        }),
      ),
  )

  it.effect(
    'makes folders anywhere but in the platform’s place, lists folders first, searches and filters',
    () =>
      run(
        Effect.gen(function* () {
          const owner = yield* organiser()
          yield* uploads(owner)
          const fs = yield* FileSystem
          const photos = yield* fs.createFolder(owner, null, '  Photos 2026 ')
          expect([photos.filename, photos.path, photos.isFolderReadableOnly]).toEqual([
            'Photos 2026',
            'Photos 2026',
            false,
          ])
          const day = yield* fs.createFolder(owner, photos.fsFileId, 'Day 1 (Šiauliai)')
          expect(day.path).toBe('Photos 2026/Day 1 (Šiauliai)')
          // Inside the platform's folders the organiser may keep folders of its own.
          const docs = (yield* list(owner, null, { searchValue: 'documents' })).entries[0]
          expect(docs?.path).toBe('event/event-7/documents')
          const archive = yield* fs.createFolder(owner, docs?.fsFileId ?? null, '2019')
          expect([archive.path, archive.isFolderReadableOnly]).toEqual([
            'event/event-7/documents/2019',
            false,
          ])

          const refused = (parentId: number | null, name: string) =>
            Effect.flip(fs.createFolder(owner, parentId, name)).pipe(
              Effect.map((e) => (e._tag === 'FsNameRejected' ? e.rule : e._tag)),
            )
          expect(yield* refused(null, 'event')).toBe('reservedName')
          expect(yield* refused(null, 'page')).toBe('reservedName')
          expect(yield* refused(null, 'Photos 2026')).toBe('nameTaken')
          expect(yield* refused(null, 'a/b')).toBe('invalidName')
          expect(yield* refused(null, '..')).toBe('invalidName')
          expect(yield* refused(null, ' ')).toBe('required')
          expect(yield* refused(987_654, 'Lost')).toBe('FsEntryNotFound')

          // Quotes, question marks and LIKE's wildcards are names like any other, and searched for as typed.
          const odd = yield* fs.createFolder(owner, photos.fsFileId, "Who's ? 100% _here_")
          expect(odd.filename).toBe("Who's ? 100% _here_")
          expect(names((yield* list(owner, null, { searchValue: '? 100%' })).entries)).toEqual([odd.filename])
          expect(names((yield* list(owner, null, { searchValue: '_h' })).entries)).toEqual([odd.filename])
          expect((yield* list(owner, null, { searchValue: '%' })).total).toBe(1)
          const top = yield* list(owner, null)
          expect(names(top.entries)).toEqual(['event', 'Photos 2026'])
          const found = yield* list(owner, null, { searchValue: 'RESULTS' })
          expect(names(found.entries)).toEqual(['results', 'Results day 1.pdf'])
          const images = yield* list(owner, null, { searchValue: 'a', kind: 'image' })
          expect(images.entries.filter((e) => !e.isFolder).map((e) => e.filename)).toEqual(['hall.png'])
          // Paged: ten at a time, with the total.
          for (let i = 0; i < 12; i++)
            yield* fs.createFolder(owner, day.fsFileId, `Table ${String(i).padStart(2, '0')}`)
          const first = yield* list(owner, day.fsFileId)
          const second = yield* list(owner, day.fsFileId, { offset: 10 })
          expect([first.entries.length, second.entries.length, first.total]).toEqual([10, 2, 12])
          expect(names(second.entries)).toEqual(['Table 10', 'Table 11'])
        }),
      ),
  )

  it.effect('renames a folder with everything in it, and a file without moving its object', () =>
    run(
      Effect.gen(function* () {
        const owner = yield* organiser()
        yield* uploads(owner)
        const fs = yield* FileSystem
        const docs = (yield* list(owner, null, { searchValue: 'documents' })).entries[0]
        const mine = yield* fs.createFolder(owner, docs?.fsFileId ?? null, 'Old rules')
        yield* fs.createFolder(owner, mine.fsFileId, 'Appendix')
        const renamed = yield* fs.rename(owner, mine.fsFileId, 'Rules 2019')
        expect([renamed.fsFileId, renamed.path]).toEqual([
          mine.fsFileId,
          'event/event-7/documents/Rules 2019',
        ])
        const inside = yield* list(owner, renamed.fsFileId)
        expect(inside.entries.map((e) => e.path)).toEqual(['event/event-7/documents/Rules 2019/Appendix'])

        const [regulations] = (yield* list(owner, docs?.fsFileId ?? null)).entries.filter((e) => !e.isFolder)
        if (!regulations) throw new Error('no document listed')
        const file = yield* fs.rename(owner, regulations.fsFileId, 'Nuostatai.pdf')
        expect([file.filename, file.fsFileUrl, file.path]).toEqual([
          'Nuostatai.pdf',
          regulations.fsFileUrl,
          regulations.path,
        ])

        const refused = (id: number, name: string) =>
          Effect.flip(fs.rename(owner, id, name)).pipe(Effect.map((e) => e._tag))
        expect(yield* refused(docs?.fsFileId ?? 0, 'Papers')).toBe('FsReadOnly')
        expect(yield* refused(renamed.fsFileId, '')).toBe('FsNameRejected')
        expect(yield* refused(123_456_789, 'Nothing')).toBe('FsEntryNotFound')
      }),
    ),
  )

  it.effect("never lists, makes in or renames another organiser's entries", () =>
    run(
      Effect.gen(function* () {
        const owner = yield* organiser()
        const other = yield* organiser()
        yield* uploads(owner)
        const fs = yield* FileSystem
        const theirs = yield* fs.createFolder(owner, null, 'Private')
        expect((yield* list(other, null)).entries).toEqual([])
        expect((yield* Effect.flip(list(other, theirs.fsFileId)))._tag).toBe('FsEntryNotFound')
        expect((yield* Effect.flip(fs.createFolder(other, theirs.fsFileId, 'Mine')))._tag).toBe(
          'FsEntryNotFound',
        )
        expect((yield* Effect.flip(fs.rename(other, theirs.fsFileId, 'Taken')))._tag).toBe('FsEntryNotFound')
        const [doc] = (yield* list(owner, null, { searchValue: 'regulations' })).entries
        expect((yield* Effect.flip(fs.rename(other, doc?.fsFileId ?? 0, 'x.pdf')))._tag).toBe(
          'FsEntryNotFound',
        )
        expect((yield* list(other, null, { searchValue: 'regulations' })).total).toBe(0)
      }),
    ),
  )
})
