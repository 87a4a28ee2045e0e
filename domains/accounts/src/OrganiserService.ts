import { type Em, OrganiserId, UserId } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import { AccountRepo } from './internal/AccountRepo.ts'
import { EventCreator, PublicOrganiser } from './Organiser.ts'

/** Organiser accounts as the public sees them. */
export class OrganiserService extends Context.Service<
  OrganiserService,
  {
    /** Anyone: accepted organisers by id (a declined or pending organiser is not shown). */
    publicOrganisers(
      ids: ReadonlyArray<OrganiserId>,
    ): Effect.Effect<ReadonlyArray<PublicOrganiser>, never, Em>
    /** Super users (the caller checks): every accepted organiser, who may create events, by name. */
    eventCreators(): Effect.Effect<ReadonlyArray<EventCreator>, never, Em>
  }
>()('@kibitz/accounts/OrganiserService') {
  static readonly layer = Layer.effect(
    OrganiserService,
    Effect.gen(function* () {
      const accounts = yield* AccountRepo
      return OrganiserService.of({
        publicOrganisers: Effect.fn('OrganiserService.publicOrganisers')(function* (ids) {
          const rows = yield* accounts.acceptedOrganisers(ids)
          return rows.map(
            (o) =>
              new PublicOrganiser({
                organiserId: OrganiserId.make(o.id),
                name: o.name,
                websiteUrl: o.websiteUrl,
                image: o.imageUrl,
                email: o.email,
                phone: o.phone,
              }),
          )
        }),
        eventCreators: Effect.fn('OrganiserService.eventCreators')(function* () {
          const rows = yield* accounts.acceptedOrganisersByName()
          return rows.map(
            (o) =>
              new EventCreator({
                organizerId: OrganiserId.make(o.id),
                userId: UserId.make(o.userId),
                name: o.name,
                type: o.type,
              }),
          )
        }),
      })
    }),
  ).pipe(Layer.provide(AccountRepo.layer))
}
