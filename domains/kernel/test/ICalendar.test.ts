import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { type CalendarEvent, escapeText, foldLine, renderCalendar } from '../src/ICalendar.ts'

const generatedAt = '2027-01-15T10:20:30Z'

const allDay: CalendarEvent = {
  uid: 'event-42@kibitz',
  summary: 'Vilnius Bridge Festival',
  start: { date: '2027-03-05' },
  end: { date: '2027-03-08' },
}

const render = (...events: ReadonlyArray<CalendarEvent>): string =>
  renderCalendar({ name: 'Kibitz events', events, generatedAt })

const parseEvents = (ics: string): ReadonlyArray<ICAL.Event> =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))

const onlyEvent = (ics: string): ICAL.Event => {
  const [event] = parseEvents(ics)
  if (!event) throw new Error('no VEVENT in the output')
  return event
}

/** The physical lines (between CRLFs) as UTF-8 byte arrays. */
const physicalLines = (ics: string): ReadonlyArray<Uint8Array> => {
  const bytes = new TextEncoder().encode(ics)
  const lines: Array<Uint8Array> = []
  let start = 0
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.slice(start, i))
      start = i + 2
    }
  }
  return lines
}

const longDescription = [
  'Турнир по бриджу; пары, команды, индивидуальный зачёт — регистрация открыта.',
  'Zapraszamy na zawody brydżowe: pary, drużyny; zgłoszenia do 1 marca, wpisowe 50 zł.',
  'Back\\slash, comma; semicolon and the rest of a long English line that keeps going on.',
].join('\n')

