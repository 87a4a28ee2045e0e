import { createHash } from 'node:crypto'
import { CookieConsent, localeFromAcceptLanguage, resolveInterfaceLocale } from '@kibitz/kernel'
import { FastResponse } from 'srvx'
import { adFrameOrigin, adSlotUrlOf } from '../lib/ads.ts'
import { renderHeader } from '../lib/render.ts'
import { newNonce, withNonce } from './nonce.ts'
import {
  bytesWithNonce,
  createPageCache,
  type PageCache,
  piecesWithNonce,
  type Rendered,
  type StoredPage,
  splitAtNonce,
} from './pageCache.ts'
import { renderedHtml } from './pageHtml.ts'
import { withEnhanceScript, withoutAppScripts } from './staticPages.ts'

type Handler = (request: Request) => Response | Promise<Response>

/** Headers every response carries. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  // Browsers honour it only over HTTPS, where the site is meant to run; on plain HTTP it is ignored.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
}

/**
 * The policy of every page: scripts only with this response's nonce (and what they load), no framing, no
 * plugins, no base-URL games. Styles allow inline attributes (React and radix position things with them);
 * images may come from any HTTPS host (object storage, social avatars).
 */
const policyAfterNonce = [
  "'strict-dynamic' 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')
/** The configured ad provider's origin, the one site pages may frame (docs/decisions/036). */
const adOrigin = adFrameOrigin(adSlotUrlOf(process.env.AD_SLOT_URL))

export const pagePolicy = (nonce: string, frameOrigin: string | null = adOrigin): string =>
  `default-src 'self'; script-src 'nonce-${nonce}' ${policyAfterNonce}${frameOrigin ? `; frame-src ${frameOrigin}` : ''}`

/** Anything that is not a page (API answers, redirects, files without a policy of their own) runs nothing. */
const otherPolicy = "default-src 'none'; frame-ancestors 'none'"

/** True when an If-None-Match header names this entity tag (or is `*`). */
export const etagMatches = (ifNoneMatch: string | null | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false
  const strip = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag))
}

const isHtml = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('text/html')

const isSafe = (request: Request) => request.method === 'GET' || request.method === 'HEAD'

/** A page the same for every visitor who sends the same language and cookie choice: ETag and revalidation. */
const isSharedPage = (request: Request, response: Response) =>
  isSafe(request) &&
  response.status === 200 &&
  isHtml(response) &&
  !response.headers.has('set-cookie') &&
  !response.headers.has('cache-control')

/** The cookies an anonymous visitor may carry and still get the shared page. */
const sharedCookies = new Set(['lang', 'cookie_consent'])

const cookiesOf = (header: string | null | undefined): ReadonlyArray<readonly [string, string]> =>
  (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const index = part.indexOf('=')
      return index < 0 ? [part, ''] : [part.slice(0, index), part.slice(index + 1)]
    })

/** What the page-cache key is made of, whether the request is a web Request or Node's own. */
interface KeyParts {
  readonly method: string
  readonly url: string
  readonly cookie: string | null | undefined
  readonly acceptLanguage: string | null | undefined
}

const keyOf = (parts: KeyParts): string | null => {
  if (parts.method !== 'GET' && parts.method !== 'HEAD') return null
  const cookies = cookiesOf(parts.cookie)
  if (cookies.some(([name]) => !sharedCookies.has(name))) return null
  const cookie = (name: string) => cookies.find(([n]) => n === name)?.[1]
  const language = cookie('lang')
  const locale = language
    ? resolveInterfaceLocale(language)
    : localeFromAcceptLanguage(parts.acceptLanguage ?? null)
  const choice = cookie('cookie_consent')
  const consent =
    choice === String(CookieConsent.accepted) || choice === String(CookieConsent.declined) ? choice : '0'
  return `${parts.method} ${parts.url} ${locale} ${consent}`
}

