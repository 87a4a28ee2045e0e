import { createHash, createHmac } from 'node:crypto'
import path from 'node:path'
import { Clock, Effect, Option, Schema } from 'effect'
import type { StoredObject, StoredStream } from '../Storage.ts'
import { bytesOf, excerptOf, fetchProvider, redact } from './Http.ts'
import { contentTypeOf, isObjectKey, unsafeKey } from './ObjectKeys.ts'
// Shared with the S3 adapter, which met them first; Http.ts is their home once more than two adapters stream.
import { fetchProviderHeaders, storedStreamOf } from './S3Storage.ts'

// UploadThing's documented server REST API over fetch (docs/decisions/016-file-storage-adapters.md):
//   POST {api}/v7/prepareUpload  → a presigned ingest URL for one file, which is then PUT as multipart form data;
//   POST {api}/v6/deleteFiles    → removes files by custom id;
//   GET  {ufs}/f/{customId}      → reads a file back, with the documented HMAC-signed URL so private apps work too.
// The `uploadthing` package's UTApi would bring a second copy of effect (v3) into the domain for three calls.

/** The `{ apiKey, appId, regions }` inside an UPLOADTHING_TOKEN (base64 JSON, from the UploadThing dashboard). */
const UploadThingToken = Schema.Struct({
  apiKey: Schema.String.check(Schema.isNonEmpty()),
  appId: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]+$/)),
  regions: Schema.Array(Schema.String),
})
export type UploadThingToken = typeof UploadThingToken.Type

const decodeToken = Schema.decodeUnknownOption(UploadThingToken)

/** The token's parts, or none when `token` is not base64 JSON of that shape. */
export const parseUploadThingToken = (token: string): Option.Option<UploadThingToken> => {
  const trimmed = token.trim()
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) return Option.none()
  try {
    return decodeToken(JSON.parse(Buffer.from(trimmed, 'base64').toString('utf8')))
  } catch {
    return Option.none()
  }
}

/** Where the UploadThing adapter sends its calls; every URL can be pointed elsewhere (tests, a proxy). */
export interface UploadThingStorageConfig {
  /** UPLOADTHING_TOKEN. */
  readonly token: string
  /** The REST API; `https://api.uploadthing.com` by default. */
  readonly apiUrl?: string | undefined
  /** Where files are read from; `https://<appId>.ufs.sh` by default. */
  readonly ufsUrl?: string | undefined
}

/** The UploadThing custom id standing for an object key: its SHA-256, so any key fits and none can collide. */
export const uploadThingCustomId = (key: string): string => createHash('sha256').update(key).digest('hex')

const PreparedUpload = Schema.Struct({ key: Schema.String, url: Schema.String })
const decodePrepared = Schema.decodeUnknownOption(PreparedUpload)

/** How long a signed read URL stays valid; the read follows at once. */
const readUrlTtlMs = 5 * 60 * 1000

export const makeUploadThingStorage = (config: UploadThingStorageConfig) => {
  const token = Option.getOrThrowWith(
    parseUploadThingToken(config.token),
    () => new Error('UPLOADTHING_TOKEN is not base64 JSON of { apiKey, appId, regions }'),
  )
  const apiUrl = (config.apiUrl ?? 'https://api.uploadthing.com').replace(/\/+$/, '')
  const ufsUrl = (config.ufsUrl ?? `https://${token.appId}.ufs.sh`).replace(/\/+$/, '')

  const api = (pathname: string, body: unknown) =>
    fetchProvider(`${apiUrl}${pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-uploadthing-api-key': token.apiKey,
        'x-uploadthing-version': '7.7.4',
      },
      body: JSON.stringify(body),
    })

  const refused = (what: string, key: string, response: Response) =>
    Effect.flatMap(excerptOf(response), (body) =>
      Effect.die(new Error(`UploadThing ${what} ${key} answered ${response.status}: ${body}`)),
    )

  const removeByCustomId = (key: string, customId: string) =>
    Effect.gen(function* () {
      const response = yield* api('/v6/deleteFiles', { customIds: [customId] })
      if (!response.ok && response.status !== 404) return yield* refused('deleteFiles', key, response)
      yield* excerptOf(response)
    })

  /** The documented signed file URL: `expires` (ms) and an HMAC-SHA256 of the URL with the API key. */
  const signedReadUrl = (customId: string) =>
    Effect.map(Clock.currentTimeMillis, (now) => {
      const url = new URL(`${ufsUrl}/f/${customId}`)
      url.searchParams.set('expires', String(now + readUrlTtlMs))
      const signature = createHmac('sha256', token.apiKey).update(url.href).digest('hex')
      url.searchParams.set('signature', `hmac-sha256=${signature}`)
      return url
    })

  /** The file's answer through a signed URL when there is a file; a refusal is a defect. */
  const read = (key: string, fetchWith: typeof fetchProvider) =>
    Effect.gen(function* () {
      const response = yield* fetchWith(yield* signedReadUrl(uploadThingCustomId(key)), { method: 'GET' })
      if (response.status === 404) {
        yield* excerptOf(response)
        return Option.none<Response>()
      }
      if (!response.ok) return yield* refused('read', key, response)
      return Option.some(response)
    })

  return {
    put: (key: string, bytes: Uint8Array) =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return yield* Effect.die(unsafeKey(key))
        const customId = uploadThingCustomId(key)
        // A custom id is unique in the app: replacing an object means removing the old file first.
        yield* removeByCustomId(key, customId)
        const fileName = path.posix.basename(key)
        const fileType = contentTypeOf(key)
        const prepared = yield* api('/v7/prepareUpload', {
          fileName,
          fileSize: bytes.byteLength,
          fileType,
          customId,
          contentDisposition: 'inline',
        })
        if (!prepared.ok) return yield* refused('prepareUpload', key, prepared)
        const presigned = decodePrepared(yield* Effect.promise(() => prepared.json()))
        if (Option.isNone(presigned))
          return yield* Effect.die(
            new Error(`UploadThing prepareUpload ${key}: no key and url in the answer`),
          )
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(bytes)], { type: fileType }), fileName)
        const uploaded = yield* fetchProvider(presigned.value.url, {
          method: 'PUT',
          headers: { range: 'bytes=0-', 'x-uploadthing-version': '7.7.4' },
          body: form,
        })
        if (!uploaded.ok) return yield* refused(`upload to ${redact(presigned.value.url)}`, key, uploaded)
        yield* excerptOf(uploaded)
      }),
    get: (key: string): Effect.Effect<Option.Option<StoredObject>> =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return Option.none()
        const response = yield* read(key, fetchProvider)
        if (Option.isNone(response)) return Option.none()
        return Option.some({ bytes: yield* bytesOf(response.value), contentType: contentTypeOf(key) })
      }),
    stream: (key: string): Effect.Effect<Option.Option<StoredStream>> =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return Option.none()
        const response = yield* read(key, fetchProviderHeaders)
        return Option.map(response, (ok) => storedStreamOf(ok, contentTypeOf(key)))
      }),
    remove: (key: string) =>
      isObjectKey(key) ? removeByCustomId(key, uploadThingCustomId(key)) : Effect.void,
  }
}
