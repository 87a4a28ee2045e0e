import { describe, expect, it } from 'vitest'
import { currencySymbol, formatMoney, parseMoney } from '../src/Money.ts'

const euro = { code: 'EUR', symbol: '€' }
const zloty = { code: 'PLN', symbol: 'zł' }

describe('formatMoney', () => {
  it('drops a trailing .00 and groups thousands with a comma', () => {
    expect(formatMoney(125_000, euro)).toBe('€1,250')
    expect(formatMoney(123_456_789_00, euro)).toBe('€123,456,789')
  })

  it('keeps two decimals when there are cents', () => {
    expect(formatMoney(1250, euro)).toBe('€12.50')
    expect(formatMoney(1205, euro)).toBe('€12.05')
    expect(formatMoney(5, euro)).toBe('€0.05')
    expect(formatMoney(125_050, euro)).toBe('€1,250.50')
  })

  it('puts the currency symbol first without a space', () => {
    expect(formatMoney(100_000, zloty)).toBe('zł1,000')
  })

  it('falls back to the euro sign when the currency is missing', () => {
    expect(formatMoney(1000, null)).toBe('€10')
    expect(formatMoney(1000, undefined)).toBe('€10')
  })

  it('derives the symbol from the ISO code when the currency has none', () => {
    expect(formatMoney(1000, { code: 'USD', symbol: null })).toBe('$10')
    expect(formatMoney(1000, { code: 'PLN' })).toBe('zł10')
    expect(formatMoney(1000, { code: 'XTS' })).toBe('XTS 10')
  })

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-305, euro)).toBe('-€3.05')
  })

  it('prints the same format whatever the locale', () => {
    expect(formatMoney(125_050, euro, 'pl')).toBe('€1,250.50')
    expect(formatMoney(125_050, euro, 'ru')).toBe('€1,250.50')
  })

  it('shows zero for a non-finite amount and rounds fractional minor units', () => {
    expect(formatMoney(Number.NaN, euro)).toBe('€0')
    expect(formatMoney(1249.6, euro)).toBe('€12.50')
  })
})

describe('currencySymbol', () => {
  it('prefers the catalogue symbol and defaults to euro', () => {
    expect(currencySymbol({ code: 'LTL', symbol: 'Lt' })).toBe('Lt')
    expect(currencySymbol(undefined)).toBe('€')
  })
})

describe('parseMoney', () => {
  it('reads comma thousands and a dot decimal into minor units', () => {
    expect(parseMoney('1,250.5')).toBe(125_050)
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
    expect(parseMoney('12,50')).toBe(1250)
    expect(parseMoney('1.250,50')).toBe(125_050)
    expect(parseMoney('1 250,50')).toBe(125_050)
  })

  it('ignores spaces, a currency sign and reads the sign', () => {
    expect(parseMoney('  €1,250.50 ')).toBe(125_050)
    expect(parseMoney('10 €')).toBe(1000)
    expect(parseMoney('-€3.05')).toBe(-305)
    expect(parseMoney('+7')).toBe(700)
  })

  it('rejects ambiguous or malformed input', () => {
    expect(parseMoney('')).toBeUndefined()
    expect(parseMoney('abc')).toBeUndefined()
    expect(parseMoney('1.250')).toBeUndefined()
    expect(parseMoney('12.345')).toBeUndefined()
    expect(parseMoney('1,25,0')).toBeUndefined()
    expect(parseMoney('1e5')).toBeUndefined()
    expect(parseMoney('.')).toBeUndefined()
  })

  it('round-trips with formatMoney', () => {
    expect(parseMoney(formatMoney(987_654_321, euro))).toBe(987_654_321)
  })
})
