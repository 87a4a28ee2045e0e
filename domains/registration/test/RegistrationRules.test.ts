import { describe, expect, it } from '@effect/vitest'
import { UserId } from '@kibitz/kernel'
import { type RegisterInput, type RegistrationActor, RegistrationDesk } from '@kibitz/registration'
import {
  insertEvent,
  insertOrganiser,
  insertTournament,
  runWith,
  type TicketFixture,
  useDomainDatabase,
} from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import { afterAll, beforeAll } from 'vitest'
import { type StripeTestServer, startStripeServer } from './support/stripeServer.ts'

// Rules of a registration that cannot be walked around (issue 13): a ticket with age categories is sold only
// through one of them, an early bird capped by quantity counts every place of an entry, and a total past 2^31 - 1
// minor units is registered, shown and exported as it is, never paid by a card checkout that cannot take it.

const db = useDomainDatabase()

let stripe: StripeTestServer
beforeAll(async () => {
  stripe = await startStripeServer({ secretKey: 'sk_test_rules', webhookSecret: 'whsec_rules' })
  process.env.STRIPE_SECRET_KEY = 'sk_test_rules'
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_rules'
  process.env.STRIPE_API_BASE = stripe.url
})
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
  delete process.env.STRIPE_API_BASE
  await stripe.close()
})

/** 10 March 2027, 14:00 in Vilnius. */
const setNow = () => TestClock.setTime(Date.parse('2027-03-10T12:00:00.000Z'))

const desk = <A, E, R>(f: (d: RegistrationDesk['Service']) => Effect.Effect<A, E, R>) =>
  runWith(db.orm, RegistrationDesk.use(f))

const soldOf = (table: 'ticket' | 'ticket_age_category', id: number) =>
  Effect.promise(async () => {
    const rows = await db.orm.em.fork().execute(`select sold from ${table} where id = ?`, [id])
    return Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ sold: Schema.Int })))(rows)[0]?.sold
  })

/** A published event (paid by transfer unless `bank` is false) with one tournament of `type` selling `tickets`. */
const fixture = (tickets: ReadonlyArray<TicketFixture>, options: { type?: number; bank?: boolean } = {}) =>
  Effect.promise(async () => {
    const organiserId = await insertOrganiser(db.orm)
    const eventId = await insertEvent(db.orm, {
      organiserId,
      alias: 'rules-cup',
      dateStart: '2027-04-01',
      timeZone: 'Europe/Vilnius',
      currencyCode: 'EUR',
      ...(options.bank === false
        ? {}
        : { paymentBeneficiary: 'Bridge Club', paymentIban: 'LT121000011101001000', paymentBic: 'CBVILT2X' }),
    })
    const t = await insertTournament(db.orm, {
      eventId,
      alias: 'main',
      type: options.type ?? 1,
      startDate: '2027-04-01',
      startTime: '10:00',
      hasRegistration: true,
      isRegistrationEnabled: true,
      registrationEndAt: '2027-03-31T12:00:00.000Z',
      tickets,
    })
    const actor: RegistrationActor = { userId: UserId.make(1), organiserId, isSuper: false }
    return { eventId, tournamentId: t.id, ticketIds: t.ticketIds, categoryIds: t.ageCategoryIds, actor }
  })

const player = (n: number, ticketId: number, ageCategoryId: number | null) => ({
  firstName: 'Ona',
  lastName: `Player${'abcdef'[n] ?? ''}`,
  countryCode: 'LT',
  email: `player${n}@example.org`,
  federationId: '',
  ticketId,
  ageCategoryId,
})

const entry = (
  contestants: ReadonlyArray<ReturnType<typeof player>>,
  expectedTotalMinor: number,
  paymentMethod: 'bankTransfer' | 'card' = 'bankTransfer',
): RegisterInput => ({
  data: { contestants, teamName: '', contactEmail: 'player0@example.org' },
  ticket: { expectedTotalMinor, paymentMethod },
  policy: true,
})

const register = (input: RegisterInput) =>
  desk((d) => d.register('rules-cup', 'main', input, { userId: null, language: 'en' }))

