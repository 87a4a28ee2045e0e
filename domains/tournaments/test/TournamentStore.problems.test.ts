import { describe, expect, it } from '@effect/vitest'
import { decodeWithProblems } from '@kibitz/kernel'
import {
  AgeCategoryInput,
  PrizeInput,
  PrizeSetupInput,
  ProgramDayInput,
  prizeSplit,
  SessionInput,
  StageInput,
  TicketInput,
  TournamentInput,
  TournamentStore,
  tournamentProblems,
} from '@kibitz/tournaments'
import { Effect, Schema } from 'effect'
import { category, context, input, refusal, ticket, useTournamentStore } from './support/tournaments.ts'

const { event, create, problemsOf, list } = useTournamentStore()

describe(TournamentStore.name, () => {
  describe('problemsOf', () => {
    it.effect('reports nothing for tournaments ready to publish', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        yield* create(
          eventId,
          input({
            prizes: [{ placeNumber: 1, medalIconKey: 'gold', type: 1 }],
            prizeSetup: { placesNumber: 2, prizePoolMinor: 1000, isFormulaUsed: true },
          }),
        )
        yield* create(eventId, input({ name: 'No registration', hasRegistration: false, tickets: [] }))

        expect(yield* problemsOf(eventId)).toEqual([])
      }),
    )

    it.effect("reports every problem of every tournament at once, against the event's dates", () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const late = yield* create(
          eventId,
          input({
            name: 'Late',
            startDate: '2027-04-03',
            endDate: '2027-04-05',
            registrationStart: '2027-04-03T10:00',
            registrationEnd: '2027-04-03T12:00',
            tickets: [ticket({ isForSale: false })],
            resultsSource: 1,
            sessions: [{ startDate: '2027-04-06' }],
            programs: [{ date: '2027-04-02', tours: [] }],
          }),
        )
        const prizes = yield* create(
          eventId,
          input({
            name: 'Prizes',
            tickets: [
              ticket({
                ageCategories: [
                  category({ isEarlyBird: true }),
                  category({ isEarlyBird: true, earlyBirdPriceMinor: 2500 }),
                ],
              }),
            ],
            prizes: [
              { placeNumber: 1, prizeAmountMinor: 800, type: 1 },
              { placeNumber: 3, prizeAmountMinor: 300, type: 1 },
              { placeNumber: 2, additionalName: 'Best juniors', type: 2 },
            ],
            prizeSetup: { placesNumber: 2, prizePoolMinor: 1000, isFormulaUsed: false },
          }),
        )
        const noPool = yield* create(
          eventId,
          input({ name: 'No pool', prizeSetup: { placesNumber: 2, isFormulaUsed: true } }),
        )

        expect(yield* problemsOf(eventId)).toEqual([
          [late, 'endDate', 'outsideEvent'],
          [late, 'sessions.0.startDate', 'outsideTournament'],
          [late, 'programs.0.date', 'outsideTournament'],
          [late, 'resultsUrl', 'required'],
          [late, 'tickets', 'noTicketForSale'],
          [late, 'registrationStart', 'afterStart'],
          [late, 'registrationEnd', 'afterStart'],
          [prizes, 'tickets.0.ageCategories.0.earlyBirdPriceMinor', 'required'],
          [prizes, 'tickets.0.ageCategories.1.earlyBirdPriceMinor', 'outOfRange'],
          [prizes, 'prizes.1.customPrize', 'required'],
          [prizes, 'prizes.2.placeNumber', 'prizePlaces'],
          [prizes, 'prizeSetup.placesNumber', 'prizePlaces'],
          [prizes, 'prizeSetup.prizePoolMinor', 'prizesOverPool'],
          [noPool, 'prizeSetup.placesNumber', 'prizePlaces'],
          [noPool, 'prizeSetup.prizePoolMinor', 'required'],
        ])
      }),
    )

    it.effect('reads registration times on the wall clock of the event', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        // Closes at 10:00 local, when the tournament starts: allowed; one minute later is not.
        yield* create(eventId, input({ registrationEnd: '2027-04-02T10:00' }))
        const late = yield* create(eventId, input({ name: 'Late', registrationEnd: '2027-04-02T10:01' }))

        expect(yield* problemsOf(eventId)).toEqual([[late, 'registrationEnd', 'afterStart']])
        // The registration times are instants once stored; the start is read on the event's wall clock. In
        // Lisbon (UTC+1) 10:00 comes an hour later than in Vilnius (UTC+3), in Auckland (UTC+13) 12 hours earlier.
        expect(yield* problemsOf(eventId, { ...context, timeZone: 'Europe/Lisbon' })).toEqual([])
        expect(
          (yield* problemsOf(eventId, { ...context, timeZone: 'Pacific/Auckland' })).map(
            ([, field]) => field,
          ),
        ).toEqual(['registrationEnd', 'registrationEnd'])
      }),
    )
  })

  describe('input', () => {
    const problemsOfInput = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, value: unknown) => {
      const decoded = decodeWithProblems(schema, value)
      return decoded.ok ? [] : decoded.problems.map((p) => [p.field, p.rule])
    }

    it('names the field and its one rule for each bad value of the tournament', () => {
      expect(
        problemsOfInput(
          TournamentInput,
          input({
            name: ' ',
            additionalName: 'x'.repeat(201),
            type: 5,
            startDate: '2027-02-30',
            startTime: '25:00',
            pointsScoreType: 'CHESS',
            resultsSource: 3,
            resultsUrl: 'ftp://results.example.test',
            registrationStart: '2027-03-01 09:00',
            registrationType: 0,
            playerListUrl: 'players',
            boards: 0,
            description: 'x'.repeat(2001),
            locationName: '会场',
          }),
        ),
      ).toEqual([
        ['name', 'noEdgeSpaces'],
        ['additionalName', 'tooLong'],
        ['type', 'unknownChoice'],
        ['startDate', 'invalidDate'],
        ['startTime', 'invalidTime'],
        ['pointsScoreType', 'unknownChoice'],
        ['resultsSource', 'unknownChoice'],
        ['resultsUrl', 'url'],
        ['registrationStart', 'invalidDateTime'],
        ['registrationType', 'outOfRange'],
        ['playerListUrl', 'url'],
        ['boards', 'outOfRange'],
        ['description', 'tooLong'],
        ['locationName', 'noForeignScript'],
      ])
      expect(problemsOfInput(TournamentInput, input({ name: '' }))).toEqual([['name', 'required']])
    })

    it('refuses dates out of order on the fields that end them', () => {
      expect(
        problemsOfInput(
          TournamentInput,
          input({
            endDate: '2027-04-01',
            registrationStart: '2027-03-02T10:00',
            registrationEnd: '2027-03-01T10:00',
          }),
        ),
      ).toEqual([
        ['endDate', 'dateRange'],
        ['registrationEnd', 'dateRange'],
      ])
      expect(problemsOfInput(TournamentInput, input({ startTime: '18:00', endTime: '10:00' }))).toEqual([
        ['endTime', 'dateRange'],
      ])
    })

    it('names the path of a bad value inside sessions, stages and programs', () => {
      expect(
        problemsOfInput(SessionInput, { startDate: '2027-04-02', endDate: '2027-04-01', boards: 1.5 }),
      ).toEqual([['boards', 'outOfRange']])
      expect(problemsOfInput(SessionInput, { startDate: '2027-04-02', endDate: '2027-04-01' })).toEqual([
        ['endDate', 'dateRange'],
      ])
      expect(problemsOfInput(StageInput, { name: '', resultsUrl: 'nope' })).toEqual([
        ['name', 'required'],
        ['resultsUrl', 'url'],
      ])
      expect(
        problemsOfInput(ProgramDayInput, { date: '2027-4-2', tours: [{ time: '9:00', name: 'Round 1' }] }),
      ).toEqual([
        ['date', 'invalidDate'],
        ['tours.0.time', 'invalidTime'],
      ])
      expect(
        problemsOfInput(
          TournamentInput,
          input({
            programs: [
              { date: '2027-04-02', tours: [] },
              { date: '2027-04-02', tours: [] },
            ],
            sessions: [{ startDate: 'soon' }],
            stages: [{ name: 'x'.repeat(201) }],
          }),
        ),
      ).toEqual([
        ['sessions.0.startDate', 'invalidDate'],
        ['stages.0.name', 'tooLong'],
        ['programs.1.date', 'duplicate'],
      ])
    })

    it('names the path of a bad value inside tickets and age categories', () => {
      expect(problemsOfInput(TicketInput, ticket({ type: 0, priceMinor: -1, quantity: 100_001 }))).toEqual([
        ['type', 'unknownChoice'],
        ['priceMinor', 'outOfRange'],
        ['quantity', 'outOfRange'],
      ])
      expect(problemsOfInput(TicketInput, ticket({ type: 4, priceMinor: 100 }))).toEqual([
        ['priceMinor', 'freeTicketPrice'],
      ])
      expect(
        problemsOfInput(TicketInput, ticket({ type: 4, priceMinor: 0, ageCategories: [category()] })),
      ).toEqual([['ageCategories.0.priceMinor', 'freeTicketPrice']])
      expect(
        problemsOfInput(
          AgeCategoryInput,
          category({
            name: '',
            discountPercent: 101,
            earlyBirdPriceMinor: 12.5,
            earlyBirdEndSalesQuantity: 0,
          }),
        ),
      ).toEqual([
        ['name', 'required'],
        ['discountPercent', 'outOfRange'],
        ['earlyBirdPriceMinor', 'outOfRange'],
        ['earlyBirdEndSalesQuantity', 'outOfRange'],
      ])
      expect(
        problemsOfInput(
          AgeCategoryInput,
          category({
            ageFrom: 30,
            ageTo: 20,
            salesStartDate: '2027-03-02',
            salesEndDate: '2027-03-01',
            earlyBirdSalesStartDate: '2027-02-02',
            earlyBirdSalesEndDate: '2027-02-01',
          }),
        ),
      ).toEqual([
        ['ageTo', 'outOfRange'],
        ['salesEndDate', 'dateRange'],
        ['earlyBirdSalesEndDate', 'dateRange'],
      ])
      expect(
        problemsOfInput(
          TournamentInput,
          input({
            tickets: [
              ticket({ ticketId: 4, ageCategories: [category({ id: 1 }), category({ id: 1 })] }),
              ticket({ ticketId: 5 }),
            ],
          }),
        ),
      ).toEqual([['tickets.0.ageCategories.1.id', 'duplicate']])
      expect(
        problemsOfInput(
          TournamentInput,
          input({ tickets: [ticket({ ticketId: 4 }), ticket({ ticketId: 4 })] }),
        ),
      ).toEqual([['tickets.1.ticketId', 'duplicate']])
    })

    it('names the path of a bad value inside prizes and the prize setup', () => {
      expect(
        problemsOfInput(PrizeInput, {
          placeNumber: 0,
          prizeAmountMinor: -5,
          medalIconKey: 'Gold Medal',
          type: 3,
        }),
      ).toEqual([
        ['placeNumber', 'outOfRange'],
        ['prizeAmountMinor', 'outOfRange'],
        ['medalIconKey', 'unknownChoice'],
        ['type', 'unknownChoice'],
      ])
      expect(
        problemsOfInput(PrizeSetupInput, { placesNumber: 0, prizePoolMinor: 1.5, isFormulaUsed: 'yes' }),
      ).toEqual([
        ['placesNumber', 'outOfRange'],
        ['prizePoolMinor', 'outOfRange'],
        ['isFormulaUsed', 'required'],
      ])
      expect(
        problemsOfInput(
          TournamentInput,
          input({
            prizes: [
              { placeNumber: 1, type: 1 },
              { placeNumber: 1, additionalName: 'Juniors', type: 1 },
              { placeNumber: 1, type: 2 },
            ],
            prizeSetup: { placesNumber: 1001, isFormulaUsed: false },
          }),
        ),
      ).toEqual([
        ['prizes.2.placeNumber', 'duplicate'],
        ['prizeSetup.placesNumber', 'outOfRange'],
      ])
    })

    it.effect('refuses a body of the wrong shape with a typed error naming each field, never a defect', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const body = JSON.parse(
          JSON.stringify({
            ...input(),
            name: 42,
            startDate: null,
            tickets: [{ ...ticket(), quantity: '40' }],
          }),
        )
        const { prizes: _, ...withoutPrizes } = input()

        expect(yield* refusal(create(eventId, body))).toEqual([
          ['name', 'required'],
          ['startDate', 'required'],
          ['tickets.0.quantity', 'required'],
        ])
        expect(yield* refusal(create(eventId, JSON.parse(JSON.stringify(withoutPrizes))))).toEqual([
          ['prizes', 'required'],
        ])
        expect(yield* refusal(create(eventId, JSON.parse('null')))).toEqual([['', 'required']])
        expect(yield* list(eventId)).toEqual([])
      }),
    )
  })

  describe('tournamentProblems', () => {
    it('checks the form before it is saved, with the same rules as problemsOf', () => {
      const form = Schema.decodeUnknownSync(TournamentInput)(
        input({ tickets: [], registrationStart: null, registrationEnd: null }),
      )
      expect(tournamentProblems(form, context).map((p) => [p.field, p.rule])).toEqual([
        ['tickets', 'noTicketForSale'],
      ])
      expect(tournamentProblems({ ...form, hasRegistration: false }, context)).toEqual([])
    })
  })
})

