import type { Em, EventId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { HotelRepo } from './internal/HotelRepo.ts'

export class Hotel extends Schema.Class<Hotel>('@kibitz/hotels/Hotel')({
  eventHotelId: Schema.Int,
  name: Schema.String,
  priceMinor: Schema.NullOr(Schema.Int),
  websiteUrl: Schema.NullOr(Schema.String),
  addressLine: Schema.NullOr(Schema.String),
  stars: Schema.NullOr(Schema.Int),
  type: Schema.Int,
}) {}

/** Hotels recommended by an event's organiser. */
export class HotelService extends Context.Service<
  HotelService,
  {
    /** Anyone: the active hotels of an event, cheapest first. */
    forEvent(eventId: EventId): Effect.Effect<ReadonlyArray<Hotel>, never, Em>
  }
>()('@kibitz/hotels/HotelService') {
  static readonly layer = Layer.effect(
    HotelService,
    Effect.gen(function* () {
      const hotels = yield* HotelRepo
      return HotelService.of({
        forEvent: Effect.fn('HotelService.forEvent')(function* (eventId) {
          const rows = yield* hotels.activeOfEvent(eventId)
          return rows.map(
            (h) =>
              new Hotel({
                eventHotelId: h.id,
                name: h.name,
                priceMinor: h.priceMinor,
                websiteUrl: h.websiteUrl,
                addressLine: h.addressLine,
                stars: h.stars,
                type: h.type,
              }),
          )
        }),
      })
    }),
  ).pipe(Layer.provide(HotelRepo.layer))
}
