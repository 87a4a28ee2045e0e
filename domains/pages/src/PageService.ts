import { OrganiserService, type PublicOrganiser } from '@kibitz/accounts'
import { type Em, OrganiserId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { PageRepo } from './internal/PageRepo.ts'

export class PageSummary extends Schema.Class<PageSummary>('@kibitz/pages/PageSummary')({
  pageId: Schema.Int,
  alias: Schema.String,
  name: Schema.String,
  shortName: Schema.NullOr(Schema.String),
  organiserId: OrganiserId,
}) {}

/** Organiser pages (minimal until the pages issue). */
export class PageService extends Context.Service<
  PageService,
  {
    /** Anyone: the visible pages of the given organisers. */
    visibleForOrganisers(
      ids: ReadonlyArray<OrganiserId>,
    ): Effect.Effect<ReadonlyArray<PageSummary>, never, Em>
    /**
     * Anyone: the visible pages of organisers the accounts domain already showed as public (its PublicOrganiser
     * is the proof they are accepted), without asking it again.
     */
    visibleOf(
      organisers: ReadonlyArray<PublicOrganiser>,
    ): Effect.Effect<ReadonlyArray<PageSummary>, never, Em>
  }
>()('@kibitz/pages/PageService') {
  static readonly layer = Layer.effect(
    PageService,
    Effect.gen(function* () {
      const pages = yield* PageRepo
      const organisers = yield* OrganiserService
      const summariesOf = (ids: ReadonlyArray<OrganiserId>) =>
        Effect.map(pages.visibleOf(ids), (rows) =>
          rows.map(
            (r) =>
              new PageSummary({
                pageId: r.id,
                alias: r.alias,
                name: r.name,
                shortName: r.shortName,
                organiserId: OrganiserId.make(r.organiserId),
              }),
          ),
        )
      return PageService.of({
        visibleForOrganisers: Effect.fn('PageService.visibleForOrganisers')(function* (ids) {
          // Only accepted organisers have public pages (spec section 4: a declined organiser counts as having
          // no organiser account); which ones are is the accounts domain's to say.
          return yield* summariesOf((yield* organisers.publicOrganisers(ids)).map((o) => o.organiserId))
        }),
        visibleOf: (shown) => summariesOf(shown.map((o) => o.organiserId)),
      })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(PageRepo.layer, OrganiserService.layer)))
}
