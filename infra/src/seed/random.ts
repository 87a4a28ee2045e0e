/** A small deterministic random source, so the same `today` always seeds the same demo data. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  pick<T>(items: ReadonlyArray<T>): T
  /** Picks by weight; `weights` has one entry per item. */
  weighted<T>(items: ReadonlyArray<T>, weights: ReadonlyArray<number>): T
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: ReadonlyArray<T>, count: number): Array<T>
}

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const at = <T>(items: ReadonlyArray<T>, index: number): T => {
    const item = items[index]
    if (item === undefined) throw new Error(`seed: no item at ${index} of ${items.length}`)
    return item
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => at(items, Math.floor(next() * items.length)),
    weighted: (items, weights) => {
      const total = weights.reduce((sum, w) => sum + w, 0)
      let roll = next() * total
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0
        if (roll < 0) return at(items, i)
      }
      return at(items, items.length - 1)
    },
    sample: (items, count) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        const a = at(copy, i)
        copy[i] = at(copy, j)
        copy[j] = a
      }
      return copy.slice(0, count)
    },
  }
}
