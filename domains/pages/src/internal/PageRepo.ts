import { Em } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import { OrganiserPageEntity } from './entities/OrganiserPageEntity.ts'

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only code of the pages domain that touches MikroORM (docs/decisions/037-one-repository-form.md). */
export class PageRepo extends Context.Service<
  PageRepo,
  {
    /** The visible pages of the organisers of `organiserIds`, by id. */
    visibleOf(organiserIds: ReadonlyArray<number>): Db<ReadonlyArray<OrganiserPageEntity>>
  }
>()('@kibitz/pages/PageRepo') {
  static readonly layer = Layer.succeed(
    PageRepo,
    PageRepo.of({
      visibleOf: Effect.fn('PageRepo.visibleOf')(function* (organiserIds) {
        if (organiserIds.length === 0) return []
        const em = yield* Em
        return yield* Effect.promise(() =>
          em.find(
            OrganiserPageEntity,
            { organiserId: { $in: [...organiserIds] }, visible: true },
            { orderBy: { id: 'asc' } },
          ),
        )
      }),
    }),
  )
}
