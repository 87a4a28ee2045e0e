import { type Em, preparedRead } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'

/** What the event page shows of a hotel, read as one row per hotel. */
const HotelRow = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  priceMinor: Schema.NullOr(Schema.Int),
  websiteUrl: Schema.NullOr(Schema.String),
  addressLine: Schema.NullOr(Schema.String),
  stars: Schema.NullOr(Schema.Int),
  type: Schema.Int,
})
const decodeHotelRows = Schema.decodeUnknownSync(Schema.Array(HotelRow))

/** Every repository call runs on the caller's EntityManager. */
type Db<A> = Effect.Effect<A, never, Em>

/** The only code of the hotels domain that touches MikroORM. */
export class HotelRepo extends Context.Service<
  HotelRepo,
  {
    /** The event's active hotels, cheapest first and those without a price last. */
    activeOfEvent(eventId: number): Db<ReadonlyArray<typeof HotelRow.Type>>
  }
>()('@kibitz/hotels/HotelRepo') {
  static readonly layer = Layer.succeed(
    HotelRepo,
    HotelRepo.of({
      activeOfEvent: Effect.fn('HotelRepo.activeOfEvent')(function* (eventId) {
        const rows = yield* preparedRead(
          `select id, name, price_minor as "priceMinor", website_url as "websiteUrl", address_line as "addressLine",
                  stars, type
             from hotel where event_id = $1 and is_active order by price_minor asc nulls last, id asc`,
          [eventId],
        )
        return decodeHotelRows(rows)
      }),
    }),
  )
}
