import currencyCodes from 'currency-codes'
import { describe, expect, it } from 'vitest'
import { currencyDigitsOtherThanTwo } from '../src/CurrencyDigits.ts'
import { currencyDigits } from '../src/Money.ts'

describe('currencyDigitsOtherThanTwo', () => {
  it('is the currency-codes package (ISO 4217) minor unit of every currency', () => {
    const fromPackage = Object.fromEntries(
      currencyCodes.data.filter((c) => c.digits !== 2).map((c) => [c.code, c.digits]),
    )
    // On a mismatch after a package update, paste the printed table into src/CurrencyDigits.ts.
    expect(currencyDigitsOtherThanTwo, JSON.stringify(fromPackage)).toEqual(fromPackage)
    for (const currency of currencyCodes.data) expect(currencyDigits(currency.code)).toBe(currency.digits)
  })
})
