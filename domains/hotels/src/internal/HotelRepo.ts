import { Em } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import { HotelEntity } from './entities/HotelEntity.ts'

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only code of the hotels domain that touches MikroORM. */
export class HotelRepo extends Context.Service<
  HotelRepo,
  {
    /** The event's active hotels, cheapest first and those without a price last. */
    activeOfEvent(eventId: number): Db<ReadonlyArray<HotelEntity>>
  }
>()('@kibitz/hotels/HotelRepo') {
  static readonly layer = Layer.succeed(
    HotelRepo,
    HotelRepo.of({
      activeOfEvent: Effect.fn('HotelRepo.activeOfEvent')(function* (eventId) {
        const em = yield* Em
        return yield* Effect.promise(() =>
          em.find(HotelEntity, { eventId, isActive: true }, { orderBy: { priceMinor: 'asc', id: 'asc' } }),
        )
      }),
    }),
  )
}
