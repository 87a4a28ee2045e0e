import { createHash } from 'node:crypto'

type Handler = (request: Request) => Response | Promise<Response>

/** Headers every response carries. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
}

const isPage = (request: Request, response: Response) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  response.status === 200 &&
  (response.headers.get('content-type') ?? '').startsWith('text/html') &&
  !response.headers.has('set-cookie') &&
  !response.headers.has('cache-control')

/** True when an If-None-Match header names this entity tag (or is `*`). */
export const etagMatches = (ifNoneMatch: string | null | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false
  const strip = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag))
}

/**
 * Server-rendered pages get an ETag and revalidation headers, so a browser or a CDN can ask again
 * cheaply and receive 304. They vary on the language inputs (cookie and Accept-Language).
 */
export const withPageCaching =
  (handler: Handler): Handler =>
  async (request) => {
    const response = await handler(request)
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!response.headers.has(name)) response.headers.set(name, value)
    }
    if (!isPage(request, response)) return response
    const body = await response.arrayBuffer()
    const etag = `W/"${createHash('sha1').update(new Uint8Array(body)).digest('base64url')}"`
    const headers = new Headers(response.headers)
    headers.set('etag', etag)
    headers.set('cache-control', 'public, max-age=0, must-revalidate')
    headers.set('vary', 'Accept-Language, Cookie')
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('content-length')
      return new Response(null, { status: 304, headers })
    }
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
  }