/**
 * The page-cache key of an anonymous GET: its address, the interface language (the language cookie, else
 * Accept-Language) and the cookie-banner state, which are all a shared page depends on. Null for anything
 * else: a session, a flash message or any other cookie means the page may be personal.
 */
export const sharedPageKey = (request: Request): string | null =>
  keyOf({
    method: request.method,
    url: request.url,
    cookie: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
  })

/** The parts of Node's own request the kept-page path reads (IncomingMessage has them all). */
export interface NodeRequestLike {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
}

/** The parts of Node's own response the kept-page path writes (ServerResponse has them all). */
export interface NodeResponseLike {
  writeHead(status: number, headers: Array<string>): unknown
  write(chunk: Uint8Array): unknown
  end(body?: Uint8Array): unknown
}

export interface EdgeOptions {
  /** The enhancement script of every page (`/assets/enhance-<hash>.js`), null without a build of it. */
  readonly enhanceScript: string | null
  /** Seconds an anonymous page is reused; 0 renders every request. */
  readonly pageCacheSeconds: number
}

const copyHeaders = (response: Response): Headers => {
  const headers = new Headers(response.headers)
  headers.delete(renderHeader)
  headers.delete('content-length')
  return headers
}

const withSecurityHeaders = (headers: Headers, policy: string) => {
  for (const [name, value] of Object.entries(securityHeaders)) {
    if (!headers.has(name)) headers.set(name, value)
  }
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', policy)
}

/** Static files (build assets, favicon) get the same protective headers as everything else. */
export const withAssetHeaders = (response: Response): Response => {
  withSecurityHeaders(response.headers, otherPolicy)
  return response
}

/** The ETag of a page whatever nonce it carries: of its bytes cut where the nonce stood (`splitAtNonce`). */
const etagOf = (parts: ReadonlyArray<Uint8Array>) => {
  const hash = createHash('sha1')
  for (const part of parts) hash.update(part)
  return `W/"${hash.digest('base64url')}"`
}

/** What a kept page is sent with besides its policy: its own headers, the security headers and revalidation. */
const keptHeaders = (own: Headers, etag: string): ReadonlyArray<[string, string]> => {
  const ours = new Set(['etag', 'cache-control', 'vary', 'content-security-policy'])
  const kept = Array.from(own.entries()).filter(([name]) => !ours.has(name))
  return [
    ...kept,
    ...Object.entries(securityHeaders).filter(([name]) => !own.has(name)),
    ['etag', etag],
    ['cache-control', 'public, max-age=0, must-revalidate'],
    ['vary', 'Accept-Language, Cookie'],
  ]
}

/** Sends a page (fresh or kept) with this request's nonce; 304 when the browser has it already. */
const sendPage = (request: Request, page: StoredPage, nonce: string): Response => {
  if (etagMatches(request.headers.get('if-none-match'), page.etag)) {
    // The browser keeps the page it has, with the nonce it has: a 304's headers replace the stored ones, so a
    // new policy here would name a nonce the kept page does not carry.
    return new Response(null, { status: 304, headers: [...page.headers] })
  }
  // The bytes as rendered, or the stored pieces joined with this request's nonce between them (a copy, not an
  // encoding).
  const body = bytesWithNonce(page, nonce)
  // srvx writes a FastResponse's bytes and header list to the socket in one go, with no web stream or Headers
  // object in between.
  return new FastResponse(request.method === 'HEAD' ? null : body, {
    status: page.status,
    headers: [...page.headers, ['content-security-policy', pagePolicy(nonce)]],
  })
}

/**
 * The web server's edge around the app: every response gets the security headers and, when it is HTML, a
 * Content-Security-Policy with a fresh nonce that the app stamps on its scripts. Pages that ask for it lose the
 * app's scripts (static pages). Pages shared by every visitor get an ETag (304 on revalidation), and those of
 * anonymous visitors are kept for `pageCacheSeconds`, or until `forgetPages`.
 */
