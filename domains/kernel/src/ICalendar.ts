import { addDays, isValidIsoDate, wallClockToUtcMs } from './Dates.ts'
import { withoutControlCharacters } from './Text.ts'

// An RFC 5545 writer for "add to calendar" links and organiser calendar feeds (spec section 9: calendar links
// use all-day or date-time form). Timed events are written in UTC so no VTIMEZONE blocks are needed and every
// client shows the same instant; an event without a zone stays floating (the same wall-clock time everywhere).

/** An all-day date ('YYYY-MM-DD'); as an end it is the last day of the event, inclusive. */
export interface CalendarDate {
  readonly date: string
}

/** A date-time: local 'YYYY-MM-DDTHH:mm[:ss]' in an IANA zone, floating without one, or an ISO instant. */
export interface CalendarDateTime {
  readonly dateTime: string
  readonly timeZone?: string
}

export type CalendarTime = CalendarDate | CalendarDateTime

export type CalendarEventStatus = 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE'

/** One VEVENT. */
export interface CalendarEvent {
  readonly uid: string
  readonly summary: string
  readonly description?: string
  readonly location?: string
  readonly url?: string
  readonly start: CalendarTime
  readonly end: CalendarTime
  /** ISO instant of the last change. */
  readonly lastModified?: string
  readonly status?: CalendarEventStatus
}

/** What renderCalendar writes; generatedAt (DTSTAMP) defaults to now, pass it to get reproducible output. */
export interface CalendarInput {
  readonly prodId?: string
  readonly name?: string
  readonly events: ReadonlyArray<CalendarEvent>
  readonly generatedAt?: Date | string
}

/** The HTTP content type of an iCalendar body. */
export const calendarContentType = 'text/calendar; charset=utf-8'

/** The PRODID written when the caller gives none. */
export const defaultProdId = '-//Kibitz//Kibitz Events//EN'

/** RFC 5545 section 3.1: content lines are folded at 75 octets, excluding the CRLF. */
export const maxLineOctets = 75

const crlf = '\r\n'

const encoder = new TextEncoder()

const octetLength = (s: string): number => encoder.encode(s).length

/** Folds one content line at 75 octets; continuation lines start with a space and never split a character. */
export const foldLine = (line: string): string => {
  if (octetLength(line) <= maxLineOctets) return line
  const chunks: Array<string> = []
  let current = ''
  let currentOctets = 0
  // The leading space of a continuation line counts towards its 75 octets.
  let limit = maxLineOctets
  // for…of walks code points, so a surrogate pair (4 octets in UTF-8) stays whole.
  for (const char of line) {
    const size = octetLength(char)
    if (currentOctets + size > limit) {
      chunks.push(current)
      current = ''
      currentOctets = 0
      limit = maxLineOctets - 1
    }
    current += char
    currentOctets += size
  }
  chunks.push(current)
  return chunks.join(`${crlf} `)
}

// RFC 5545 forbids control characters other than tab in values; they would corrupt the line structure.
// (Newlines are escaped, or dropped from URIs, before this runs.)
const withoutControls = (value: string) => withoutControlCharacters(value, '\t\n')

/** Escapes a TEXT value (RFC 5545 section 3.3.11): backslash, semicolon, comma and newlines. */
export const escapeText = (value: string): string =>
  withoutControls(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  )

// URI values are not TEXT and are not escaped; line breaks and controls are simply dropped.
const cleanUri = (value: string): string => withoutControls(value.replace(/[\r\n]/g, ''))

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

const compactDate = (isoDateValue: string): string => isoDateValue.replace(/-/g, '')

// RFC 5545 writes a year as four digits, and calendar clients know no year 0: a time outside 0001–9999 has no
// form there. Such a time is left out (an event whose start has none is left out whole), never printed as a
// negative or five-digit year that clients misread or reject.
const writableYear = (year: number): boolean => Number.isInteger(year) && year >= 1 && year <= 9999

const utcStamp = (epochMs: number): string | undefined => {
  const d = new Date(epochMs)
  if (!writableYear(d.getUTCFullYear())) return undefined
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  )
}

const instantMs = (value: Date | string, what: string): number => {
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime()
  if (Number.isNaN(ms)) throw new RangeError(`Invalid ${what}: ${String(value)}`)
  return ms
}

interface LocalDateTime {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

const localDateTimePattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/
const explicitOffsetPattern = /(?:Z|[+-]\d{2}:?\d{2})$/i

const parseLocalDateTime = (value: string): LocalDateTime | undefined => {
  const match = localDateTimePattern.exec(value)
  if (!match || !isValidIsoDate(`${match[1]}-${match[2]}-${match[3]}`)) return undefined
  const local = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4]),
    minute: Number(match[5]),
    second: Number(match[6] ?? '0'),
  }
  return local.hour < 24 && local.minute < 60 && local.second < 60 ? local : undefined
}

const localAsUtcMs = (t: LocalDateTime): number => {
  const d = new Date(0)
  d.setUTCFullYear(t.year, t.month - 1, t.day)
  d.setUTCHours(t.hour, t.minute, t.second, 0)
  return d.getTime()
}

type ResolvedTime =
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'utc'; readonly ms: number }
  | { readonly kind: 'floating'; readonly local: LocalDateTime }

const isCalendarDate = (t: CalendarTime): t is CalendarDate => 'date' in t