describe('prizeSplit', () => {
  it('gives linearly decreasing shares rounded down, the remainder to first place', () => {
    expect(prizeSplit(600, 3)).toEqual([300, 200, 100])
    expect(prizeSplit(1000, 3)).toEqual([501, 333, 166])
    expect(prizeSplit(100_000, 4)).toEqual([40_000, 30_000, 20_000, 10_000])
    expect(prizeSplit(5, 1)).toEqual([5])
    expect(prizeSplit(0, 2)).toEqual([0, 0])
    expect(prizeSplit(2, 3)).toEqual([2, 0, 0])
    expect(prizeSplit(1000, 0)).toEqual([])
  })

  it('always adds up to the pool and never increases from one place to the next', () => {
    // A fixed-seed generator: every run checks the same 5000 pools and place counts.
    let seed = 20271123
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % below
    }
    const broken: Array<[number, number]> = []
    for (let n = 0; n < 5000; n++) {
      const pool = n < 1000 ? n : next(1_000_000_001)
      const places = 1 + next(n % 2 === 0 ? 10 : 1000)
      const split = prizeSplit(pool, places)
      const holds =
        split.length === places &&
        split.reduce((sum, a) => sum + a, 0) === pool &&
        split.every(
          (amount, i) => Number.isSafeInteger(amount) && amount >= 0 && amount <= (split[i - 1] ?? pool),
        )
      if (!holds) broken.push([pool, places])
    }
    expect(broken).toEqual([])
  })

  it('refuses a negative or fractional pool or place count', () => {
    expect(() => prizeSplit(-1, 3)).toThrow(RangeError)
    expect(() => prizeSplit(10.5, 3)).toThrow(RangeError)
    expect(() => prizeSplit(10, -1)).toThrow(RangeError)
  })
})
