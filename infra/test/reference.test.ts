import { searchTextOf } from '@kibitz/events'
import { referenceCountries, referenceCurrencies } from '@kibitz/kernel'
import { describe, expect, it } from 'vitest'
import '../../testing/src/context.ts'
import { insertEvent, insertOrganiser } from '../../testing/src/domain.ts'
import { Migration20261126140000 } from '../src/migrations/Migration20261126140000.ts'
import { syncReferenceData } from '../src/reference.ts'
import { useMigrationDatabase } from './support/migrationDatabase.ts'

// Reference data is part of the product (docs/decisions/030): every start brings the tables to the ISO lists,
// inserting what is missing and updating what changed, deleting nothing.

const { database, rows, migrationQueries } = useMigrationDatabase()

describe(syncReferenceData.name, () => {
  it('fills an empty database with every ISO country, currency, the ten languages and the age groups', async () => {
    const report = await syncReferenceData(database.orm.em.fork())
    expect(report.country).toEqual({ inserted: 250, updated: 0 })
    expect(report.currency?.inserted).toBeGreaterThanOrEqual(150)
    expect(report.language).toEqual({ inserted: 10, updated: 0 })
    expect(report.age_group?.inserted).toBe(6)

    const poland = await rows<{ name: string; names: Record<string, string> }>(
      `select name, names from country where code = 'PL'`,
    )
    expect(poland[0]?.name).toBe('Poland')
    expect(poland[0]?.names).toEqual({
      en: 'Poland',
      it: 'Polonia',
      lt: 'Lenkija',
      pl: 'Polska',
      ru: 'Польша',
      es: 'Polonia',
      fr: 'Pologne',
      de: 'Polen',
      tr: 'Polonya',
      et: 'Poola',
    })
    // The usual name where the standard lists several.
    const usual = await rows<{ code: string; en: string; ru: string }>(
      `select code, names->>'en' as en, names->>'ru' as ru from country where code in ('RU', 'US', 'CZ') order by code`,
    )
    expect(usual).toEqual([
      { code: 'CZ', en: 'Czechia', ru: 'Чехия' },
      { code: 'RU', en: 'Russia', ru: 'Россия' },
      { code: 'US', en: 'United States', ru: 'США' },
    ])

    const currencies = await rows<{ code: string; symbol: string; minor_unit: number; is_popular: boolean }>(
      `select code, symbol, minor_unit, is_popular from currency
        where code in ('EUR', 'USD', 'PLN', 'GBP', 'JPY', 'KWD', 'SEK', 'CZK', 'HUF', 'RON', 'CAD', 'CHF', 'BGN')
        order by code`,
    )
    expect(currencies).toEqual([
      { code: 'BGN', symbol: 'лв', minor_unit: 2, is_popular: false },
      { code: 'CAD', symbol: 'CA$', minor_unit: 2, is_popular: false },
      { code: 'CHF', symbol: 'CHF', minor_unit: 2, is_popular: false },
      { code: 'CZK', symbol: 'Kč', minor_unit: 2, is_popular: false },
      { code: 'EUR', symbol: '€', minor_unit: 2, is_popular: true },
      { code: 'GBP', symbol: '£', minor_unit: 2, is_popular: true },
      { code: 'HUF', symbol: 'Ft', minor_unit: 2, is_popular: false },
      { code: 'JPY', symbol: '¥', minor_unit: 0, is_popular: false },
      { code: 'KWD', symbol: 'KWD', minor_unit: 3, is_popular: false },
      { code: 'PLN', symbol: 'zł', minor_unit: 2, is_popular: true },
      { code: 'RON', symbol: 'lei', minor_unit: 2, is_popular: false },
      { code: 'SEK', symbol: 'kr', minor_unit: 2, is_popular: false },
      { code: 'USD', symbol: '$', minor_unit: 2, is_popular: true },
    ])
    // No precious metals, test or "no currency" codes among the prices.
    expect(await rows(`select code from currency where code in ('XAU', 'XTS', 'XXX', 'XDR')`)).toEqual([])
    const languages = await rows<{ code: string }>(`select code from language where is_interface order by id`)
    expect(languages.map((l) => l.code)).toEqual(['en', 'it', 'lt', 'pl', 'ru', 'es', 'fr'])
  })

  it('changes nothing when run again, updates a changed row and deletes nothing', async () => {
    await syncReferenceData(database.orm.em.fork())
    expect(await syncReferenceData(database.orm.em.fork())).toEqual({
      language: { inserted: 0, updated: 0 },
      country: { inserted: 0, updated: 0 },
      currency: { inserted: 0, updated: 0 },
      age_group: { inserted: 0, updated: 0 },
    })
    const before = await rows<{ id: number }>(`select id from currency where code = 'PLN'`)
    await rows(`update currency set symbol = 'PLN', minor_unit = 0, is_popular = false where code = 'PLN'`)
    await rows(`update country set names = '{}' where code = 'LT'`)
    await rows(`update age_group set age_to = 30 where name = 'Juniors U26'`)
    // Rows of the operator's own stay: events and users may hold their codes.
    await rows(`insert into country (code, name) values ('ZZ', 'Unknown region') on conflict do nothing`)
    await rows(`insert into age_group (name, age_from, age_to) values ('Club veterans', 50, null)`)
    const report = await syncReferenceData(database.orm.em.fork())
    expect(report.currency).toEqual({ inserted: 0, updated: 1 })
    expect(report.country).toEqual({ inserted: 0, updated: 1 })
    expect(report.age_group).toEqual({ inserted: 0, updated: 1 })
    expect(await rows(`select id, symbol, minor_unit, is_popular from currency where code = 'PLN'`)).toEqual([
      { id: before[0]?.id, symbol: 'zł', minor_unit: 2, is_popular: true },
    ])
    expect(await rows(`select names->>'lt' as lt from country where code = 'LT'`)).toEqual([
      { lt: 'Lietuva' },
    ])
    expect(await rows(`select age_to from age_group where name = 'Juniors U26'`)).toEqual([{ age_to: 25 }])
    expect(await rows(`select name from country where code = 'ZZ'`)).toEqual([{ name: 'Unknown region' }])
    expect(await rows(`select name from age_group where name = 'Club veterans'`)).toHaveLength(1)
  })
})