export const withEdge = (
  handler: Handler,
  options: EdgeOptions,
): {
  readonly fetch: Handler
  readonly forgetPages: () => void
  /**
   * Answers a request straight from Node's objects when a fresh kept page fits it (true), else leaves it alone
   * (false). `origin` is what the web server would put before the path (`http://host:port`).
   */
  readonly serveKept: (req: NodeRequestLike, res: NodeResponseLike, origin: string) => boolean
} => {
  const cache: PageCache = createPageCache({ ttlSeconds: options.pageCacheSeconds })

  const render = async (request: Request, nonce: string): Promise<Rendered> => {
    const response = await withNonce(nonce, () => handler(request))
    if (!isHtml(response)) {
      const headers = copyHeaders(response)
      if (response.headers.has('content-length') && !response.headers.has('content-encoding'))
        headers.set('content-length', response.headers.get('content-length') ?? '')
      withSecurityHeaders(headers, otherPolicy)
      return {
        response: new Response(response.body, {
          status: response.status,
          statusText: response.statusText,
          headers,
        }),
      }
    }
    // The app's own pages come as the string it rendered (pageHtml.ts); anything else is read from its body.
    const given = renderedHtml(response)
    if (given !== undefined) void response.body?.cancel()
    const raw = given ?? (await response.text())
    // A route that throws not-found never gets to set its headers: every not-found screen is a static page.
    const mode = response.headers.get(renderHeader)
    const isStatic = mode === 'static' || (mode === null && response.status === 404)
    const html = withEnhanceScript(isStatic ? withoutAppScripts(raw) : raw, {
      nonce,
      script: options.enhanceScript,
    })
    const headers = copyHeaders(response)
    if (isSharedPage(request, response)) {
      const bytes = splitAtNonce(html, nonce)
      const etag = etagOf(bytes.parts)
      return { page: { ...bytes, status: response.status, headers: keptHeaders(headers, etag), etag } }
    }
    withSecurityHeaders(headers, pagePolicy(nonce))
    return {
      response: new Response(request.method === 'HEAD' ? null : html, {
        status: response.status,
        statusText: response.statusText,
        headers,
      }),
    }
  }

  return {
    fetch: async (request) => {
      const nonce = newNonce()
      const key = sharedPageKey(request)
      const rendered = key
        ? await cache.getOrRender(key, () => render(request, nonce))
        : await render(request, nonce)
      return 'page' in rendered ? sendPage(request, rendered.page, nonce) : rendered.response
    },
    forgetPages: () => cache.clear(),
    serveKept: (req, res, origin) => {
      // A kept page is the same bytes for every anonymous visitor: answered here, before the web server builds
      // a Request and a Response for it, as fast as a static file. Anything else goes on to the app.
      const header = (name: string) => {
        const value = req.headers[name]
        return typeof value === 'string' ? value : undefined
      }
      const key =
        options.pageCacheSeconds > 0 && req.url?.startsWith('/')
          ? keyOf({
              method: req.method ?? 'GET',
              url: `${origin}${req.url}`,
              cookie: header('cookie'),
              acceptLanguage: header('accept-language'),
            })
          : null
      const page = key === null ? undefined : cache.peek(key)
      if (!page) return false
      const flat: Array<string> = []
      for (const [name, value] of page.headers) flat.push(name, value)
      if (etagMatches(header('if-none-match'), page.etag)) {
        res.writeHead(304, flat)
        res.end()
        return true
      }
      const nonce = newNonce()
      const pieces = piecesWithNonce(page, nonce)
      let length = 0
      for (const piece of pieces) length += piece.byteLength
      flat.push('content-security-policy', pagePolicy(nonce), 'content-length', String(length))
      res.writeHead(page.status, flat)
      if (req.method === 'HEAD') {
        res.end()
        return true
      }
      // Written in one turn, the pieces leave in one gathered write.
      for (const [index, piece] of pieces.entries()) {
        if (index < pieces.length - 1) res.write(piece)
        else res.end(piece)
      }
      return true
    },
  }
}
