import { AccountService } from '@kibitz/accounts'
import {
  CookieConsent,
  type InterfaceLocale,
  localeFromAcceptLanguage,
  resolveInterfaceLocale,
} from '@kibitz/kernel'
import { getCookie, getRequest, getRequestHeader, setResponseHeader } from '@tanstack/react-start/server'
import { Effect } from 'effect'
import { adSlotUrlOf } from '../lib/ads.ts'
import {
  type AccountSwitch,
  type FlashKey,
  type FormState,
  isFlashKey,
  type SessionUser,
} from '../lib/session.ts'
import {
  accountCookie,
  flashCookie,
  formCookie,
  sessionCookie,
  sessionOf,
  shortCookie,
} from './auth.server.ts'
import { runDomain } from './runtime.server.ts'

export const languageCookie = 'lang'
export const consentCookie = 'cookie_consent'

/** The interface language of this request: the cookie first, then the browser's Accept-Language. */
export const requestLocale = (): InterfaceLocale => {
  const fromCookie = getCookie(languageCookie)
  if (fromCookie) return resolveInterfaceLocale(fromCookie)
  return localeFromAcceptLanguage(getRequestHeader('accept-language'))
}

export type ConsentState = 'accepted' | 'declined' | 'undecided'

/** Spec section 4: accepted is stored as 1, declined as 2; anything else shows the banner. */
export const requestConsent = (): ConsentState => {
  const value = getCookie(consentCookie)
  if (value === String(CookieConsent.accepted)) return 'accepted'
  if (value === String(CookieConsent.declined)) return 'declined'
  return 'undecided'
}

export interface RequestContext {
  readonly locale: InterfaceLocale
  readonly consent: ConsentState
  readonly version: string
  readonly user: SessionUser | null
  readonly account: AccountSwitch | null
  readonly flash: FlashKey | null
  /** Enabled social sign-in providers by name. */
  readonly socialProviders: ReadonlyArray<'facebook' | 'google' | 'vk'>
  /** The ad provider's slot page framed in the catalogue's ad slots; null: no ad provider, no ad slots. */
  readonly adSlotUrl: string | null
}

const providerNames = { 1: 'facebook', 2: 'google', 3: 'vk' } as const

// The enabled providers come from the configuration, which cannot change while the process runs.
let providers: Promise<ReadonlyArray<'facebook' | 'google' | 'vk'>> | undefined
const enabledProviders = () => {
  providers ??= runDomain(
    AccountService.use((accounts) =>
      Effect.succeed(accounts.socialProviders().map((id) => providerNames[id])),
    ),
  )
  return providers
}

const appendCookie = (value: string) => setResponseHeader('set-cookie', value)

/** The visitor of this request, with the session resolved and any flash message taken (read once). */
export const requestContext = async (): Promise<RequestContext> => {
  const request = getRequest()
  const session = await sessionOf(request)
  const cookies: Array<string> = []
  let flash: FlashKey | null = null
  const stored = getCookie(flashCookie)
  if (stored !== undefined) {
    cookies.push(shortCookie(request, flashCookie, null))
    if (isFlashKey(stored)) flash = stored
  }
  if (session.ended) {
    // Spec section 8: on 2001 the signed-in user is cleared; the visitor is told why.
    cookies.push(sessionCookie(request, null))
    flash = 'sessionEnded'
  }
  if (cookies.length > 0) setResponseHeader('set-cookie', cookies)
  // A page made for one signed-in person must never be stored by a shared cache.
  if (session.user) setResponseHeader('cache-control', 'private, no-store')
  const account = getCookie(accountCookie)
  const user = session.user
  return {
    locale: requestLocale(),
    consent: requestConsent(),
    version: process.env.KIBITZ_VERSION ?? '0.1.0',
    adSlotUrl: adSlotUrlOf(process.env.AD_SLOT_URL),
    user: user
      ? {
          id: user.id,
          isSuper: user.isSuper,
          email: user.email,
          userName: user.userName,
          avatarThumb: user.avatarThumb,
          firstName: user.firstName,
          lastName: user.lastName,
          organizer: user.organizer
            ? {
                organizerId: user.organizer.organizerId,
                status: user.organizer.status,
                type: user.organizer.type,
                name: user.organizer.name,
              }
            : null,
          hasOrganizer: user.hasOrganizer,
          isOrganizer: user.isOrganizer,
          organizerStatus: user.organizerStatus,
        }
      : null,
    account: account === 'organiser' || account === 'player' ? account : null,
    flash,
    socialProviders: await enabledProviders(),
  }
}

/**
 * Takes a redirected form's state for `form` (read once; another form's state is left alone). A `form`
 * ending in `*` takes any form whose id starts with the rest (a screen with several forms).
 */
export const takeFormState = (form: string): FormState | null => {
  // A form's state is personal; the page that reads it must not be stored by a shared cache.
  setResponseHeader('cache-control', 'private, no-store')
  const raw = getCookie(formCookie)
  if (raw === undefined) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = null
  }
  const state = decodeFormState(parsed)
  const matches = form.endsWith('*') ? state?.form.startsWith(form.slice(0, -1)) : state?.form === form
  if (state && !matches) return null
  appendCookie(shortCookie(getRequest(), formCookie, null))
  return state
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Reads a form state back from its cookie without trusting it (the browser can change cookies). */
const decodeFormState = (value: unknown): FormState | null => {
  if (!isRecord(value) || typeof value.form !== 'string') return null
  const errors: Record<string, { rule?: string; code?: number }> = {}
  if (isRecord(value.errors)) {
    for (const [field, error] of Object.entries(value.errors)) {
      if (!isRecord(error)) continue
      errors[field] = {
        ...(typeof error.rule === 'string' ? { rule: error.rule } : {}),
        ...(typeof error.code === 'number' ? { code: error.code } : {}),
      }
    }
  }
  const values: Record<string, string> = {}
  if (isRecord(value.values)) {
    for (const [field, text] of Object.entries(value.values))
      if (typeof text === 'string') values[field] = text
  }
  return {
    form: value.form,
    errors,
    values,
    ...(typeof value.code === 'number' ? { code: value.code } : {}),
    ...(typeof value.retryAfter === 'number' ? { retryAfter: value.retryAfter } : {}),
  }
}
