import { describe, expect, it } from '@effect/vitest'
import { decodeWithProblems } from '@kibitz/kernel'
import {
  insertEvent,
  insertTournament,
  runWith,
  type TournamentFixture,
  useDomainDatabase,
} from '@kibitz/testing'
import {
  AgeCategoryInput,
  PrizeInput,
  PrizeSetupInput,
  ProgramDayInput,
  prizeSplit,
  SessionInput,
  StageInput,
  TicketInput,
  type Tournament,
  type TournamentContext,
  TournamentId,
  TournamentInput,
  type TournamentInputEncoded,
  TournamentInputInvalid,
  TournamentService,
  TournamentStore,
  tournamentProblems,
  tournamentToInput,
} from '@kibitz/tournaments'
import { Effect, Schema } from 'effect'

const db = useDomainDatabase()

const vilnius = 'Europe/Vilnius'
const context: TournamentContext = {
  timeZone: vilnius,
  currencyCode: 'EUR',
  eventStart: '2027-04-01',
  eventEnd: '2027-04-03',
}

const event = () =>
  Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01', dateEnd: '2027-04-03' }))
const fixture = (spec: TournamentFixture) => Effect.promise(() => insertTournament(db.orm, spec))

const create = (eventId: number, input: TournamentInputEncoded) =>
  runWith(
    db.orm,
    TournamentStore.use((s) => s.create(eventId, input, context)),
  )
const update = (eventId: number, id: number, input: TournamentInputEncoded) =>
  runWith(
    db.orm,
    TournamentStore.use((s) => s.update(eventId, TournamentId.make(id), input, context)),
  )
const remove = (eventId: number, id: number) =>
  runWith(
    db.orm,
    TournamentStore.use((s) => s.remove(eventId, TournamentId.make(id))),
  )
const reorder = (eventId: number, ids: ReadonlyArray<number>) =>
  runWith(
    db.orm,
    TournamentStore.use((s) =>
      s.reorder(
        eventId,
        ids.map((id) => TournamentId.make(id)),
      ),
    ),
  )
const problemsOf = (eventId: number, within: TournamentContext = context) =>
  runWith(
    db.orm,
    TournamentStore.use((s) => s.problemsOf(eventId, within)),
  ).pipe(Effect.map((found) => found.map((p) => [p.tournamentId, p.field, p.rule])))
const list = (eventId: number) =>
  runWith(
    db.orm,
    TournamentService.use((t) => t.listForEvent(eventId, vilnius)),
  )
const only = (eventId: number) =>
  list(eventId).pipe(
    Effect.map((found): Tournament => {
      const [first] = found
      if (!first || found.length !== 1) throw new Error(`expected one tournament, found ${found.length}`)
      return first
    }),
  )

/** The problems of a refused input as [field, rule] pairs; any other failure is returned as it is. */
const refusal = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.flip(effect).pipe(
    Effect.map((error) =>
      error instanceof TournamentInputInvalid ? error.problems.map((p) => [p.field, p.rule]) : error,
    ),
  )

const ticket = (over: Partial<TournamentInputEncoded['tickets'][number]> = {}) => ({
  type: 1,
  priceMinor: 5000,
  quantity: 40,
  isForSale: true,
  isPricePerTeam: false,
  ageCategories: [],
  ...over,
})

const category = (
  over: Partial<TournamentInputEncoded['tickets'][number]['ageCategories'][number]> = {},
) => ({
  name: 'Juniors',
  priceMinor: 2500,
  discountPercent: 50,
  isEarlyBird: false,
  enabled: true,
  ...over,
})

/** A tournament an organiser could publish at once for the event of `context`. */
const input = (over: Partial<TournamentInputEncoded> = {}): TournamentInputEncoded => ({
  name: 'Open Pairs',
  type: 1,
  isMultiSession: false,
  isComplicated: false,
  isComplicatedMultiSession: false,
  isComplicatedMultiRound: false,
  isComplicatedGroup: false,
  startDate: '2027-04-02',
  endDate: '2027-04-02',
  startTime: '10:00',
  endTime: '18:00',
  pointsScoreType: 'MP_PAIRS',
  verifyPlayer: false,
  hasRegistration: true,
  isRegistrationEnabled: true,
  registrationStart: '2027-03-01T09:00',
  registrationEnd: '2027-04-01T20:00',
  isPrizeInformationEnabled: true,
  isPlayerListViewEnabled: true,
  sessions: [],
  stages: [],
  programs: [],
  tickets: [ticket()],
  prizes: [],
  ...over,
})

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
