// Money is an integer amount of minor units (cents) plus an ISO 4217 code; floats never carry money.
// Spec section 9 fixes one display format for every interface language: two decimals, comma as the thousands
// separator, a trailing '.00' removed, euro when the currency is unknown. The symbol goes first with no space
// ('€1,250', '€12.50', 'zł1,000'), as the legacy platform printed it, so prices read the same in all languages.

/** A currency as money display needs it: the ISO 4217 code and, when the catalogue has one, its symbol. */
export interface MoneyCurrency {
  readonly code: string
  readonly symbol?: string | null
}

/** The currency shown when an amount has none (spec section 9: default symbol euro). */
export const defaultCurrencyCode = 'EUR'

/** The euro sign used when no currency is given. */
export const defaultCurrencySymbol = '€'

/** Minor units per major unit; the spec's two decimals apply to every currency. */
export const minorUnitsPerMajor = 100

const currencyCodePattern = /^[A-Za-z]{3}$/

/** The symbol to print for a currency: its own symbol, else Intl's narrow symbol for the code, else the code. */
export const currencySymbol = (currency: MoneyCurrency | null | undefined): string => {
  if (!currency) return defaultCurrencySymbol
  const own = currency.symbol?.trim()
  if (own) return own
  const code = currency.code.trim().toUpperCase()
  if (!currencyCodePattern.test(code)) return code || defaultCurrencySymbol
  const narrow = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value
  // Intl answers with the bare code for currencies it has no symbol for; a space keeps 'XYZ 10' readable.
  return narrow && narrow !== code ? narrow : `${code} `
}

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/**
 * Formats minor units per spec section 9 ('€1,250', '€12.50', '-€3.05'). The locale is accepted for call-site
 * symmetry with dates but does not change the output: the spec prescribes one format for all languages.
 */
export const formatMoney = (
  amountMinor: number,
  currency: MoneyCurrency | null | undefined,
  _locale?: string,
): string => {
  // Non-integer minor amounts are rounded; a non-finite amount is a data error shown as zero, not 'NaN'.
  const minor = Number.isFinite(amountMinor) ? Math.round(amountMinor) : 0
  const sign = minor < 0 ? '-' : ''
  const absolute = Math.abs(minor)
  const major = Math.floor(absolute / minorUnitsPerMajor)
  const cents = absolute % minorUnitsPerMajor
  const fraction = cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`
  return `${sign}${currencySymbol(currency)}${groupThousands(String(major))}${fraction}`
}

// Accepted shapes after removing spaces, a currency sign and the minus:
// '1250', '1,250', '1,250.5', '1250.50', '.5' (comma groups thousands, dot is the decimal point), and the
// decimal comma that pl, lt, ru, es, it and fr users type: '12,5', '1.250,50' (dot then groups thousands).
const plainOrDotDecimal = /^(\d*)(?:\.(\d{1,2}))?$/
const commaThousands = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/
const commaDecimal = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/

/** Parses a user-typed amount into minor units ("1,250.5" → 125050); undefined when not a clear amount. */
export const parseMoney = (input: string): number | undefined => {
  // A currency sign may sit before or after the amount, and before or after the minus ('-€5', '€-5', '5€').
  const compact = input
    .replace(/\s+/g, '')
    .replace(/^([+-]?)\p{Sc}/u, '$1')
    .replace(/\p{Sc}$/u, '')
  const negative = compact.startsWith('-')
  const unsigned = negative || compact.startsWith('+') ? compact.slice(1) : compact
  const match =
    plainOrDotDecimal.exec(unsigned) ?? commaThousands.exec(unsigned) ?? commaDecimal.exec(unsigned)
  if (!match) return undefined
  const wholeDigits = (match[1] ?? '').replace(/[.,]/g, '')
  const fractionDigits = match[2] ?? ''
  if (wholeDigits === '' && fractionDigits === '') return undefined
  const minor = Number(wholeDigits || '0') * minorUnitsPerMajor + Number(fractionDigits.padEnd(2, '0') || '0')
  if (!Number.isSafeInteger(minor)) return undefined
  return negative && minor !== 0 ? -minor : minor
}