const resolveDateTime = (
  t: CalendarDateTime,
  fallbackZone: string | undefined,
  what: string,
): ResolvedTime => {
  const value = t.dateTime.trim()
  if (explicitOffsetPattern.test(value)) return { kind: 'utc', ms: instantMs(value, what) }
  const local = parseLocalDateTime(value)
  if (!local) throw new RangeError(`Invalid ${what}: ${value}`)
  const zone = t.timeZone ?? fallbackZone
  return zone ? { kind: 'utc', ms: wallClockToUtcMs(localAsUtcMs(local), zone) } : { kind: 'floating', local }
}

const dateOf = (t: CalendarTime, what: string): string => {
  const date = isCalendarDate(t) ? t.date : t.dateTime.trim().slice(0, 10)
  if (!isValidIsoDate(date)) throw new RangeError(`Invalid ${what}: ${date}`)
  return date
}

const floatingStamp = (t: LocalDateTime): string =>
  `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`

/** The DTSTART or DTEND line, or undefined when the time has no four-digit year. */
const timeLine = (name: 'DTSTART' | 'DTEND', t: ResolvedTime): string | undefined => {
  switch (t.kind) {
    case 'date':
      return writableYear(Number(t.date.slice(0, -6)))
        ? `${name};VALUE=DATE:${compactDate(t.date)}`
        : undefined
    case 'utc': {
      const stamp = utcStamp(t.ms)
      return stamp === undefined ? undefined : `${name}:${stamp}`
    }
    case 'floating':
      return writableYear(t.local.year) ? `${name}:${floatingStamp(t.local)}` : undefined
  }
}

// ISO dates order as strings; Math.max would turn them into NaN.
const isoDateMax = (a: string, b: string): string => {
  if (a < b) return b
  return a
}

const comparable = (t: ResolvedTime): number =>
  t.kind === 'utc' ? t.ms : t.kind === 'floating' ? localAsUtcMs(t.local) : 0

/**
 * DTSTART and DTEND of an event. When one side is all-day the whole event is all-day (RFC 5545 wants one value
 * type for both). An all-day end is exclusive, so DTEND is the day after the last day. A timed end without a
 * zone takes the start's zone; an end not after the start is left out, which RFC 5545 reads as a zero-length event.
 * Undefined when the start cannot be written (see writableYear); an end that cannot be written is left out.
 */
const eventTimeLines = (event: CalendarEvent): ReadonlyArray<string> | undefined => {
  if (isCalendarDate(event.start) || isCalendarDate(event.end)) {
    const startDate = dateOf(event.start, 'start date')
    const lastDate = dateOf(event.end, 'end date')
    // A last day before the first day is bad data; the event then lasts its first day only.
    const endExclusive = addDays(isoDateMax(startDate, lastDate), 1) ?? startDate
    const start = timeLine('DTSTART', { kind: 'date', date: startDate })
    const end = timeLine('DTEND', { kind: 'date', date: endExclusive })
    return start === undefined ? undefined : end === undefined ? [start] : [start, end]
  }
  const start = resolveDateTime(event.start, undefined, 'start date-time')
  const startZone = start.kind === 'utc' ? event.start.timeZone : undefined
  const rawEnd = resolveDateTime(event.end, startZone, 'end date-time')
  // A floating start keeps a floating end: mixing floating and UTC values would mean different instants.
  const end: ResolvedTime =
    start.kind === 'floating' && rawEnd.kind === 'utc'
      ? resolveDateTime(
          { dateTime: event.end.dateTime.trim().replace(explicitOffsetPattern, '') },
          undefined,
          'end date-time',
        )
      : rawEnd
  const startLine = timeLine('DTSTART', start)
  if (startLine === undefined) return undefined
  const endLine = comparable(end) > comparable(start) ? timeLine('DTEND', end) : undefined
  return endLine === undefined ? [startLine] : [startLine, endLine]
}

const eventLines = (event: CalendarEvent, stamp: string): ReadonlyArray<string> => {
  const times = eventTimeLines(event)
  if (times === undefined) return []
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${stamp}`, ...times]
  lines.push(`SUMMARY:${escapeText(event.summary)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
  if (event.url) lines.push(`URL:${cleanUri(event.url)}`)
  if (event.status) lines.push(`STATUS:${event.status}`)
  const modified = event.lastModified ? utcStamp(instantMs(event.lastModified, 'lastModified')) : undefined
  if (modified !== undefined) lines.push(`LAST-MODIFIED:${modified}`)
  lines.push('END:VEVENT')
  return lines
}

/**
 * Renders an iCalendar (RFC 5545) document with CRLF line endings; throws RangeError on malformed dates. An event
 * whose start falls outside the years 0001–9999 is left out, so no line ever carries a year of another form.
 */
export const renderCalendar = (input: CalendarInput): string => {
  const generatedAt = input.generatedAt ?? new Date()
  const stamp = utcStamp(instantMs(generatedAt, 'generatedAt'))
  if (stamp === undefined) throw new RangeError(`Invalid generatedAt: ${String(generatedAt)}`)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(input.prodId ?? defaultProdId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ]
  if (input.name) lines.push(`X-WR-CALNAME:${escapeText(input.name)}`)
  for (const event of input.events) lines.push(...eventLines(event, stamp))
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join(crlf) + crlf
}
