import { currencyDigitsOtherThanTwo } from './CurrencyDigits.ts'
import { boundedMemo } from './Memo.ts'

// Money is an integer amount of the currency's ISO 4217 minor unit plus its code; floats never carry money.
// ¥5,000 is 5000 (JPY has no minor unit), €12.50 is 1250, KWD 1.234 is 1234 (decision 031).
// Amounts are shown as the visitor's interface language writes them (Intl.NumberFormat): '€1,250' in English,
// '1250 zł' in Polish, '1 250,50 €' in French. Spec section 9's format (two decimals, thousands comma, a
// trailing '.00' removed, euro when the currency is unknown) is the English one; its "whole amounts drop their
// zero fraction" rule is kept in every language.

/** A currency as money display needs it: the ISO 4217 code and, when the catalogue has one, its symbol. */
export interface MoneyCurrency {
  readonly code: string
  readonly symbol?: string | null
}

/** The currency shown when an amount has none (spec section 9: default symbol euro). */
export const defaultCurrencyCode = 'EUR'

/** The euro sign used when no currency is given. */
export const defaultCurrencySymbol = '€'

const currencyCodePattern = /^[A-Z]{3}$/

const codeOf = (currency: MoneyCurrency | string | null | undefined): string => {
  const code = (typeof currency === 'string' ? currency : (currency?.code ?? '')).trim().toUpperCase()
  return code === '' ? defaultCurrencyCode : code
}

/**
 * The ISO 4217 minor unit of a currency: digits after the decimal point (JPY 0, EUR 2, KWD 3). Codes ISO does not
 * list (withdrawn ones such as LTL, or none) have 2.
 */
export const currencyDigits = (currency: MoneyCurrency | string | null | undefined): number =>
  currencyDigitsOtherThanTwo[codeOf(currency)] ?? 2

/** Minor units per major unit of a currency: 1 for JPY, 100 for EUR, 1000 for KWD. */
export const minorUnitsPerMajor = (currency: MoneyCurrency | string | null | undefined): number =>
  10 ** currencyDigits(currency)

/**
 * Minor units as an exact decimal text with the currency's digits and a dot ('12.50', '5000', '-1.234'), for
 * machine-read places (Intl formatting from a string, CSV cells, payment codes). Non-integers are rounded.
 */
export const minorToDecimal = (
  amountMinor: number,
  currency: MoneyCurrency | string | null | undefined,
): string => {
  const minor = Number.isFinite(amountMinor) ? Math.round(amountMinor) : 0
  const digits = currencyDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const text = String(Math.abs(minor))
  if (digits === 0) return `${sign}${text}`
  const padded = text.padStart(digits + 1, '0')
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}

// Formatters are costly to make and money is printed in long lists: one per locale and currency (and kind). The
// cache is bounded because a locale may come from a request header.
const formatters = new Map<string, Intl.NumberFormat>()
const maxFormatters = 512

const cached = (key: string, make: () => Intl.NumberFormat): Intl.NumberFormat => {
  const known = formatters.get(key)
  if (known) return known
  if (formatters.size >= maxFormatters) formatters.clear()
  const made = make()
  formatters.set(key, made)
  return made
}

// Asking ICU costs far more than a lookup, and a form names the same few locales hundreds of times.
const usableLocales = boundedMemo<string>(1_000)
/** A locale Intl accepts: the given one, else English (an empty or malformed tag would throw). */
const usableLocale = (locale: string): string =>
  usableLocales(locale, () => {
    try {
      return Intl.NumberFormat.supportedLocalesOf(locale).length > 0 ? locale : 'en'
    } catch {
      return 'en'
    }
  })

const currencyFormatter = (locale: string, code: string): Intl.NumberFormat =>
  cached(`c|${locale}|${code}`, () => {
    const digits = currencyDigits(code)
    return new Intl.NumberFormat(usableLocale(locale), {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      // '€1,250', not '€1,250.00': whole amounts drop their zero fraction in every language (decision 031).
      trailingZeroDisplay: 'stripIfInteger',
    })
  })

const intlSymbol = (formatter: Intl.NumberFormat): string =>
  formatter.formatToParts(0).find((part) => part.type === 'currency')?.value ?? ''

/** The symbol to print for a currency: its own symbol, else Intl's narrow symbol for the code, else the code. */
export const currencySymbol = (currency: MoneyCurrency | null | undefined, locale = 'en'): string => {
  if (!currency) return defaultCurrencySymbol
  const own = currency.symbol?.trim()
  if (own) return own
  const code = currency.code.trim().toUpperCase()
  if (!currencyCodePattern.test(code)) return code || defaultCurrencySymbol
  return intlSymbol(currencyFormatter(locale, code)) || code
}

const currencyNames = new Map<string, Intl.DisplayNames>()

/**
 * A currency's name as `locale` writes it ('złoty polski', 'евро', 'Polish Zloty'), else `fallback` (the
 * catalogue's English name), else the code.
 */
export const currencyName = (code: string, locale: string, fallback?: string): string => {
  const usable = usableLocale(locale)
  let names = currencyNames.get(usable)
  if (!names) {
    names = new Intl.DisplayNames([usable], { type: 'currency', fallback: 'none' })
    currencyNames.set(usable, names)
  }
  try {
    return names.of(code.trim().toUpperCase()) ?? fallback ?? code
  } catch {
    // A code Intl refuses (not three letters) keeps the name it came with.
    return fallback ?? code
  }
}

