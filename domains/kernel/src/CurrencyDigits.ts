// The ISO 4217 minor unit (digits after the decimal point) of every currency whose minor unit is not 2, copied
// from the `currency-codes` package (ISO's list one) so the browser does not download that package's 180 rows
// with names and countries. The kernel's test `CurrencyDigits.test.ts` compares this table with the package on
// every run: when the package is updated, the test prints the table to paste here.
// Intl's digits are not used: CLDR differs from ISO for HUF, IDR, COP, IQD and others (decision 031).

/** Currencies whose ISO 4217 minor unit is not 2, with their digits. Every other code has 2. */
export const currencyDigitsOtherThanTwo: { readonly [code: string]: 0 | 3 | 4 } = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XAG: 0,
  XAU: 0,
  XBA: 0,
  XBB: 0,
  XBC: 0,
  XBD: 0,
  XDR: 0,
  XOF: 0,
  XPD: 0,
  XPF: 0,
  XPT: 0,
  XSU: 0,
  XTS: 0,
  XUA: 0,
  XXX: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
}
