import { describe, expect, it } from '@effect/vitest'
import { inTransaction, type TournamentId } from '@kibitz/kernel'
import { insertEvent, insertTournament, runWith, useDomainDatabase } from '@kibitz/testing'
import { type SaleLine, TicketSales, TournamentService } from '@kibitz/tournaments'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'

const db = useDomainDatabase()
const vilnius = 'Europe/Vilnius'

/** 10 March 2027, 14:00 in Vilnius. */
const setNow = () => TestClock.setTime(Date.parse('2027-03-10T12:00:00.000Z'))

const event = () => Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
const quote = (tournamentId: TournamentId, lines: ReadonlyArray<SaleLine>) =>
  runWith(
    db.orm,
    TicketSales.use((s) => s.quote(tournamentId, lines, vilnius)),
  )
const reserve = (tournamentId: TournamentId, lines: ReadonlyArray<SaleLine>) =>
  runWith(
    db.orm,
    TicketSales.use((s) => s.reserve(tournamentId, lines, vilnius)),
  )

const SoldRow = Schema.Array(Schema.Struct({ sold: Schema.Int }))
const soldOf = (table: 'ticket' | 'ticket_age_category', id: number) =>
  Effect.promise(
    async () =>
      Schema.decodeUnknownSync(SoldRow)(
        await db.orm.em.fork().execute(`select sold from ${table} where id = ?`, [id]),
      )[0]?.sold,
  )

