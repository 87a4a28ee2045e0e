import { EventId } from '@kibitz/kernel/ids'
import { describe, expect, it } from 'vitest'
import { catalogueQueryFor } from '../src/Catalogue.ts'
import {
  asTyped,
  catalogueQuery,
  correctedWords,
  numbered,
  preparable,
} from '../src/internal/CatalogueSql.ts'

const page = { offset: 0, limit: 18 }
const today = '2027-03-10'

describe('catalogueQueryFor', () => {
  it('lists only events that have not ended unless a state or a date is chosen', () => {
    expect(catalogueQueryFor({}, today, page)).toMatchObject({ ok: true, query: { upcomingOnly: true } })
    expect(catalogueQueryFor({ eventStates: ['past'] }, today, page)).toMatchObject({
      ok: true,
      query: { upcomingOnly: false, eventStates: ['past'] },
    })
    expect(catalogueQueryFor({ startDate: '2027-01-01' }, today, page)).toMatchObject({
      ok: true,
      query: { upcomingOnly: false, startDate: '2027-01-01', endDate: '2027-01-01' },
    })
    expect(catalogueQueryFor({}, today, { ...page, upcomingOnly: false })).toMatchObject({
      query: { upcomingOnly: false },
    })
  })

  it('ignores text under 3 characters and keeps longer text', () => {
    expect(catalogueQueryFor({ text: 'vi' }, today, page)).toMatchObject({
      ok: true,
      query: { text: undefined },
    })
    expect(catalogueQueryFor({ text: ' vil ' }, today, page)).toMatchObject({
      ok: true,
      query: { text: 'vil' },
    })
  })

  it('widens month mode to whole months and refuses an end before the start, naming endDate', () => {
    expect(
      catalogueQueryFor({ startDate: '2027-03-15', endDate: '2027-04-02', monthOnly: true }, today, page),
    ).toMatchObject({ ok: true, query: { startDate: '2027-03-01', endDate: '2027-04-30' } })
    expect(catalogueQueryFor({ startDate: '2027-03-15', endDate: '2027-03-01' }, today, page)).toEqual({
      ok: false,
      field: 'endDate',
      code: 'dateRange',
    })
  })

  it('restricts to online or in-person events only when asked', () => {
    expect(catalogueQueryFor({ online: false, live: true, country: 'LT' }, today, page)).toMatchObject({
      ok: true,
      query: { online: undefined, live: true, countryCode: 'LT' },
    })
  })
})

describe('a site listing as a prepared statement', () => {
  const upcoming = { upcomingOnly: true, offset: 0, limit: 18 } as const
  const first = { skip: 0 }
  const now = new Date('2027-03-10T12:00:00Z')

  it('numbers the parameters in the order they are given', () => {
    const statement = catalogueQuery(
      { ...upcoming, text: 'festival' },
      now,
      { keyset: { dateStart: '2027-04-01', id: EventId.make(7), direction: 'after' }, skip: 0, take: 19 },
      asTyped,
      1000,
    )
    const text = numbered(statement.text)
    expect(text).not.toContain('?')
    const numbers = Array.from(text.matchAll(/\$(\d+)/g), (m) => Number(m[1]))
    expect(numbers).toEqual(statement.params.map((_, i) => i + 1))
  })

  it('is only the upcoming listing, with or without a text as typed, from its first row', () => {
    expect(preparable(upcoming, first, asTyped)).toBe(true)
    expect(preparable({ ...upcoming, text: 'festival' }, first, asTyped)).toBe(true)
    expect(preparable(upcoming, { skip: 36 }, asTyped)).toBe(false)
    expect(
      preparable({ ...upcoming, text: 'vilnus' }, first, { kind: 'similar', words: [['vilnius']] }),
    ).toBe(false)
    for (const filter of [
      { eventTypes: [3] as const },
      { eventStates: ['past'] as const },
      { startDate: '2027-04-01' },
      { endDate: '2027-04-01' },
      { online: true },
      { live: true },
      { countryCode: 'LT' },
    ])
      expect(preparable({ ...upcoming, ...filter }, first, asTyped)).toBe(false)
  })
})

describe('correctedWords', () => {
  const row = (word: string, nearest: string | null, score: number) => ({ word, nearest, score })

  it('keeps every known word equally near a typed one, in alphabetical order, and only those', () => {
    expect(
      correctedWords([
        row('krakw', 'kraków', 0.44444445),
        row('krakw', 'krakow', 0.44444445),
        row('krakw', 'krakov', 0.44444445),
        row('krakw', 'krakowski', 0.33333334),
        row('pars', 'pairs', 0.5),
        row('pars', 'paris', 0.4),
      ]),
    ).toEqual([['krakov', 'krakow', 'kraków'], ['pairs']])
  })

  it('corrects nothing when a word has no near enough neighbour, and leaves out words too short', () => {
    expect(correctedWords([row('vilnus', 'vilnius', 0.5), row('xqzwv', 'xmas', 0.1)])).toBeUndefined()
    expect(correctedWords([row('vilnus', 'vilnius', 0.5), row('qq', null, 0)])).toEqual([['vilnius']])
    expect(correctedWords([row('qq', null, 0)])).toBeUndefined()
    expect(correctedWords([row('zzzz', null, 0)])).toBeUndefined()
  })

  it('matches the same words once when a word is typed twice', () => {
    expect(correctedWords([row('opne', 'open', 0.6), row('opne', 'open', 0.6)])).toEqual([['open']])
  })
})
