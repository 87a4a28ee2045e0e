// Small measuring tools the benchmark scenarios share: timing samples and their percentiles, and the figures a
// run reports (each with the direction in which it is better, so a later run can tell a regression).

/** Milliseconds since an arbitrary start, with sub-millisecond precision. */
export const now = (): number => performance.now()

/** The p-th percentile (0..1) of `samples` by the nearest-rank method; 0 for none. */
export const percentile = (samples: ReadonlyArray<number>, p: number): number => {
  if (samples.length === 0) return 0
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  return sorted[rank] ?? 0
}

export const median = (samples: ReadonlyArray<number>): number => percentile(samples, 0.5)

/** Times `run` `rounds` times after `warmup` untimed runs; the samples in milliseconds. */
export const sample = async (
  rounds: number,
  run: (round: number) => Promise<unknown>,
  warmup = 3,
): Promise<ReadonlyArray<number>> => {
  for (let i = 0; i < warmup; i++) await run(-1 - i)
  const samples: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const started = now()
    await run(i)
    samples.push(now() - started)
  }
  return samples
}

/** One reported figure. `better` says which way is an improvement; `goal` is the target, when it has one. */
export interface Figure {
  readonly key: string
  readonly section: string
  readonly label: string
  readonly value: number
  readonly unit: string
  readonly better: 'higher' | 'lower'
  /** Compared by `bench:check` (ratios and budgets; absolute timings are noise between machines). */
  readonly tracked: boolean
  readonly goal?: { readonly value: number; readonly met: boolean; readonly text: string }
}

/** A figure with an optional goal; `met` is computed from the direction. */
export const figure = (
  section: string,
  key: string,
  label: string,
  value: number,
  unit: string,
  options: { better: 'higher' | 'lower'; tracked?: boolean; goal?: number; goalText?: string },
): Figure => ({
  key,
  section,
  label,
  value,
  unit,
  better: options.better,
  tracked: options.tracked ?? false,
  ...(options.goal === undefined
    ? {}
    : {
        goal: {
          value: options.goal,
          met: options.better === 'higher' ? value >= options.goal : value <= options.goal,
          text: options.goalText ?? `${options.better === 'higher' ? '≥' : '≤'} ${options.goal} ${unit}`,
        },
      }),
})

/** Rounds for display: three significant figures, at most two decimals. */
export const shown = (value: number): string => {
  if (!Number.isFinite(value)) return String(value)
  const abs = Math.abs(value)
  // Three significant digits for small figures, so a ratio of 0.0025 does not print as 0.
  if (abs > 0 && abs < 1) return value.toLocaleString('en-US', { maximumSignificantDigits: 3 })
  const decimals = abs >= 100 ? 0 : abs >= 10 ? 1 : 2
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 })
}
