import { isIP } from 'node:net'
import { type AccountFailure, AccountService, type CurrentUser, type RequestInfo } from '@kibitz/accounts'
import { ErrorCode, resolveInterfaceLocale } from '@kibitz/kernel'
import { Effect } from 'effect'
import { isHttps } from '../edge/redirect.ts'
import { runDomain } from './runtime.server.ts'

// Sessions on the web edge: an opaque token in an HttpOnly cookie; the database keeps only its hash
// (docs/decisions/012-accounts.md). Forms post to server routes and get a 303 back (they work with
// JavaScript off); what a redirected form must show again travels in a short-lived flash cookie.

/** The account switch (spec section 4): player or organiser, kept in the browser, cleared on login and logout. */
export const accountCookie = 'account'
/** A one-time message after a redirect (spec: "login shows a flash message"). */
export const flashCookie = 'kibitz_flash'
/** A redirected form's errors and entered values (never passwords), read once by the form's page. */
export const formCookie = 'kibitz_form'
/** The state and PKCE verifier of a social sign-in in progress. */
export const socialCookie = 'kibitz_social'

const sessionDays = 60

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]'

/**
 * The session cookie's name: `__Host-` (Secure, host-only, Path=/) over HTTPS and on loopback, where
 * browsers accept Secure cookies over plain HTTP; a plain name only for a non-TLS deployment elsewhere.
 */
export const sessionCookieName = (request: Request): string =>
  isHttps(request) || isLoopback(new URL(request.url).hostname) ? '__Host-kibitz_session' : 'kibitz_session'

const secureAttribute = (request: Request) =>
  sessionCookieName(request).startsWith('__Host-') ? '; Secure' : ''

/** Reads one cookie of the request. */
export const readCookie = (request: Request, name: string): string | undefined => {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim()
      try {
        return decodeURIComponent(value)
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** The Set-Cookie value that stores (or, with null, clears) the session token. */
export const sessionCookie = (request: Request, token: string | null): string => {
  const name = sessionCookieName(request)
  const base = `${name}=${token ?? ''}; Path=/; HttpOnly; SameSite=Lax${secureAttribute(request)}`
  return token ? `${base}; Max-Age=${sessionDays * 86_400}` : `${base}; Max-Age=0`
}

/** How long a browser keeps its device cookie; the server forgets the device a year after its last sign-in. */
const deviceDays = 365

/** The device cookie's name: `__Host-` exactly where the session cookie has it (Secure, host-only). */
export const deviceCookieName = (request: Request): string =>
  sessionCookieName(request).startsWith('__Host-') ? '__Host-kibitz_device' : 'kibitz_device'

/**
 * The Set-Cookie value of the device cookie (docs/decisions/028-sign-in-throttling.md): a random token naming
 * the accounts that signed in on this browser, so their logins here are never locked by strangers' failures.
 * Not cleared on logout: it proves a past sign-in, not a current one.
 */
export const deviceCookie = (request: Request, token: string): string =>
  `${deviceCookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Lax${secureAttribute(request)}; Max-Age=${deviceDays * 86_400}`

/** A short-lived HttpOnly cookie (flash message, form state, social state). */
export const shortCookie = (
  request: Request,
  name: string,
  value: string | null,
  maxAgeSeconds = 120,
): string =>
  `${name}=${value === null ? '' : encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax${secureAttribute(request)}; Max-Age=${value === null ? 0 : maxAgeSeconds}`

/** The account-switch cookie; readable by the server (it changes what pages show), cleared with null. */
export const accountSwitchCookie = (request: Request, value: 'player' | 'organiser' | null): string =>
  `${accountCookie}=${value ?? ''}; Path=/; HttpOnly; SameSite=Lax${secureAttribute(request)}; Max-Age=${value === null ? 0 : 365 * 86_400}`

/** The first four groups of an IPv6 address: one household or server usually holds a whole /64. */
const ipv6Prefix = (address: string): string => {
  const [head = '', tail] = address.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = 8 - headGroups.length - tailGroups.length
  const groups = [
    ...headGroups,
    ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'),
    ...tailGroups,
  ]
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * One throttling key per client: an IPv4 address as it is, an IPv4-mapped IPv6 address as IPv4, any other
 * IPv6 address by its /64; a port or brackets a proxy added are dropped. Anything that is not an address
 * gives null.
 */
export const addressKey = (raw: string): string | null => {
  let value = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed?.[1]) value = bracketed[1]
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'))
  value = value.replace(/%.*$/, '')
  if (/^::ffff:/i.test(value) && isIP(value.slice(7)) === 4) value = value.slice(7)
  const kind = isIP(value)
  if (kind === 4) return value
  if (kind === 6) return ipv6Prefix(value)
  return null
}

/**
 * The client's address for throttling. Behind one reverse proxy set TRUST_PROXY=1: the proxy appends the
 * address it saw to X-Forwarded-For, so the LAST entry is the one to trust (earlier ones are whatever the
 * client sent). Otherwise, or when that entry is not an address, the socket address the server saw.
 */
export const clientIp = (request: Request): string => {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = addressKey(request.headers.get('x-forwarded-for')?.split(',').at(-1) ?? '')
    if (forwarded) return forwarded
  }
  const ip = 'ip' in request ? request.ip : undefined
  return (typeof ip === 'string' ? addressKey(ip) : null) ?? 'unknown'
}

/** Who is asking, for the accounts domain: address, language and device cookie. */
export const requestInfo = (request: Request): RequestInfo => {
  const cookieLanguage = readCookie(request, 'lang')
  const accept = request.headers.get('accept-language')?.split(',')[0]?.split(';')[0]?.trim()
  return {
    ip: clientIp(request),
    userAgent: request.headers.get('user-agent'),
    language: resolveInterfaceLocale(cookieLanguage ?? accept ?? 'en'),
    device: readCookie(request, deviceCookieName(request)),
  }
}

/** The signed-in user, `ended` when a session cookie was sent but its session is over (2001). */
export interface SessionState {
  readonly user: CurrentUser | null
  readonly token: string | null
  readonly ended: boolean
}

const resolved = new WeakMap<Request, Promise<SessionState>>()

/**
 * Resolves the request's session cookie to the signed-in user, once per request: the root, the page's
 * loaders and its server functions all ask during one server render.
 */
export const sessionOf = (request: Request): Promise<SessionState> => {
  const known = resolved.get(request)
  if (known) return known
  const session = resolve(request)
  resolved.set(request, session)
  return session
}

const resolve = async (request: Request): Promise<SessionState> => {
  const token = readCookie(request, sessionCookieName(request))
  if (!token) return { user: null, token: null, ended: false }
  // A token is 43 URL-safe characters; anything else is not worth a database round trip.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { user: null, token: null, ended: true }
  const result = await runDomain(
    AccountService.use((accounts) => accounts.authenticate(token)).pipe(
      Effect.map((user) => ({ user, token, ended: false })),
      Effect.catchTag('AccountFailure', (failure: AccountFailure) =>
        Effect.succeed({ user: null, token: null, ended: failure.code === ErrorCode.sessionEnded }),
      ),
    ),
  )
  return result
}
