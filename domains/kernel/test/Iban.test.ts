import { describe, expect, it } from 'vitest'
import {
  formatIban,
  hasValidMod97CheckDigits,
  isValidBic,
  isValidIban,
  mod97,
  normaliseIban,
} from '../src/Iban.ts'

// Examples from the SWIFT IBAN registry and the banks' own published samples.
const published = [
  'LT12 1000 0111 0100 1000',
  'PL61 1090 1014 0000 0712 1981 2874',
  'DE89 3704 0044 0532 0130 00',
  'GB29 NWBK 6016 1331 9268 19',
  'FR14 2004 1010 0505 0001 3M02 606',
  'BE68 5390 0754 7034',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'EE38 2200 2210 2014 5685',
  'LV80 BANK 0000 4351 9500 1',
]

describe('normaliseIban', () => {
  it('removes every kind of whitespace and upper-cases', () => {
    expect(normaliseIban(' lt12 1000\t0111 0100\u00a01000 ')).toBe('LT121000011101001000')
  })
})

describe('isValidIban', () => {
  it('accepts published IBANs, printed or compact, in any case', () => {
    for (const iban of published) {
      expect(isValidIban(iban), iban).toBe(true)
      expect(isValidIban(iban.replace(/ /g, '').toLowerCase()), iban).toBe(true)
    }
  })

  it('refuses a mistyped digit and two swapped digits (the check digits catch both)', () => {
    expect(isValidIban('LT12 1000 0111 0100 1001')).toBe(false)
    expect(isValidIban('LT12 1000 0111 0100 0100')).toBe(false)
    expect(isValidIban('DE98 3704 0044 0532 0130 00')).toBe(false)
  })

  it('refuses a length that is wrong for the country even when the checksum works out', () => {
    // "BE68 5390 0754 7034" with two more digits, the check digits recomputed for the longer number.
    const longer = '53900754703400'
    const checkDigits = String(98 - mod97(`${longer}BE00`)).padStart(2, '0')
    const withValidChecksum = `BE${checkDigits}${longer}`
    expect(hasValidMod97CheckDigits(withValidChecksum)).toBe(true)
    expect(isValidIban(withValidChecksum)).toBe(false)
  })

  it('refuses countries without IBANs, check digits 00, 01 and 99, and stray characters', () => {
    expect(isValidIban('US64 SVBK US6S 3300 9673 86')).toBe(false)
    // This account's check digits are 02; 99 leaves the same remainder modulo 97 but is never issued.
    expect(isValidIban('LT02 1000 0111 0100 0016')).toBe(true)
    expect(hasValidMod97CheckDigits('LT991000011101000016')).toBe(false)
    expect(mod97('1000011101000016LT99')).toBe(1)
    expect(isValidIban('LT00 1000 0111 0100 1000')).toBe(false)
    expect(isValidIban('LT01 1000 0111 0100 1000')).toBe(false)
    expect(isValidIban('LT99 1000 0111 0100 1000')).toBe(false)
    expect(isValidIban('LT12-1000-0111-0100-1000')).toBe(false)
    expect(isValidIban('')).toBe(false)
  })
})

describe('mod97', () => {
  it('counts letters as 10..35 and refuses other characters', () => {
    expect(mod97('A')).toBe(10)
    expect(mod97('Z')).toBe(35)
    expect(mod97('3214282912345698765432161182')).toBe(1)
    expect(mod97('12-3')).toBeNaN()
  })
})

describe('formatIban', () => {
  it('prints groups of four characters, the last one possibly shorter', () => {
    expect(formatIban('lt121000011101001000')).toBe('LT12 1000 0111 0100 1000')
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947')
    expect(formatIban(' GB29NWBK 60161331926819')).toBe('GB29 NWBK 6016 1331 9268 19')
  })
})

describe('isValidBic', () => {
  it('accepts 8- and 11-character BICs in any case, spaces ignored', () => {
    expect(isValidBic('HABALT22')).toBe(true)
    expect(isValidBic('CBVILT2X')).toBe(true)
    expect(isValidBic('deutdeff500')).toBe(true)
    expect(isValidBic('NWBK GB 2L')).toBe(true)
  })

  it('refuses other lengths, a country with digits and punctuation', () => {
    expect(isValidBic('HABALT2')).toBe(false)
    expect(isValidBic('HABALT22X')).toBe(false)
    expect(isValidBic('DEUTDEFF5000')).toBe(false)
    expect(isValidBic('HABA1T22')).toBe(false)
    expect(isValidBic('HABA-T22')).toBe(false)
    expect(isValidBic('')).toBe(false)
  })
})
