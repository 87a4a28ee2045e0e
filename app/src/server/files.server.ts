import { FileStorage } from '@kibitz/files'
import { Effect, Option } from 'effect'
import { runDomain } from './runtime.server.ts'

/**
 * One stored file, streamed from the store as the browser reads it (a large document is never held in memory).
 * Names are never reused (a new upload gets a new name), so browsers and CDNs may keep it for a year; it is served
 * as inert data: no sniffing, no scripts even if someone opens it directly.
 */
export const serveFile = async (key: string): Promise<Response> => {
  const found = await runDomain(Effect.flatMap(FileStorage, (storage) => storage.stream(key)))
  if (Option.isNone(found))
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  const { stream, size, contentType } = found.value
  return new Response(stream, {
    headers: {
      'content-type': contentType,
      ...(size === null ? {} : { 'content-length': String(size) }),
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  })
}
