// Prices are written in euro cents and converted at rough exchange rates, rounded the way organisers
// round: to whole euros/pounds, 10 zł, 10 kr or 50 ₺.
const perEuro: Readonly<Record<string, { rate: number; step: number }>> = {
  EUR: { rate: 1, step: 100 },
  GBP: { rate: 0.86, step: 100 },
  PLN: { rate: 4.3, step: 1000 },
  SEK: { rate: 11.3, step: 1000 },
  NOK: { rate: 11.6, step: 1000 },
  DKK: { rate: 7.46, step: 1000 },
  TRY: { rate: 40, step: 5000 },
}

/** Integer minor units in `currency` for an amount in euro cents. */
export function localPrice(euroMinor: number, currency: string): number {
  const { rate, step } = perEuro[currency] ?? { rate: 1, step: 100 }
  if (euroMinor === 0) return 0
  return Math.max(step, Math.round((euroMinor * rate) / step) * step)
}
