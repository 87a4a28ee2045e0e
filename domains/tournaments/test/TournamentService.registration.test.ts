import { describe, expect, it } from '@effect/vitest'
import type { EventState } from '@kibitz/events'
import { runWith, type TournamentFixture } from '@kibitz/testing'
import { TournamentService } from '@kibitz/tournaments'
import { Effect } from 'effect'
import {
  categoryPrices,
  now,
  openTournament,
  setNow,
  useTournamentService,
  vilnius,
} from './support/tournaments.ts'

const { db, event, tournament, list, only } = useTournamentService()

describe(TournamentService.name, () => {
  describe('listForEvent', () => {
    describe('isOpenRegistration', () => {
      it.effect('is true when enabled, a ticket for sale has tickets left and now is inside the window', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          yield* tournament(openTournament(eventId))

          const t = yield* only(eventId)

          expect(t.isOpenRegistration).toBe(true)
          expect(t.registrationStartDatetime).toBe('2027-03-01T00:00:00.000Z')
          expect(t.registrationEndDatetime).toBe('2027-03-31T00:00:00.000Z')
        }),
      )

      it.effect('is false when registration is disabled or the tournament has none', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          yield* tournament(openTournament(eventId, { name: 'Disabled', isRegistrationEnabled: false }))
          yield* tournament(openTournament(eventId, { name: 'Without', hasRegistration: false }))

          expect((yield* list(eventId)).map((t) => [t.name, t.isOpenRegistration])).toEqual([
            ['Disabled', false],
            ['Without', false],
          ])
        }),
      )

      it.effect('is false without a ticket for sale that has tickets left', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          yield* tournament(
            openTournament(eventId, { name: 'Sold Out', tickets: [{ quantity: 8, sold: 8 }] }),
          )
          yield* tournament(
            openTournament(eventId, { name: 'Not For Sale', tickets: [{ isForSale: false }] }),
          )
          yield* tournament(openTournament(eventId, { name: 'No Tickets', tickets: [] }))
          yield* tournament(
            openTournament(eventId, {
              name: 'One Left',
              tickets: [{ quantity: 8, sold: 8 }, { isForSale: false }, { type: 2, quantity: 8, sold: 7 }],
            }),
          )

          expect((yield* list(eventId)).map((t) => [t.name, t.isOpenRegistration])).toEqual([
            ['Sold Out', false],
            ['Not For Sale', false],
            ['No Tickets', false],
            ['One Left', true],
          ])
        }),
      )

      it.effect('takes no registrations while the event is not accepted (canceled, postponed)', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          const inserted = yield* tournament(openTournament(eventId))
          const openFor = (state: EventState, preview?: boolean) =>
            runWith(
              db.orm,
              Effect.all([
                TournamentService.use((t) =>
                  t.listForEvent({ id: eventId, timeZone: vilnius, state, preview }),
                ),
                TournamentService.use((t) =>
                  t.findInEvent({ id: eventId, timeZone: vilnius, state, preview }, String(inserted.id)),
                ),
              ]),
            ).pipe(
              Effect.map(([all, one]) => [...all.map((t) => t.isOpenRegistration), one.isOpenRegistration]),
            )
          expect(yield* openFor('accepted')).toEqual([true, true])
          expect(yield* openFor('canceled')).toEqual([false, false])
          expect(yield* openFor('postponed')).toEqual([false, false])
          expect(yield* openFor('draft')).toEqual([false, false])
          expect(yield* openFor('pending')).toEqual([false, false])
          expect(yield* openFor('postponedToDraft')).toEqual([false, false])
          expect((yield* only(eventId)).isOpenRegistration).toBe(true)
        }),
      )

      it.effect('takes no registrations in the organiser’s preview of an accepted event', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          yield* tournament(openTournament(eventId))
          const list = yield* runWith(
            db.orm,
            TournamentService.use((t) =>
              t.listForEvent({ id: eventId, timeZone: vilnius, state: 'accepted', preview: true }),
            ),
          )
          expect(list.map((t) => t.isOpenRegistration)).toEqual([false])
        }),
      )

      it.effect('is open from publication on when the registration has no start', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          yield* tournament(openTournament(eventId, { registrationStartAt: null }))
          expect((yield* only(eventId)).isOpenRegistration).toBe(true)
        }),
      )

      it.effect('opens at the registration start and closes at the registration end', () =>
        Effect.gen(function* () {
          const eventId = yield* event()
          yield* tournament(openTournament(eventId))

          yield* setNow('2027-02-28T23:59:59.999Z')
          expect((yield* only(eventId)).isOpenRegistration).toBe(false)
          yield* setNow('2027-03-01T00:00:00.000Z')
          expect((yield* only(eventId)).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-30T23:59:59.999Z')
          expect((yield* only(eventId)).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-31T00:00:00.000Z')
          expect((yield* only(eventId)).isOpenRegistration).toBe(false)
        }),
      )

      it.effect("closes when the tournament starts in the event's time zone, even before the end", () =>
        Effect.gen(function* () {
          const eventId = yield* event()
          // 14:30 in Vilnius is 12:30 UTC; in Lisbon it is 14:30 UTC.
          yield* tournament(openTournament(eventId, { startDate: '2027-03-10', startTime: '14:30' }))

          yield* setNow('2027-03-10T12:29:59.999Z')
          expect((yield* only(eventId)).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-10T12:30:00.000Z')
          expect((yield* only(eventId)).isOpenRegistration).toBe(false)
          expect((yield* only(eventId, 'Europe/Lisbon')).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-10T14:30:00.000Z')
          expect((yield* only(eventId, 'Europe/Lisbon')).isOpenRegistration).toBe(false)
        }),
      )

      it.effect('closes at the start of the first day when the tournament has no start time', () =>
        Effect.gen(function* () {
          const eventId = yield* event()
          // Midnight of 11 March in Auckland (UTC+13) is 11:00 UTC on 10 March.
          yield* tournament(openTournament(eventId, { startDate: '2027-03-11', startTime: null }))

          yield* setNow('2027-03-10T10:59:59.999Z')
          expect((yield* only(eventId, 'Pacific/Auckland')).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-10T11:00:00.000Z')
          expect((yield* only(eventId, 'Pacific/Auckland')).isOpenRegistration).toBe(false)
          expect((yield* only(eventId, vilnius)).isOpenRegistration).toBe(true)
        }),
      )

      // On the day the clocks change the UTC offset must be read on the right side of the change.
      it.effect('closes when the tournament starts on the day the clocks go forward', () =>
        Effect.gen(function* () {
          const eventId = yield* event({ timeZone: 'America/Los_Angeles' })
          // 09:00 on 14 March 2027 in Los Angeles is 09:00 PDT (UTC-7), 16:00 UTC.
          yield* tournament(openTournament(eventId, { startDate: '2027-03-14', startTime: '09:00' }))

          yield* setNow('2027-03-14T16:30:00.000Z')
          expect((yield* only(eventId, 'America/Los_Angeles')).isOpenRegistration).toBe(false)
        }),
      )

      it.effect('is open until the tournament starts when no registration window is given', () =>
        Effect.gen(function* () {
          yield* setNow('2026-01-01T00:00:00.000Z')
          const eventId = yield* event()
          yield* tournament(openTournament(eventId, { registrationStartAt: null, registrationEndAt: null }))

          const t = yield* only(eventId)

          expect(t.isOpenRegistration).toBe(true)
          expect([t.registrationStartDatetime, t.registrationEndDatetime]).toEqual([null, null])
        }),
      )
    })

    describe('early bird', () => {
      const earlyBirdEvent = (
        categories: NonNullable<TournamentFixture['tickets']>[number]['ageCategories'],
      ) =>
        Effect.gen(function* () {
          const eventId = yield* event()
          yield* tournament(
            openTournament(eventId, {
              tickets: [{ priceMinor: 5000, quantity: 50, ageCategories: categories }],
            }),
          )
          return eventId
        })

      it.effect('charges the early-bird price inside its date window, both ends included', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const early = { isEarlyBird: true, priceMinor: 5000, earlyBirdPriceMinor: 4000 }
          const eventId = yield* earlyBirdEvent([
            {
              ...early,
              name: 'Ends Today',
              earlyBirdSalesStartDate: '2027-03-01',
              earlyBirdSalesEndDate: '2027-03-10',
            },
            {
              ...early,
              name: 'Starts Today',
              earlyBirdSalesStartDate: '2027-03-10',
              earlyBirdSalesEndDate: '2027-03-20',
            },
            {
              ...early,
              name: 'Ended',
              earlyBirdSalesStartDate: '2027-03-01',
              earlyBirdSalesEndDate: '2027-03-09',
            },
            {
              ...early,
              name: 'Not Yet',
              earlyBirdSalesStartDate: '2027-03-11',
              earlyBirdSalesEndDate: '2027-03-20',
            },
            { ...early, name: 'Open Ended' },
          ])

          expect(categoryPrices(yield* only(eventId))).toEqual([
            ['Ends Today', 4000, true],
            ['Starts Today', 4000, true],
            ['Ended', 5000, false],
            ['Not Yet', 5000, false],
            ['Open Ended', 4000, true],
          ])
        }),
      )

      it.effect('charges the early-bird price only while fewer than its end quantity are sold', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const early = {
            isEarlyBird: true,
            priceMinor: 5000,
            earlyBirdPriceMinor: 4000,
            earlyBirdEndSalesQuantity: 10,
          }
          const eventId = yield* earlyBirdEvent([
            { ...early, name: 'Nine Sold', sold: 9 },
            { ...early, name: 'Ten Sold', sold: 10 },
          ])

          expect(categoryPrices(yield* only(eventId))).toEqual([
            ['Nine Sold', 4000, true],
            ['Ten Sold', 5000, false],
          ])
        }),
      )

      it.effect(
        'charges the normal price for a category that is not early bird or has no early-bird price',
        () =>
          Effect.gen(function* () {
            yield* setNow(now)
            const eventId = yield* earlyBirdEvent([
              { name: 'Regular', priceMinor: 5000, earlyBirdPriceMinor: 4000 },
              { name: 'No Price', priceMinor: 5000, isEarlyBird: true, earlyBirdPriceMinor: null },
            ])

            expect(categoryPrices(yield* only(eventId))).toEqual([
              ['Regular', 5000, false],
              ['No Price', 5000, true],
            ])
          }),
      )

      it.effect("reads the early-bird dates in the event's time zone", () =>
        Effect.gen(function* () {
          // 23:30 UTC on 10 March is 11 March in Auckland, still 10 March in Lisbon.
          yield* setNow('2027-03-10T23:30:00.000Z')
          const eventId = yield* earlyBirdEvent([
            {
              name: 'Until 10 March',
              isEarlyBird: true,
              earlyBirdPriceMinor: 4000,
              earlyBirdSalesEndDate: '2027-03-10',
            },
          ])

          expect(categoryPrices(yield* only(eventId, 'Europe/Lisbon'))).toEqual([
            ['Until 10 March', 4000, true],
          ])
          expect(categoryPrices(yield* only(eventId, 'Pacific/Auckland'))).toEqual([
            ['Until 10 March', 5000, false],
          ])
        }),
      )

      it.effect('returns every field of the age category', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const eventId = yield* event()
          const inserted = yield* tournament(
            openTournament(eventId, {
              tickets: [
                {
                  priceMinor: 5000,
                  ageCategories: [
                    {
                      name: 'Juniors',
                      ageFrom: 0,
                      ageTo: 25,
                      priceMinor: 2500,
                      quantity: 30,
                      sold: 3,
                      discountPercent: 50,
                      salesStartDate: '2027-02-01',
                      salesEndDate: '2027-03-31',
                      isEarlyBird: true,
                      earlyBirdPriceMinor: 2000,
                      earlyBirdSalesStartDate: '2027-02-01',
                      earlyBirdSalesEndDate: '2027-03-15',
                      earlyBirdEndSalesQuantity: 10,
                      enabled: false,
                    },
                  ],
                },
              ],
            }),
          )

          const [category] = (yield* only(eventId)).tickets[0]?.ticketAgeCategories ?? []

          expect({ ...category }).toEqual({
            ticketAgeCategoryId: inserted.ageCategoryIds[0]?.[0],
            name: 'Juniors',
            ageFrom: 0,
            ageTo: 25,
            priceMinor: 2500,
            currentPriceMinor: 2000,
            quantity: 30,
            discountPercent: 50,
            salesStartDate: '2027-02-01',
            salesEndDate: '2027-03-31',
            isEarlyBird: true,
            earlyBirdPriceMinor: 2000,
            earlyBirdSalesStartDate: '2027-02-01',
            earlyBirdSalesEndDate: '2027-03-15',
            earlyBirdEndSalesQuantity: 10,
            earlyBirdActive: true,
            earlyBirdPlacesLeft: 7,
            enabled: false,
            isAvailable: false,
          })
        }),
      )
    })
  })
})
