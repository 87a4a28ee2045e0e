import { type Em, preparedRead } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'

/** What a page's summary shows, read as one row per page. */
const PageRow = Schema.Struct({
  id: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  shortName: Schema.NullOr(Schema.String),
  organiserId: Schema.Int,
})
const decodePageRows = Schema.decodeUnknownSync(Schema.Array(PageRow))

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only code of the pages domain that touches MikroORM (docs/decisions/037-one-repository-form.md). */
export class PageRepo extends Context.Service<
  PageRepo,
  {
    /** The visible pages of the organisers of `organiserIds`, by id. */
    visibleOf(organiserIds: ReadonlyArray<number>): Db<ReadonlyArray<typeof PageRow.Type>>
  }
>()('@kibitz/pages/PageRepo') {
  static readonly layer = Layer.succeed(
    PageRepo,
    PageRepo.of({
      visibleOf: Effect.fn('PageRepo.visibleOf')(function* (organiserIds) {
        if (organiserIds.length === 0) return []
        const rows = yield* preparedRead(
          `select id, alias, name, short_name as "shortName", organiser_id as "organiserId" from organiser_page
            where visible and organiser_id in (${organiserIds.map((_, i) => `$${i + 1}`).join(',')}) order by id`,
          organiserIds,
        )
        return decodePageRows(rows)
      }),
    }),
  )
}
