import { Clock, Effect, Option } from 'effect'
import type { StoredObject, StoredStream } from '../Storage.ts'
import { bytesOf, excerptOf, fetchProvider, providerTimeoutMs, redact } from './Http.ts'
import { contentTypeOf, isObjectKey, unsafeKey } from './ObjectKeys.ts'
import { amzDate, encodeRfc3986, sha256Hex, signRequest } from './SigV4.ts'

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …) and the keys to sign with. */
export interface S3StorageConfig {
  /** The service's base URL, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  readonly endpoint: string
  readonly region: string
  readonly bucket: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers need it). */
  readonly forcePathStyle: boolean
}

/** The URL of `key` in the bucket, path-style or virtual-hosted. */
export const objectUrl = (config: S3StorageConfig, key: string): URL => {
  const base = new URL(config.endpoint)
  const basePath = base.pathname.replace(/\/+$/, '')
  const encodedKey = key.split('/').map(encodeRfc3986).join('/')
  if (config.forcePathStyle) {
    base.pathname = `${basePath}/${encodeRfc3986(config.bucket)}/${encodedKey}`
  } else {
    base.hostname = `${config.bucket}.${base.hostname}`
    base.pathname = `${basePath}/${encodedKey}`
  }
  return base
}

/**
 * `fetch` for a body that is streamed rather than read at once: like `fetchProvider`, interrupted with the fiber
 * and a network failure a defect, but `providerTimeoutMs` bounds the wait for the answer's headers only, since
 * the body is read as fast as its consumer (a zip download) takes it. Cancelling the body closes the connection.
 */
export const fetchProviderHeaders = (url: URL | string, init: RequestInit): Effect.Effect<Response> =>
  Effect.tryPromise({
    try: (signal) => {
      const controller = new AbortController()
      const abort = () => controller.abort(signal.reason)
      signal.addEventListener('abort', abort, { once: true })
      const timer = setTimeout(
        () => controller.abort(new DOMException('no answer from the provider', 'TimeoutError')),
        providerTimeoutMs,
      )
      return fetch(url, { ...init, signal: controller.signal }).finally(() => {
        clearTimeout(timer)
        signal.removeEventListener('abort', abort)
      })
    },
    catch: (cause) => new Error(`${init.method ?? 'GET'} ${redact(url)} failed`, { cause }),
  }).pipe(Effect.orDie)

/** The body of a successful answer as a stored stream; its size from Content-Length when the provider sends it. */
export const storedStreamOf = (response: Response, contentType: string): StoredStream => {
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  return {
    stream: response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() }),
    size: Number.isSafeInteger(length) && length >= 0 ? length : null,
    contentType,
  }
}

/** The three object calls of S3's REST API: PutObject, GetObject, DeleteObject, each signed with SigV4. */
export const makeS3Storage = (config: S3StorageConfig) => {
  const signingKey = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  }

  const send = (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, streamed = false) =>
    Effect.gen(function* () {
      const url = objectUrl(config, key)
      const now = new Date(yield* Clock.currentTimeMillis)
      const payloadHash = sha256Hex(body ?? '')
      const headers: Record<string, string> = {
        host: url.host,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': amzDate(now),
        ...(body ? { 'content-type': contentTypeOf(key) } : {}),
      }
      const { authorization } = signRequest(signingKey, { method, url, headers, payloadHash, now })
      // fetch sets Host itself, from the same URL; it may not be passed explicitly.
      const { host: _, ...sent } = headers
      return yield* (streamed ? fetchProviderHeaders : fetchProvider)(url, {
        method,
        headers: { ...sent, authorization },
        ...(body ? { body: new Blob([new Uint8Array(body)]) } : {}),
      })
    })

  const errorCode = (body: string) => /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? 'no error code'

  /** A refusal the store cannot recover from (bad credentials, missing bucket, …): a defect naming S3's code. */
  const refusedWith = (method: string, key: string, status: number, body: string) =>
    Effect.die(new Error(`S3 ${method} ${config.bucket}/${key} answered ${status} ${errorCode(body)}`))

  const refused = (method: string, key: string, response: Response) =>
    Effect.flatMap(excerptOf(response), (body) => refusedWith(method, key, response.status, body))

  /** GetObject's answer when there is an object; a missing bucket or a refusal is a defect. */
  const found = (key: string, response: Response) =>
    Effect.gen(function* () {
      if (response.status === 404) {
        // A missing object is absent; a missing bucket is a misconfiguration, not an empty store.
        const body = yield* excerptOf(response)
        if (errorCode(body) === 'NoSuchBucket') return yield* refusedWith('GET', key, 404, body)
        return Option.none<Response>()
      }
      if (!response.ok) return yield* refused('GET', key, response)
      return Option.some(response)
    })

  return {
    put: (key: string, bytes: Uint8Array) =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return yield* Effect.die(unsafeKey(key))
        const response = yield* send('PUT', key, bytes)
        if (!response.ok) return yield* refused('PUT', key, response)
        yield* Effect.promise(() => response.arrayBuffer())
      }),
    get: (key: string): Effect.Effect<Option.Option<StoredObject>> =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return Option.none()
        const response = yield* found(key, yield* send('GET', key))
        if (Option.isNone(response)) return Option.none()
        return Option.some({ bytes: yield* bytesOf(response.value), contentType: contentTypeOf(key) })
      }),
    stream: (key: string): Effect.Effect<Option.Option<StoredStream>> =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return Option.none()
        const response = yield* found(key, yield* send('GET', key, undefined, true))
        return Option.map(response, (ok) => storedStreamOf(ok, contentTypeOf(key)))
      }),
    remove: (key: string) =>
      Effect.gen(function* () {
        if (!isObjectKey(key)) return
        const response = yield* send('DELETE', key)
        // S3 answers 204 whether or not the object existed; some compatible servers answer 404 for a missing one.
        if (!response.ok && response.status !== 404) return yield* refused('DELETE', key, response)
        yield* Effect.promise(() => response.arrayBuffer())
      }),
  }
}
