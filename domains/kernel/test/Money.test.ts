import { describe, expect, it } from 'vitest'
import {
  currencyDigits,
  currencyName,
  currencySymbol,
  formatMoney,
  formatMoneyInput,
  type MoneyCurrency,
  minorToDecimal,
  minorUnitsPerMajor,
  parseMoney,
} from '../src/Money.ts'

const euro = { code: 'EUR', symbol: '€' }
const zloty = { code: 'PLN', symbol: 'zł' }
const yen = { code: 'JPY' }
const dinar = { code: 'KWD' }
const locales = ['en', 'ru', 'lt', 'pl', 'es', 'it', 'fr'] as const

// Intl separates with no-break spaces (U+00A0, and U+202F in French); the tests spell them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
const shown = (minor: number, currency: MoneyCurrency | null | undefined, locale: string) =>
  plain(formatMoney(minor, currency, locale))

describe('currencyDigits', () => {
  it('follows the ISO 4217 minor unit of each currency', () => {
    expect(currencyDigits('JPY')).toBe(0)
    expect(currencyDigits('KRW')).toBe(0)
    expect(currencyDigits('ISK')).toBe(0)
    expect(currencyDigits('EUR')).toBe(2)
    expect(currencyDigits('PLN')).toBe(2)
    expect(currencyDigits('HUF')).toBe(2)
    expect(currencyDigits('KWD')).toBe(3)
    expect(currencyDigits('BHD')).toBe(3)
    expect(currencyDigits('CLF')).toBe(4)
    expect(minorUnitsPerMajor(yen)).toBe(1)
    expect(minorUnitsPerMajor(euro)).toBe(100)
    expect(minorUnitsPerMajor(dinar)).toBe(1000)
  })

  it('gives 2 to codes ISO does not list and to a missing currency (euro)', () => {
    expect(currencyDigits('LTL')).toBe(2)
    expect(currencyDigits('')).toBe(2)
    expect(currencyDigits(null)).toBe(2)
    expect(currencyDigits(' jpy ')).toBe(0)
  })
})

describe('minorToDecimal', () => {
  it('writes minor units as an exact decimal with the currency digits', () => {
    expect(minorToDecimal(1250, 'EUR')).toBe('12.50')
    expect(minorToDecimal(5, 'EUR')).toBe('0.05')
    expect(minorToDecimal(5000, 'JPY')).toBe('5000')
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234')
    expect(minorToDecimal(-305, 'EUR')).toBe('-3.05')
    expect(minorToDecimal(Number.NaN, 'EUR')).toBe('0.00')
  })
})

