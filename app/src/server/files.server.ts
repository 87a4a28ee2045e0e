import { FileStorage } from '@kibitz/files'
import { Effect, Option } from 'effect'
import { runDomain } from './runtime.server.ts'

/**
 * One stored file. Names are never reused (a new upload gets a new name), so browsers and CDNs may keep it
 * for a year; it is served as inert data: no sniffing, no scripts even if someone opens it directly.
 */
export const serveFile = async (key: string): Promise<Response> => {
  const found = await runDomain(Effect.flatMap(FileStorage, (storage) => storage.get(key)))
  if (Option.isNone(found))
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  const { bytes, contentType } = found.value
  return new Response(new Blob([new Uint8Array(bytes)]), {
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  })
}
