import { describe, expect, it } from '@effect/vitest'
import { FileStorage, parseUploadThingToken, uploadThingCustomId } from '@kibitz/files'
import { startUploadThingServer, type TestUploadThingServer } from '@kibitz/testing'
import { Cause, Effect, Exit, Option } from 'effect'
import { afterAll, beforeAll } from 'vitest'

let server: TestUploadThingServer
beforeAll(async () => {
  server = await startUploadThingServer()
})
afterAll(() => server.close())

const withUploadThing = <A, E>(effect: Effect.Effect<A, E, FileStorage>, token = server.token) =>
  Effect.provide(effect, FileStorage.uploadthing({ token, apiUrl: server.apiUrl, ufsUrl: server.ufsUrl }))

const defectMessage = (exit: Exit.Exit<unknown, unknown>): string => {
  if (Exit.isSuccess(exit)) throw new Error('expected the call to fail')
  const defect = Cause.squash(exit.cause)
  return defect instanceof Error ? defect.message : String(defect)
}

const tokenWith = (apiKey: string) =>
  Buffer.from(JSON.stringify({ apiKey, appId: server.appId, regions: ['fra1'] })).toString('base64')

describe('FileStorage.uploadthing', () => {
  it.live(
    'uploads a file under the custom id of its key, reads it back through a signed URL, and deletes it',
    () =>
      withUploadThing(
        Effect.gen(function* () {
          const storage = yield* FileStorage
          const key = 'event/event-5/gallery/final-round-3f2a.webp'
          yield* storage.put(key, new Uint8Array([82, 73, 70, 70, 1, 2, 3]))

          const held = [...server.files.values()].filter((f) => f.customId === uploadThingCustomId(key))
          expect(held.map((f) => [f.name, f.type, [...f.bytes]])).toEqual([
            ['final-round-3f2a.webp', 'image/webp', [82, 73, 70, 70, 1, 2, 3]],
          ])

          const read = yield* storage.get(key)
          expect(Option.map(read, (o) => [o.contentType, [...o.bytes]])).toEqual(
            Option.some(['image/webp', [82, 73, 70, 70, 1, 2, 3]]),
          )

          yield* storage.remove(key)
          expect([...server.files.values()].some((f) => f.customId === uploadThingCustomId(key))).toBe(false)
          expect(Option.isNone(yield* storage.get(key))).toBe(true)
          yield* storage.remove(key)
        }),
      ),
  )

  it.live('replaces the file held under a key instead of refusing the second upload', () =>
    withUploadThing(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        const key = 'page/club/documents/statute.pdf'
        yield* storage.put(key, new Uint8Array([1]))
        yield* storage.put(key, new Uint8Array([2, 2]))
        expect(Option.map(yield* storage.get(key), (o) => [...o.bytes])).toEqual(Option.some([2, 2]))
        expect(
          [...server.files.values()].filter((f) => f.customId === uploadThingCustomId(key)),
        ).toHaveLength(1)
      }),
    ),
  )

  it.live('answers a missing or unsafe key with nothing', () =>
    withUploadThing(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        expect(Option.isNone(yield* storage.get('event/event-5/gallery/none.webp'))).toBe(true)
        expect(Option.isNone(yield* storage.get('../etc/passwd'))).toBe(true)
      }),
    ),
  )

  it.live('fails uploads and reads made with a wrong API key: the API and the file host refuse them', () =>
    Effect.gen(function* () {
      const key = 'event/event-6/gallery/a.webp'
      const put = yield* Effect.exit(
        withUploadThing(
          FileStorage.use((s) => s.put(key, new Uint8Array([1]))),
          tokenWith('sk_live_wrong'),
        ),
      )
      expect(defectMessage(put)).toBe(
        `UploadThing deleteFiles ${key} answered 401: {"error":"Invalid API key"}`,
      )

      yield* withUploadThing(FileStorage.use((s) => s.put(key, new Uint8Array([1]))))
      const get = yield* Effect.exit(
        withUploadThing(
          FileStorage.use((s) => s.get(key)),
          tokenWith('sk_live_wrong'),
        ),
      )
      expect(defectMessage(get)).toBe(
        `UploadThing read ${key} answered 403: {"error":"Invalid or expired signature"}`,
      )
    }),
  )
})

describe('FileStorage.uploadthing stream', () => {
  /** All of a stream's bytes. */
  const readAll = (stream: ReadableStream<Uint8Array>) =>
    Effect.promise(() => new Response(stream).arrayBuffer()).pipe(
      Effect.map((buffer) => new Uint8Array(buffer)),
    )

  it.live("streams a file's bytes through a signed URL, and nothing for a missing or unsafe key", () =>
    withUploadThing(
      Effect.gen(function* () {
        const storage = yield* FileStorage
        const key = 'event/event-5/documents/streamed-4c4c.pdf'
        const bytes = new Uint8Array(700_000).map((_, index) => (index * 31) % 256)
        yield* storage.put(key, bytes)

        const found = yield* storage.stream(key)
        if (Option.isNone(found)) throw new Error('expected the stored file')
        expect([found.value.size, found.value.contentType]).toEqual([700_000, 'application/pdf'])
        expect(Buffer.from(yield* readAll(found.value.stream)).equals(Buffer.from(bytes))).toBe(true)

        expect(Option.isNone(yield* storage.stream('event/event-5/documents/none.pdf'))).toBe(true)
        expect(Option.isNone(yield* storage.stream('../etc/passwd'))).toBe(true)
        yield* storage.remove(key)
        expect(Option.isNone(yield* storage.stream(key))).toBe(true)
      }),
    ),
  )

  it.live('fails like get when the file host refuses the signature', () =>
    Effect.gen(function* () {
      const key = 'event/event-6/gallery/streamed.webp'
      yield* withUploadThing(FileStorage.use((s) => s.put(key, new Uint8Array([1]))))
      const read = yield* Effect.exit(
        withUploadThing(
          FileStorage.use((s) => s.stream(key)),
          tokenWith('sk_live_wrong'),
        ),
      )
      expect(defectMessage(read)).toBe(
        `UploadThing read ${key} answered 403: {"error":"Invalid or expired signature"}`,
      )
    }),
  )
})

describe('parseUploadThingToken', () => {
  it('reads the API key, app id and regions of a dashboard token', () => {
    const token = Buffer.from(
      JSON.stringify({ apiKey: 'sk_live_x', appId: 'abc123', regions: ['sea1'] }),
    ).toString('base64')
    expect(parseUploadThingToken(token)).toEqual(
      Option.some({ apiKey: 'sk_live_x', appId: 'abc123', regions: ['sea1'] }),
    )
  })

  it.each([
    'sk_live_only-the-api-key',
    Buffer.from('not json').toString('base64'),
    Buffer.from(JSON.stringify({ apiKey: 'sk', regions: [] })).toString('base64'),
    Buffer.from(JSON.stringify({ apiKey: '', appId: 'a', regions: [] })).toString('base64'),
  ])('refuses %j', (token) => {
    expect(Option.isNone(parseUploadThingToken(token))).toBe(true)
  })
})

describe('uploadThingCustomId', () => {
  it('is the SHA-256 of the key: stable, 64 characters, different for different keys', () => {
    const id = uploadThingCustomId('event/event-1/gallery/a.webp')
    expect(id).toMatch(/^[0-9a-f]{64}$/)
    expect(uploadThingCustomId('event/event-1/gallery/a.webp')).toBe(id)
    expect(uploadThingCustomId('event/event-1/gallery/b.webp')).not.toBe(id)
  })
})
