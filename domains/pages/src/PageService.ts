import { Em } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { OrganiserPageEntity } from './internal/entities/OrganiserPageEntity.ts'

const decodeIds = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))

export class PageSummary extends Schema.Class<PageSummary>('@kibitz/pages/PageSummary')({
  pageId: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  shortName: Schema.NullOr(Schema.String),
  organiserId: Schema.Int,
}) {}

/** Organiser pages (minimal until the pages issue). */
export class PageService extends Context.Service<
  PageService,
  {
    /** Anyone: the visible pages of the given organisers. */
    visibleForOrganisers(ids: ReadonlyArray<number>): Effect.Effect<ReadonlyArray<PageSummary>, never, Em>
  }
>()('@kibitz/pages/PageService') {
  static readonly layer = Layer.succeed(
    PageService,
    PageService.of({
      visibleForOrganisers: Effect.fn('PageService.visibleForOrganisers')(function* (ids) {
        if (ids.length === 0) return []
        const em = yield* Em
        // Only accepted organisers have public pages (spec section 4: a declined organiser counts as
        // having no organiser account); the organiser's status is read through the foreign key.
        const accepted = decodeIds(
          yield* Effect.promise(() =>
            em.execute(
              `select id from organiser where status = 3 and id in (${ids.map(() => '?').join(',')})`,
              [...ids],
            ),
          ),
        ).map((r) => r.id)
        if (accepted.length === 0) return []
        const rows = yield* Effect.promise(() =>
          em.find(
            OrganiserPageEntity,
            { organiserId: { $in: accepted }, visible: true },
            { orderBy: { id: 'asc' } },
          ),
        )
        return rows.map(
          (r) =>
            new PageSummary({
              pageId: r.id,
              alias: r.alias,
              name: r.name,
              shortName: r.shortName ?? null,
              organiserId: r.organiserId,
            }),
        )
      }),
    }),
  )
}
