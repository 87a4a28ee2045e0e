import { describe, expect, it } from '@effect/vitest'
import type { TournamentFixture } from '@kibitz/testing'
import { TournamentStore, tournamentToInput } from '@kibitz/tournaments'
import { Effect } from 'effect'
import { category, input, refusal, ticket, useTournamentStore, vilnius } from './support/tournaments.ts'

const { db, event, fixture, create, update, remove, reorder, list, only } = useTournamentStore()

describe(TournamentStore.name, () => {
  describe('update', () => {
    const sold: TournamentFixture['tickets'] = [
      {
        type: 1,
        priceMinor: 5000,
        quantity: 20,
        sold: 3,
        ageCategories: [
          { name: 'Seniors', priceMinor: 4000, quantity: 10, sold: 2 },
          { name: 'Unsold', priceMinor: 3000 },
        ],
      },
      { type: 2, priceMinor: 8000, quantity: 10 },
    ]

    it.effect(
      'matches tickets and age categories by id, keeps their sales and the alias, replaces the rest',
      () =>
        Effect.gen(function* () {
          const eventId = yield* event()
          const stored = yield* fixture({
            eventId,
            alias: 'open-pairs',
            startDate: '2027-04-02',
            tickets: sold,
            sessions: [{ startDate: '2027-04-02', text: 'Old session' }],
            prizes: [{ placeNumber: 1, prizeAmountMinor: 100 }],
          })
          const [basic, medium] = stored.ticketIds
          const [seniors] = stored.ageCategoryIds[0] ?? []

          yield* update(
            eventId,
            stored.id,
            input({
              name: 'Open Pairs Cup',
              tickets: [
                ticket({
                  ticketId: basic,
                  priceMinor: 5500,
                  quantity: 25,
                  ageCategories: [
                    category({ id: seniors, name: 'Seniors 65+', priceMinor: 4500, quantity: 12 }),
                  ],
                }),
                ticket({ type: 3, priceMinor: 9000, quantity: 5 }),
              ],
              sessions: [{ startDate: '2027-04-02', text: 'New session' }],
            }),
          )

          const t = yield* only(eventId)
          expect([t.name, t.alias]).toEqual(['Open Pairs Cup', 'open-pairs'])
          expect(t.tickets.map((k) => [k.type, k.priceMinor, k.quantity, k.ticketsLeft])).toEqual([
            [1, 5500, 25, 22],
            [3, 9000, 5, 5],
          ])
          expect(t.tickets[0]?.ticketId).toBe(basic)
          expect(t.tickets.map((k) => k.ticketId)).not.toContain(medium)
          expect(
            t.tickets[0]?.ticketAgeCategories.map((c) => [
              c.ticketAgeCategoryId,
              c.name,
              c.priceMinor,
              c.quantity,
            ]),
          ).toEqual([[seniors, 'Seniors 65+', 4500, 12]])
          expect(t.sessions.map((s) => s.text)).toEqual(['New session'])
          expect(t.prizes).toEqual([])
          expect(t.prizeSetup).toBeNull()
        }),
    )

    it.effect('refuses a quantity below the number sold, naming the field, and changes nothing', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const stored = yield* fixture({ eventId, startDate: '2027-04-02', tickets: sold })
        const [basic, medium] = stored.ticketIds
        const [seniors, unsold] = stored.ageCategoryIds[0] ?? []

        const problems = yield* refusal(
          update(
            eventId,
            stored.id,
            input({
              tickets: [
                ticket({
                  ticketId: basic,
                  quantity: 2,
                  ageCategories: [
                    category({ id: seniors, quantity: 1 }),
                    category({ id: unsold, quantity: 0 }),
                  ],
                }),
                ticket({ ticketId: medium, type: 2, quantity: 0 }),
              ],
            }),
          ),
        )

        expect(problems).toEqual([
          ['tickets.0.quantity', 'belowSold'],
          ['tickets.0.ageCategories.0.quantity', 'belowSold'],
        ])
        expect((yield* only(eventId)).tickets.map((k) => k.quantity)).toEqual([20, 10])
      }),
    )

    it.effect('refuses a ticket or an age category of another tournament', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const stored = yield* fixture({ eventId, startDate: '2027-04-02', tickets: [{ quantity: 5 }] })
        const other = yield* fixture({
          eventId,
          startDate: '2027-04-02',
          tickets: [{ quantity: 5, ageCategories: [{ name: 'Elsewhere' }] }],
        })
        const foreignCategory = other.ageCategoryIds[0]?.[0]

        const problems = yield* refusal(
          update(
            eventId,
            stored.id,
            input({
              tickets: [
                ticket({ ticketId: stored.ticketIds[0], ageCategories: [category({ id: foreignCategory })] }),
                ticket({ ticketId: other.ticketIds[0] }),
              ],
            }),
          ),
        )

        expect(problems).toEqual([
          ['tickets.0.ageCategories.0.id', 'unknownId'],
          ['tickets.1.ticketId', 'unknownId'],
        ])
        const [first, second] = yield* list(eventId)
        expect(first?.tickets.map((k) => k.ticketId)).toEqual(stored.ticketIds)
        expect(second?.tickets.map((k) => k.ticketId)).toEqual(other.ticketIds)
      }),
    )

    it.effect('refuses leaving out a ticket or an age category that has sales', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const stored = yield* fixture({ eventId, startDate: '2027-04-02', tickets: sold })
        const [basic, medium] = stored.ticketIds
        const [, unsold] = stored.ageCategoryIds[0] ?? []

        expect(
          yield* refusal(update(eventId, stored.id, input({ tickets: [ticket({ ticketId: medium })] }))),
        ).toEqual([['tickets', 'hasSales']])
        expect(
          yield* refusal(
            update(
              eventId,
              stored.id,
              input({ tickets: [ticket({ ticketId: basic, ageCategories: [category({ id: unsold })] })] }),
            ),
          ),
        ).toEqual([['tickets.0.ageCategories', 'hasSales']])
        // Unsold ones may go.
        const [seniors] = stored.ageCategoryIds[0] ?? []
        yield* update(
          eventId,
          stored.id,
          input({
            tickets: [
              ticket({
                ticketId: basic,
                ageCategories: [category({ id: seniors, name: 'Seniors' }), category({ name: 'New' })],
              }),
            ],
          }),
        )
        const [kept] = (yield* only(eventId)).tickets
        expect(kept?.ticketAgeCategories.map((c) => c.name)).toEqual(['Seniors', 'New'])
      }),
    )

    it.effect('fails with TournamentNotFound for a tournament of another event', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const other = yield* event()
        const stored = yield* fixture({ eventId: other, startDate: '2027-04-02' })

        const error = yield* Effect.flip(update(eventId, stored.id, input()))

        expect(error._tag).toBe('TournamentNotFound')
        expect((yield* list(other)).map((t) => t.name)).toEqual(['Open Pairs'])
      }),
    )

    it.effect('keeps the rules file when the input leaves it out and clears it on null', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const id = yield* create(eventId, input({ rulesAndRegulationsFile: 'rules.pdf' }))

        yield* update(eventId, id, input({ name: 'Renamed' }))
        expect((yield* only(eventId)).rulesAndRegulationsFile).toBe('rules.pdf')
        yield* update(eventId, id, input({ rulesAndRegulationsFile: null }))
        expect((yield* only(eventId)).rulesAndRegulationsFile).toBeNull()
      }),
    )

    it.effect('takes back the edit screen input unchanged (tournamentToInput)', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const id = yield* create(
          eventId,
          input({
            tickets: [
              ticket({ ageCategories: [category({ isEarlyBird: true, earlyBirdPriceMinor: 2000 })] }),
            ],
            prizes: [{ placeNumber: 1, prizeAmountMinor: 1000, type: 1 }],
            prizeSetup: { placesNumber: 1, prizePoolMinor: 1000, isFormulaUsed: false },
            programs: [{ date: '2027-04-02', tours: [{ time: '10:00', name: 'Round 1' }] }],
          }),
        )
        const before = yield* only(eventId)

        yield* update(eventId, id, tournamentToInput(before, vilnius))

        const after = yield* only(eventId)
        expect(tournamentToInput(after, vilnius)).toEqual(tournamentToInput(before, vilnius))
        expect(tournamentToInput(after, vilnius).registrationStart).toBe('2027-03-01T09:00')
      }),
    )
  })

  describe('reorder', () => {
    it.effect("puts the event's tournaments in the given order", () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const a = yield* create(eventId, input({ name: 'A' }))
        const b = yield* create(eventId, input({ name: 'B' }))
        const c = yield* create(eventId, input({ name: 'C' }))

        yield* reorder(eventId, [c, a, b])

        expect((yield* list(eventId)).map((t) => [t.name, t.orderNumber])).toEqual([
          ['C', 1],
          ['A', 2],
          ['B', 3],
        ])
      }),
    )

    it.effect("refuses an order that leaves one out, names another event's or names one twice", () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const other = yield* event()
        const a = yield* create(eventId, input({ name: 'A' }))
        const b = yield* create(eventId, input({ name: 'B' }))
        const elsewhere = yield* create(other, input({ name: 'Elsewhere' }))

        const refused = (ids: ReadonlyArray<number>) =>
          Effect.flip(reorder(eventId, ids)).pipe(Effect.map((e) => [e._tag, e.missing, e.unexpected]))

        expect(yield* refused([b])).toEqual(['TournamentOrderInvalid', [a], []])
        expect(yield* refused([b, a, elsewhere])).toEqual(['TournamentOrderInvalid', [], [elsewhere]])
        expect(yield* refused([b, a, a])).toEqual(['TournamentOrderInvalid', [], [a]])
        expect((yield* list(eventId)).map((t) => t.name)).toEqual(['A', 'B'])
      }),
    )
  })

  describe('remove', () => {
    it.effect('deletes a tournament without sales with its tickets and prizes', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const kept = yield* create(eventId, input({ name: 'Kept' }))
        const gone = yield* fixture({
          eventId,
          startDate: '2027-04-02',
          tickets: [{ quantity: 5, ageCategories: [{ name: 'Open' }] }],
          prizes: [{ placeNumber: 1, prizeAmountMinor: 100 }],
          prizeSetup: { placesNumber: 1 },
        })

        yield* remove(eventId, gone.id)

        expect((yield* list(eventId)).map((t) => t.tournamentId)).toEqual([kept])
        const rows = yield* Effect.promise(() =>
          db.orm.em
            .fork()
            .execute('select (select count(*) from ticket) + (select count(*) from prize_setup) as n'),
        )
        expect(rows).toEqual([{ n: '1' }])
      }),
    )

    it.effect('refuses a tournament with a sold ticket or age category', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const ticketSold = yield* fixture({
          eventId,
          startDate: '2027-04-02',
          tickets: [{ quantity: 5, sold: 1 }],
        })
        const categorySold = yield* fixture({
          eventId,
          startDate: '2027-04-02',
          tickets: [{ quantity: 5, ageCategories: [{ name: 'Open', sold: 1 }] }],
        })

        for (const id of [ticketSold.id, categorySold.id]) {
          const error = yield* Effect.flip(remove(eventId, id))
          expect([error._tag, 'tournamentId' in error && error.tournamentId]).toEqual([
            'TournamentHasSales',
            id,
          ])
        }
        expect((yield* list(eventId)).length).toBe(2)
      }),
    )

    it.effect('fails with TournamentNotFound for a tournament of another event', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const other = yield* event()
        const stored = yield* fixture({ eventId: other, startDate: '2027-04-02' })

        expect((yield* Effect.flip(remove(eventId, stored.id)))._tag).toBe('TournamentNotFound')
        expect((yield* list(other)).length).toBe(1)
      }),
    )
  })
})
