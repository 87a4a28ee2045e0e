// The file tree's transfers (issue 17, docs/decisions/040): a zip of 500 files and 200 MB streamed from the
// local store, against reading the same objects one after another from the same store (the baseline of the same
// run), with the process's memory watched while it goes; and 100 photos uploaded through the file tree (re-encoded
// with their thumbnails, stored, recorded), against re-encoding the same photo with sharp alone.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FileStorage, FileSystem, FilesConfig, FileUsage, FsDownloads, FsUploads } from '@kibitz/files'
import { Database, withEm } from '@kibitz/infra'
import { type Em, OrganiserId } from '@kibitz/kernel'
import { Effect, Layer, ManagedRuntime, Option, Schema } from 'effect'
import sharp from 'sharp'
import { type Figure, figure, median, now } from './measure.ts'

const zipFiles = 500
const zipFileBytes = 400 * 1024
const uploads = 100

const decodeIds = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))

/** Reads a web stream to its end, counting its bytes. */
const drain = async (stream: ReadableStream<Uint8Array>) => {
  let bytes = 0
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
  }
}

/** The highest resident set size seen while `work` runs, sampled every 20 ms, in bytes. */
const peakRss = async <A>(work: () => Promise<A>): Promise<[A, number]> => {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  try {
    const result = await work()
    return [result, Math.max(peak, process.memoryUsage.rss())]
  } finally {
    clearInterval(timer)
  }
}

/** A photo-like JPEG (noise does not compress): what a phone uploads, about 1 MB. */
const photo = async () =>
  new Uint8Array(
    await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } })
      .blur(1.2)
      .jpeg({ quality: 85 })
      .toBuffer(),
  )

export const fileTransfersScenario = async (databaseUrl: string): Promise<ReadonlyArray<Figure>> => {
  const section = 'File manager transfers (local store)'
  const root = mkdtempSync(path.join(tmpdir(), 'kibitz-bench-files-'))
  const storage = FileStorage.local(root)
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(FileSystem.layer, FsUploads.layer, FsDownloads.layer).pipe(
      Layer.provideMerge(
        Layer.mergeAll(storage, FileUsage.combining([]), Layer.succeed(FilesConfig, { quotaBytes: 2 ** 40 })),
      ),
      Layer.provideMerge(Database.layer(databaseUrl, { poolMax: 4 })),
    ),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, FileSystem | FsUploads | FsDownloads | FileStorage | Em>) =>
    runtime.runPromise(withEm(Effect.orDie(effect)))
  try {
    const orm = await runtime.runPromise(Database)
    const [organiser] = decodeIds(
      await orm.em.fork().execute('select id from organiser where status = 3 order by id desc limit 1'),
    )
    if (!organiser) throw new Error('the world has no accepted organiser')
    const owner = OrganiserId.make(organiser.id)
    const tag = randomBytes(4).toString('hex')

    // 500 objects of 400 kB, incompressible as photos are, in one folder of the tree.
    const folder = await run(FileSystem.use((fs) => fs.createFolder(owner, null, `Bench zip ${tag}`)))
    const chunk = 50
    for (let at = 0; at < zipFiles; at += chunk)
      await run(
        FsUploads.use((u) =>
          u.upload(
            owner,
            folder.fsFileId,
            Array.from({ length: Math.min(chunk, zipFiles - at) }, (_, i) => {
              const bytes = new Uint8Array(randomBytes(zipFileBytes))
              bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
              return { relativePath: `Results ${at + i + 1}.pdf`, bytes }
            }),
          ),
        ),
      )
    const keys = (await orm.em
      .fork()
      .execute('select path from stored_file where owner_organiser_id = ? and folder = ? order by id', [
        organiser.id,
        folder.path,
      ])) as Array<{ path: string }>

    // The baseline: the same objects read one after another from the same store.
    const readStart = now()
    let readBytes = 0
    for (const { path: key } of keys) {
      const object = await run(FileStorage.use((s) => s.stream(key)))
      if (Option.isSome(object)) readBytes += await drain(object.value.stream)
    }
    const readSeconds = (now() - readStart) / 1000

    global.gc?.()
    const rssBefore = process.memoryUsage.rss()
    const zipStart = now()
    const [zipBytes, peak] = await peakRss(async () =>
      drain((await run(FsDownloads.use((d) => d.zip(owner, [folder.fsFileId])))).stream),
    )
    const zipSeconds = (now() - zipStart) / 1000
    const zipRate = zipBytes / 1e6 / zipSeconds
    const readRate = readBytes / 1e6 / readSeconds

    // 100 photos uploaded one at a time into the tree, against sharp re-encoding the same photo alone.
    const picture = await photo()
    const photos = await run(FileSystem.use((fs) => fs.createFolder(owner, null, `Bench photos ${tag}`)))
    const perUpload: Array<number> = []
    for (let i = 0; i < uploads; i++) {
      const start = now()
      await run(
        FsUploads.use((u) =>
          u.upload(owner, photos.fsFileId, [{ relativePath: `Photo ${i}.jpg`, bytes: picture }]),
        ),
      )
      perUpload.push(now() - start)
    }
    const perEncode: Array<number> = []
    for (let i = 0; i < 10; i++) {
      const start = now()
      await sharp(picture).rotate().webp({ quality: 82 }).toBuffer()
      perEncode.push(now() - start)
    }
    const upload = median(perUpload)
    const encode = median(perEncode)

    return [
      figure(
        section,
        'files.zip.rate',
        `zip of ${zipFiles} files, ${Math.round(zipBytes / 1e6)} MB`,
        zipRate,
        'MB/s',
        {
          better: 'higher',
          goal: 50,
        },
      ),
      figure(section, 'files.zip.read', 'baseline: the same objects read one by one', readRate, 'MB/s', {
        better: 'higher',
      }),
      figure(section, 'files.zip.ratio', 'zip rate ÷ read rate', zipRate / readRate, '×', {
        better: 'higher',
        tracked: true,
      }),
      figure(
        section,
        'files.zip.rss',
        'memory while zipping: peak resident growth',
        Math.max(0, peak - rssBefore) / 1e6,
        'MB',
        { better: 'lower' },
      ),
      figure(section, 'files.upload.image', `${uploads} photos uploaded: median per photo`, upload, 'ms', {
        better: 'lower',
      }),
      figure(section, 'files.upload.encode', 'baseline: sharp re-encoding the photo alone', encode, 'ms', {
        better: 'lower',
      }),
      figure(section, 'files.upload.ratio', 'upload ÷ re-encoding alone', upload / encode, '×', {
        better: 'lower',
        tracked: true,
      }),
    ]
  } finally {
    await runtime.dispose()
    rmSync(root, { recursive: true, force: true })
  }
}
