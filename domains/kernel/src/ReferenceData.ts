import { data as isoCurrencies } from 'currency-codes'
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' }
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' }
import et from 'i18n-iso-countries/langs/et.json' with { type: 'json' }
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' }
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' }
import lt from 'i18n-iso-countries/langs/lt.json' with { type: 'json' }
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' }
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' }
import tr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' }
import { type ContentLanguage, contentLanguages } from './Languages.ts'
import { boundedMemo } from './Memo.ts'

// The product's reference data (docs/decisions/030), from the packages that publish the standards: every ISO
// 3166-1 country with its names in the ten content languages (i18n-iso-countries), every ISO 4217 currency with
// its minor unit (currency-codes), the content languages of spec section 1 and the age groups. Bootstrap writes
// it to the reference tables on every start (infra/src/reference.ts); the demo seed uses the same rows.
// Server-only: the browser gets the names it shows from the server.

type CountryNames = { readonly countries: { readonly [code: string]: string | ReadonlyArray<string> } }

const countryFiles: { readonly [L in ContentLanguage]: CountryNames } = {
  en,
  it,
  lt,
  pl,
  ru,
  es,
  fr,
  de,
  tr,
  et,
}

/** A country of ISO 3166-1 with its name in each content language and the other names it goes by. */
export interface CountryReference {
  readonly code: string
  /** The name shown, per content language. */
  readonly names: { readonly [L in ContentLanguage]: string }
  /** Every name of the country in every content language (official, short, usual): what a search matches. */
  readonly allNames: ReadonlyArray<string>
}

/**
 * The name shown of a country that goes by several in a language: the one CLDR (Intl) uses, when the package
 * lists it ("Russia", not "Russian Federation"), else the package's first.
 */
const shownName = (code: string, language: string, listed: string | ReadonlyArray<string>): string => {
  if (typeof listed === 'string') return listed
  const usual = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code)
  return listed.find((name) => name === usual) ?? listed[0] ?? code
}

const buildCountries = (): ReadonlyArray<CountryReference> =>
  Object.keys(en.countries)
    .sort()
    .map((code) => {
      const names = {} as { [L in ContentLanguage]: string }
      const all = new Set<string>()
      for (const language of contentLanguages) {
        const listed = countryFiles[language].countries[code] ?? code
        names[language] = shownName(code, language, listed)
        for (const name of typeof listed === 'string' ? [listed] : listed) all.add(name)
      }
      return { code, names, allNames: [...all] }
    })

let countryList: ReadonlyArray<CountryReference> | undefined
let countryIndex: ReadonlyMap<string, CountryReference> | undefined

/** Every ISO 3166-1 alpha-2 country (250), by code. */
export const referenceCountries = (): ReadonlyArray<CountryReference> => {
  countryList ??= buildCountries()
  return countryList
}

/** The country of an alpha-2 code (any case), if ISO 3166-1 has it. */
export const referenceCountry = (code: string): CountryReference | undefined => {
  countryIndex ??= new Map(referenceCountries().map((c) => [c.code, c]))
  return countryIndex.get(code.toUpperCase())
}

/** A country's name in a content language, English when the language is not one; the code when unknown. */
export const countryNameIn = (code: string, language: string): string => {
  const country = referenceCountry(code)
  if (!country) return code
  return country.names[contentLanguages.find((l) => l === language) ?? 'en']
}

/** Every name of the countries of these codes in every content language: what the catalogue's text matches. */
export const countrySearchNames = (
  codes: ReadonlyArray<string | null | undefined>,
): ReadonlyArray<string> => [
  ...new Set(codes.flatMap((code) => (code ? (referenceCountry(code)?.allNames ?? []) : []))),
]

/** An ISO 4217 currency: its English name, its symbol, its minor unit and whether it is offered first. */
export interface CurrencyReference {
  readonly code: string
  readonly name: string
  readonly symbol: string
  /** ISO 4217 digits after the decimal point: JPY 0, EUR 2, KWD 3. */
  readonly minorUnit: number
  readonly isPopular: boolean
}

/** The short list offered first (`?popular=1`). */
export const popularCurrencies: ReadonlyArray<string> = ['EUR', 'USD', 'PLN', 'GBP']

/** Codes of ISO 4217 that are no money a price is paid in: precious metals, bond units, SDR, test, none. */
const notMoney = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
])

/** Local symbols CLDR leaves as the code in English but the currency's own users write. */
const localSymbols: { readonly [code: string]: string } = { BGN: 'лв', RSD: 'дин.', MKD: 'ден', UZS: 'soʻm' }

