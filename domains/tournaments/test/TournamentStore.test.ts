import { describe, expect, it } from '@effect/vitest'
import { TournamentStore } from '@kibitz/tournaments'
import { Effect } from 'effect'
import { category, input, refusal, ticket, useTournamentStore } from './support/tournaments.ts'

const { event, fixture, create, list, only } = useTournamentStore()

describe(TournamentStore.name, () => {
  describe('create', () => {
    it.effect('stores what the organiser typed and reads it back through TournamentService', () =>
      Effect.gen(function* () {
        const eventId = yield* event()

        const id = yield* create(
          eventId,
          input({
            name: 'Teams Championship',
            additionalName: 'Open',
            type: 2,
            isMultiSession: true,
            endDate: '2027-04-03',
            pointsScoreType: 'VP',
            verifyPlayer: true,
            resultsSource: 1,
            resultsUrl: 'https://results.example.test/teams',
            rulesAndRegulationsFile: 'event/event-1/documents/rules.pdf',
            playerListUrl: 'https://players.example.test/teams',
            boards: 96,
            description: 'Swiss teams, then a knockout.',
            locationName: 'Main hall',
            sessions: [
              { startDate: '2027-04-02', startTime: '10:00', endTime: '14:00', text: 'Swiss', boards: 48 },
              { startDate: '2027-04-03', type: 2, text: 'Knockout' },
            ],
            stages: [
              { name: 'Swiss' },
              { name: 'Final', type: 2, resultsUrl: 'https://results.example.test/final' },
            ],
            programs: [
              { date: '2027-04-02', tours: [{ time: '10:00', name: 'Round 1' }] },
              { date: '2027-04-03', tours: [{ time: '09:30', name: 'Quarter-final' }] },
            ],
            tickets: [
              ticket({ type: 4, priceMinor: 0, quantity: 10, isPricePerTeam: true }),
              ticket({
                priceMinor: 20000,
                quantity: 30,
                ageCategories: [
                  category({
                    ageFrom: 0,
                    ageTo: 25,
                    quantity: 10,
                    salesStartDate: '2027-02-01',
                    salesEndDate: '2027-04-01',
                    isEarlyBird: true,
                    earlyBirdPriceMinor: 2000,
                    earlyBirdSalesEndDate: '2027-03-01',
                    earlyBirdEndSalesQuantity: 5,
                  }),
                ],
              }),
            ],
            prizes: [
              { placeNumber: 1, prizeAmountMinor: 60000, medalIconKey: 'gold', type: 1 },
              { placeNumber: 2, customPrize: 'A trophy', type: 2 },
            ],
            prizeSetup: {
              placesNumber: 2,
              prizePoolMinor: 60000,
              customPrizeText: 'Cash',
              isFormulaUsed: false,
            },
          }),
        )

        const t = yield* only(eventId)
        expect(t.tournamentId).toBe(id)
        expect(t.alias).toBe('teams-championship')
        expect(t.orderNumber).toBe(1)
        expect([t.name, t.additionalName, t.type, t.pointsScoreType, t.verifyPlayer]).toEqual([
          'Teams Championship',
          'Open',
          2,
          'VP',
          true,
        ])
        expect([t.startDate, t.startTime, t.endDate, t.endTime]).toEqual([
          '2027-04-02',
          '10:00',
          '2027-04-03',
          '18:00',
        ])
        // Wall-clock times in Vilnius: UTC+2 in winter, UTC+3 from 28 March 2027.
        expect([t.registrationStartDatetime, t.registrationEndDatetime]).toEqual([
          '2027-03-01T07:00:00.000Z',
          '2027-04-01T17:00:00.000Z',
        ])
        expect([t.resultsSource, t.resultsUrl, t.rulesAndRegulationsFile, t.playerListUrl]).toEqual([
          1,
          'https://results.example.test/teams',
          'event/event-1/documents/rules.pdf',
          'https://players.example.test/teams',
        ])
        expect([t.boards, t.description, t.locationName, t.isMultiSession]).toEqual([
          96,
          'Swiss teams, then a knockout.',
          'Main hall',
          true,
        ])
        expect(t.sessions.map((s) => [s.startDate, s.startTime, s.type, s.text, s.boards])).toEqual([
          ['2027-04-02', '10:00', 1, 'Swiss', 48],
          ['2027-04-03', null, 2, 'Knockout', null],
        ])
        expect(t.stages.map((s) => [s.name, s.type, s.resultsUrl])).toEqual([
          ['Swiss', 1, null],
          ['Final', 2, 'https://results.example.test/final'],
        ])
        expect(t.programs.map((d) => [d.date, d.tours.map((x) => `${x.time} ${x.name}`)])).toEqual([
          ['2027-04-02', ['10:00 Round 1']],
          ['2027-04-03', ['09:30 Quarter-final']],
        ])
        expect(
          t.tickets.map((k) => [k.type, k.priceMinor, k.quantity, k.ticketsLeft, k.isPricePerTeam]),
        ).toEqual([
          [1, 20000, 30, 30, false],
          [4, 0, 10, 10, true],
        ])
        const [juniors] = t.tickets[0]?.ticketAgeCategories ?? []
        expect(
          // What depends on the day (price today, early bird, whether it is on sale) is read elsewhere.
          juniors && {
            ...juniors,
            ticketAgeCategoryId: 0,
            currentPriceMinor: 0,
            earlyBirdActive: false,
            earlyBirdPlacesLeft: null,
            isAvailable: false,
          },
        ).toEqual({
          ticketAgeCategoryId: 0,
          name: 'Juniors',
          ageFrom: 0,
          ageTo: 25,
          priceMinor: 2500,
          currentPriceMinor: 0,
          quantity: 10,
          discountPercent: 50,
          salesStartDate: '2027-02-01',
          salesEndDate: '2027-04-01',
          isEarlyBird: true,
          earlyBirdPriceMinor: 2000,
          earlyBirdSalesStartDate: null,
          earlyBirdSalesEndDate: '2027-03-01',
          earlyBirdEndSalesQuantity: 5,
          earlyBirdActive: false,
          earlyBirdPlacesLeft: null,
          enabled: true,
          isAvailable: false,
        })
        expect(
          t.prizes.map((p) => [p.placeNumber, p.prizeAmountMinor, p.customPrize, p.medalIconKey, p.type]),
        ).toEqual([
          [1, 60000, null, 'gold', 1],
          [2, null, 'A trophy', null, 2],
        ])
        expect({ ...t.prizeSetup }).toEqual({
          placesNumber: 2,
          prizePoolMinor: 60000,
          customPrizePool: null,
          customPrizeText: 'Cash',
          isFormulaUsed: false,
        })
      }),
    )

    it.effect("makes a unique alias from the name and puts the tournament after the event's last one", () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const other = yield* event()
        yield* fixture({ eventId, alias: 'open-pairs', orderNumber: 5, startDate: '2027-04-01' })
        yield* fixture({ eventId: other, alias: 'ladies-pairs', orderNumber: 9, startDate: '2027-04-01' })

        const second = yield* create(eventId, input({ name: 'Open Pairs' }))
        const third = yield* create(eventId, input({ name: 'Open  Pairs!' }))
        const ladies = yield* create(eventId, input({ name: 'Ladies Pairs' }))
        const polish = yield* create(eventId, input({ name: 'Mistrzostwa Wrocławia' }))
        const digits = yield* create(eventId, input({ name: '2027' }))

        const found = yield* list(eventId)
        expect(found.map((t) => [t.tournamentId, t.alias, t.orderNumber])).toEqual([
          [found[0]?.tournamentId, 'open-pairs', 5],
          [second, 'open-pairs-2', 6],
          [third, 'open-pairs-3', 7],
          [ladies, 'ladies-pairs', 8],
          [polish, 'mistrzostwa-wroclawia', 9],
          [digits, 'tournament-2027', 10],
        ])
      }),
    )

    it.effect('refuses ticket and age category ids on a new tournament, writing nothing', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const existing = yield* fixture({ eventId, startDate: '2027-04-01', tickets: [{ quantity: 5 }] })

        const problems = yield* refusal(
          create(
            eventId,
            input({
              tickets: [
                ticket({ ticketId: existing.ticketIds[0] }),
                ticket({ ageCategories: [category({ id: 7 })] }),
              ],
            }),
          ),
        )

        expect(problems).toEqual([
          ['tickets.0.ticketId', 'unknownId'],
          ['tickets.1.ageCategories.0.id', 'unknownId'],
        ])
        expect((yield* list(eventId)).length).toBe(1)
      }),
    )
  })

  describe('prizes', () => {
    it.effect('splits the pool by formula over the places, best place first, exactly to the pool', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        yield* create(
          eventId,
          input({
            prizes: [
              { placeNumber: 1, prizeAmountMinor: 1, medalIconKey: 'gold', type: 1 },
              { placeNumber: 4, additionalName: 'Best juniors', customPrize: 'Books', type: 2 },
            ],
            prizeSetup: { placesNumber: 3, prizePoolMinor: 1000, isFormulaUsed: true },
          }),
        )

        const t = yield* only(eventId)
        const main = t.prizes.filter((p) => p.additionalName === null)
        expect(main.map((p) => [p.placeNumber, p.prizeAmountMinor, p.medalIconKey, p.type])).toEqual([
          [1, 501, 'gold', 1],
          [2, 333, null, 1],
          [3, 166, null, 1],
        ])
        expect(main.reduce((sum, p) => sum + (p.prizeAmountMinor ?? 0), 0)).toBe(1000)
        expect(
          t.prizes.filter((p) => p.additionalName !== null).map((p) => [p.placeNumber, p.customPrize]),
        ).toEqual([[4, 'Books']])
      }),
    )

    it.effect('keeps the typed amounts without the formula or without a pool', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const typed = [
          { placeNumber: 1, prizeAmountMinor: 700, type: 1 },
          { placeNumber: 2, prizeAmountMinor: 300, type: 1 },
        ]
        yield* create(
          eventId,
          input({ prizes: typed, prizeSetup: { placesNumber: 2, isFormulaUsed: false } }),
        )
        yield* create(eventId, input({ prizes: typed, prizeSetup: { placesNumber: 2, isFormulaUsed: true } }))

        const amounts = (yield* list(eventId)).map((t) => t.prizes.map((p) => p.prizeAmountMinor))
        expect(amounts).toEqual([
          [700, 300],
          [700, 300],
        ])
      }),
    )
  })
})
