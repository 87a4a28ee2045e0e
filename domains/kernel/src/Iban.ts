// Bank account checks for the organiser's payment details (issue 5: bank transfer). Browser-safe, so the form
// and the server share them: no node: imports.

// IBAN lengths per country from the SWIFT IBAN registry (ISO 13616): every SEPA country and the other
// registered ones players and organisers are likely to bank in.
const ibanLengths: ReadonlyMap<string, number> = new Map(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 ' +
    'EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 ' +
    'IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 ' +
    'NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 ' +
    'SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  )
    .split(' ')
    .map((entry): [string, number] => [entry.slice(0, 2), Number(entry.slice(2))]),
)

/** Removes all whitespace and upper-cases, the form IBANs are stored and checked in ("lt12 1000…" → "LT121000…"). */
export const normaliseIban = (input: string): string => input.replace(/\s+/g, '').toUpperCase()

/**
 * ISO 7064 MOD 97-10 of an alphanumeric string, letters counting as 10..35 (NaN for any other character).
 * Computed piece by piece so long codes never leave safe integers. Creditor references (ISO 11649) share it.
 */
export const mod97 = (alphanumeric: string): number => {
  if (!/^[A-Za-z0-9]*$/.test(alphanumeric)) return Number.NaN
  let remainder = 0
  for (const char of alphanumeric) {
    const value = Number.parseInt(char, 36)
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97
  }
  return remainder
}

/**
 * Whether the check digits of an "XX00…" code (IBAN or creditor reference) are right: the code moved so its
 * first four characters come last is 1 modulo 97. Check digits 00, 01 and 99 are never issued.
 */
export const hasValidMod97CheckDigits = (code: string): boolean => {
  const digits = code.slice(2, 4)
  if (digits === '00' || digits === '01' || digits === '99') return false
  return mod97(`${code.slice(4)}${code.slice(0, 4)}`) === 1
}

/** Whether `input` (spaces and case ignored) is an IBAN of a registered country with the right length and check digits. */
export const isValidIban = (input: string): boolean => {
  const iban = normaliseIban(input)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false
  return ibanLengths.get(iban.slice(0, 2)) === iban.length && hasValidMod97CheckDigits(iban)
}

/** Splits a normalised code into groups of four, as printed on paper ("LT12 1000 0111 0100 1000"). */
export const groupsOfFour = (code: string): string => code.replace(/(.{4})(?=.)/g, '$1 ')

/** The IBAN in its printed form: normalised, in groups of four characters. */
export const formatIban = (input: string): string => groupsOfFour(normaliseIban(input))

/**
 * Whether `input` (spaces and case ignored) has the shape of a BIC (ISO 9362): a 4-character party prefix
 * (alphanumeric since the 2022 edition), a 2-letter country, a 2-character location and an optional 3-character
 * branch.
 */
export const isValidBic = (input: string): boolean =>
  /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(input.replace(/\s+/g, '').toUpperCase())
