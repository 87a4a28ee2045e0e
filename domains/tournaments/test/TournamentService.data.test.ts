import { describe, expect, it } from '@effect/vitest'
import type { EventState } from '@kibitz/events'
import type { EventId } from '@kibitz/kernel'
import { runWith } from '@kibitz/testing'
import { Tournament, TournamentService } from '@kibitz/tournaments'
import { Effect, Schema } from 'effect'
import { eventGraphsSql, graphsOf, TournamentGraph } from '../src/internal/TournamentRepo.ts'
import { now, openTournament, setNow, useTournamentService, vilnius } from './support/tournaments.ts'

// The public event page takes its tournaments in their encoded form, made without the classes
// (listDataForEvent, docs/decisions/025): it must be exactly what encoding listForEvent's classes writes, for
// every shape a tournament can have and every state its event can be in.

const { db, event, tournament } = useTournamentService()
const encode = Schema.encodeSync(Schema.Array(Tournament))

/**
 * An event with a tournament of every part (tickets and age categories, prizes, sessions, stages, program) and a
 * bare one.
 */
const eventOfEveryPart = () =>
  Effect.gen(function* () {
    const eventId = yield* event()
    yield* tournament(
      openTournament(eventId, {
        name: 'Open Pairs',
        additionalName: 'Day 1',
        boards: 27,
        description: 'Two sessions',
        locationName: 'Main hall',
        resultsSource: 1,
        resultsUrl: 'https://results.example/pairs',
        tickets: [
          {
            type: 1,
            priceMinor: 5000,
            quantity: 20,
            sold: 5,
            ageCategories: [
              { name: 'Juniors', ageTo: 25, priceMinor: 2500, discountPercent: 50, quantity: 5, sold: 1 },
              {
                name: 'Early',
                priceMinor: 4000,
                isEarlyBird: true,
                earlyBirdPriceMinor: 3000,
                earlyBirdEndSalesQuantity: 3,
                salesEndDate: '2099-12-31',
              },
            ],
          },
          { type: 4, priceMinor: 0, quantity: 10, sold: 10, isPricePerTeam: true },
        ],
        prizes: [
          { placeNumber: 1, prizeAmountMinor: 50000, medalIconKey: 'gold' },
          { placeNumber: 2, customPrize: 'A bottle', additionalName: 'Mixed' },
        ],
        prizeSetup: { placesNumber: 2, prizePoolMinor: 80000, customPrizeText: 'and more' },
        sessions: [{ startDate: '2027-04-01', startTime: '10:00', endTime: '14:00', text: 'First' }],
        stages: [{ name: 'Final', type: 4, resultsUrl: 'https://results.example/final' }],
        programDays: [{ date: '2027-04-01', tours: [{ time: '10:00', name: 'Round 1' }] }],
      }),
    )
    yield* tournament({ eventId, name: 'Bare', startDate: '2027-04-02', hasRegistration: false })
    return eventId
  })

const both = (eventId: EventId, state: EventState, preview: boolean) =>
  runWith(
    db.orm,
    TournamentService.use((t) =>
      Effect.all([
        t.listForEvent({ id: eventId, timeZone: vilnius, state, preview }),
        t.listDataForEvent({ id: eventId, timeZone: vilnius, state, preview }),
      ]),
    ),
  )

describe('TournamentService.listDataForEvent', () => {
  it.effect('is listForEvent encoded, for every part of a tournament and every state of its event', () =>
    Effect.gen(function* () {
      yield* setNow(now)
      const eventId = yield* eventOfEveryPart()

      for (const state of ['accepted', 'canceled', 'postponed', 'draft'] as const) {
        for (const preview of [false, true]) {
          const [classes, data] = yield* both(eventId, state, preview)
          expect(data).toEqual(encode(classes))
        }
      }
      const [classes] = yield* both(eventId, 'accepted', false)
      expect(classes.map((t) => t.isOpenRegistration)).toEqual([true, false])
    }),
  )

  // The public reads take the graphs the database builds without decoding them again (TournamentRepo's
  // graphsOf): this is what keeps that honest.
  it.effect('reads graphs that are the graph type, for every part of a tournament', () =>
    Effect.gen(function* () {
      yield* setNow(now)
      const eventId = yield* eventOfEveryPart()
      const rows = yield* Effect.promise(async () => {
        const pool = await db.orm.em.getConnection().getNativeClient()
        return (await pool.query(eventGraphsSql, [eventId])).rows
      })
      // Every field of the graph's type is there, of its type, and nothing else (onExcessProperty: a field the
      // statement reads that the type does not name, or one left in the wrong place, fails here).
      const graphs = Schema.decodeUnknownSync(Schema.Array(TournamentGraph), { onExcessProperty: 'error' })(
        graphsOf(rows),
      )
      expect(graphs.map((graph) => graph.name)).toEqual(['Open Pairs', 'Bare'])
      expect(graphs[0]?.tickets[0]?.ageCategories).toHaveLength(2)
      expect(graphs[0]?.programDays[0]?.tours).toEqual([{ time: '10:00', name: 'Round 1' }])
      expect(graphs[0]?.prizeSetup).not.toBeNull()
      expect(graphs[1]?.prizeSetup).toBeNull()
    }),
  )
})
