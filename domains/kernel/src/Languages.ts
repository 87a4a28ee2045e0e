/** Content languages of spec section 1, in the order the spec lists them; English is the default. */
export const contentLanguages = ['en', 'it', 'lt', 'pl', 'ru', 'es', 'fr', 'de', 'tr', 'et'] as const
export type ContentLanguage = (typeof contentLanguages)[number]

/** Interface languages: the ones the UI is translated into. */
export const interfaceLocales = ['en', 'ru', 'lt', 'pl', 'es', 'it', 'fr'] as const
export type InterfaceLocale = (typeof interfaceLocales)[number]

export const defaultLocale: InterfaceLocale = 'en'

/** The language cookie lives 90 days (spec section 9). */
export const languageCookieMaxAgeSeconds = 90 * 24 * 60 * 60

const isInterfaceLocale = (code: string): code is InterfaceLocale =>
  interfaceLocales.some((locale) => locale === code)

const isContentLanguage = (code: string): code is ContentLanguage =>
  contentLanguages.some((language) => language === code)

/** Normalises a language code: lower case, region dropped, the legacy `ee` read as Estonian `et`. */
export const normaliseLanguageCode = (input: string): string => {
  const base = input.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return base === 'ee' ? 'et' : base
}

/** The interface locale for any input; unknown languages fall back to English. */
export const resolveInterfaceLocale = (input: string | null | undefined): InterfaceLocale => {
  if (!input) return defaultLocale
  const code = normaliseLanguageCode(input)
  return isInterfaceLocale(code) ? code : defaultLocale
}

/** The content language for any input, or undefined when it is not one the platform stores. */
export const resolveContentLanguage = (input: string | null | undefined): ContentLanguage | undefined => {
  if (!input) return undefined
  const code = normaliseLanguageCode(input)
  return isContentLanguage(code) ? code : undefined
}

/** Picks the interface locale from an Accept-Language header, honouring q-values. */
export const localeFromAcceptLanguage = (header: string | null | undefined): InterfaceLocale => {
  if (!header) return defaultLocale
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { code: normaliseLanguageCode(tag), q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((entry) => entry.code.length > 0 && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q)
  const hit = ranked.find((entry) => isInterfaceLocale(entry.code))
  return hit ? resolveInterfaceLocale(hit.code) : defaultLocale
}
