import { describe, expect, it } from '@effect/vitest'
import { zonedTimeToUtc } from '@kibitz/kernel'
import { TournamentId, TournamentNotFound, TournamentService } from '@kibitz/tournaments'
import { Effect } from 'effect'
import { now, openTournament, setNow, useTournamentService, vilnius } from './support/tournaments.ts'

const { event, tournament, list, find, summary, only } = useTournamentService()

describe(TournamentService.name, () => {
  describe('listForEvent', () => {
    it.effect('lists the tournaments of the event by order number, then in the order they were added', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const other = yield* event()
        yield* tournament({ eventId, name: 'Teams', orderNumber: 2, startDate: '2027-04-01' })
        yield* tournament({ eventId, name: 'Pairs', orderNumber: 1, startDate: '2027-04-02' })
        yield* tournament({ eventId: other, name: 'Elsewhere', orderNumber: 0, startDate: '2027-04-01' })
        yield* tournament({ eventId, name: 'Individual', orderNumber: 1, startDate: '2027-04-01' })

        const found = yield* list(eventId)

        expect(found.map((t) => t.name)).toEqual(['Pairs', 'Individual', 'Teams'])
        expect(found.map((t) => t.eventId)).toEqual([eventId, eventId, eventId])
      }),
    )

    it.effect('returns nothing for an event without tournaments', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()

        expect(yield* list(eventId)).toEqual([])
      }),
    )

    it.effect('computes the tickets left from quantity and sold, tickets ordered by type', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const inserted = yield* tournament(
          openTournament(eventId, {
            tickets: [
              { type: 2, priceMinor: 8000, quantity: 10, sold: 10 },
              { type: 1, priceMinor: 5000, quantity: 20, sold: 5, isPricePerTeam: true },
            ],
          }),
        )

        const t = yield* only(eventId)

        expect(t.tickets.map((k) => [k.ticketId, k.type, k.priceMinor, k.quantity, k.ticketsLeft])).toEqual([
          [inserted.ticketIds[1], 1, 5000, 20, 15],
          [inserted.ticketIds[0], 2, 8000, 10, 0],
        ])
        expect(t.tickets.map((k) => k.isPricePerTeam)).toEqual([true, false])
      }),
    )

    it.effect('returns the prizes by place and the prize setup', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const inserted = yield* tournament(
          openTournament(eventId, {
            prizes: [
              { placeNumber: 2, prizeAmountMinor: 50000, medalIconKey: 'silver' },
              { placeNumber: 1, prizeAmountMinor: 100000, medalIconKey: 'gold', cupIconKey: 'cup' },
              { placeNumber: 3, type: 2, customPrize: 'A bottle of wine', additionalName: 'Best juniors' },
            ],
            prizeSetup: {
              placesNumber: 3,
              prizePoolMinor: 150000,
              customPrizeText: 'Cash prizes',
              isFormulaUsed: true,
            },
          }),
        )
        yield* tournament({ eventId, name: 'No Prizes', startDate: '2027-04-02', orderNumber: 1 })

        const [withPrizes, without] = yield* list(eventId)

        expect(withPrizes?.prizes.map((p) => ({ ...p }))).toEqual([
          {
            elementId: inserted.prizeIds[1],
            placeNumber: 1,
            additionalName: null,
            prizeAmountMinor: 100000,
            customPrize: null,
            medalIconKey: 'gold',
            cupIconKey: 'cup',
            type: 1,
          },
          {
            elementId: inserted.prizeIds[0],
            placeNumber: 2,
            additionalName: null,
            prizeAmountMinor: 50000,
            customPrize: null,
            medalIconKey: 'silver',
            cupIconKey: null,
            type: 1,
          },
          {
            elementId: inserted.prizeIds[2],
            placeNumber: 3,
            additionalName: 'Best juniors',
            prizeAmountMinor: null,
            customPrize: 'A bottle of wine',
            medalIconKey: null,
            cupIconKey: null,
            type: 2,
          },
        ])
        expect({ ...withPrizes?.prizeSetup }).toEqual({
          placesNumber: 3,
          prizePoolMinor: 150000,
          customPrizePool: null,
          customPrizeText: 'Cash prizes',
          isFormulaUsed: true,
        })
        expect(without?.prizes).toEqual([])
        expect(without?.prizeSetup).toBeNull()
      }),
    )

    it.effect('returns the sessions, the stages by order and the program by day', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        yield* tournament(
          openTournament(eventId, {
            isMultiSession: true,
            endDate: '2027-04-02',
            sessions: [
              {
                startDate: '2027-04-01',
                startTime: '10:00',
                endTime: '14:00',
                text: 'Session 1',
                boards: 27,
              },
              { startDate: '2027-04-02', startTime: '10:00', type: 2, text: 'Final' },
            ],
            stages: [
              { name: 'Final', orderNumber: 2, type: 2, resultsUrl: 'https://results.example.test/final' },
              { name: 'Qualification', orderNumber: 1 },
            ],
            programDays: [
              { date: '2027-04-02', tours: [{ time: '10:00', name: 'Final A' }] },
              {
                date: '2027-04-01',
                tours: [
                  { time: '10:00', name: 'Round 1' },
                  { time: '15:00', name: 'Round 2' },
                ],
              },
            ],
          }),
        )

        const t = yield* only(eventId)

        expect(t.isMultiSession).toBe(true)
        expect(t.endDate).toBe('2027-04-02')
        expect(t.sessions.map((s) => ({ ...s }))).toEqual([
          {
            startDate: '2027-04-01',
            endDate: null,
            startTime: '10:00',
            endTime: '14:00',
            type: 1,
            text: 'Session 1',
            boards: 27,
          },
          {
            startDate: '2027-04-02',
            endDate: null,
            startTime: '10:00',
            endTime: null,
            type: 2,
            text: 'Final',
            boards: null,
          },
        ])
        expect(t.stages.map((s) => [s.name, s.type, s.resultsUrl])).toEqual([
          ['Qualification', 1, null],
          ['Final', 2, 'https://results.example.test/final'],
        ])
        expect(t.programs.map((d) => [d.date, d.tours.map((x) => `${x.time} ${x.name}`)])).toEqual([
          ['2027-04-01', ['10:00 Round 1', '15:00 Round 2']],
          ['2027-04-02', ['10:00 Final A']],
        ])
      }),
    )

    it.effect('has results when a results url or file is given', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        yield* tournament({
          eventId,
          name: 'Url',
          startDate: '2027-04-01',
          resultsSource: 1,
          resultsUrl: 'https://r.example.test',
        })
        yield* tournament({
          eventId,
          name: 'File',
          startDate: '2027-04-01',
          resultsSource: 2,
          resultsFile: 'results.pdf',
        })
        yield* tournament({ eventId, name: 'None', startDate: '2027-04-01' })

        expect((yield* list(eventId)).map((t) => [t.name, t.hasResults, t.resultsSource])).toEqual([
          ['Url', true, 1],
          ['File', true, 2],
          ['None', false, null],
        ])
      }),
    )
  })

  describe('findInEvent', () => {
    it.effect('finds a tournament of the event by id or by alias, ignoring case and spaces', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const { id } = yield* tournament(openTournament(eventId, { alias: 'open-pairs', name: 'Open Pairs' }))
        yield* tournament(openTournament(eventId, { alias: 'teams', name: 'Teams' }))

        const byId = yield* find(eventId, String(id))
        const byAlias = yield* find(eventId, ' Open-Pairs ')

        expect([byId.tournamentId, byId.name]).toEqual([TournamentId.make(id), 'Open Pairs'])
        expect([byAlias.tournamentId, byAlias.isOpenRegistration]).toEqual([TournamentId.make(id), true])
        expect(byAlias.tickets.map((k) => k.ticketsLeft)).toEqual([20])
      }),
    )

    it.effect("fails with TournamentNotFound for another event's tournament or an unknown key", () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const other = yield* event()
        const { id } = yield* tournament(openTournament(other, { alias: 'open-pairs' }))

        for (const key of [String(id), 'open-pairs', 'no-such-tournament', String(id + 1)]) {
          expect(yield* Effect.flip(find(eventId, key))).toEqual(
            new TournamentNotFound({ eventId, aliasOrId: key }),
          )
        }
        expect((yield* find(other, 'open-pairs')).tournamentId).toBe(TournamentId.make(id))
      }),
    )
  })

  describe('summaryForEvent', () => {
    it.effect('counts every tournament and spans the windows of those with tickets left', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        yield* tournament(
          openTournament(eventId, {
            name: 'Early',
            registrationStartAt: '2027-02-01T09:00:00.000Z',
            registrationEndAt: '2027-03-20T00:00:00.000Z',
          }),
        )
        yield* tournament(
          openTournament(eventId, {
            name: 'Late',
            registrationStartAt: '2027-03-05T00:00:00.000Z',
            registrationEndAt: '2027-03-25T18:00:00.000Z',
          }),
        )
        yield* tournament({
          eventId,
          name: 'No Registration',
          startDate: '2027-04-01',
          hasRegistration: false,
        })

        expect(yield* summary(eventId)).toEqual({
          tournamentsCount: 3,
          registrationOpensAt: new Date('2027-02-01T09:00:00.000Z'),
          registrationClosesAt: new Date('2027-03-25T18:00:00.000Z'),
          registrationWindows: [
            { opensAt: '2027-02-01T09:00:00.000Z', closesAt: '2027-03-20T00:00:00.000Z' },
            { opensAt: '2027-03-05T00:00:00.000Z', closesAt: '2027-03-25T18:00:00.000Z' },
          ],
        })
      }),
    )

    it.effect('has no opening time when an open tournament has no registration start', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        yield* tournament(openTournament(eventId, { registrationStartAt: '2027-02-01T09:00:00.000Z' }))
        yield* tournament(openTournament(eventId, { name: 'Any time', registrationStartAt: null }))
        const result = yield* summary(eventId)
        expect(result.registrationOpensAt).toBeNull()
        expect(result.registrationClosesAt).not.toBeNull()
      }),
    )

    it.effect('has neither time when no tournament takes registrations', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        yield* tournament({ eventId, name: 'Closed', startDate: '2027-04-01', hasRegistration: false })
        expect(yield* summary(eventId)).toEqual({
          tournamentsCount: 1,
          registrationOpensAt: null,
          registrationClosesAt: null,
          registrationWindows: [],
        })
      }),
    )

    it.effect('leaves out disabled tournaments and those whose tickets are sold out or not for sale', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const wide = {
          registrationStartAt: '2027-01-01T00:00:00.000Z',
          registrationEndAt: '2027-03-30T00:00:00.000Z',
        }
        yield* tournament(openTournament(eventId, { ...wide, isRegistrationEnabled: false }))
        yield* tournament(openTournament(eventId, { ...wide, tickets: [{ quantity: 12, sold: 12 }] }))
        yield* tournament(openTournament(eventId, { ...wide, tickets: [{ isForSale: false }] }))
        yield* tournament(
          openTournament(eventId, {
            registrationStartAt: '2027-03-02T00:00:00.000Z',
            registrationEndAt: '2027-03-12T00:00:00.000Z',
          }),
        )

        expect(yield* summary(eventId)).toEqual({
          tournamentsCount: 4,
          registrationOpensAt: new Date('2027-03-02T00:00:00.000Z'),
          registrationClosesAt: new Date('2027-03-12T00:00:00.000Z'),
          registrationWindows: [
            { opensAt: '2027-03-02T00:00:00.000Z', closesAt: '2027-03-12T00:00:00.000Z' },
          ],
        })
      }),
    )

    it.effect("closes no later than the tournament's start in the event's time zone", () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        yield* tournament(
          openTournament(eventId, {
            startDate: '2027-03-20',
            startTime: '09:30',
            registrationEndAt: '2027-03-25T00:00:00.000Z',
          }),
        )

        // 09:30 on 20 March is 07:30 UTC in Vilnius (UTC+2) and 20:30 UTC on 19 March in Auckland (UTC+13).
        expect((yield* summary(eventId, vilnius)).registrationClosesAt).toEqual(
          new Date('2027-03-20T07:30:00.000Z'),
        )
        expect((yield* summary(eventId, 'Pacific/Auckland')).registrationClosesAt).toEqual(
          new Date('2027-03-19T20:30:00.000Z'),
        )
      }),
    )

    // On the day the clocks change the UTC offset must be read on the right side of the change.
    it.effect('closes at the start of a tournament on the day the clocks go forward', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event({ timeZone: 'America/Los_Angeles' })
        yield* tournament(openTournament(eventId, { startDate: '2027-03-14', startTime: '09:00' }))

        expect((yield* summary(eventId, 'America/Los_Angeles')).registrationClosesAt).toEqual(
          new Date('2027-03-14T16:00:00.000Z'),
        )
      }),
    )

    it.effect('has no window when no tournament sells tickets', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event()
        const empty = yield* event()
        yield* tournament(openTournament(eventId, { tickets: [{ quantity: 4, sold: 4 }] }))

        expect(yield* summary(eventId)).toEqual({
          tournamentsCount: 1,
          registrationOpensAt: null,
          registrationClosesAt: null,
          registrationWindows: [],
        })
        expect(yield* summary(empty)).toEqual({
          tournamentsCount: 0,
          registrationOpensAt: null,
          registrationClosesAt: null,
          registrationWindows: [],
        })
      }),
    )
  })

  describe('zonedTimeToUtc', () => {
    it.each([
      ['2027-03-10', '14:30', 'Europe/Vilnius', '2027-03-10T12:30:00.000Z'],
      ['2027-07-10', '14:30', 'Europe/Vilnius', '2027-07-10T11:30:00.000Z'],
      ['2027-03-10', '09:00', 'Pacific/Auckland', '2027-03-09T20:00:00.000Z'],
      ['2027-03-10', '09:00', 'America/Los_Angeles', '2027-03-10T17:00:00.000Z'],
      ['2027-03-15', '09:00', 'America/Los_Angeles', '2027-03-15T16:00:00.000Z'],
      ['2027-03-10', '00:00', 'UTC', '2027-03-10T00:00:00.000Z'],
    ])('reads %s %s in %s as %s', (date, time, zone, instant) => {
      expect(new Date(zonedTimeToUtc(date, time, zone)).toISOString()).toBe(instant)
    })

    // The offset must be read at the instant itself, not at the wall-clock time read as UTC, which on
    // the day the clocks change can fall on the other side of the change.
    it.each([
      ['2027-03-14', '09:00', 'America/Los_Angeles', '2027-03-14T16:00:00.000Z'],
      ['2027-11-07', '08:00', 'America/Los_Angeles', '2027-11-07T16:00:00.000Z'],
      ['2027-03-14', '05:00', 'America/New_York', '2027-03-14T09:00:00.000Z'],
      ['2027-03-28', '02:30', 'Europe/Vilnius', '2027-03-28T00:30:00.000Z'],
    ])('reads %s %s in %s as %s on the day the clocks change', (date, time, zone, instant) => {
      expect(new Date(zonedTimeToUtc(date, time, zone)).toISOString()).toBe(instant)
    })
  })
})
