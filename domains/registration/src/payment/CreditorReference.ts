import { groupsOfFour, hasValidMod97CheckDigits, mod97 } from '@kibitz/kernel'

// Structured creditor references (ISO 11649, "RF" references) for bank transfers: the player copies one into
// the transfer, and its check digits let the bank refuse a mistyped one, so the organiser can match each
// transfer to its entry.

const basePattern = /^[A-Z0-9]{1,21}$/

// Where our bases start: a reference on an organiser's statement reads as a Kibitz entry at a glance.
const entryPrefix = 'KBZ'
// Ids are padded so references print with one length; longer ids simply get longer (still unique).
const entryIdDigits = 8

const compact = (input: string) => input.replace(/\s+/g, '').toUpperCase()

/**
 * The reference for `base` in compact form: "RF", two check digits, then the base (spaces and case ignored).
 * The bases are ours, not user input, so one that ISO 11649 cannot hold (not 1..21 letters and digits) is a
 * programming error and throws.
 */
export const creditorReference = (base: string): string => {
  const normalised = compact(base)
  if (!basePattern.test(normalised))
    throw new RangeError(`base must be 1 to 21 letters and digits, got "${base}"`)
  const checkDigits = 98 - mod97(`${normalised}RF00`)
  return `RF${String(checkDigits).padStart(2, '0')}${normalised}`
}

/** The reference of one entry ("RF…KBZ00000042"): unique per entry id. Throws for an id that is not a positive integer. */
export const creditorReferenceForEntry = (entryId: number): string => {
  if (!Number.isSafeInteger(entryId) || entryId < 1)
    throw new RangeError(`entryId must be a positive integer, got ${entryId}`)
  return creditorReference(`${entryPrefix}${String(entryId).padStart(entryIdDigits, '0')}`)
}

/** Whether `input` (spaces and case ignored) is a creditor reference with the right check digits. */
export const isValidCreditorReference = (input: string): boolean => {
  const reference = compact(input)
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(reference) && hasValidMod97CheckDigits(reference)
}

/** The reference as printed on invoices: upper-case, in groups of four ("RF18 5390 0754 7034"). */
export const formatCreditorReference = (input: string): string => groupsOfFour(compact(input))