describe(RegistrationDesk.name, () => {
  describe('register', () => {
    it.effect(
      'requires an age category where the ticket has one on sale, naming each field, and sells nothing',
      () =>
        Effect.gen(function* () {
          yield* setNow()
          const f = yield* fixture([
            { priceMinor: 4000, ageCategories: [{ name: 'Open' }, { name: 'Juniors', priceMinor: 2000 }] },
          ])
          const [ticket = 0] = f.ticketIds
          const refused = yield* Effect.flip(
            register(entry([player(0, ticket, null), player(1, ticket, null)], 8000)),
          )
          expect(refused._tag).toBe('RegistrationInvalid')
          if (refused._tag === 'RegistrationInvalid')
            expect(refused.problems.map((p) => [p.field, p.rule])).toEqual([
              ['data.contestants.0.ageCategoryId', 'required'],
              ['data.contestants.1.ageCategoryId', 'required'],
            ])
          expect(yield* soldOf('ticket', ticket)).toBe(0)
        }),
    )

    for (const [why, category] of [
      ['whose sales ended', { name: 'Juniors', salesEndDate: '2027-03-09' }],
      ['that is disabled', { name: 'Juniors', enabled: false }],
    ] as const)
      it.effect(`offers no registration for a ticket whose only age category is one ${why}`, () =>
        Effect.gen(function* () {
          yield* setNow()
          const f = yield* fixture([{ priceMinor: 4000, ageCategories: [category] }])
          const [ticket = 0] = f.ticketIds
          const [junior = 0] = f.categoryIds[0] ?? []
          expect(yield* Effect.flip(desk((d) => d.form('rules-cup', 'main', 'en')))).toMatchObject({
            reason: 'closed',
          })
          expect(yield* desk((d) => d.openTournaments('rules-cup', 'en'))).toEqual([])
          // Neither the category nor leaving it empty registers anything.
          for (const ageCategoryId of [null, junior])
            expect(
              yield* Effect.flip(
                register(entry([player(0, ticket, ageCategoryId), player(1, ticket, ageCategoryId)], 8000)),
              ),
            ).toMatchObject({ _tag: 'RegistrationRefused', reason: 'closed' })
          expect(yield* soldOf('ticket', ticket)).toBe(0)
        }),
      )

    it.effect('answers 3000 soldOut once the only age category on sale is full, as for a full ticket', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture([
          { priceMinor: 4000, quantity: 10, ageCategories: [{ name: 'Juniors', quantity: 2 }] },
        ])
        const [ticket = 0] = f.ticketIds
        const [junior = 0] = f.categoryIds[0] ?? []
        const pair = [player(0, ticket, junior), player(1, ticket, junior)]
        yield* register(entry(pair, 8000))
        expect(yield* Effect.flip(register(entry(pair, 8000)))).toMatchObject({
          _tag: 'TicketsChanged',
          reason: 'soldOut',
        })
        // Leaving the category empty is the same answer, not a sale at the ticket's price.
        const empty = [player(0, ticket, null), player(1, ticket, null)]
        expect(yield* Effect.flip(register(entry(empty, 8000)))).toMatchObject({ reason: 'soldOut' })
        expect(yield* soldOf('ticket', ticket)).toBe(2)
      }),
    )

    it.effect('leaves out of the form a ticket with no category on sale, and answers 3000 for it', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture([
          { type: 1, priceMinor: 3000 },
          {
            type: 2,
            priceMinor: 5000,
            ageCategories: [
              { name: 'Ended', salesEndDate: '2027-03-01' },
              { name: 'Full', quantity: 2, sold: 2 },
            ],
          },
          {
            type: 3,
            priceMinor: 6000,
            ageCategories: [{ name: 'Open' }, { name: 'Late', salesStartDate: '2027-03-20' }],
          },
        ])
        const [plain = 0, gone = 0, advanced = 0] = f.ticketIds
        const form = yield* desk((d) => d.form('rules-cup', 'main', 'en'))
        expect(
          form.tournament.tickets.map((k) => [k.ticketId, k.ticketAgeCategories.map((c) => c.name)]),
        ).toEqual([
          [plain, []],
          [advanced, ['Open']],
        ])
        const changed = yield* Effect.flip(
          register(entry([player(0, gone, null), player(1, gone, null)], 10000)),
        )
        expect(changed).toMatchObject({ _tag: 'TicketsChanged', reason: 'notForSale' })
        expect(yield* soldOf('ticket', gone)).toBe(0)
        // The ticket without categories still sells at its price.
        const receipt = yield* register(entry([player(0, plain, null), player(1, plain, null)], 6000))
        expect(receipt.totalMinor).toBe(6000)
      }),
    )

    it.effect(
      'gives an early bird capped at one place to one player of a pair, and 3000 to a form that said both',
      () =>
        Effect.gen(function* () {
          yield* setNow()
          const f = yield* fixture([
            {
              priceMinor: 4000,
              ageCategories: [
                { name: 'Open', isEarlyBird: true, earlyBirdPriceMinor: 3000, earlyBirdEndSalesQuantity: 1 },
              ],
            },
          ])
          const [ticket = 0] = f.ticketIds
          const [open = 0] = f.categoryIds[0] ?? []
          const form = yield* desk((d) => d.form('rules-cup', 'main', 'en'))
          expect(form.tournament.tickets[0]?.ticketAgeCategories[0]).toMatchObject({
            earlyBirdActive: true,
            earlyBirdPlacesLeft: 1,
          })
          const pair = [player(0, ticket, open), player(1, ticket, open)]
          const changed = yield* Effect.flip(register(entry(pair, 6000)))
          expect(changed).toMatchObject({
            _tag: 'TicketsChanged',
            reason: 'priceChanged',
            quotedTotalMinor: 7000,
          })
          const receipt = yield* register(entry(pair, 7000))
          expect(receipt.totalMinor).toBe(7000)
          const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
          expect(view.lines.map((l) => [l.persons, l.unitPriceMinor, l.earlyBird])).toEqual([
            [1, 3000, true],
            [1, 4000, false],
          ])
          expect(yield* soldOf('ticket_age_category', open)).toBe(2)
          // Canceled, both places come back, the early-bird one included.
          yield* desk((d) => d.cancel(f.actor, receipt.entryId))
          expect(yield* soldOf('ticket_age_category', open)).toBe(0)
          expect((yield* register(entry(pair, 7000))).totalMinor).toBe(7000)
        }),
    )

    it.effect(
      'registers a total past 2^31 - 1 minor units, shows and exports it, and never sends it to a card checkout',
      () =>
        Effect.gen(function* () {
          yield* setNow()
          const price = 1_000_000_000
          const f = yield* fixture([{ priceMinor: price, quantity: 10 }], { type: 4 })
          const [ticket = 0] = f.ticketIds
          const three = [player(0, ticket, null), player(1, ticket, null), player(2, ticket, null)]
          // Card cannot take it: choosing it is refused, naming the field.
          const byCard = yield* Effect.flip(register(entry(three, 3 * price, 'card')))
          expect(byCard._tag).toBe('RegistrationInvalid')
          if (byCard._tag === 'RegistrationInvalid')
            expect(byCard.problems.map((p) => [p.field, p.rule])).toEqual([
              ['ticket.paymentMethod', 'outOfRange'],
            ])
          const receipt = yield* register(entry(three, 3 * price))
          expect(receipt).toMatchObject({ totalMinor: 3_000_000_000, paymentMethod: 'bankTransfer' })
          const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
          expect(view).toMatchObject({ totalMinor: 3_000_000_000, canPayByCard: false })
          expect(yield* Effect.flip(desk((d) => d.payByCard(receipt.statusToken, 'en')))).toMatchObject({
            reason: 'paymentUnavailable',
          })
          const page = yield* desk((d) =>
            d.listForEvent(
              f.actor,
              f.eventId,
              { tournamentId: null, status: null, search: null, offset: 0, limit: 10 },
              'en',
            ),
          )
          expect(page.entries.map((e) => e.totalMinor)).toEqual([3_000_000_000])
          const csv = yield* desk((d) => d.exportCsv(f.actor, f.eventId, 'en'))
          expect(csv).toContain('"30000000.00"')
          const paid = yield* desk((d) => d.markPaid(f.actor, receipt.entryId))
          expect(paid).toMatchObject({ status: 'confirmed', paid: true, totalMinor: 3_000_000_000 })
        }),
    )

    it.effect('confirms such a total to be paid at the venue when card is the only way to pay online', () =>
      Effect.gen(function* () {
        yield* setNow()
        const price = 1_000_000_000
        const f = yield* fixture([{ priceMinor: price, quantity: 10 }], { type: 4, bank: false })
        const [ticket = 0] = f.ticketIds
        const two = [player(0, ticket, null), player(1, ticket, null)]
        const receipt = yield* register(entry(two, 2 * price, 'card'))
        expect(receipt).toMatchObject({
          status: 'confirmed',
          paymentMethod: 'atVenue',
          totalMinor: 2 * price,
        })
        expect(yield* soldOf('ticket', ticket)).toBe(2)
      }),
    )
  })
})
