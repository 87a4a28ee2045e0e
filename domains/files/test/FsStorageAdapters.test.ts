import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import {
  FileStorage,
  FileSystem,
  FilesConfig,
  FileUsage,
  FsDownloads,
  type FsUploadFile,
  FsUploads,
} from '@kibitz/files'
import { Em, OrganiserId } from '@kibitz/kernel'
import {
  insertOrganiser,
  startS3Server,
  startUploadThingServer,
  type TestS3Server,
  type TestUploadThingServer,
  useDomainDatabase,
} from '@kibitz/testing'
import { Effect, Layer, Option } from 'effect'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'
import { bytesOf, readZip } from './support/readZip.ts'

// Every file-tree operation on each storage adapter (docs/decisions/040): a folder upload, a single download, a
// streamed zip of a selection with its folders, and deletion, on local disk and on a real S3-compatible server
// (s3rver, which checks Signature V4) and on UploadThing's documented API served locally.

const db = useDomainDatabase()
let s3: TestS3Server
let uploadThing: TestUploadThingServer
beforeAll(async () => {
  s3 = await startS3Server()
  uploadThing = await startUploadThingServer()
})
afterAll(async () => {
  await s3.close()
  await uploadThing.close()
})

const adapters: ReadonlyArray<readonly [string, () => Layer.Layer<FileStorage>]> = [
  ['local disk', () => FileStorage.local(mkdtempSync(path.join(tmpdir(), 'kibitz-fs-adapters-')))],
  [
    'an S3-compatible server',
    () =>
      FileStorage.s3({
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      }),
  ],
  [
    'UploadThing (its documented API on a local server)',
    () =>
      FileStorage.uploadthing({
        token: uploadThing.token,
        apiUrl: uploadThing.apiUrl,
        ufsUrl: uploadThing.ufsUrl,
      }),
  ],
]

const text = (t: string) => new TextEncoder().encode(t)
const pdf = (t: string) => text(`%PDF-1.7\n% ${t}\ntrailer <<>>\n%%EOF\n`)

describe.each(adapters)('the file tree on %s', (_name, storage) => {
  it.live(
    'uploads a folder, downloads a file and a zip of a selection, and deletes, leaving no object',
    () => {
      const store = storage()
      const layer = Layer.mergeAll(FileSystem.layer, FsUploads.layer, FsDownloads.layer).pipe(
        Layer.provideMerge(
          Layer.mergeAll(store, FileUsage.combining([]), Layer.succeed(FilesConfig, { quotaBytes: 1 << 30 })),
        ),
      )
      return Effect.gen(function* () {
        const owner = OrganiserId.make(yield* Effect.promise(() => insertOrganiser(db.orm)))
        const fs = yield* FileSystem
        const photo = new Uint8Array(
          yield* Effect.promise(() =>
            sharp({ create: { width: 700, height: 400, channels: 3, background: '#095741' } })
              .jpeg()
              .toBuffer(),
          ),
        )
        const season = yield* fs.createFolder(owner, null, 'Season 2026')
        yield* fs.createFolder(owner, season.fsFileId, 'Empty for now')
        const files: ReadonlyArray<FsUploadFile> = [
          { relativePath: 'Rules/Regulations.pdf', bytes: pdf('regulations') },
          { relativePath: 'Rules/regulations.pdf', bytes: pdf('the same name') },
          { relativePath: 'Photos/Hall.jpg', bytes: photo },
          { relativePath: 'Notes – vilnius.txt', bytes: text('Šiauliai, Vilnius: 2 tables') },
        ]
        const stored = yield* FsUploads.use((u) => u.upload(owner, season.fsFileId, files))
        expect(stored.map((e) => e.filename)).toEqual([
          'Regulations.pdf',
          'regulations (2).pdf',
          'Hall.jpg',
          'Notes – vilnius.txt',
        ])

        // One file as stored, under its name.
        const notes = stored[3]
        if (notes === undefined) throw new Error('four files stored')
        const single = yield* FsDownloads.use((d) => d.single(owner, notes.fsFileId))
        expect([single.filename, single.contentType]).toEqual([
          'Notes – vilnius.txt',
          'text/plain; charset=utf-8',
        ])
        expect(yield* Effect.promise(() => bytesOf(single.stream))).toEqual(
          text('Šiauliai, Vilnius: 2 tables'),
        )

        // The folder and a file beside it: the folder keeps its name, what is under it its path; the empty folder is
        // there, and the image is the stored WebP.
        const outside = yield* fs.createFolder(owner, null, 'Loose')
        const [loose] = yield* FsUploads.use((u) =>
          u.upload(owner, outside.fsFileId, [{ relativePath: 'Notes – vilnius.txt', bytes: text('other') }]),
        )
        const zip = yield* FsDownloads.use((d) => d.zip(owner, [season.fsFileId, loose?.fsFileId ?? 0]))
        expect([zip.filename, zip.contentType]).toEqual(['files.zip', 'application/zip'])
        const entries = yield* Effect.promise(async () => readZip(await bytesOf(zip.stream)))
        expect(entries.map((e) => e.name).sort()).toEqual(
          [
            'Season 2026/',
            'Season 2026/Empty for now/',
            'Season 2026/Photos/',
            'Season 2026/Rules/',
            'Season 2026/Notes – vilnius.txt',
            'Season 2026/Photos/Hall.jpg',
            'Season 2026/Rules/Regulations.pdf',
            'Season 2026/Rules/regulations (2).pdf',
            'Notes – vilnius.txt',
          ].sort(),
        )
        const byName = new Map(entries.map((e) => [e.name, e.bytes]))
        expect(byName.get('Season 2026/Rules/regulations (2).pdf')).toEqual(pdf('the same name'))
        expect(byName.get('Notes – vilnius.txt')).toEqual(text('other'))
        const hall = byName.get('Season 2026/Photos/Hall.jpg')
        expect(hall && (yield* Effect.promise(() => sharp(hall).metadata())).format).toBe('webp')

        // One folder alone is named after it; another organiser's ids are not found.
        expect((yield* FsDownloads.use((d) => d.zip(owner, [season.fsFileId]))).filename).toBe(
          'Season 2026.zip',
        )
        const other = OrganiserId.make(yield* Effect.promise(() => insertOrganiser(db.orm)))
        expect(yield* Effect.flip(FsDownloads.use((d) => d.zip(other, [season.fsFileId])))).toMatchObject({
          _tag: 'FsEntryNotFound',
        })
        expect(yield* Effect.flip(FsDownloads.use((d) => d.single(other, notes.fsFileId)))).toMatchObject({
          _tag: 'FsEntryNotFound',
        })

        // Deleting the folder removes every object: none can be read any more.
        const keys = stored.map((e) => e.path)
        yield* fs.remove(owner, season.fsFileId)
        const storageService = yield* FileStorage
        for (const key of keys) expect(Option.isNone(yield* storageService.get(key))).toBe(true)
      }).pipe(Effect.provide(layer), Effect.provideService(Em, db.orm.em.fork()))
    },
  )
})
