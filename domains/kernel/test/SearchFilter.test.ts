import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import {
  decodeSearchFilter,
  encodeSearchFilter,
  hasAnyFilter,
  normaliseSearchFilter,
  SearchFilter,
  validateSearchFilter,
} from '../src/SearchFilter.ts'

const today = '2027-03-17'

describe('encodeSearchFilter', () => {
  it('writes readable pairs in a fixed key order', () => {
    const q = encodeSearchFilter({
      country: 'LT',
      live: true,
      online: true,
      monthOnly: true,
      endDate: '2027-03-31',
      startDate: '2027-03-01',
      eventStates: ['running', 'future'],
      eventTypes: [3, 1],
      text: 'Vilnius cup',
    })
    expect(q).toBe(
      'text:Vilnius%20cup;type:1,3;state:running,future;from:2027-03-01;to:2027-03-31;month:1;online:1;live:1;country:LT',
    )
  })

  it('gives the same string for equal filters whatever the list order or duplicates', () => {
    expect(encodeSearchFilter({ eventTypes: [4, 2, 2] })).toBe(encodeSearchFilter({ eventTypes: [2, 4] }))
    expect(encodeSearchFilter({ eventTypes: [4, 2, 2] })).toBe('type:2,4')
  })

  it('percent-encodes the delimiters inside the text', () => {
    expect(encodeSearchFilter({ text: 'a;b:c,d%' })).toBe('text:a%3Bb%3Ac%2Cd%25')
  })

  it('leaves out empty lists, blank text and false flags', () => {
    expect(encodeSearchFilter({ text: '  ', eventTypes: [], online: false, monthOnly: false })).toBe('')
  })
})

describe('decodeSearchFilter', () => {
  it('round-trips an encoded filter', () => {
    const filter: SearchFilter = {
      text: 'Мемориал; Kraków, 2027',
      eventTypes: [1, 3],
      eventStates: ['future', 'canceled'],
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      monthOnly: true,
      online: true,
      live: true,
      country: 'PL',
    }
    expect(decodeSearchFilter(encodeSearchFilter(filter))).toEqual(filter)
  })

  it('gives an empty filter for a missing or garbage q', () => {
    expect(decodeSearchFilter(undefined)).toEqual({})
    expect(decodeSearchFilter('')).toEqual({})
    expect(decodeSearchFilter('%%%;;::,,')).toEqual({})
    expect(decodeSearchFilter('eyJ0eXBlIjpbMV19')).toEqual({})
  })

  it('ignores unknown keys and drops invalid values one by one', () => {
    expect(
      decodeSearchFilter(
        'colour:red;type:1,9,x,3;state:future,later;from:2027-02-30;to:2027-04-01;country:Lithuania',
      ),
    ).toEqual({ eventTypes: [1, 3], eventStates: ['future'], endDate: '2027-04-01' })
  })

  it('drops text with a broken percent escape', () => {
    expect(decodeSearchFilter('text:%E0%A4%A;type:2')).toEqual({ eventTypes: [2] })
  })

  it('accepts lower-case countries and keys, true flags and spaces', () => {
    expect(decodeSearchFilter(' TYPE : 2 ; online:true;country:lt;live:0')).toEqual({
      eventTypes: [2],
      online: true,
      country: 'LT',
    })
  })

  it('keeps the first of repeated keys', () => {
    expect(decodeSearchFilter('type:1;type:2')).toEqual({ eventTypes: [1] })
  })

  it('produces values the SearchFilter schema accepts', () => {
    const decoded = decodeSearchFilter('type:4;state:past;from:2027-01-01;country:ee')
    expect(Schema.decodeUnknownSync(SearchFilter)(decoded)).toEqual({
      eventTypes: [4],
      eventStates: ['past'],
      startDate: '2027-01-01',
      country: 'EE',
    })
  })
})

