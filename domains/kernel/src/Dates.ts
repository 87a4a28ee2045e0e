import { resolveInterfaceLocale } from './Languages.ts'
import { boundedMemo } from './Memo.ts'

// Event dates are calendar dates ('YYYY-MM-DD') without a zone. They are read as UTC midnight and formatted
// in UTC, so a date never shifts by a day whatever the server's or the visitor's zone is.

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const isoMonthPattern = /^(\d{4})-(\d{2})(?:-\d{2})?$/
const timePattern = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/

const millisecondsPerDay = 24 * 60 * 60 * 1000

const pad2 = (n: number): string => String(n).padStart(2, '0')

const pad4 = (n: number): string => String(n).padStart(4, '0')

/** True when the string is a real calendar date in the form 'YYYY-MM-DD' (so '2027-02-30' is false). */
export const isValidIsoDate = (s: string): boolean => parseIsoDate(s) !== undefined

/** The UTC-midnight Date of an ISO calendar date, or undefined when the string is not a real date. */
export const parseIsoDate = (s: string): Date | undefined => {
  const match = isoDatePattern.exec(s)
  if (!match) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  // setUTCFullYear (unlike Date.UTC) keeps years below 100; an overflowing day such as '2027-02-30' rolls
  // over into March, which the round-trip check below rejects.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real ? date : undefined
}

/** The 'YYYY-MM-DD' calendar date of a UTC-midnight Date (the inverse of parseIsoDate). */
const utcIsoDate = (d: Date): string =>
  `${pad4(d.getUTCFullYear())}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`

// Building an Intl.DateTimeFormat costs far more than using one, and a page formats dates for every card and
// tournament: formatters are made once per locale, zone and options, and kept (there are only so many of each).
const formatters = new Map<string, Intl.DateTimeFormat>()
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, format)
  }
  return format
}

/** The formatter of each zone's calendar dates, by zone (there are only so many; an unknown one throws first). */
const calendarDates = new Map<string, Intl.DateTimeFormat>()

/** The calendar date of an instant in a time zone (UTC by default); throws RangeError for an unknown zone. */
export const isoDate = (d: Date, timeZone = 'UTC'): string => {
  let format = calendarDates.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    calendarDates.set(timeZone, format)
  }
  let year = ''
  let month = ''
  let day = ''
  for (const part of format.formatToParts(d)) {
    if (part.type === 'year') year = part.value
    else if (part.type === 'month') month = part.value
    else if (part.type === 'day') day = part.value
  }
  return `${year.padStart(4, '0')}-${month}-${day}`
}

/** The wall-clock time 'HH:mm' (24 h) of an instant in a time zone; throws RangeError for an unknown zone. */
export const zonedTime = (d: Date, timeZone: string): string =>
  dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d)

/**
 * The dates the whole stack handles (docs/decisions/026): JavaScript, Intl, PostgreSQL and iCalendar all take
 * every instant of these days in every zone, so a date at an edge shifted by a zone's offset is still one of
 * them. Stored dates are checked against the same bounds by the database.
 */
export const supportedDates = { first: '1900-01-01', last: '2199-12-31' } as const

/** True when the string is a real calendar date 'YYYY-MM-DD' within `supportedDates`. */
export const isSupportedIsoDate = (s: string): boolean =>
  s >= supportedDates.first && s <= supportedDates.last && isValidIsoDate(s)

let zones: ReadonlySet<string> | undefined
/**
 * The time zones an event may be in: the canonical IANA names Intl lists, and UTC. Retired and alias names
 * (US/Pacific-New, Canada/East-Saskatchewan) are left out although Intl still resolves them, because
 * PostgreSQL does not know them all; the database holds the same list in its time_zone table.
 */
export const supportedTimeZones = (): ReadonlySet<string> => {
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])
  return zones
}

/** True when the name is one of `supportedTimeZones`. */
export const isValidTimeZone = (timeZone: string): boolean => supportedTimeZones().has(timeZone)

/** The ISO date n days after (or before, when negative) a date; undefined for an invalid date. */
export const addDays = (isoDateValue: string, days: number): string | undefined => {
  const date = parseIsoDate(isoDateValue)
  return date ? utcIsoDate(new Date(date.getTime() + days * millisecondsPerDay)) : undefined
}

/** Whole days from one ISO date to another (positive when `to` is later); undefined for an invalid date. */
export const daysBetween = (from: string, to: string): number | undefined => {
  const a = parseIsoDate(from)
  const b = parseIsoDate(to)
  return a && b ? Math.round((b.getTime() - a.getTime()) / millisecondsPerDay) : undefined
}

/** The first day of the month of 'YYYY-MM' (or of a 'YYYY-MM-DD' date); undefined when malformed. */
export const firstDayOfMonth = (isoMonth: string): string | undefined => {
  const match = isoMonthPattern.exec(isoMonth)
  if (!match) return undefined
  const candidate = `${match[1]}-${match[2]}-01`
  return isValidIsoDate(candidate) ? candidate : undefined
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

/** The last day of the month of 'YYYY-MM' (or of a 'YYYY-MM-DD' date); undefined when malformed. */
export const lastDayOfMonth = (isoMonth: string): string | undefined => {
  const first = firstDayOfMonth(isoMonth)
  if (!first) return undefined
  const year = Number(first.slice(0, 4))
  const month = Number(first.slice(5, 7))
  return `${first.slice(0, 8)}${pad2(daysInMonth(year, month))}`
}

const longDateOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
}