describe('formatMoney', () => {
  it('writes English as spec section 9 does: symbol first, thousands comma, .00 dropped', () => {
    expect(shown(125_000, euro, 'en')).toBe('€1,250')
    expect(shown(123_456_789_00, euro, 'en')).toBe('€123,456,789')
    expect(shown(1250, euro, 'en')).toBe('€12.50')
    expect(shown(1205, euro, 'en')).toBe('€12.05')
    expect(shown(5, euro, 'en')).toBe('€0.05')
    expect(shown(125_050, euro, 'en')).toBe('€1,250.50')
    expect(shown(-305, euro, 'en')).toBe('-€3.05')
  })

  it('writes each interface language its own way', () => {
    const table: Record<(typeof locales)[number], ReadonlyArray<string>> = {
      en: ['€190', '€1,250.50', 'zł 190', '¥5,000', 'KWD 1.234'],
      ru: ['190 €', '1 250,50 €', '190 zł', '5 000 ¥', '1,234 KWD'],
      lt: ['190 €', '1 250,50 €', '190 zl', '5 000 ¥', '1,234 KWD'],
      pl: ['190 €', '1250,50 €', '190 zł', '5000 ¥', '1,234 KWD'],
      es: ['190 €', '1250,50 €', '190 zł', '5000 ¥', '1,234 KWD'],
      it: ['190 €', '1250,50 €', '190 zł', '5000 ¥', '1,234 KWD'],
      fr: ['190 €', '1 250,50 €', '190 zł', '5 000 ¥', '1,234 KWD'],
    }
    for (const locale of locales)
      expect([
        shown(19_000, { code: 'EUR' }, locale),
        shown(125_050, { code: 'EUR' }, locale),
        shown(19_000, { code: 'PLN' }, locale),
        shown(5000, yen, locale),
        shown(1234, dinar, locale),
      ]).toEqual(table[locale])
  })

  it('keeps the decimals of a whole amount only where the currency has a fraction to show', () => {
    expect(shown(19_050, zloty, 'pl')).toBe('190,50 zł')
    expect(shown(19_000, zloty, 'pl')).toBe('190 zł')
    expect(shown(1200, dinar, 'en')).toBe('KWD 1.200')
    expect(shown(1000, dinar, 'en')).toBe('KWD 1')
    expect(shown(5, yen, 'en')).toBe('¥5')
  })

  it('reads stored minor units with the currency digits: ¥5,000 is 5000, not 500000', () => {
    expect(shown(5000, yen, 'en')).toBe('¥5,000')
    expect(shown(500_000, yen, 'en')).toBe('¥500,000')
  })

  it('falls back to the euro when the currency is missing', () => {
    expect(shown(1000, null, 'en')).toBe('€10')
    expect(shown(1000, undefined, 'fr')).toBe('10 €')
  })

  it('derives the symbol from the ISO code when the currency has none, and prefers the catalogue one', () => {
    expect(shown(1000, { code: 'USD', symbol: null }, 'en')).toBe('$10')
    expect(shown(1000, { code: 'XTS' }, 'en')).toBe('XTS 1,000')
    expect(shown(1000, { code: 'LTL', symbol: 'Lt' }, 'en')).toBe('Lt 10')
    expect(shown(1000, { code: 'LTL', symbol: 'Lt' }, 'lt')).toBe('10 Lt')
  })

  it('shows zero for a non-finite amount, never a negative zero, and rounds fractional minor units', () => {
    expect(shown(Number.NaN, euro, 'en')).toBe('€0')
    expect(shown(-0.2, euro, 'en')).toBe('€0')
    expect(shown(1249.6, euro, 'en')).toBe('€12.50')
  })

  it('takes any locale tag, an unusable one as English', () => {
    expect(shown(1000, euro, '')).toBe('€10')
    expect(shown(1000, euro, 'not a locale!')).toBe('€10')
    expect(shown(1050, euro, 'de')).toBe('10,50 €')
  })
})

describe('currencySymbol', () => {
  it('prefers the catalogue symbol and defaults to euro', () => {
    expect(currencySymbol({ code: 'LTL', symbol: 'Lt' })).toBe('Lt')
    expect(currencySymbol(undefined)).toBe('€')
    expect(currencySymbol({ code: 'PLN' }, 'pl')).toBe('zł')
  })
})

describe('formatMoneyInput', () => {
  it('writes an amount as the organiser types it back in their language', () => {
    expect(formatMoneyInput(125_050, 'EUR', 'en')).toBe('1250.50')
    expect(formatMoneyInput(125_050, 'EUR', 'pl')).toBe('1250,50')
    expect(formatMoneyInput(125_000, 'EUR', 'fr')).toBe('1250')
    expect(formatMoneyInput(5000, 'JPY', 'en')).toBe('5000')
    expect(formatMoneyInput(1234, 'KWD', 'ru')).toBe('1,234')
    expect(formatMoneyInput(-305, 'EUR', 'lt')).toBe('-3,05')
    expect(formatMoneyInput(null, 'EUR', 'en')).toBe('')
  })

  it('is read back by parseMoney in every language', () => {
    for (const locale of locales)
      for (const [minor, code] of [
        [125_050, 'EUR'],
        [5000, 'JPY'],
        [1234, 'KWD'],
        [-305, 'PLN'],
      ] as const)
        expect(parseMoney(formatMoneyInput(minor, code, locale), code, locale)).toBe(minor)
  })
})

