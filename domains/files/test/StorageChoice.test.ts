import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { FileStorage, uploadThingCustomId } from '@kibitz/files'
import { fileStorageOf, loadConfig } from '@kibitz/infra'
import { startS3Server, startUploadThingServer } from '@kibitz/testing'
import { Effect, Option } from 'effect'

// The runtime's choice of adapter from the environment (STORAGE and the provider variables), each one
// proven by writing through it and finding the bytes where that provider keeps them.

const key = 'event/event-40/documents/programme-1a2b.pdf'
const bytes = new TextEncoder().encode('%PDF-1.4 programme')

const roundTrip = (env: Record<string, string>) =>
  Effect.gen(function* () {
    const storage = fileStorageOf(loadConfig(env))
    yield* Effect.provide(
      FileStorage.use((s) => s.put(key, bytes)),
      storage,
    )
    return yield* Effect.provide(
      FileStorage.use((s) => s.get(key)),
      storage,
    )
  })

describe('fileStorageOf', () => {
  it.live('writes to DATA_DIR/files when STORAGE is unset', () =>
    Effect.gen(function* () {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'kibitz-storage-choice-'))
      const read = yield* roundTrip({ DATA_DIR: dataDir })
      expect(Option.isSome(read)).toBe(true)
      const onDisk = yield* Effect.promise(() => readFile(path.join(dataDir, 'files', key), 'utf8'))
      expect(onDisk).toBe('%PDF-1.4 programme')
    }),
  )

  it.live('writes to the S3 bucket STORAGE=s3 names', () =>
    Effect.gen(function* () {
      const s3 = yield* Effect.acquireRelease(
        Effect.promise(() => startS3Server('kibitz-choice')),
        (server) => Effect.promise(() => server.close()),
      )
      const env = {
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      }
      const read = yield* roundTrip(env)
      expect(Option.map(read, (o) => new TextDecoder().decode(o.bytes))).toEqual(
        Option.some('%PDF-1.4 programme'),
      )
      // The object is in the bucket itself: s3rver answers an unsigned GET (it enforces no ACLs).
      const raw = yield* Effect.promise(() =>
        fetch(`${s3.endpoint}/${s3.bucket}/${key}`).then((response) => response.text()),
      )
      expect(raw).toBe('%PDF-1.4 programme')
    }).pipe(Effect.scoped),
  )

  it.live('uploads to UploadThing when UPLOADTHING_TOKEN is set', () =>
    Effect.gen(function* () {
      const uploadthing = yield* Effect.acquireRelease(
        Effect.promise(() => startUploadThingServer()),
        (server) => Effect.promise(() => server.close()),
      )
      const read = yield* roundTrip({
        UPLOADTHING_TOKEN: uploadthing.token,
        UPLOADTHING_API_URL: uploadthing.apiUrl,
        UPLOADTHING_UFS_URL: uploadthing.ufsUrl,
      })
      expect(Option.isSome(read)).toBe(true)
      expect([...uploadthing.files.values()].map((f) => [f.customId, f.name])).toEqual([
        [uploadThingCustomId(key), 'programme-1a2b.pdf'],
      ])
    }).pipe(Effect.scoped),
  )
})