/**
 * ICU versions disagree on space characters (Node puts thin spaces around a range's dash where
 * Chromium puts plain ones), and server-rendered text must equal what the browser renders: thin
 * spaces become plain spaces, narrow no-break spaces plain no-break spaces.
 */
const plainSpaces = (text: string): string => text.replace(/\u2009/g, ' ').replace(/\u202f/g, '\u00a0')

const longDates = boundedMemo<string>(10_000)
/** The long date ('MMMM D, YYYY' in English, e.g. "March 5, 2027") in an interface locale; input as is when invalid. */
export const formatLongDate = (isoDateValue: string, locale: string): string =>
  longDates(`${isoDateValue}|${locale}`, () => {
    const date = parseIsoDate(isoDateValue)
    if (!date) return isoDateValue
    return plainSpaces(dateTimeFormat(resolveInterfaceLocale(locale), longDateOptions).format(date))
  })

// CLDR has no abbreviated month names in Lithuanian date patterns (Intl answers "03"), so the spec's
// 'dd MMM yyyy' would lose the month name; these are CLDR's Lithuanian abbreviated month names.
const lithuanianShortMonths = [
  'saus.',
  'vas.',
  'kov.',
  'bal.',
  'geg.',
  'birž.',
  'liep.',
  'rugp.',
  'rugs.',
  'spal.',
  'lapkr.',
  'gruod.',
] as const

/** The short date 'dd MMM yyyy' (e.g. "05 Mar 2027", pl "05 mar 2027"); input as is when invalid. */
export const formatShortDate = (isoDateValue: string, locale: string): string => {
  const date = parseIsoDate(isoDateValue)
  if (!date) return isoDateValue
  const resolved = resolveInterfaceLocale(locale)
  // The spec fixes the order day, month, year for every locale; only the month name is localised.
  const monthPart = dateTimeFormat(resolved, { day: 'numeric', month: 'short', timeZone: 'UTC' })
    .formatToParts(date)
    .find((p) => p.type === 'month')?.value
  const month =
    monthPart === undefined || /^\d+$/.test(monthPart)
      ? (lithuanianShortMonths[date.getUTCMonth()] ?? pad2(date.getUTCMonth() + 1))
      : monthPart
  return `${pad2(date.getUTCDate())} ${month} ${pad4(date.getUTCFullYear())}`
}

/** The time as 'HH:mm' from 'H:mm', 'HH:mm' or 'HH:mm:ss'; input trimmed as is when it is not a valid time. */
export const formatTime = (hhmm: string): string => {
  const trimmed = hhmm.trim()
  const match = timePattern.exec(trimmed)
  if (!match) return trimmed
  const hours = Number(match[1])
  const minutes = Number(match[2])
  return hours < 24 && minutes < 60 ? `${pad2(hours)}:${pad2(minutes)}` : trimmed
}

const rangeTexts = boundedMemo<string>(10_000)
/** A localised date range: one long date when equal, else Intl's compact range (en "March 5 – 8, 2027"). */
export const formatDateRange = (startIso: string, endIso: string, locale: string): string =>
  rangeTexts(`${startIso}|${endIso}|${locale}`, () => rangeText(startIso, endIso, locale))
const rangeText = (startIso: string, endIso: string, locale: string): string => {
  const start = parseIsoDate(startIso)
  const end = parseIsoDate(endIso)
  if (!start || !end)
    return start ? formatLongDate(startIso, locale) : end ? formatLongDate(endIso, locale) : startIso
  if (startIso === endIso) return formatLongDate(startIso, locale)
  const format = dateTimeFormat(resolveInterfaceLocale(locale), longDateOptions)
  // formatRange collapses the shared month and year per locale; a reversed range is shown as given.
  return plainSpaces(
    start < end ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`,
  )
}

const zoneOffsets = boundedMemo<number>(10_000)
/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export const zoneOffsetMs = (timeZone: string, epochMs: number): number =>
  zoneOffsets(`${timeZone}|${epochMs}`, () => readZoneOffset(timeZone, epochMs))
const readZoneOffset = (timeZone: string, epochMs: number): number => {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(epochMs))
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? '0')
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wallClock - Math.floor(epochMs / 1000) * 1000
}

/**
 * The UTC instant (ms) of a wall-clock time given as milliseconds "as if UTC" in an IANA zone. The
 * offset is read at a first guess and again at the corrected instant, so a time on the day the
 * clocks change lands on the right side; a time skipped by the spring-forward jump moves forward.
 */
export const wallClockToUtcMs = (wallClockMs: number, timeZone: string): number => {
  const firstGuess = wallClockMs - zoneOffsetMs(timeZone, wallClockMs)
  return wallClockMs - zoneOffsetMs(timeZone, firstGuess)
}

/** The UTC instant (ms) of `date` ('YYYY-MM-DD') at `time` ('HH:mm') on the wall clock of `timeZone`. */
export const zonedTimeToUtc = (date: string, time: string, timeZone: string): number =>
  wallClockToUtcMs(Date.parse(`${date}T${time}:00Z`), timeZone)

/**
 * An instant as its date and time where it happens ('March 5, 2027 18:00', or 'dd MMM yyyy HH:mm' with
 * `short`) in an interface locale: deadlines and payment times in the event's time zone.
 */
export const formatZonedDateTime = (
  d: Date,
  timeZone: string,
  locale: string,
  style: 'long' | 'short' = 'long',
): string => {
  const day = isoDate(d, timeZone)
  return `${style === 'long' ? formatLongDate(day, locale) : formatShortDate(day, locale)} ${zonedTime(d, timeZone)}`
}
