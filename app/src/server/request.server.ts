import {
  CookieConsent,
  type InterfaceLocale,
  localeFromAcceptLanguage,
  resolveInterfaceLocale,
} from '@kibitz/kernel'
import { getCookie, getRequestHeader } from '@tanstack/react-start/server'

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
