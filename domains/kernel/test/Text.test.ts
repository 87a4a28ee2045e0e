import { describe, expect, it } from 'vitest'
import { hasControlCharacters, oneOf, withoutControlCharacters } from '../src/Text.ts'

describe('control characters', () => {
  it('finds and removes C0 controls and DEL, keeping what is asked', () => {
    expect(hasControlCharacters('Vilnius')).toBe(false)
    expect(hasControlCharacters('Vil\u0000nius')).toBe(true)
    expect(hasControlCharacters('a\u007fb')).toBe(true)
    expect(withoutControlCharacters('a\u0000b\tc\nd\u007f')).toBe('abcd')
    expect(withoutControlCharacters('a\u0000b\tc\nd', '\t\n')).toBe('ab\tc\nd')
  })
})

describe('oneOf', () => {
  it('returns the member a stored value names and throws on anything else', () => {
    expect(oneOf(['accepted', 'draft'] as const, 'draft', 'event state')).toBe('draft')
    expect(oneOf([1, 2, 3] as const, 2, 'type')).toBe(2)
    expect(() => oneOf([1, 2, 3] as const, 9, 'event type')).toThrow('corrupt event type: 9')
  })
})
