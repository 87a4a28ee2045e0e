import { describe, expect, it } from 'vitest'
import {
  chargeableByStripe,
  fromStripeAmount,
  stripeDigits,
  toStripeAmount,
} from '../src/payment/StripeAmount.ts'

describe('toStripeAmount', () => {
  it.each([
    // currency, stored ISO minor units, what Stripe gets
    ['JPY', 5000, 5000], // ¥5,000: zero-decimal at ISO and Stripe
    ['KRW', 10_000, 10_000],
    ['EUR', 1250, 1250], // €12.50
    ['PLN', 19_000, 19_000],
    ['HUF', 150_050, 150_050], // two-decimal for charges at Stripe (zero-decimal only for payouts)
    ['TWD', 99_900, 99_900],
    ['ISK', 5, 500], // zero-decimal at ISO, two-decimal with 00 at Stripe
    ['UGX', 5000, 500_000],
    ['KWD', 1230, 1230], // three-decimal, the last digit 0
    ['BHD', 5120, 5120],
    ['MGA', 1200, 12], // two ISO digits, zero-decimal at Stripe: whole ariary only
    ['IQD', 1230, 123], // three ISO digits, two-decimal at Stripe
  ])('%s %i → %i', (currency, minor, stripe) => {
    expect(toStripeAmount(minor, currency)).toBe(stripe)
    expect(fromStripeAmount(stripe, currency)).toBe(minor)
  })

  it.each([
    ['KWD', 1234], // KWD 1.234: Stripe wants the last digit 0; refused, never rounded
    ['OMR', 5125],
    ['MGA', 1250], // 12.50 ariary
    ['IQD', 1234],
    ['EUR', 12.5], // not a whole minor amount
    ['EUR', Number.NaN],
  ])('refuses %s %d: Stripe cannot charge it exactly', (currency, minor) => {
    expect(toStripeAmount(minor, currency)).toBeUndefined()
  })

  it('reads the code in any case', () => {
    expect(toStripeAmount(5000, 'jpy')).toBe(5000)
    expect(stripeDigits(' isk ')).toBe(2)
    expect(stripeDigits('KWD')).toBe(3)
    expect(stripeDigits('JPY')).toBe(0)
  })
})

describe('fromStripeAmount', () => {
  it('refuses a Stripe amount that is not a whole ISO minor amount', () => {
    expect(fromStripeAmount(550, 'ISK')).toBeUndefined()
    expect(fromStripeAmount(1.5, 'EUR')).toBeUndefined()
  })
})

describe('chargeableByStripe', () => {
  it('takes exact amounts of more than nothing up to eight digits in Stripe’s unit', () => {
    expect(chargeableByStripe(99_999_999, 'EUR')).toBe(true)
    expect(chargeableByStripe(100_000_000, 'EUR')).toBe(false)
    expect(chargeableByStripe(999_999, 'ISK')).toBe(true)
    expect(chargeableByStripe(1_000_000, 'ISK')).toBe(false)
    expect(chargeableByStripe(99_999_999, 'JPY')).toBe(true)
    expect(chargeableByStripe(0, 'EUR')).toBe(false)
    expect(chargeableByStripe(1234, 'KWD')).toBe(false)
  })
})
