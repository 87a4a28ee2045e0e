/** `?page=` as the routes read it: a positive integer, 1 when absent or nonsense. */
export const pageParam = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1
}

/** `?q=` as a string or nothing. */
export const stringParam = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 500 ? value : undefined