describe('parseMoney', () => {
  it('reads comma thousands and a dot decimal into minor units', () => {
    expect(parseMoney('1,250.5', euro)).toBe(125_050)
    expect(parseMoney('1,250')).toBe(125_000)
    expect(parseMoney('1,234,567.89')).toBe(123_456_789)
  })

  it('reads plain and dot-decimal amounts', () => {
    expect(parseMoney('12')).toBe(1200)
    expect(parseMoney('12.5')).toBe(1250)
    expect(parseMoney('0.05')).toBe(5)
    expect(parseMoney('.5')).toBe(50)
  })

  it('reads a decimal comma as typed in European languages', () => {
    expect(parseMoney('12,5')).toBe(1250)
    expect(parseMoney('12,50', zloty, 'pl')).toBe(1250)
    expect(parseMoney('1.250,50', euro, 'fr')).toBe(125_050)
    expect(parseMoney('1 250,50')).toBe(125_050)
  })

  it('ignores spaces, a currency sign or code, and reads the sign', () => {
    expect(parseMoney('  €1,250.50 ')).toBe(125_050)
    expect(parseMoney('10 €')).toBe(1000)
    expect(parseMoney('190 zł', zloty)).toBe(19_000)
    expect(parseMoney('PLN 7', zloty)).toBe(700)
    expect(parseMoney('-€3.05')).toBe(-305)
    expect(parseMoney('\u22123,05 €')).toBe(-305)
    expect(parseMoney('+7')).toBe(700)
  })

  it('reads amounts in the minor unit of their currency', () => {
    expect(parseMoney('5000', yen)).toBe(5000)
    expect(parseMoney('5,000', yen)).toBe(5000)
    expect(parseMoney('5.000', yen)).toBe(5000)
    expect(parseMoney('¥5,000', yen)).toBe(5000)
    expect(parseMoney('1.234', dinar)).toBe(1234)
    expect(parseMoney('1.2', dinar)).toBe(1200)
    expect(parseMoney('12', dinar)).toBe(12_000)
  })

  it('refuses more decimals than the currency has', () => {
    expect(parseMoney('12.5', yen)).toBeUndefined()
    expect(parseMoney('12,50', yen)).toBeUndefined()
    expect(parseMoney('1.2345', dinar)).toBeUndefined()
    expect(parseMoney('12.345', euro)).toBeUndefined()
  })

  it("reads a three-digit currency's lone comma as its typist's language writes decimals", () => {
    expect(parseMoney('1,234', dinar, 'en')).toBe(1_234_000)
    expect(parseMoney('1,234', dinar, 'ru')).toBe(1234)
    expect(parseMoney('1,234', dinar, 'fr')).toBe(1234)
    // Two decimals leave no doubt: '1,250' can only group thousands of euros, whoever types it.
    expect(parseMoney('1,250', euro, 'pl')).toBe(125_000)
  })

  it('rejects ambiguous or malformed input', () => {
    expect(parseMoney('')).toBeUndefined()
    expect(parseMoney('abc')).toBeUndefined()
    expect(parseMoney('1.250')).toBeUndefined()
    expect(parseMoney('1,25,0')).toBeUndefined()
    expect(parseMoney('1e5')).toBeUndefined()
    expect(parseMoney('.')).toBeUndefined()
    expect(parseMoney('€')).toBeUndefined()
  })

  it('round-trips with formatMoney in every language and currency', () => {
    for (const locale of locales)
      for (const [minor, currency] of [
        [987_654_321, euro],
        [125_050, zloty],
        [5_000_000, yen],
        [1_234_567, dinar],
        [-305, euro],
      ] as const)
        expect(parseMoney(formatMoney(minor, currency, locale), currency, locale)).toBe(minor)
  })
})

describe('currencyName', () => {
  it('names a currency in the interface language', () => {
    expect(currencyName('PLN', 'pl')).toBe('złoty polski')
    expect(currencyName('EUR', 'ru')).toBe('евро')
    expect(currencyName('EUR', 'fr')).toBe('euro')
    expect(currencyName('PLN', 'en')).toBe('Polish Zloty')
  })

  it('keeps the name it was given, else the code, for a code Intl does not know', () => {
    expect(currencyName('XQQ', 'pl', 'Made-up')).toBe('Made-up')
    expect(currencyName('XQQ', 'pl')).toBe('XQQ')
    expect(currencyName('not a code', 'en', 'Typo')).toBe('Typo')
    // An empty or malformed language tag reads as English.
    expect(currencyName('EUR', '')).toBe('Euro')
  })
})
