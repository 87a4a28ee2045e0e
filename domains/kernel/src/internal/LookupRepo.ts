import { Context, Effect, Layer } from 'effect'
import { Em } from '../Em.ts'
import { AgeGroupEntity, CountryEntity, CurrencyEntity, LanguageEntity } from './entities/LookupEntities.ts'

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only kernel code that touches MikroORM: the reference tables (docs/decisions/037-one-repository-form.md). */
export class LookupRepo extends Context.Service<
  LookupRepo,
  {
    countries(): Db<ReadonlyArray<CountryEntity>>
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
      countries: Effect.fn('LookupRepo.countries')(function* () {
        const em = yield* Em
        return yield* Effect.promise(() => em.find(CountryEntity, {}))
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
