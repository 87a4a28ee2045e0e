import { describe, expect, it } from '@effect/vitest'
import { type Em, LookupService } from '@kibitz/kernel'
import { insertRows, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect } from 'effect'

const db = useDomainDatabase()

const lookups = <A>(f: (service: LookupService['Service']) => Effect.Effect<A, never, Em>) =>
  runWith(db.orm, LookupService.use(f))
const insert = (table: string, rows: Parameters<typeof insertRows>[2]) =>
  Effect.promise(() => insertRows(db.orm, table, rows))

describe(LookupService.name, () => {
  describe('countries', () => {
    it.effect('lists every country by its English name when asked in English', () =>
      Effect.gen(function* () {
        const [poland, lithuania, latvia] = yield* insert('country', [
          { code: 'PL', name: 'Poland' },
          { code: 'LT', name: 'Lithuania' },
          { code: 'LV', name: 'Latvia' },
        ])

        const countries = yield* lookups((l) => l.countries('en'))

        expect(countries.map((c) => ({ ...c }))).toEqual([
          { id: latvia, code: 'LV', name: 'Latvia' },
          { id: lithuania, code: 'LT', name: 'Lithuania' },
          { id: poland, code: 'PL', name: 'Poland' },
        ])
      }),
    )

    it.effect(
      "names the countries in the language asked, in that language's order, English where unnamed",
      () =>
        Effect.gen(function* () {
          yield* insert('country', [
            {
              code: 'PL',
              name: 'Poland',
              names: JSON.stringify({ en: 'Poland', lt: 'Lenkija', ru: 'Польша' }),
            },
            {
              code: 'LT',
              name: 'Lithuania',
              names: JSON.stringify({ en: 'Lithuania', lt: 'Lietuva', ru: 'Литва' }),
            },
            {
              code: 'LV',
              name: 'Latvia',
              names: JSON.stringify({ en: 'Latvia', lt: 'Latvija', ru: 'Латвия' }),
            },
            { code: 'EE', name: 'Estonia' },
          ])

          const names = (language: string) =>
            Effect.map(
              lookups((l) => l.countries(language)),
              (countries) => countries.map((c) => `${c.code} ${c.name}`),
            )

          expect(yield* names('lt')).toEqual(['EE Estonia', 'LV Latvija', 'PL Lenkija', 'LT Lietuva'])
          expect(yield* names('ru')).toEqual(['LV Латвия', 'LT Литва', 'PL Польша', 'EE Estonia'])
          expect(yield* names('xx')).toEqual(['EE Estonia', 'LV Latvia', 'LT Lithuania', 'PL Poland'])

          // A page's select gets the same countries, in the same order, as plain data.
          for (const language of ['lt', 'ru', 'en']) {
            const countries = yield* lookups((l) => l.countries(language))
            const choices = yield* lookups((l) => l.countryChoices(language))
            expect(choices).toEqual(countries.map((c) => ({ id: c.id, code: c.code, name: c.name })))
          }
        }),
    )

    // The reference data changes only when a start syncs it, before the process serves (decision 030): a service
    // keeps each language's list once read rather than reading and sorting 250 countries for every page.
    it.effect('reads each language once for the life of the service', () =>
      Effect.gen(function* () {
        yield* insert('country', [{ code: 'PL', name: 'Poland' }])
        const [first, again, other] = yield* lookups((l) =>
          Effect.gen(function* () {
            const first = yield* l.countryChoices('en')
            yield* Effect.promise(() => db.orm.em.fork().execute(`update country set name = 'Polen'`))
            return [first, yield* l.countryChoices('en'), yield* l.countryChoices('de')] as const
          }),
        )
        expect(again).toBe(first)
        expect(first.map((c) => c.name)).toEqual(['Poland'])
        expect(other.map((c) => c.name)).toEqual(['Polen'])
      }),
    )
  })

  describe('currencies', () => {
    const currencies = insert('currency', [
      { code: 'USD', name: 'US dollar', symbol: '$', is_popular: true },
      { code: 'PLN', name: 'Polish zloty', symbol: 'zł' },
      { code: 'EUR', name: 'Euro', symbol: '€', is_popular: true },
    ])

    it.effect('lists every currency by code', () =>
      Effect.gen(function* () {
        const [usd, pln, eur] = yield* currencies

        const all = yield* lookups((l) => l.currencies(false))

        expect(all.map((c) => ({ ...c }))).toEqual([
          { id: eur, code: 'EUR', name: 'Euro', symbol: '€', minorUnit: 2 },
          { id: pln, code: 'PLN', name: 'Polish zloty', symbol: 'zł', minorUnit: 2 },
          { id: usd, code: 'USD', name: 'US dollar', symbol: '$', minorUnit: 2 },
        ])
      }),
    )

    it.effect('lists only the popular currencies when asked', () =>
      Effect.gen(function* () {
        yield* currencies

        expect((yield* lookups((l) => l.currencies(true))).map((c) => c.code)).toEqual(['EUR', 'USD'])
      }),
    )
  })

  describe('languages', () => {
    it.effect('lists the default language first, then the others as they were added', () =>
      Effect.gen(function* () {
        yield* insert('language', [
          { code: 'lt', name: 'Lithuanian', native_name: 'Lietuvių', is_interface: true },
          { code: 'en', name: 'English', native_name: 'English', is_default: true, is_interface: true },
          { code: 'de', name: 'German', native_name: 'Deutsch' },
        ])

        const languages = yield* lookups((l) => l.languages())

        expect(languages.map((l) => [l.code, l.nativeName, l.defaultLanguage, l.isInterface])).toEqual([
          ['en', 'English', true, true],
          ['lt', 'Lietuvių', false, true],
          ['de', 'Deutsch', false, false],
        ])
      }),
    )
  })

  describe('ageGroups', () => {
    it.effect('lists the age groups by their lower bound', () =>
      Effect.gen(function* () {
        const [seniors, juniors, open] = yield* insert('age_group', [
          { name: 'Seniors', age_from: 60 },
          { name: 'Juniors', age_from: 0, age_to: 25 },
          { name: 'Open', age_from: 26, age_to: 59 },
        ])

        const groups = yield* lookups((l) => l.ageGroups())

        expect(groups.map((g) => ({ ...g }))).toEqual([
          { ageGroupId: juniors, name: 'Juniors', ageFrom: 0, ageTo: 25 },
          { ageGroupId: open, name: 'Open', ageFrom: 26, ageTo: 59 },
          { ageGroupId: seniors, name: 'Seniors', ageFrom: 60, ageTo: null },
        ])
      }),
    )
  })
})
