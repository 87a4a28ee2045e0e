/**
 * A bounded memo for text a page makes again and again from the same few inputs (formatted dates, zone offsets,
 * addresses with their country): ICU and regular expressions are slow at it, and a site has only so many dates
 * and places. Forgotten wholesale when full, which a real site does not fill between restarts.
 */
export const boundedMemo = <A>(size: number) => {
  const kept = new Map<string, A>()
  return (key: string, make: () => A): A => {
    const found = kept.get(key)
    if (found !== undefined) return found
    const value = make()
    if (kept.size >= size) kept.clear()
    kept.set(key, value)
    return value
  }
}
