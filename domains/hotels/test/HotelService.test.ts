import { describe, expect, it } from '@effect/vitest'
import { HotelService } from '@kibitz/hotels'
import type { EventId } from '@kibitz/kernel'
import { insertEvent, insertRows, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect } from 'effect'

const db = useDomainDatabase()

const event = () => Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
const hotels = (rows: Parameters<typeof insertRows>[2]) =>
  Effect.promise(() => insertRows(db.orm, 'hotel', rows))
const forEvent = (eventId: EventId) =>
  runWith(
    db.orm,
    HotelService.use((h) => h.forEvent(eventId)),
  )

describe(HotelService.name, () => {
  describe('forEvent', () => {
    it.effect("lists the event's active hotels, cheapest first and those without a price last", () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const otherEvent = yield* event()
        yield* hotels([
          { event_id: eventId, name: 'Grand', price_minor: 15000, stars: 5 },
          { event_id: eventId, name: 'Hostel', price_minor: 3000, stars: null },
          { event_id: eventId, name: 'Ask Us', price_minor: null },
          { event_id: eventId, name: 'Closed', price_minor: 1000, is_active: false },
          { event_id: eventId, name: 'City', price_minor: 8000 },
          { event_id: eventId, name: 'City Twin', price_minor: 8000 },
          { event_id: otherEvent, name: 'Elsewhere', price_minor: 500 },
        ])

        const found = yield* forEvent(eventId)

        expect(found.map((h) => [h.name, h.priceMinor])).toEqual([
          ['Hostel', 3000],
          ['City', 8000],
          ['City Twin', 8000],
          ['Grand', 15000],
          ['Ask Us', null],
        ])
      }),
    )

    it.effect('returns every public field of a hotel', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const [id] = yield* hotels([
          {
            event_id: eventId,
            name: 'Hotel Neringa',
            price_minor: 9500,
            website_url: 'https://neringa.example.test',
            address_line: 'Gedimino pr. 23, Vilnius',
            stars: 4,
            type: 2,
          },
        ])

        expect((yield* forEvent(eventId)).map((h) => ({ ...h }))).toEqual([
          {
            eventHotelId: id,
            name: 'Hotel Neringa',
            priceMinor: 9500,
            websiteUrl: 'https://neringa.example.test',
            addressLine: 'Gedimino pr. 23, Vilnius',
            stars: 4,
            type: 2,
          },
        ])
      }),
    )

    it.effect('is empty for an event without active hotels', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        yield* hotels([{ event_id: eventId, name: 'Closed', is_active: false }])

        expect(yield* forEvent(eventId)).toEqual([])
      }),
    )
  })
})