describe('renderCalendar', () => {
  it('writes the calendar header with the name and PUBLISH method', () => {
    const ics = render(allDay)
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kibitz//Kibitz Events//EN\r\n')).toBe(
      true,
    )
    expect(ics).toContain('\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:Kibitz events\r\n')
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const calendar = new ICAL.Component(ICAL.parse(ics))
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Kibitz events')
  })

  it('leaves X-WR-CALNAME out without a name and uses a given PRODID', () => {
    const ics = renderCalendar({ prodId: '-//Test//EN', events: [allDay], generatedAt })
    expect(ics).toContain('\r\nPRODID:-//Test//EN\r\n')
    expect(ics).not.toContain('X-WR-CALNAME')
  })

  it('ends every line with CRLF and has no bare line feeds', () => {
    const ics = render(allDay)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('writes an all-day event with an exclusive end on the day after the last day', () => {
    const ics = render(allDay)
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20270305\r\nDTEND;VALUE=DATE:20270309\r\n')
    const event = onlyEvent(ics)
    expect(event.uid).toBe('event-42@kibitz')
    expect(event.summary).toBe('Vilnius Bridge Festival')
    expect(event.startDate.isDate).toBe(true)
    expect(event.startDate.toString()).toBe('2027-03-05')
    expect(event.endDate.toString()).toBe('2027-03-09')
    expect(event.duration.toString()).toBe('P4D')
  })

  it('writes a one-day event ending on the next day', () => {
    const ics = render({ ...allDay, end: { date: '2027-03-05' } })
    expect(onlyEvent(ics).endDate.toString()).toBe('2027-03-06')
  })

  it('stamps events with generatedAt in UTC', () => {
    const ics = render(allDay)
    expect(ics).toContain('\r\nDTSTAMP:20270115T102030Z\r\n')
    expect(onlyEvent(ics).component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2027-01-15T10:20:30Z')
  })

  it('converts a local date-time in a zone to UTC, across the DST change', () => {
    const ics = render({
      uid: 'tournament-7@kibitz',
      summary: 'Pairs, session 1',
      start: { dateTime: '2027-03-05T09:00', timeZone: 'Europe/Vilnius' },
      end: { dateTime: '2027-07-05T18:30:00', timeZone: 'Europe/Vilnius' },
    })
    expect(ics).toContain('\r\nDTSTART:20270305T070000Z\r\nDTEND:20270705T153000Z\r\n')
    const event = onlyEvent(ics)
    expect(event.startDate.isDate).toBe(false)
    expect(event.startDate.toString()).toBe('2027-03-05T07:00:00Z')
    expect(event.endDate.toString()).toBe('2027-07-05T15:30:00Z')
  })

  it('gives a zoneless end the start zone', () => {
    const ics = render({
      uid: 'x',
      summary: 'Teams',
      start: { dateTime: '2027-10-01T10:00', timeZone: 'America/New_York' },
      end: { dateTime: '2027-10-01T12:00' },
    })
    expect(ics).toContain('\r\nDTSTART:20271001T140000Z\r\nDTEND:20271001T160000Z\r\n')
  })

  it('keeps a date-time without a zone floating', () => {
    const ics = render({
      uid: 'x',
      summary: 'Club night',
      start: { dateTime: '2027-03-05T19:00' },
      end: { dateTime: '2027-03-05T22:00' },
    })
    expect(ics).toContain('\r\nDTSTART:20270305T190000\r\nDTEND:20270305T220000\r\n')
    expect(onlyEvent(ics).startDate.toString()).toBe('2027-03-05T19:00:00')
  })

  it('accepts ISO instants with an offset', () => {
    const ics = render({
      uid: 'x',
      summary: 'Online',
      start: { dateTime: '2027-03-05T09:00:00+02:00' },
      end: { dateTime: '2027-03-05T08:00:00Z' },
    })
    expect(ics).toContain('\r\nDTSTART:20270305T070000Z\r\nDTEND:20270305T080000Z\r\n')
  })

  it('leaves DTEND out when the end is not after the start', () => {
    const ics = render({
      uid: 'x',
      summary: 'Instant',
      start: { dateTime: '2027-03-05T09:00', timeZone: 'UTC' },
      end: { dateTime: '2027-03-05T09:00', timeZone: 'UTC' },
    })
    expect(ics).toContain('DTSTART:20270305T090000Z')
    expect(ics).not.toContain('DTEND')
  })

  it('renders a mixed all-day and timed event as all-day', () => {
    const ics = render({ ...allDay, end: { dateTime: '2027-03-06T18:00', timeZone: 'Europe/Warsaw' } })
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20270305\r\nDTEND;VALUE=DATE:20270307\r\n')
  })

  it('escapes and folds a long multi-language description that parses back unchanged', () => {
    const ics = render({ ...allDay, description: longDescription, location: 'Hotel "Neringa", Vilnius; LT' })
    const event = onlyEvent(ics)
    expect(event.description).toBe(longDescription)
    expect(event.location).toBe('Hotel "Neringa", Vilnius; LT')
    expect(ics).toContain('DESCRIPTION:Турнир по бриджу\\; пары\\, команды')
    expect(ics).toContain('LOCATION:Hotel "Neringa"\\, Vilnius\\; LT')
  })

  it('keeps every physical line within 75 octets without splitting a character', () => {
    const emoji = '🂡♠♥♦♣'.repeat(30)
    const ics = render({ ...allDay, summary: emoji, description: longDescription })
    const lines = physicalLines(ics)
    const decoder = new TextDecoder('utf-8', { fatal: true })
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75)
      expect(() => decoder.decode(line)).not.toThrow()
    }
    expect(lines.filter((line) => line[0] === 0x20).length).toBeGreaterThan(5)
    expect(onlyEvent(ics).summary).toBe(emoji)
  })

  it('writes url, status and last-modified', () => {
    const ics = render({
      ...allDay,
      url: 'https://kibitz.example/event/vilnius-festival?lang=lt,en',
      status: 'CANCELLED',
      lastModified: '2027-01-10T08:00:00.000Z',
    })
    const event = onlyEvent(ics)
    expect(event.component.getFirstPropertyValue('url')).toBe(
      'https://kibitz.example/event/vilnius-festival?lang=lt,en',
    )
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(ics).toContain('\r\nLAST-MODIFIED:20270110T080000Z\r\n')
  })

  it('writes several events in order', () => {
    const ics = render(allDay, { ...allDay, uid: 'event-43@kibitz', summary: 'Second' })
    expect(parseEvents(ics).map((event) => event.uid)).toEqual(['event-42@kibitz', 'event-43@kibitz'])
  })

  it('leaves out an event whose start has no four-digit year, and writes the others', () => {
    const timed = (uid: string, start: string, end: string, timeZone?: string): CalendarEvent => ({
      uid,
      summary: uid,
      start: timeZone ? { dateTime: start, timeZone } : { dateTime: start },
      end: timeZone ? { dateTime: end, timeZone } : { dateTime: end },
    })
    const ics = render(
      timed('before-year-1', '-003798-01-02T18:18:44Z', '-003798-01-02T20:00:00Z'),
      timed('after-9999', '+010000-01-01T10:00:00Z', '+010000-01-01T12:00:00Z'),
      // 9999-12-31 23:00 is 10000-01-01 in UTC behind Greenwich, still 9999-12-31 ahead of it.
      timed('behind-utc', '9999-12-31T23:00', '9999-12-31T23:30', 'America/Los_Angeles'),
      timed('ahead-of-utc', '9999-12-31T23:00', '9999-12-31T23:30', 'Pacific/Kiritimati'),
      allDay,
    )
    expect(parseEvents(ics).map((event) => event.uid)).toEqual(['ahead-of-utc', 'event-42@kibitz'])
    // Every date-time written has a year of four digits.
    const stamps = ics.match(/(?:DTSTART|DTEND|DTSTAMP)[^:]*:([^\r]*)/g) ?? []
    expect(stamps.length).toBeGreaterThan(0)
    for (const line of stamps) expect(line).toMatch(/:\d{8}(T\d{6}Z?)?$/)
  })

  it('leaves out an end or a last change that has no four-digit year, keeping the event', () => {
    const ics = render(
      {
        uid: 'endless',
        summary: 'Endless',
        start: { dateTime: '2027-03-05T10:00:00Z' },
        end: { dateTime: '+010000-01-01T00:00:00Z' },
        lastModified: '-000001-01-01T00:00:00Z',
      },
      { uid: 'last-day', summary: 'Last day', start: { date: '9999-12-31' }, end: { date: '9999-12-31' } },
    )
    expect(ics).toContain(
      '\r\nUID:endless\r\nDTSTAMP:20270115T102030Z\r\nDTSTART:20270305T100000Z\r\nSUMMARY:',
    )
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:99991231\r\nSUMMARY:Last day\r\n')
    expect(ics).not.toContain('LAST-MODIFIED')
    expect(parseEvents(ics).map((event) => event.uid)).toEqual(['endless', 'last-day'])
  })

  it('rejects a malformed date', () => {
    expect(() => render({ ...allDay, start: { date: '2027-02-30' } })).toThrow(RangeError)
    expect(() => render({ ...allDay, start: { dateTime: 'tomorrow' }, end: { dateTime: 'later' } })).toThrow(
      RangeError,
    )
  })
})

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })
})

describe('foldLine', () => {
  it('leaves a 75-octet line alone and folds a 76-octet one', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75))
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`)
  })

  it('moves a two-octet letter to the next line rather than splitting it', () => {
    const folded = foldLine(`${'x'.repeat(74)}ż`)
    expect(folded).toBe(`${'x'.repeat(74)}\r\n ż`)
  })
})