describe('normaliseSearchFilter', () => {
  it('drops text shorter than 3 characters after trimming', () => {
    expect(normaliseSearchFilter({ text: ' ab ', eventTypes: [1] }, today)).toEqual({ eventTypes: [1] })
    expect(normaliseSearchFilter({ text: ' abc ' }, today)).toEqual({ text: 'abc' })
    expect(normaliseSearchFilter({ text: 'Рим' }, today)).toEqual({ text: 'Рим' })
  })

  it('fills a missing end date with the start date and a missing start with the end', () => {
    expect(normaliseSearchFilter({ startDate: '2027-03-05' }, today)).toEqual({
      startDate: '2027-03-05',
      endDate: '2027-03-05',
    })
    expect(normaliseSearchFilter({ endDate: '2027-03-08' }, today)).toEqual({
      startDate: '2027-03-08',
      endDate: '2027-03-08',
    })
  })

  it('in month-only mode spans from the first day of the start month to the last day of the end month', () => {
    expect(
      normaliseSearchFilter({ startDate: '2027-02-14', endDate: '2027-04-02', monthOnly: true }, today),
    ).toEqual({ startDate: '2027-02-01', endDate: '2027-04-30', monthOnly: true })
    expect(normaliseSearchFilter({ startDate: '2028-02-10', monthOnly: true }, today)).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-02-29',
      monthOnly: true,
    })
  })

  it('uses the current month in month-only mode without dates', () => {
    expect(normaliseSearchFilter({ monthOnly: true }, today)).toEqual({
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      monthOnly: true,
    })
  })

  it('does not swap a reversed range', () => {
    expect(normaliseSearchFilter({ startDate: '2027-03-08', endDate: '2027-03-05' }, today)).toEqual({
      startDate: '2027-03-08',
      endDate: '2027-03-05',
    })
  })

  it('removes false flags, empty lists and invalid values', () => {
    expect(
      normaliseSearchFilter(
        { online: false, live: true, eventStates: [], eventTypes: [2, 2], country: 'pl', startDate: 'soon' },
        today,
      ),
    ).toEqual({ eventTypes: [2], live: true, country: 'PL' })
  })
})

describe('validateSearchFilter', () => {
  it('fails on the end date when it precedes the start date', () => {
    expect(validateSearchFilter({ startDate: '2027-03-08', endDate: '2027-03-05' })).toEqual({
      ok: false,
      field: 'endDate',
      code: 'dateRange',
    })
  })

  it('accepts an ordered or one-day range and a filter without dates', () => {
    const filter: SearchFilter = { startDate: '2027-03-05', endDate: '2027-03-05' }
    expect(validateSearchFilter(filter)).toEqual({ ok: true, filter })
    expect(validateSearchFilter({})).toEqual({ ok: true, filter: {} })
  })

  it('compares only months in month-only mode', () => {
    expect(validateSearchFilter({ startDate: '2027-03-20', endDate: '2027-03-05', monthOnly: true }).ok).toBe(
      true,
    )
    expect(validateSearchFilter({ startDate: '2027-04-01', endDate: '2027-03-31', monthOnly: true }).ok).toBe(
      false,
    )
  })
})

describe('hasAnyFilter', () => {
  it('is false for an empty filter, blank text, empty lists, false flags and month mode alone', () => {
    expect(hasAnyFilter({})).toBe(false)
    expect(
      hasAnyFilter({ text: '   ', eventTypes: [], eventStates: [], online: false, monthOnly: true }),
    ).toBe(false)
  })

  it('is true for any one set filter, short text included', () => {
    expect(hasAnyFilter({ text: 'ab' })).toBe(true)
    expect(hasAnyFilter({ eventTypes: [4] })).toBe(true)
    expect(hasAnyFilter({ eventStates: ['postponed'] })).toBe(true)
    expect(hasAnyFilter({ startDate: '2027-03-05' })).toBe(true)
    expect(hasAnyFilter({ endDate: '2027-03-05' })).toBe(true)
    expect(hasAnyFilter({ online: true })).toBe(true)
    expect(hasAnyFilter({ live: true })).toBe(true)
    expect(hasAnyFilter({ country: 'LT' })).toBe(true)
  })
})
