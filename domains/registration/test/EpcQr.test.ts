import { describe, expect, it } from 'vitest'
import { type EpcTransfer, epcLimits, epcPayload } from '../src/payment/EpcQr.ts'

// EPC069-12 v3.0 ("Quick Response Code: guidelines to enable data capture for the initiation of a SEPA credit
// transfer"), section 5: the data elements in order, one per line (LF), with no line break after the last one.
const transfer: EpcTransfer = {
  beneficiary: 'Lietuvos bridžo federacija',
  iban: 'LT12 1000 0111 0100 1000',
  bic: 'HABALT22',
  currencyCode: 'EUR',
  amountMinor: 4550,
  reference: 'RF18 5390 0754 7034',
}

describe('epcPayload', () => {
  it('writes the version 002 fields in the guideline order, the RF reference in the structured line', () => {
    const payload = epcPayload(transfer)
    expect(payload?.split('\n')).toEqual([
      'BCD', // service tag
      '002', // version
      '1', // character set: UTF-8
      'SCT', // identification: SEPA credit transfer
      'HABALT22', // BIC of the beneficiary bank
      'Lietuvos bridžo federacija', // name of the beneficiary
      'LT121000011101001000', // IBAN, without spaces
      'EUR45.50', // amount: EUR then the amount with a decimal point
      '', // purpose: none
      'RF18539007547034', // remittance information, structured: the creditor reference
    ])
    expect(payload?.endsWith('\n')).toBe(false)
  })

  it('leaves the BIC line empty when there is none (optional within the EEA in version 002)', () => {
    expect(epcPayload({ ...transfer, bic: null })?.split('\n')[4]).toBe('')
  })

  it('writes cents with two digits and whole euros without a thousands separator', () => {
    expect(epcPayload({ ...transfer, amountMinor: 5 })?.split('\n')[7]).toBe('EUR0.05')
    expect(epcPayload({ ...transfer, amountMinor: 123_456_700 })?.split('\n')[7]).toBe('EUR1234567.00')
    expect(epcPayload({ ...transfer, amountMinor: epcLimits.maxAmountMinor })?.split('\n')[7]).toBe(
      'EUR999999999.99',
    )
  })

  it('draws nothing for other currencies, nothing to pay, or amounts beyond the guideline', () => {
    expect(epcPayload({ ...transfer, currencyCode: 'PLN' })).toBeNull()
    expect(epcPayload({ ...transfer, amountMinor: 0 })).toBeNull()
    expect(epcPayload({ ...transfer, amountMinor: epcLimits.maxAmountMinor + 1 })).toBeNull()
  })

  it('keeps a multi-line beneficiary on its line and refuses one over 70 characters', () => {
    expect(epcPayload({ ...transfer, beneficiary: 'Bridge\nClub  Vilnius' })?.split('\n')[5]).toBe(
      'Bridge Club Vilnius',
    )
    expect(epcPayload({ ...transfer, beneficiary: 'x'.repeat(70) })).not.toBeNull()
    expect(epcPayload({ ...transfer, beneficiary: 'x'.repeat(71) })).toBeNull()
  })

  it('refuses a reference that is not a creditor reference and a malformed BIC or IBAN', () => {
    expect(epcPayload({ ...transfer, reference: 'Invoice 12' })).toBeNull()
    expect(epcPayload({ ...transfer, bic: 'HABA' })).toBeNull()
    expect(epcPayload({ ...transfer, iban: 'not an iban' })).toBeNull()
  })

  it('stays within the 331 bytes a code may carry', () => {
    const payload = epcPayload({ ...transfer, beneficiary: 'ž'.repeat(70), bic: 'HABALT22XXX' })
    expect(payload).not.toBeNull()
    expect(new TextEncoder().encode(payload ?? '').length).toBeLessThanOrEqual(epcLimits.payloadBytes)
  })
})
