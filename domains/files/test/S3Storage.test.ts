import { describe, expect, it } from '@effect/vitest'
import { FileStorage, objectUrl, type S3StorageConfig, type ZipEntry, zipArchive } from '@kibitz/files'
import { startS3Server, type TestS3Server } from '@kibitz/testing'
import { Cause, Effect, Exit, Option } from 'effect'
import { afterAll, beforeAll } from 'vitest'
import { sha256Hex, signRequest } from '../src/internal/SigV4.ts'
import { readZip } from './support/readZip.ts'

let server: TestS3Server
beforeAll(async () => {
  server = await startS3Server()
})
afterAll(() => server.close())

const configOf = (overrides: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
  endpoint: server.endpoint,
  region: server.region,
  bucket: server.bucket,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
  ...overrides,
})

const withS3 = <A, E>(effect: Effect.Effect<A, E, FileStorage>, overrides: Partial<S3StorageConfig> = {}) =>
  Effect.provide(effect, FileStorage.s3(configOf(overrides)))

/** The defect's message of a failed exit (the store's refusals are defects, not typed failures). */
const defectMessage = (exit: Exit.Exit<unknown, unknown>): string => {
  if (Exit.isSuccess(exit)) throw new Error('expected the call to fail')
  const defect = Cause.squash(exit.cause)
  return defect instanceof Error ? defect.message : String(defect)
}

describe('FileStorage.s3', () => {
  it.live('puts, gets and removes an object in the bucket (against s3rver, which checks Signature V4)', () =>
    withS3(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        const key = 'event/event-3/documents/rules-0a1b2c.pdf'
        const bytes = new TextEncoder().encode('%PDF-1.7 rules of the tournament')
        yield* storage.put(key, bytes)

        const stored = yield* storage.get(key)
        expect(Option.map(stored, (o) => [o.contentType, new TextDecoder().decode(o.bytes)])).toEqual(
          Option.some(['application/pdf', '%PDF-1.7 rules of the tournament']),
        )

        // Replacing writes the new bytes under the same key.
        yield* storage.put(key, new Uint8Array([1, 2, 3]))
        expect(Option.map(yield* storage.get(key), (o) => [...o.bytes])).toEqual(Option.some([1, 2, 3]))

        yield* storage.remove(key)
        expect(Option.isNone(yield* storage.get(key))).toBe(true)
        // Removing what is not there succeeds, as the port promises.
        yield* storage.remove(key)
      }),
    ),
  )

  it.live('answers a missing or unsafe key with nothing and writes no unsafe key', () =>
    withS3(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        expect(Option.isNone(yield* storage.get('event/event-3/gallery/none.webp'))).toBe(true)
        expect(Option.isNone(yield* storage.get('../outside.webp'))).toBe(true)
        const unsafe = yield* Effect.exit(storage.put('../outside.webp', new Uint8Array([1])))
        expect(defectMessage(unsafe)).toBe('unsafe object key "../outside.webp"')
      }),
    ),
  )

  it.live('fails every call signed with a wrong secret: the server refuses the signature', () =>
    Effect.gen(function* () {
      const key = 'event/event-4/gallery/photo.webp'
      const put = yield* Effect.exit(
        withS3(
          FileStorage.use((s) => s.put(key, new Uint8Array([9]))),
          { secretAccessKey: 'not-the-secret' },
        ),
      )
      expect(defectMessage(put)).toBe(`S3 PUT kibitz/${key} answered 403 SignatureDoesNotMatch`)
      const get = yield* Effect.exit(
        withS3(
          FileStorage.use((s) => s.get(key)),
          { secretAccessKey: 'not-the-secret' },
        ),
      )
      expect(defectMessage(get)).toBe(`S3 GET kibitz/${key} answered 403 SignatureDoesNotMatch`)
      // Nothing was written by the refused call.
      expect(Option.isNone(yield* withS3(FileStorage.use((s) => s.get(key))))).toBe(true)
    }),
  )

  it.live('fails writes and reads with the service error code when the bucket does not exist', () =>
    Effect.gen(function* () {
      const exit = yield* Effect.exit(
        withS3(
          FileStorage.use((s) => s.put('page/club/other/logo.png', new Uint8Array([1]))),
          { bucket: 'no-such-bucket' },
        ),
      )
      expect(defectMessage(exit)).toBe(
        'S3 PUT no-such-bucket/page/club/other/logo.png answered 404 NoSuchBucket',
      )
      const read = yield* Effect.exit(
        withS3(
          FileStorage.use((s) => s.get('page/club/other/logo.png')),
          { bucket: 'no-such-bucket' },
        ),
      )
      expect(defectMessage(read)).toBe(
        'S3 GET no-such-bucket/page/club/other/logo.png answered 404 NoSuchBucket',
      )
    }),
  )
})

