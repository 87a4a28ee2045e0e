import { normaliseIban } from '@kibitz/kernel/format'

// The European Payments Council's SEPA credit-transfer QR code (EPC069-12, "Quick Response Code: guidelines to
// enable data capture for the initiation of a SEPA credit transfer", version 002): the text a banking app scans to
// fill in a transfer. Browser-safe and pure; the app draws it as an SVG.

/** What a transfer to the organiser needs. */
export interface EpcTransfer {
  readonly beneficiary: string
  readonly iban: string
  /** Optional in version 002 within the EEA. */
  readonly bic: string | null
  readonly currencyCode: string
  /** In cents. */
  readonly amountMinor: number
  /** An ISO 11649 creditor reference ("RF…"), with or without spaces. */
  readonly reference: string
}

/** The guideline's limits: beneficiary 70 characters, amount 0.01 to 999,999,999.99 EUR, payload 331 bytes. */
export const epcLimits = {
  beneficiary: 70,
  minAmountMinor: 1,
  maxAmountMinor: 99_999_999_999,
  reference: 35,
  payloadBytes: 331,
} as const

const amountText = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`

/**
 * The EPC QR payload of a transfer, or null when there is none to give: the code is for euro payments only, the
 * amount must lie within the guideline's range, and a code that would break its limits is not drawn at all
 * (a wrong code in a banking app is worse than none). Lines, separated by LF, none after the last:
 * BCD, 002, 1 (UTF-8), SCT, BIC, beneficiary, IBAN, EUR amount, purpose (empty), structured reference (the RF
 * creditor reference); the unstructured remittance line is left out, as a code carries one reference or the other.
 */
export const epcPayload = (transfer: EpcTransfer): string | null => {
  if (transfer.currencyCode !== 'EUR') return null
  if (
    !Number.isInteger(transfer.amountMinor) ||
    transfer.amountMinor < epcLimits.minAmountMinor ||
    transfer.amountMinor > epcLimits.maxAmountMinor
  )
    return null
  // Line breaks inside a field would shift every later field.
  const name = transfer.beneficiary.replace(/\s+/g, ' ').trim()
  const reference = transfer.reference.replace(/\s+/g, '').toUpperCase()
  const iban = normaliseIban(transfer.iban)
  const bic = (transfer.bic ?? '').replace(/\s+/g, '').toUpperCase()
  if (name === '' || Array.from(name).length > epcLimits.beneficiary) return null
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference) || reference.length > epcLimits.reference) return null
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return null
  if (bic !== '' && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) return null
  const payload = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    iban,
    `EUR${amountText(transfer.amountMinor)}`,
    '',
    reference,
  ].join('\n')
  return new TextEncoder().encode(payload).length <= epcLimits.payloadBytes ? payload : null
}
