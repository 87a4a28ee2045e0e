import { describe, expect, it } from '@effect/vitest'
import type { EventId } from '@kibitz/kernel'
import {
  type AgeCategoryFixture,
  insertEvent,
  insertTournament,
  runWith,
  type TournamentFixture,
  useDomainDatabase,
} from '@kibitz/testing'
import { TournamentService } from '@kibitz/tournaments'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'

// What the public reads offer (issue 13): a ticket with age categories is sold only through one of them, so a
// category that cannot be sold today is not offered, and a ticket with none left to choose does not open
// registration.

const db = useDomainDatabase()
const vilnius = 'Europe/Vilnius'

/** 10 March 2027, 14:00 in Vilnius. */
const setNow = () => TestClock.setTime(Date.parse('2027-03-10T12:00:00.000Z'))

const open = (
  eventId: EventId,
  name: string,
  categories: ReadonlyArray<AgeCategoryFixture>,
): TournamentFixture => ({
  eventId,
  name,
  startDate: '2027-04-01',
  startTime: '10:00',
  registrationStartAt: '2027-03-01T00:00:00.000Z',
  registrationEndAt: '2027-03-31T00:00:00.000Z',
  tickets: [{ priceMinor: 5000, quantity: 20, ageCategories: categories }],
})

const list = (eventId: EventId) =>
  runWith(
    db.orm,
    TournamentService.use((t) => t.listForEvent({ id: eventId, timeZone: vilnius, state: 'accepted' })),
  )
const summary = (eventId: EventId) =>
  runWith(
    db.orm,
    TournamentService.use((t) => t.summaryForEvent(eventId, vilnius)),
  )

describe(TournamentService.name, () => {
  describe('listForEvent', () => {
    it.effect('opens registration only for a ticket with an age category that can be sold today', () =>
      Effect.gen(function* () {
        yield* setNow()
        const eventId = yield* Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
        const add = (name: string, categories: ReadonlyArray<AgeCategoryFixture>) =>
          Effect.promise(() => insertTournament(db.orm, open(eventId, name, categories)))
        yield* add('Ended', [{ name: 'Juniors', salesEndDate: '2027-03-09' }])
        yield* add('Disabled', [{ name: 'Juniors', enabled: false }])
        yield* add('Full', [{ name: 'Juniors', quantity: 4, sold: 4 }])
        yield* add('Not yet', [{ name: 'Juniors', salesStartDate: '2027-03-11' }])
        yield* add('Last day', [
          { name: 'Juniors', salesEndDate: '2027-03-10' },
          { name: 'Seniors', enabled: false },
        ])
        yield* add('No categories', [])

        const found = yield* list(eventId)
        expect(
          found.map((t) => [
            t.name,
            t.isOpenRegistration,
            t.tickets.map((k) => k.isAvailable),
            t.tickets.flatMap((k) => k.ticketAgeCategories.map((c) => [c.name, c.isAvailable])),
          ]),
        ).toEqual([
          ['Ended', false, [false], [['Juniors', false]]],
          ['Disabled', false, [false], [['Juniors', false]]],
          ['Full', false, [false], [['Juniors', false]]],
          ['Not yet', false, [false], [['Juniors', false]]],
          [
            'Last day',
            true,
            [true],
            [
              ['Juniors', true],
              ['Seniors', false],
            ],
          ],
          ['No categories', true, [true], []],
        ])
      }),
    )

    it.effect('tells how many places a running early bird has left', () =>
      Effect.gen(function* () {
        yield* setNow()
        const eventId = yield* Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
        const early = { isEarlyBird: true, earlyBirdPriceMinor: 3000 }
        yield* Effect.promise(() =>
          insertTournament(
            db.orm,
            open(eventId, 'Pairs', [
              { name: 'Capped', ...early, earlyBirdEndSalesQuantity: 5, sold: 2 },
              { name: 'Uncapped', ...early },
              { name: 'Over', ...early, earlyBirdEndSalesQuantity: 2, sold: 2 },
            ]),
          ),
        )
        const [t] = yield* list(eventId)
        expect(
          t?.tickets[0]?.ticketAgeCategories.map((c) => [c.name, c.earlyBirdActive, c.earlyBirdPlacesLeft]),
        ).toEqual([
          ['Capped', true, 3],
          ['Uncapped', true, null],
          ['Over', false, null],
        ])
      }),
    )
  })

  describe('summaryForEvent', () => {
    it.effect(
      'keeps each window to the days its age categories sell, and leaves out one whose sales never meet it',
      () =>
        Effect.gen(function* () {
          yield* setNow()
          const eventId = yield* Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
          const add = (name: string, categories: ReadonlyArray<AgeCategoryFixture>) =>
            Effect.promise(() => insertTournament(db.orm, open(eventId, name, categories)))
          // Sells from 5 to 20 March (Vilnius, UTC+2) inside a registration window of 1 to 31 March.
          yield* add('Clipped', [
            { name: 'Juniors', salesStartDate: '2027-03-05', salesEndDate: '2027-03-12' },
            { name: 'Seniors', salesStartDate: '2027-03-08', salesEndDate: '2027-03-20' },
            { name: 'Off', enabled: false },
          ])
          yield* add('Ended before', [{ name: 'Juniors', salesEndDate: '2027-02-27' }])
          expect((yield* summary(eventId)).registrationWindows).toEqual([
            { opensAt: '2027-03-04T22:00:00.000Z', closesAt: '2027-03-20T22:00:00.000Z' },
          ])
        }),
    )

    it.effect('leaves out a tournament whose tickets have no age category that can be sold', () =>
      Effect.gen(function* () {
        yield* setNow()
        const eventId = yield* Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
        yield* Effect.promise(() => insertTournament(db.orm, open(eventId, 'Disabled', [{ enabled: false }])))
        yield* Effect.promise(() =>
          insertTournament(db.orm, open(eventId, 'Full', [{ quantity: 2, sold: 2 }])),
        )
        expect(yield* summary(eventId)).toMatchObject({ tournamentsCount: 2, registrationWindows: [] })
      }),
    )
  })
})