describe('FileStorage.s3 stream', () => {
  /** All of a stream's bytes. */
  const readAll = (stream: ReadableStream<Uint8Array>) =>
    Effect.promise(() => new Response(stream).arrayBuffer()).pipe(
      Effect.map((buffer) => new Uint8Array(buffer)),
    )

  it.live("streams an object's bytes with its size and type, and nothing for a missing or unsafe key", () =>
    withS3(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        const key = 'event/event-3/documents/streamed-9f8e.pdf'
        const bytes = new Uint8Array(1_500_000).map((_, index) => (index * 13) % 256)
        yield* storage.put(key, bytes)

        const found = yield* storage.stream(key)
        if (Option.isNone(found)) throw new Error('expected the stored object')
        expect([found.value.size, found.value.contentType]).toEqual([1_500_000, 'application/pdf'])
        expect(Buffer.from(yield* readAll(found.value.stream)).equals(Buffer.from(bytes))).toBe(true)

        // A stream cancelled after its first chunk leaves the store answering the next call.
        const again = yield* storage.stream(key)
        if (Option.isNone(again)) throw new Error('expected the stored object')
        const reader = again.value.stream.getReader()
        expect((yield* Effect.promise(() => reader.read())).done).toBe(false)
        yield* Effect.promise(() => reader.cancel())
        expect(Option.isSome(yield* storage.stream(key))).toBe(true)

        expect(Option.isNone(yield* storage.stream('event/event-3/documents/none.pdf'))).toBe(true)
        expect(Option.isNone(yield* storage.stream('../outside.pdf'))).toBe(true)
        yield* storage.remove(key)
        expect(Option.isNone(yield* storage.stream(key))).toBe(true)
      }),
    ),
  )

  it.live('zips objects read from the bucket one by one, leaving out one that is gone', () =>
    withS3(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        const rulesKey = 'event/event-9/documents/rules.pdf'
        const boardKey = 'event/event-9/gallery/board.webp'
        const rules = new TextEncoder().encode('%PDF-1.7 rules')
        const board = new Uint8Array(300_000).fill(42)
        yield* storage.put(rulesKey, rules)
        yield* storage.put(boardKey, board)
        const entry = (name: string, key: string): ZipEntry => ({
          kind: 'file',
          name,
          mtime: new Date('2026-11-20T10:30:00Z'),
          open: Effect.map(
            storage.stream(key),
            Option.map((found) => found.stream),
          ),
        })
        const zip = yield* zipArchive([
          entry('Rules/rules.pdf', rulesKey),
          entry('Rules/gone.pdf', 'event/event-9/documents/gone.pdf'),
          entry('board.webp', boardKey),
        ])
        const bytes = new Uint8Array(yield* Effect.promise(() => new Response(zip).arrayBuffer()))

        const entries = yield* Effect.promise(() => readZip(bytes))
        expect(entries.map((e) => e.name)).toEqual(['Rules/rules.pdf', 'board.webp'])
        expect(entries.map((e) => e.bytes)).toEqual([rules, board])
      }),
    ),
  )

  it.live('fails like get when the bucket does not exist or the signature is refused', () =>
    Effect.gen(function* () {
      const key = 'page/club/other/logo.png'
      const missingBucket = yield* Effect.exit(
        withS3(
          FileStorage.use((s) => s.stream(key)),
          { bucket: 'no-such-bucket' },
        ),
      )
      expect(defectMessage(missingBucket)).toBe(`S3 GET no-such-bucket/${key} answered 404 NoSuchBucket`)
      const wrongSecret = yield* Effect.exit(
        withS3(
          FileStorage.use((s) => s.stream(key)),
          { secretAccessKey: 'not-the-secret' },
        ),
      )
      expect(defectMessage(wrongSecret)).toBe(`S3 GET kibitz/${key} answered 403 SignatureDoesNotMatch`)
    }),
  )
})

describe('objectUrl', () => {
  const config: S3StorageConfig = {
    endpoint: 'https://s3.eu-central-1.amazonaws.com',
    region: 'eu-central-1',
    bucket: 'kibitz-files',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
    forcePathStyle: false,
  }

  it('puts the bucket in the path when path style is forced', () => {
    expect(objectUrl({ ...config, forcePathStyle: true }, 'event/event-1/gallery/a.webp').href).toBe(
      'https://s3.eu-central-1.amazonaws.com/kibitz-files/event/event-1/gallery/a.webp',
    )
  })

  it('puts the bucket in the host name otherwise (virtual-hosted style), keeping a port and base path', () => {
    expect(objectUrl({ ...config, forcePathStyle: false }, 'event/event-1/gallery/a.webp').href).toBe(
      'https://kibitz-files.s3.eu-central-1.amazonaws.com/event/event-1/gallery/a.webp',
    )
    expect(
      objectUrl(
        { ...config, endpoint: 'http://minio.internal:9000/storage/', forcePathStyle: true },
        'a/b.png',
      ).href,
    ).toBe('http://minio.internal:9000/storage/kibitz-files/a/b.png')
  })
})

describe('signRequest', () => {
  it('gives the signature of the GET Object example in the AWS Signature V4 documentation', () => {
    const emptyHash = sha256Hex('')
    const signed = signRequest(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
        now: new Date('2013-05-24T00:00:00Z'),
      },
    )
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })
})
