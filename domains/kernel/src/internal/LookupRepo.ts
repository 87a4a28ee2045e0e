import { Context, Effect, Layer, Schema } from 'effect'
import { Em, preparedRead } from '../Em.ts'
import type { CountryName } from '../Lookups.ts'
import { AgeGroupEntity, CurrencyEntity, LanguageEntity } from './entities/LookupEntities.ts'

/**
 * The countries' one row: their JSON array, which the driver has parsed. Its objects are built from columns the
 * database types (an integer and two non-null texts), so they are read as they are, without a check per country.
 */
const decodeCountriesRow = Schema.decodeUnknownSync(
  Schema.Tuple([Schema.Struct({ countries: Schema.Array(Schema.Unknown) })]),
)

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only kernel code that touches MikroORM: the reference tables (docs/decisions/037-one-repository-form.md). */
export class LookupRepo extends Context.Service<
  LookupRepo,
  {
    /**
     * Every country named in `language` (its English name where it has none there), unordered: one row holding
     * them all as JSON, a prepared statement read without the ORM (a page's country select reads them on every
     * request, and 250 rows cost the driver more than one).
     */
    countryNames(language: string): Db<ReadonlyArray<CountryName>>
    /** Currencies by code; `popularOnly` gives the short list offered first. */
    currencies(popularOnly: boolean): Db<ReadonlyArray<CurrencyEntity>>
    /** Content languages, the default first. */
    languages(): Db<ReadonlyArray<LanguageEntity>>
    /** Age groups by lower bound. */
    ageGroups(): Db<ReadonlyArray<AgeGroupEntity>>
  }
>()('@kibitz/kernel/LookupRepo') {
  static readonly layer = Layer.succeed(
    LookupRepo,
    LookupRepo.of({
      countryNames: Effect.fn('LookupRepo.countryNames')(function* (language) {
        const [row] = decodeCountriesRow(
          yield* preparedRead(
            `select coalesce(json_agg(json_build_object('id', id, 'code', code,
                                                       'name', coalesce(names ->> $1, name))), '[]') as countries
               from country`,
            [language],
          ),
        )
        return row.countries as ReadonlyArray<CountryName>
      }),
      currencies: Effect.fn('LookupRepo.currencies')(function* (popularOnly) {
        const em = yield* Em
        return yield* Effect.promise(() =>
          em.find(CurrencyEntity, popularOnly ? { isPopular: true } : {}, { orderBy: { code: 'asc' } }),
        )
      }),
      languages: Effect.fn('LookupRepo.languages')(function* () {
        const em = yield* Em
        return yield* Effect.promise(() =>
          em.find(LanguageEntity, {}, { orderBy: { isDefault: 'desc', id: 'asc' } }),
        )
      }),
      ageGroups: Effect.fn('LookupRepo.ageGroups')(function* () {
        const em = yield* Em
        return yield* Effect.promise(() => em.find(AgeGroupEntity, {}, { orderBy: { ageFrom: 'asc' } }))
      }),
    }),
  )
}