/**
 * Formats minor units of a currency as `locale` writes money: '€1,250', '€12.50', '-€3.05' in English, '1250 zł',
 * '12,50 €' in Polish, '¥5,000'. A catalogue symbol replaces Intl's; an unknown currency shows as euro.
 */
export const formatMoney = (
  amountMinor: number,
  currency: MoneyCurrency | null | undefined,
  locale: string,
): string => {
  const given = codeOf(currency)
  // A code Intl cannot take prints that text as the symbol of a two-digit amount ('Lt10' for a mistyped row).
  const valid = currencyCodePattern.test(given)
  const code = valid ? given : defaultCurrencyCode
  const formatter = currencyFormatter(locale, code)
  // Non-integer minor amounts are rounded; a non-finite amount is a data error shown as zero, not 'NaN'. The
  // double nearest the exact decimal is printed exactly at the currency's digits for any amount below 10^13.
  // Number() also turns '-0.00' into 0, so no '-€0' is shown.
  const value = Number(minorToDecimal(amountMinor, code)) || 0
  const own = currency?.symbol?.trim() || (valid ? '' : given)
  if (!own || own === intlSymbol(formatter)) return formatter.format(value)
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? own : part.value))
    .join('')
}

/**
 * An amount as an organiser types it back into a price field in `locale`: no symbol, no grouping, the locale's
 * decimal mark, the zero fraction dropped ('12.50' in English, '12,50' in Polish, '5000' yen). Null: ''.
 */
export const formatMoneyInput = (
  amountMinor: number | null | undefined,
  currency: MoneyCurrency | string | null | undefined,
  locale: string,
): string => {
  if (amountMinor == null || !Number.isFinite(amountMinor)) return ''
  const code = codeOf(currency)
  const digits = currencyDigits(code)
  const formatter = cached(
    `i|${locale}|${digits}`,
    () =>
      new Intl.NumberFormat(usableLocale(locale), {
        useGrouping: false,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        trailingZeroDisplay: 'stripIfInteger',
      }),
  )
  // Some locales print U+2212 for minus; an input keeps the ASCII one the parser and keyboards know.
  return formatter.format(Number(minorToDecimal(amountMinor, code))).replace('\u2212', '-')
}

const patternsFor = (digits: number, decimalComma: boolean): ReadonlyArray<RegExp> => {
  if (digits === 0)
    // No fraction: a dot or a comma can only group thousands ('5,000' and '5.000' are ¥5000).
    return [/^(\d+)$/, /^(\d{1,3}(?:,\d{3})+)$/, /^(\d{1,3}(?:\.\d{3})+)$/]
  const fraction = `(\\d{1,${digits}})`
  // '1250', '1250.5', '.5': the dot is the decimal point.
  const dotDecimal = new RegExp(`^(\\d*)(?:\\.${fraction})?$`)
  // '1,250', '1,250.5': the comma groups thousands.
  const commaThousands = new RegExp(`^(\\d{1,3}(?:,\\d{3})+)(?:\\.${fraction})?$`)
  // The decimal comma that pl, lt, ru, es, it and fr users type: '12,5', '1.250,50' (the dot then groups).
  const commaDecimal = new RegExp(`^(\\d{1,3}(?:\\.\\d{3})+|\\d+),${fraction}$`)
  // Only a three-digit currency makes '1,234' ambiguous: the typist's language decides (1.234 KWD in Russian).
  return decimalComma
    ? [dotDecimal, commaDecimal, commaThousands]
    : [dotDecimal, commaThousands, commaDecimal]
}
const patternCache = new Map<string, ReadonlyArray<RegExp>>()

const writesDecimalComma = (locale: string): boolean =>
  new Intl.NumberFormat(usableLocale(locale)).formatToParts(1.5).find((part) => part.type === 'decimal')
    ?.value === ','

/**
 * Parses a user-typed amount of a currency into its minor units ('1,250.5' € → 125050, '12,50' → 1250,
 * '5,000' ¥ → 5000, '1.234' KWD → 1234); undefined when not a clear amount or more decimals than the currency has.
 * A currency sign or code before or after the number is ignored ('€5', '10 €', '12 zł', 'PLN 7'). The typist's
 * locale (default English) only decides '1,234' of a three-digit currency: a decimal comma where it writes one.
 */
export const parseMoney = (
  input: string,
  currency?: MoneyCurrency | string | null,
  locale = 'en',
): number | undefined => {
  const digits = currencyDigits(currency)
  const compact = input
    .replace(/\s+/g, '')
    .replace(/\u2212/g, '-')
    .replace(/^([+-]?)[^\d.,+-]+/u, '$1')
    .replace(/[^\d.,]+$/u, '')
  const negative = compact.startsWith('-')
  const unsigned = negative || compact.startsWith('+') ? compact.slice(1) : compact
  const decimalComma = digits >= 3 && writesDecimalComma(locale)
  const key = `${digits}|${decimalComma}`
  let patterns = patternCache.get(key)
  if (!patterns) {
    patterns = patternsFor(digits, decimalComma)
    patternCache.set(key, patterns)
  }
  const match = patterns.map((pattern) => pattern.exec(unsigned)).find((found) => found !== null)
  if (!match) return undefined
  const wholeDigits = (match[1] ?? '').replace(/[.,]/g, '')
  const fractionDigits = match[2] ?? ''
  if (wholeDigits === '' && fractionDigits === '') return undefined
  const minor = Number(`${wholeDigits || '0'}${fractionDigits.padEnd(digits, '0')}`)
  if (!Number.isSafeInteger(minor)) return undefined
  return negative && minor !== 0 ? -minor : minor
}
