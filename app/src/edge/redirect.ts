import { hasControlCharacters } from '@kibitz/kernel/format'

/**
 * Where a "go back" redirect may go: a path on this site only. Anything else (another origin,
 * `//host`, `/\host` which browsers read as `//host`, control characters) sends the visitor home.
 */
export const safeBackPath = (to: unknown): string => {
  if (typeof to !== 'string' || !to.startsWith('/') || to.includes('\\') || hasControlCharacters(to))
    return '/'
  const base = 'http://kibitz.invalid'
  let url: URL
  try {
    url = new URL(to, base)
  } catch {
    return '/'
  }
  // The normalised path can begin with `//` (from `/.//host` or `/%2e//host`), which a browser reads as
  // another host: never hand that back.
  if (url.origin !== base || url.pathname.startsWith('//')) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Whether the visitor reached the site over HTTPS: the request itself, the site's public address (PUBLIC_URL,
 * the operator's word for where visitors come from) or, only behind a trusted proxy (TRUST_PROXY=1), the
 * proxy's X-Forwarded-Proto. A client's own X-Forwarded-Proto is never believed.
 */
export const isHttps = (request: Request): boolean =>
  new URL(request.url).protocol === 'https:' ||
  (process.env.PUBLIC_URL ?? '').startsWith('https:') ||
  (process.env.TRUST_PROXY === '1' && request.headers.get('x-forwarded-proto') === 'https')

/**
 * Cookie attributes for a preference cookie (language, cookie choice): only the server reads them (HttpOnly),
 * Secure whenever the visitor came over HTTPS.
 */
export const preferenceCookie = (
  request: Request,
  name: string,
  value: string,
  maxAgeSeconds: number,
): string =>
  `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${isHttps(request) ? '; Secure' : ''}`
