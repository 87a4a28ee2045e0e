import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  firstDayOfMonth,
  formatDateRange,
  formatLongDate,
  formatShortDate,
  formatTime,
  isoDate,
  isValidIsoDate,
  isValidTimeZone,
  lastDayOfMonth,
} from '../src/Dates.ts'

// Intl's thin spaces (U+2009) around a range's dash come out as plain spaces, the same in every ICU.
const thin = ' '

describe('formatLongDate', () => {
  it('formats MMMM D, YYYY in English', () => {
    expect(formatLongDate('2027-03-05', 'en')).toBe('March 5, 2027')
  })

  it('uses localised month names in Polish and Russian', () => {
    expect(formatLongDate('2027-03-05', 'pl')).toBe('5 marca 2027')
    expect(formatLongDate('2027-03-05', 'ru')).toBe('5 марта 2027 г.')
  })

  it('covers the other interface locales', () => {
    expect(formatLongDate('2027-03-05', 'lt')).toBe('2027 m. kovo 5 d.')
    expect(formatLongDate('2027-03-05', 'fr')).toBe('5 mars 2027')
    expect(formatLongDate('2027-03-05', 'es')).toBe('5 de marzo de 2027')
    expect(formatLongDate('2027-03-05', 'it')).toBe('5 marzo 2027')
  })

  it('never shifts the calendar date by a time zone', () => {
    expect(formatLongDate('2027-01-01', 'en')).toBe('January 1, 2027')
    expect(formatLongDate('2027-12-31', 'en')).toBe('December 31, 2027')
  })

  it('falls back to English for an unknown locale and returns invalid input unchanged', () => {
    expect(formatLongDate('2027-03-05', 'xx-YY')).toBe('March 5, 2027')
    expect(formatLongDate('2027-02-30', 'en')).toBe('2027-02-30')
  })
})

describe('formatShortDate', () => {
  it('formats dd MMM yyyy with a localised short month', () => {
    expect(formatShortDate('2027-03-05', 'en')).toBe('05 Mar 2027')
    expect(formatShortDate('2027-03-05', 'pl')).toBe('05 mar 2027')
    expect(formatShortDate('2027-03-05', 'ru')).toBe('05 мар. 2027')
  })

  it('uses the Lithuanian month abbreviation where Intl only has numbers', () => {
    expect(formatShortDate('2027-06-21', 'lt')).toBe('21 birž. 2027')
  })
})

describe('formatTime', () => {
  it('pads to HH:mm and drops seconds', () => {
    expect(formatTime('9:05')).toBe('09:05')
    expect(formatTime('18:30:00')).toBe('18:30')
    expect(formatTime('00:00')).toBe('00:00')
  })

  it('returns an invalid time trimmed and unchanged', () => {
    expect(formatTime(' 25:00 ')).toBe('25:00')
    expect(formatTime('noon')).toBe('noon')
  })
})

describe('formatDateRange', () => {
  it('shows a single date when start and end are equal', () => {
    expect(formatDateRange('2027-03-05', '2027-03-05', 'en')).toBe('March 5, 2027')
  })

  it('collapses month and year within one month in English', () => {
    expect(formatDateRange('2027-03-05', '2027-03-08', 'en')).toBe(`March 5${thin}–${thin}8, 2027`)
  })

  it('writes both months when the range crosses a month, and both years across a year', () => {
    expect(formatDateRange('2027-03-30', '2027-04-02', 'en')).toBe(`March 30${thin}–${thin}April 2, 2027`)
    expect(formatDateRange('2027-12-30', '2028-01-02', 'en')).toBe(
      `December 30, 2027${thin}–${thin}January 2, 2028`,
    )
  })

  it('follows each locale in Polish and Russian', () => {
    // ICU joins the Russian year suffix with a narrow no-break space (U+202F) in ranges.
    expect(formatDateRange('2027-03-05', '2027-03-08', 'pl')).toBe('5–8 marca 2027')
    expect(formatDateRange('2027-03-30', '2027-04-02', 'pl')).toBe(`30 marca${thin}–${thin}2 kwietnia 2027`)
    expect(formatDateRange('2027-03-05', '2027-03-08', 'ru')).toBe('5–8 марта 2027\u00a0г.')
  })

  it('shows a reversed range as given and a half-invalid range as its valid date', () => {
    expect(formatDateRange('2027-03-08', '2027-03-05', 'en')).toBe('March 8, 2027 – March 5, 2027')
    expect(formatDateRange('2027-03-05', 'soon', 'en')).toBe('March 5, 2027')
  })
})

describe('isoDate', () => {
  it('gives the UTC calendar date by default', () => {
    expect(isoDate(new Date('2027-03-05T23:30:00Z'))).toBe('2027-03-05')
  })

  it('gives the calendar date in a time zone', () => {
    expect(isoDate(new Date('2027-03-05T23:30:00Z'), 'Europe/Vilnius')).toBe('2027-03-06')
    expect(isoDate(new Date('2027-03-05T02:00:00Z'), 'America/New_York')).toBe('2027-03-04')
  })

  it('tells known zones from unknown ones', () => {
    expect(isValidTimeZone('Europe/Warsaw')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
  })
})

describe('month boundaries', () => {
  it('finds the last day of a month, leap years included', () => {
    expect(lastDayOfMonth('2027-02')).toBe('2027-02-28')
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29')
    expect(lastDayOfMonth('2100-02')).toBe('2100-02-28')
    expect(lastDayOfMonth('2027-04')).toBe('2027-04-30')
    expect(lastDayOfMonth('2027-12-15')).toBe('2027-12-31')
  })

  it('finds the first day of a month', () => {
    expect(firstDayOfMonth('2027-03-17')).toBe('2027-03-01')
  })

  it('rejects a malformed month', () => {
    expect(lastDayOfMonth('2027-13')).toBeUndefined()
    expect(lastDayOfMonth('March')).toBeUndefined()
  })
})

describe('isValidIsoDate', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isValidIsoDate('2028-02-29')).toBe(true)
    expect(isValidIsoDate('2027-02-29')).toBe(false)
    expect(isValidIsoDate('2027-3-5')).toBe(false)
    expect(isValidIsoDate('2027-03-05T00:00:00Z')).toBe(false)
    expect(isValidIsoDate('')).toBe(false)
  })
})

describe('day arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01')
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
  })

  it('counts whole days between dates', () => {
    expect(daysBetween('2027-03-01', '2027-03-08')).toBe(7)
    expect(daysBetween('2027-03-08', '2027-03-01')).toBe(-7)
    expect(daysBetween('2027-03-01', 'x')).toBeUndefined()
  })
})
