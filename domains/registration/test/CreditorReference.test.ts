import { mod97 } from '@kibitz/kernel'
import { describe, expect, it } from 'vitest'
import {
  creditorReference,
  creditorReferenceForEntry,
  formatCreditorReference,
  isValidCreditorReference,
} from '../src/payment/CreditorReference.ts'

describe('creditorReference', () => {
  it('computes the check digits of the published ISO 11649 example', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034')
  })

  it('ignores spaces and case in the base, and pads check digits to two', () => {
    expect(creditorReference('5390 0754 7034')).toBe('RF18539007547034')
    expect(creditorReference('kbz1')).toBe(creditorReference('KBZ1'))
    for (const base of ['1', 'A', 'ZZZZZZZZZZZZZZZZZZZZZ', '000000000000000000001']) {
      const reference = creditorReference(base)
      expect(reference).toMatch(/^RF\d{2}/)
      expect(isValidCreditorReference(reference), reference).toBe(true)
    }
  })

  it('throws for a base ISO 11649 cannot hold', () => {
    expect(() => creditorReference('')).toThrow(/base/)
    expect(() => creditorReference('1234567890123456789012')).toThrow(/base/)
    expect(() => creditorReference('KBZ-1')).toThrow(/base/)
  })
})

describe('creditorReferenceForEntry', () => {
  it('builds a valid reference from the padded entry id', () => {
    const reference = creditorReferenceForEntry(42)
    expect(reference).toMatch(/^RF\d{2}KBZ00000042$/)
    expect(isValidCreditorReference(reference)).toBe(true)
    expect(reference.length).toBeLessThanOrEqual(25)
  })

  it('gives every entry its own reference, ids past the padding included', () => {
    const ids = [1, 10, 99_999_999, 100_000_000, 123_456_789_012, Number.MAX_SAFE_INTEGER]
    const references = ids.map(creditorReferenceForEntry)
    expect(new Set(references).size).toBe(ids.length)
    for (const reference of references) expect(isValidCreditorReference(reference), reference).toBe(true)
  })

  it('throws for an id that is not a positive integer', () => {
    expect(() => creditorReferenceForEntry(0)).toThrow(/entryId/)
    expect(() => creditorReferenceForEntry(-3)).toThrow(/entryId/)
    expect(() => creditorReferenceForEntry(1.5)).toThrow(/entryId/)
  })
})

describe('isValidCreditorReference', () => {
  it('accepts the published example, printed or compact, in any case', () => {
    expect(isValidCreditorReference('RF18539007547034')).toBe(true)
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true)
    expect(isValidCreditorReference('rf18 5390 0754 7034')).toBe(true)
  })

  it('refuses a mistyped character, swapped digits and wrong check digits', () => {
    expect(isValidCreditorReference('RF18539007547035')).toBe(false)
    expect(isValidCreditorReference('RF18539007547043')).toBe(false)
    expect(isValidCreditorReference('RF19539007547034')).toBe(false)
  })

  it('refuses other prefixes, an empty or over-long base and punctuation', () => {
    expect(isValidCreditorReference('DE18539007547034')).toBe(false)
    expect(isValidCreditorReference('RF18')).toBe(false)
    // 22 characters with check digits that work out: too long for ISO 11649 all the same.
    const tooLong = '1234567890123456789012'
    const checkDigits = String(98 - mod97(`${tooLong}RF00`)).padStart(2, '0')
    expect(isValidCreditorReference(`RF${checkDigits}${tooLong}`)).toBe(false)
    expect(isValidCreditorReference('RF18-5390-0754-7034')).toBe(false)
    expect(isValidCreditorReference('')).toBe(false)
  })
})

describe('formatCreditorReference', () => {
  it('prints groups of four as on an invoice', () => {
    expect(formatCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034')
    expect(formatCreditorReference('rf18 53900754 7034')).toBe('RF18 5390 0754 7034')
    expect(formatCreditorReference(creditorReferenceForEntry(42))).toMatch(/^RF\d{2} KBZ0 0000 042$/)
  })
})
