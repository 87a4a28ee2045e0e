import { describe, expect, it } from 'vitest'
import { boundedMemo } from '../src/Memo.ts'

describe('boundedMemo', () => {
  it('makes a value once per key and forgets everything when full', () => {
    const memo = boundedMemo<string>(2)
    let made = 0
    const text = (key: string) =>
      memo(key, () => {
        made += 1
        return key.toUpperCase()
      })
    expect([text('a'), text('a'), text('b'), text('a')]).toEqual(['A', 'A', 'B', 'A'])
    expect(made).toBe(2)
    // A third key finds it full: it starts again from nothing.
    expect(text('c')).toBe('C')
    expect(text('a')).toBe('A')
    expect(made).toBe(4)
  })
})
