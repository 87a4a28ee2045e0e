import { type InterfaceLocale, minorToDecimal } from '@kibitz/kernel'
import type { Tournament } from '@kibitz/tournaments'
import { ticketNames } from './EntryView.ts'
import type { EntryEntity } from './entities/EntryEntity.ts'
import { csvColumns, csvText } from './mail/CsvText.ts'

// The organiser's export of an event's registrations (decisions 020 and 034): one row per player, in the order
// given, in the organiser's language and in the dialect their spreadsheet opens without an import dialog.

/** A CSV cell: quoted, and a leading formula character neutralised so a spreadsheet never runs it. */
const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return `"${safe.replace(/"/g, '""')}"`
}

/** The decimal mark of `locale`'s numbers ('.' in English, ',' in Polish, French…). */
export const decimalMark = (locale: string): string =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'

/**
 * The field separator a spreadsheet in `locale` expects: where the decimal mark is a comma, the list separator
 * is a semicolon (Excel takes it from the system's regional settings; LibreOffice and Numbers follow suit).
 */
export const csvSeparator = (locale: string): ',' | ';' => (decimalMark(locale) === ',' ? ';' : ',')

/**
 * An amount as a spreadsheet in `locale` reads a number: major units with every minor digit of the currency
 * (decision 031), the locale's decimal mark and no grouping ("1234.50" in English, "1234,50" in Polish, "5000"
 * yen), negative with a leading minus.
 */
export const spreadsheetAmount = (amountMinor: number, currencyCode: string, locale: string): string =>
  minorToDecimal(amountMinor, currencyCode).replace('.', decimalMark(locale))

/** A moment as spreadsheets everywhere read a date and time: "2027-03-10 14:00" in the event's time zone. */
const localMoment = (at: Date, timeZone: string): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`
}

const countryNames = new Map<InterfaceLocale, Intl.DisplayNames>()
/** A country's name in `locale` (the code itself when the code is not a region Intl knows). */
const countryName = (code: string, locale: InterfaceLocale): string => {
  let names = countryNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
    countryNames.set(locale, names)
  }
  try {
    return names.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/**
 * The entries as CSV in `locale` (CRLF lines, a heading row, `csvSeparator(locale)` between cells): tournaments,
 * tickets, age categories, countries, states and payment methods by name, amounts as the locale's spreadsheet reads
 * them, times in the event's time zone. No byte-order mark: the HTTP answer adds it.
 */
export const entriesCsv = (
  entries: ReadonlyArray<EntryEntity>,
  tournaments: ReadonlyMap<number, Tournament>,
  locale: InterfaceLocale,
  timeZone: string,
): string => {
  const text = csvText(locale)
  const separator = csvSeparator(locale)
  const line = (cells: ReadonlyArray<string | number | null>) => cells.map(csvCell).join(separator)
  const rows = [line(csvColumns.map((c) => text.headings[c]))]
  const yesNo = (value: boolean | null | undefined) => (value == null ? null : value ? text.yes : text.no)
  for (const e of entries) {
    const t = tournaments.get(e.tournamentId) ?? null
    const status = String(e.status)
    const method = String(e.paymentMethod)
    for (const [i, c] of e.contestants.getItems().entries()) {
      const names = ticketNames(t, c.ticketId ?? null, c.ageCategoryId ?? null)
      const ticket =
        names.ticketType !== null
          ? (text.ticketType[names.ticketType] ?? null)
          : c.ticketId == null
            ? null
            : text.removedTicket(c.ticketId)
      rows.push(
        line([
          e.id,
          t?.name ?? String(e.tournamentId),
          status === 'pending' || status === 'confirmed' || status === 'canceled' || status === 'expired'
            ? text.status[status]
            : status,
          yesNo(e.paidAt != null),
          method === 'free' || method === 'bankTransfer' || method === 'card' || method === 'atVenue'
            ? text.method[method]
            : method,
          e.reference ?? null,
          spreadsheetAmount(e.totalMinor, e.currencyCode, locale),
          e.currencyCode,
          e.teamName ?? null,
          e.contactEmail ?? null,
          i + 1,
          c.firstName,
          c.lastName,
          c.countryCode ? countryName(c.countryCode, locale) : null,
          c.email ?? null,
          c.federationId ?? null,
          yesNo(c.federationVerified),
          ticket,
          names.ageCategoryName,
          localMoment(e.createdAt, timeZone),
        ]),
      )
    }
  }
  return `${rows.join('\r\n')}\r\n`
}