/** The symbols several currencies share in their narrow form; the others that use one get their wider symbol. */
const ownerOf: { readonly [symbol: string]: string } = { $: 'USD', '¥': 'JPY', '£': 'GBP', '€': 'EUR' }

const symbolOf = (code: string): string => {
  const local = localSymbols[code]
  if (local) return local
  const part = (display: 'narrowSymbol' | 'symbol') =>
    new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: display })
      .formatToParts(1)
      .find((p) => p.type === 'currency')?.value ?? code
  const narrow = part('narrowSymbol')
  const owner = ownerOf[narrow]
  return owner && owner !== code ? part('symbol') : narrow
}

const englishCurrencyName = (code: string, iso: string): string => {
  const name = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' }).of(code)
  return name && name !== code ? name : iso
}

let currencyList: ReadonlyArray<CurrencyReference> | undefined

/** Every ISO 4217 currency a price can be in (about 165), by code. */
export const referenceCurrencies = (): ReadonlyArray<CurrencyReference> => {
  currencyList ??= isoCurrencies
    .filter((c) => !notMoney.has(c.code))
    .map((c) => ({
      code: c.code,
      name: englishCurrencyName(c.code, c.currency),
      symbol: symbolOf(c.code),
      minorUnit: c.digits,
      isPopular: popularCurrencies.includes(c.code),
    }))
    .sort((a, b) => a.code.localeCompare(b.code))
  return currencyList
}

/** A content language of spec section 1: English and native names, whether the interface is translated. */
export interface LanguageReference {
  readonly code: ContentLanguage
  readonly name: string
  readonly nativeName: string
  readonly isDefault: boolean
  readonly isInterface: boolean
}

/** The ten content languages in the spec's order, English the default; seven are interface languages. */
export const referenceLanguages: ReadonlyArray<LanguageReference> = (
  [
    ['en', 'English', 'English', true],
    ['it', 'Italian', 'Italiano', true],
    ['lt', 'Lithuanian', 'Lietuvių', true],
    ['pl', 'Polish', 'Polski', true],
    ['ru', 'Russian', 'Русский', true],
    ['es', 'Spanish', 'Español', true],
    ['fr', 'French', 'Français', true],
    ['de', 'German', 'Deutsch', false],
    ['tr', 'Turkish', 'Türkçe', false],
    ['et', 'Estonian', 'Eesti', false],
  ] as const
).map(([code, name, nativeName, isInterface]) => ({
  code,
  name,
  nativeName,
  isDefault: code === 'en',
  isInterface,
}))

/** An age group of spec section 3 (ageFrom, ageTo inclusive; null: no bound). */
export interface AgeGroupReference {
  readonly name: string
  readonly ageFrom: number | null
  readonly ageTo: number | null
}

/** Age groups as bridge federations use them (WBF youth categories, EBL seniors); the name is their key. */
export const referenceAgeGroups: ReadonlyArray<AgeGroupReference> = [
  { name: 'Juniors U16', ageFrom: null, ageTo: 15 },
  { name: 'Juniors U21', ageFrom: null, ageTo: 20 },
  { name: 'Juniors U26', ageFrom: null, ageTo: 25 },
  { name: 'Open', ageFrom: null, ageTo: null },
  { name: 'Seniors 62+', ageFrom: 62, ageTo: null },
  { name: 'Super seniors 70+', ageFrom: 70, ageTo: null },
]

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A place line (a card's short address, a location's address) with its country named in `language`: a name of
 * the country the line ends with, in any content language ("Vilnius, Lithuania"), becomes the language's
 * ("Vilnius, Litwa"); a line that does not name its country gets it appended ("Sopot" → "Sopot, Polska"). A line
 * without a known country, or that names it elsewhere, is left as it is.
 */
export const placeWithCountry = (line: string, code: string | null | undefined, language: string): string =>
  placesWithCountry(`${language}|${code ?? ''}|${line}`, () => withCountry(line, code, language))
const placesWithCountry = boundedMemo<string>(10_000)
const withCountry = (line: string, code: string | null | undefined, language: string): string => {
  const country = code ? referenceCountry(code) : undefined
  if (!country || line.trim().length === 0) return line
  const shown = countryNameIn(country.code, language)
  const names = [...country.allNames].sort((a, b) => b.length - a.length)
  for (const name of names) {
    const ending = new RegExp(`(^|[\\s,;–-]\\s*)${escapeRegExp(name)}\\s*$`, 'iu').exec(line)
    if (ending) return `${line.slice(0, ending.index)}${ending[1] ?? ''}${shown}`
  }
  const named = names.some((name) =>
    new RegExp(`(^|[\\s,;(])${escapeRegExp(name)}($|[\\s,;)])`, 'iu').test(line),
  )
  return named ? line : `${line}, ${shown}`
}
