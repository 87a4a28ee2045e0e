import { Effect } from 'effect'

/** How long one call to a storage provider may take before the upload or read fails. */
export const providerTimeoutMs = 60_000

/**
 * `fetch` for a storage provider: interrupted with the fiber, bounded by `providerTimeoutMs`, and a network
 * failure is a defect (the provider is infrastructure; the port has no typed failures).
 */
export const fetchProvider = (url: URL | string, init: RequestInit): Effect.Effect<Response> =>
  Effect.tryPromise({
    try: (signal) =>
      fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(providerTimeoutMs)]) }),
    catch: (cause) => new Error(`${init.method ?? 'GET'} ${redact(url)} failed`, { cause }),
  }).pipe(Effect.orDie)

/** The response body, read in full (a defect if the connection drops half-way). */
export const bytesOf = (response: Response): Effect.Effect<Uint8Array> =>
  Effect.promise(() => response.arrayBuffer()).pipe(Effect.map((buffer) => new Uint8Array(buffer)))

/** Up to 500 characters of a refusal's body, for the defect's message; the rest is of no use in a log. */
export const excerptOf = (response: Response): Effect.Effect<string> =>
  Effect.promise(() => response.text().catch(() => '')).pipe(Effect.map((text) => text.slice(0, 500)))

/** A URL fit for a log line: no query string (presigned URLs carry signatures there). */
export const redact = (url: URL | string): string => {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}
