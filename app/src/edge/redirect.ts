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

/** Cookie attributes for a preference cookie: Secure whenever the visitor came over HTTPS. */
export const preferenceCookie = (
  request: Request,
  name: string,
  value: string,
  maxAgeSeconds: number,
): string => {
  const https =
    new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${https ? '; Secure' : ''}`
}
