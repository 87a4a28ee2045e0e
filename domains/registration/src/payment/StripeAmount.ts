import { currencyDigits } from '@kibitz/kernel/format'

// Stripe's own smallest unit per currency (https://docs.stripe.com/currencies, decision 031). Kibitz stores amounts
// in the ISO 4217 minor unit; Stripe mostly agrees, with documented exceptions:
// - zero-decimal currencies: the amount is in whole units (¥500 is 500). MGA is zero-decimal at Stripe but has
//   two ISO digits, so only whole ariary can be charged;
// - three-decimal currencies: the last of the three digits must be 0 (KWD 5.120, not 5.124);
// - ISK and UGX have no ISO minor unit, but Stripe keeps them two-decimal for backward compatibility with the
//   decimals always 00 (5 ISK is 500);
// - HUF and TWD are two-decimal for charges (zero-decimal only for payouts, which Kibitz does not make);
// - every other currency is two-decimal.
// An amount Stripe cannot take exactly is refused, never rounded: a rounded charge would not match the entry's
// total, and the player would pay a different price than the one shown.

const zeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
])
const threeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND'])

/** The largest amount Stripe takes, in its unit: eight digits (999,999.99 of a two-decimal currency). */
export const stripeAmountLimit = 99_999_999

/** Digits after the decimal point of Stripe's amount unit for an ISO 4217 code. */
export const stripeDigits = (currency: string): number => {
  const code = currency.trim().toUpperCase()
  return zeroDecimal.has(code) ? 0 : threeDecimal.has(code) ? 3 : 2
}

/**
 * An amount in the currency's ISO minor unit as Stripe's `unit_amount`: ¥5,000 (5000) → 5000, €12.50 (1250) → 1250,
 * ISK 5 (5) → 500, KWD 1.230 (1230) → 1230. Undefined when Stripe cannot charge it exactly (KWD 1.234, MGA 12.34)
 * or it is not a whole number of minor units.
 */
export const toStripeAmount = (amountMinor: number, currency: string): number | undefined => {
  if (!Number.isSafeInteger(amountMinor)) return undefined
  const shift = stripeDigits(currency) - currencyDigits(currency)
  if (shift < 0 && amountMinor % 10 ** -shift !== 0) return undefined
  const amount = shift >= 0 ? amountMinor * 10 ** shift : amountMinor / 10 ** -shift
  if (threeDecimal.has(currency.trim().toUpperCase()) && amount % 10 !== 0) return undefined
  return Number.isSafeInteger(amount) ? amount : undefined
}

/** Stripe's amount back in the ISO minor unit (ISK 500 → 5); undefined when it is not a whole minor amount. */
export const fromStripeAmount = (amount: number, currency: string): number | undefined => {
  if (!Number.isSafeInteger(amount)) return undefined
  const shift = stripeDigits(currency) - currencyDigits(currency)
  if (shift > 0 && amount % 10 ** shift !== 0) return undefined
  const minor = shift >= 0 ? amount / 10 ** shift : amount * 10 ** -shift
  return Number.isSafeInteger(minor) ? minor : undefined
}

/** Whether Stripe can charge this amount: more than nothing, exact in its unit, and at most eight digits there. */
export const chargeableByStripe = (amountMinor: number, currency: string): boolean => {
  const amount = toStripeAmount(amountMinor, currency)
  return amount !== undefined && amount > 0 && amount <= stripeAmountLimit
}
