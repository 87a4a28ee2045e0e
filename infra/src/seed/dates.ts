const dayMs = 24 * 60 * 60 * 1000

/** The calendar date `days` after (before, when negative) the 'YYYY-MM-DD' date `date`. */
export function plusDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(ms)) throw new Error(`seed: not a date: ${date}`)
  return new Date(ms + days * dayMs).toISOString().slice(0, 10)
}