describe('TicketSales', () => {
  it.effect(
    'prices a junior early bird by date and by quantity, a discount, and a per-team ticket once per team',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const eventId = yield* event()
        const pairs = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId,
            startDate: '2027-04-01',
            tickets: [
              {
                priceMinor: 4000,
                quantity: 100,
                ageCategories: [
                  {
                    name: 'Juniors',
                    ageTo: 25,
                    priceMinor: 2000,
                    isEarlyBird: true,
                    earlyBirdPriceMinor: 1500,
                    earlyBirdSalesStartDate: '2027-03-01',
                    earlyBirdSalesEndDate: '2027-03-15',
                    earlyBirdEndSalesQuantity: 3,
                  },
                  // The category's price is what is paid; its discount percent only tells how far below the ticket's it is.
                  { name: 'Seniors', ageFrom: 65, priceMinor: 3000, discountPercent: 25 },
                  { name: 'Late', priceMinor: 4000, salesStartDate: '2027-03-20' },
                ],
              },
              { priceMinor: 16000, quantity: 20, isPricePerTeam: true },
            ],
          }),
        )
        const [ticket, team] = pairs.ticketIds
        const [junior, senior, late] = pairs.ageCategoryIds[0] ?? []
        if (!ticket || !team || !junior || !senior || !late) throw new Error('fixture')
        const priced = yield* quote(pairs.id, [
          { ticketId: ticket, ageCategoryId: junior, persons: 1 },
          { ticketId: ticket, ageCategoryId: senior, persons: 1 },
        ])
        expect(priced.lines.map((l) => [l.unitPriceMinor, l.earlyBird])).toEqual([
          [1500, true],
          [3000, false],
        ])
        expect(priced.totalMinor).toBe(4500)
        // A team pays once, whatever its size.
        const teamQuote = yield* quote(pairs.id, [{ ticketId: team, ageCategoryId: null, persons: 6 }])
        expect(teamQuote).toMatchObject({ totalMinor: 16000, lines: [{ units: 1 }] })
        // The early bird ends after 3 juniors: the 4th junior of one registration pays the normal price.
        const four = yield* quote(pairs.id, [{ ticketId: ticket, ageCategoryId: junior, persons: 4 }])
        expect(four.lines[0]?.unitPriceMinor).toBe(1500)
        yield* reserve(pairs.id, [{ ticketId: ticket, ageCategoryId: junior, persons: 3 }])
        const after = yield* quote(pairs.id, [{ ticketId: ticket, ageCategoryId: junior, persons: 1 }])
        expect(after.lines[0]).toMatchObject({ unitPriceMinor: 2000, earlyBird: false })
        // A category whose sales have not started is not for sale yet.
        const early = yield* Effect.flip(
          quote(pairs.id, [{ ticketId: ticket, ageCategoryId: late, persons: 1 }]),
        )
        expect(early).toMatchObject({ _tag: 'TicketsUnavailable', reason: 'outsideSalesWindow' })
        // Another tournament's ticket is unknown here.
        const other = yield* Effect.promise(() =>
          insertTournament(db.orm, { eventId, startDate: '2027-04-01' }),
        )
        const foreign = yield* Effect.flip(
          quote(other.id, [{ ticketId: ticket, ageCategoryId: null, persons: 1 }]),
        )
        expect(foreign).toMatchObject({ reason: 'unknown' })
      }),
  )

  it.effect('prices lines without an age category from the tournament as read, as a quote does', () =>
    Effect.gen(function* () {
      yield* setNow()
      const eventId = yield* event()
      const t = yield* Effect.promise(() =>
        insertTournament(db.orm, {
          eventId,
          startDate: '2027-04-01',
          tickets: [
            { priceMinor: 3000, quantity: 3 },
            { priceMinor: 16000, quantity: 20, isPricePerTeam: true },
            { priceMinor: 4000, quantity: 5, ageCategories: [{ name: 'Juniors', priceMinor: 2000 }] },
          ],
        }),
      )
      const [adults, team, youth] = t.ticketIds
      const [junior] = t.ageCategoryIds[2] ?? []
      if (!adults || !team || !youth || !junior) throw new Error('fixture')
      yield* reserve(t.id, [{ ticketId: adults, ageCategoryId: null, persons: 1 }])
      const read = yield* runWith(
        db.orm,
        TournamentService.use((s) =>
          s.findInEvent({ id: eventId, timeZone: vilnius, state: 'accepted' }, String(t.id)),
        ),
      )
      const asRead = (lines: ReadonlyArray<SaleLine>) =>
        runWith(
          db.orm,
          TicketSales.use((s) => s.quoteAsRead(read, lines, vilnius)),
        )
      for (const lines of [
        [{ ticketId: adults, ageCategoryId: null, persons: 2 }],
        [{ ticketId: team, ageCategoryId: null, persons: 6 }],
        [{ ticketId: youth, ageCategoryId: junior, persons: 1 }],
      ])
        expect(yield* asRead(lines)).toEqual(yield* quote(t.id, lines))
      // Two places are left of three: the count read with the tournament decides, as the stored one does.
      const tooMany = [{ ticketId: adults, ageCategoryId: null, persons: 3 }]
      expect(yield* Effect.flip(asRead(tooMany))).toEqual(yield* Effect.flip(quote(t.id, tooMany)))
      const foreign = [{ ticketId: 999_999, ageCategoryId: null, persons: 1 }]
      expect(yield* Effect.flip(asRead(foreign))).toMatchObject({ reason: 'unknown' })
    }),
  )

  it.effect('never sells more than is left, and gives units back on release', () =>
    Effect.gen(function* () {
      yield* setNow()
      const eventId = yield* event()
      const t = yield* Effect.promise(() =>
        insertTournament(db.orm, {
          eventId,
          startDate: '2027-04-01',
          tickets: [{ priceMinor: 3000, quantity: 4, ageCategories: [{ name: 'Juniors', quantity: 2 }] }],
        }),
      )
      const [ticket] = t.ticketIds
      const [junior] = t.ageCategoryIds[0] ?? []
      if (!ticket || !junior) throw new Error('fixture')
      const sold = yield* reserve(t.id, [{ ticketId: ticket, ageCategoryId: junior, persons: 2 }])
      expect(yield* soldOf('ticket', ticket)).toBe(2)
      expect(yield* soldOf('ticket_age_category', junior)).toBe(2)
      const noJuniorLeft = yield* Effect.flip(
        reserve(t.id, [{ ticketId: ticket, ageCategoryId: junior, persons: 1 }]),
      )
      expect(noJuniorLeft).toMatchObject({ reason: 'soldOut', ageCategoryId: junior })
      const tooMany = yield* Effect.flip(
        reserve(t.id, [{ ticketId: ticket, ageCategoryId: null, persons: 3 }]),
      )
      expect(tooMany).toMatchObject({ reason: 'soldOut' })
      // A refused sale took nothing.
      expect(yield* soldOf('ticket', ticket)).toBe(2)
      yield* runWith(
        db.orm,
        TicketSales.use((s) => s.release(sold.lines)),
      )
      expect(yield* soldOf('ticket', ticket)).toBe(0)
      expect(yield* soldOf('ticket_age_category', junior)).toBe(0)
      // The database refuses an oversale even past the service (the backstop constraint).
      const direct = yield* Effect.promise(() =>
        db.orm.em
          .fork()
          .execute('update ticket set sold = quantity + 1 where id = ?', [ticket])
          .then(
            () => 'written',
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          ),
      )
      expect(direct).toContain('ticket_sold_check')
    }),
  )

  it.effect(
    'a refused sale of several lines takes nothing, even in a transaction its caller goes on with',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const eventId = yield* event()
        const t = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId,
            startDate: '2027-04-01',
            tickets: [
              { priceMinor: 3000, quantity: 4 },
              { priceMinor: 2000, quantity: 4, ageCategories: [{ name: 'Juniors', quantity: 1 }] },
            ],
          }),
        )
        const [adults, youth] = t.ticketIds
        const [junior] = t.ageCategoryIds[1] ?? []
        if (!adults || !youth || !junior) throw new Error('fixture')
        // The sale takes both tickets' units, then finds the category full: it gives them back, and the caller's
        // transaction, which carries on and commits, holds none of them.
        const refused = yield* runWith(
          db.orm,
          inTransaction(
            Effect.flip(
              TicketSales.use((s) =>
                s.reserve(
                  t.id,
                  [
                    { ticketId: adults, ageCategoryId: null, persons: 2 },
                    { ticketId: youth, ageCategoryId: junior, persons: 2 },
                  ],
                  vilnius,
                ),
              ),
            ),
          ),
        )
        expect(refused).toMatchObject({ reason: 'soldOut', ticketId: youth, ageCategoryId: junior })
        expect(yield* soldOf('ticket', adults)).toBe(0)
        expect(yield* soldOf('ticket', youth)).toBe(0)
        expect(yield* soldOf('ticket_age_category', junior)).toBe(0)
        // A ticket of another tournament is unknown here, and nothing is taken either.
        const other = yield* Effect.flip(
          reserve(t.id, [
            { ticketId: adults, ageCategoryId: null, persons: 1 },
            { ticketId: 999_999, ageCategoryId: null, persons: 1 },
          ]),
        )
        expect(other).toMatchObject({ reason: 'unknown', ticketId: 999_999 })
        expect(yield* soldOf('ticket', adults)).toBe(0)
      }),
  )

  it.live('sells exactly 100 places to 300 simultaneous buyers', () =>
    Effect.gen(function* () {
      const eventId = yield* Effect.promise(() => insertEvent(db.orm, { dateStart: '2030-04-01' }))
      const t = yield* Effect.promise(() =>
        insertTournament(db.orm, {
          eventId,
          startDate: '2030-04-01',
          tickets: [{ priceMinor: 2500, quantity: 100 }],
        }),
      )
      const [ticket] = t.ticketIds
      if (!ticket) throw new Error('fixture')
      const outcomes = yield* Effect.all(
        Array.from({ length: 300 }, () =>
          Effect.result(reserve(t.id, [{ ticketId: ticket, ageCategoryId: null, persons: 1 }])),
        ),
        { concurrency: 'unbounded' },
      )
      const sold = outcomes.filter((o) => o._tag === 'Success').length
      const refused = outcomes.filter((o) => o._tag === 'Failure')
      expect(sold).toBe(100)
      expect(refused).toHaveLength(200)
      expect(refused.every((o) => o._tag === 'Failure' && o.failure.reason === 'soldOut')).toBe(true)
      expect(yield* soldOf('ticket', ticket)).toBe(100)
    }),
  )

  it.effect(
    'gives an early bird capped at one place to one player of a pair; the other pays the category price',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const eventId = yield* event()
        const t = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId,
            startDate: '2027-04-01',
            tickets: [
              {
                priceMinor: 4000,
                quantity: 10,
                ageCategories: [
                  {
                    name: 'Open',
                    priceMinor: 4000,
                    isEarlyBird: true,
                    earlyBirdPriceMinor: 3000,
                    earlyBirdEndSalesQuantity: 1,
                  },
                ],
              },
            ],
          }),
        )
        const [ticket] = t.ticketIds
        const [open] = t.ageCategoryIds[0] ?? []
        if (!ticket || !open) throw new Error('fixture')
        const pair = [{ ticketId: ticket, ageCategoryId: open, persons: 2 }]
        const quoted = yield* quote(t.id, pair)
        expect(quoted.lines.map((l) => [l.persons, l.unitPriceMinor, l.earlyBird])).toEqual([
          [1, 3000, true],
          [1, 4000, false],
        ])
        expect(quoted.totalMinor).toBe(7000)
        // The sale charges what the quote said, takes both places, and leaves no early bird for the next pair.
        const sold = yield* reserve(t.id, pair)
        expect(sold.totalMinor).toBe(7000)
        expect(yield* soldOf('ticket_age_category', open)).toBe(2)
        expect((yield* quote(t.id, pair)).totalMinor).toBe(8000)
        // Giving the pair back frees both places, the early-bird one included.
        yield* runWith(
          db.orm,
          TicketSales.use((s) => s.release(sold.lines)),
        )
        expect(yield* soldOf('ticket_age_category', open)).toBe(0)
        expect(yield* soldOf('ticket', ticket)).toBe(0)
        expect((yield* quote(t.id, pair)).totalMinor).toBe(7000)
      }),
  )

  it.live(
    'sells exactly as many early-bird places as its end quantity to pairs buying at the same time',
    () =>
      Effect.gen(function* () {
        const eventId = yield* Effect.promise(() => insertEvent(db.orm, { dateStart: '2030-04-01' }))
        const t = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId,
            startDate: '2030-04-01',
            tickets: [
              {
                priceMinor: 4000,
                quantity: 100,
                ageCategories: [
                  {
                    name: 'Open',
                    priceMinor: 4000,
                    isEarlyBird: true,
                    earlyBirdPriceMinor: 3000,
                    earlyBirdEndSalesQuantity: 3,
                  },
                ],
              },
            ],
          }),
        )
        const [ticket] = t.ticketIds
        const [open] = t.ageCategoryIds[0] ?? []
        if (!ticket || !open) throw new Error('fixture')
        const sales = yield* Effect.all(
          Array.from({ length: 20 }, () =>
            reserve(t.id, [{ ticketId: ticket, ageCategoryId: open, persons: 2 }]),
          ),
          { concurrency: 'unbounded' },
        )
        const earlyPlaces = sales.flatMap((s) => s.lines).filter((l) => l.earlyBird)
        expect(earlyPlaces.reduce((n, l) => n + l.units, 0)).toBe(3)
        expect(sales.reduce((sum, s) => sum + s.totalMinor, 0)).toBe(3 * 3000 + 37 * 4000)
        expect(yield* soldOf('ticket_age_category', open)).toBe(40)
      }),
  )
})