describe('the reference data', () => {
  it('has every ISO 3166-1 country named in all ten content languages', () => {
    const countries = referenceCountries()
    expect(countries).toHaveLength(250)
    for (const country of countries) {
      for (const name of Object.values(country.names)) expect(name).not.toBe(country.code)
    }
  })

  it('gives every currency its ISO 4217 minor unit', () => {
    const digits = new Map(referenceCurrencies().map((c) => [c.code, c.minorUnit]))
    expect([digits.get('JPY'), digits.get('EUR'), digits.get('KWD'), digits.get('CLF')]).toEqual([0, 2, 3, 4])
  })
})

describe('Migration20261126140000', () => {
  it('adds the names of its countries to the search text of an event stored before', async () => {
    const organiserId = await insertOrganiser(database.orm)
    const eventId = await insertEvent(database.orm, {
      organiserId,
      name: 'Festival Sopot',
      countryCode: 'PL',
      dateStart: '2031-05-01',
    })
    await rows(`update event set search_text = 'festival sopot' where id = ?`, [eventId])
    const backfill = migrationQueries(Migration20261126140000, 'up').at(-1)
    if (backfill === undefined) throw new Error('the migration has no backfill')
    await rows(backfill)
    const [event] = await rows<{ search_text: string }>(`select search_text from event where id = ?`, [
      eventId,
    ])
    expect(event?.search_text).toBe(`festival sopot ${searchTextOf([], [], ['PL'])}`)
    for (const name of ['polska', 'польша', 'pologne', 'polen', 'poola'])
      expect(event?.search_text).toContain(name)
  })
})
