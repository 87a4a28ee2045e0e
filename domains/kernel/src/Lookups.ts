import { Context, Effect, Layer, Schema } from 'effect'
import type { Em } from './Em.ts'
import { LookupRepo } from './internal/LookupRepo.ts'

export class Country extends Schema.Class<Country>('@kibitz/kernel/Country')({
  id: Schema.Int,
  code: Schema.String,
  name: Schema.String,
}) {}

/** A country named in one language (its English name where it has none there), as plain data. */
export interface CountryName {
  readonly id: number
  readonly code: string
  readonly name: string
}

export class Currency extends Schema.Class<Currency>('@kibitz/kernel/Currency')({
  id: Schema.Int,
  code: Schema.String,
  name: Schema.String,
  symbol: Schema.String,
  /** ISO 4217 digits after the decimal point: JPY 0, EUR 2, KWD 3 (docs/decisions/030). */
  minorUnit: Schema.Int,
}) {}

export class Language extends Schema.Class<Language>('@kibitz/kernel/Language')({
  id: Schema.Int,
  code: Schema.String,
  name: Schema.String,
  nativeName: Schema.String,
  defaultLanguage: Schema.Boolean,
  isInterface: Schema.Boolean,
}) {}

export class AgeGroup extends Schema.Class<AgeGroup>('@kibitz/kernel/AgeGroup')({
  ageGroupId: Schema.Int,
  name: Schema.String,
  ageFrom: Schema.NullOr(Schema.Int),
  ageTo: Schema.NullOr(Schema.Int),
}) {}

type Db<A> = Effect.Effect<A, never, Em>

/** Reference data (spec section 3 Country, Currency, Language, Age group). Anyone may read it. */
export class LookupService extends Context.Service<
  LookupService,
  {
    /**
     * Countries with their names in `language` (a content language; English for any other, and for a country
     * without a name in it), in that language's alphabetical order.
     */
    countries(language: string): Db<ReadonlyArray<Country>>
    /** The same countries as plain data, for a page's select: nothing constructed or checked per country. */
    countryChoices(language: string): Db<ReadonlyArray<CountryName>>
    /** Currencies by code; `popularOnly` gives the short list offered first. */
    currencies(popularOnly: boolean): Db<ReadonlyArray<Currency>>
    /** Content languages, the default first. */
    languages(): Db<ReadonlyArray<Language>>
    /** Age groups by lower bound. */
    ageGroups(): Db<ReadonlyArray<AgeGroup>>
  }
>()('@kibitz/kernel/LookupService') {
  static readonly layer = Layer.effect(
    LookupService,
    Effect.gen(function* () {
      const repo = yield* LookupRepo
      // The countries change only when a start syncs the reference data, before this process serves anything
      // (decision 030): each language's sorted list is read once and kept, instead of 250 rows read and sorted by
      // an ICU collator for every page with a country select (the home and search pages among them).
      const sorted = new Map<string, ReadonlyArray<CountryName>>()
      const countryChoices = Effect.fn('LookupService.countryChoices')(function* (language: string) {
        const kept = sorted.get(language)
        if (kept !== undefined) return kept
        const rows = yield* repo.countryNames(language)
        const collator = new Intl.Collator([language, 'en'])
        const list = [...rows].sort(
          (a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code),
        )
        // Bounded: a language is whatever a caller passes; the site's are ten.
        if (sorted.size >= 32) sorted.clear()
        sorted.set(language, list)
        return list
      })
      return LookupService.of({
        countries: (language) =>
          Effect.map(countryChoices(language), (rows) =>
            rows.map((r) => new Country({ id: r.id, code: r.code, name: r.name })),
          ),
        countryChoices,
        currencies: Effect.fn('LookupService.currencies')(function* (popularOnly: boolean) {
          const rows = yield* repo.currencies(popularOnly)
          return rows.map(
            (r) =>
              new Currency({
                id: r.id,
                code: r.code,
                name: r.name,
                symbol: r.symbol,
                minorUnit: r.minorUnit,
              }),
          )
        }),
        languages: Effect.fn('LookupService.languages')(function* () {
          const rows = yield* repo.languages()
          return rows.map(
            (r) =>
              new Language({
                id: r.id,
                code: r.code,
                name: r.name,
                nativeName: r.nativeName,
                defaultLanguage: r.isDefault,
                isInterface: r.isInterface,
              }),
          )
        }),
        ageGroups: Effect.fn('LookupService.ageGroups')(function* () {
          const rows = yield* repo.ageGroups()
          return rows.map(
            (r) =>
              new AgeGroup({
                ageGroupId: r.id,
                name: r.name,
                ageFrom: r.ageFrom ?? null,
                ageTo: r.ageTo ?? null,
              }),
          )
        }),
      })
    }),
  ).pipe(Layer.provide(LookupRepo.layer))
}
