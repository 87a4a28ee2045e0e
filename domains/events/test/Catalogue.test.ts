import { describe, expect, it } from 'vitest'
import { catalogueQueryFor } from '../src/Catalogue.ts'

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
