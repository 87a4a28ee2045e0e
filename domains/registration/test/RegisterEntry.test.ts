import { describe, expect, it } from '@effect/vitest'
import { isValidCreditorReference, purgeRegistrationRequests, RegistrationLimits } from '@kibitz/registration'
import { insertTournament, runWith } from '@kibitz/testing'
import { Effect, Fiber, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import { setNow, useDeskWorld } from './support/deskWorld.ts'

// Registering an entry (decision 020): priced on the server, its places reserved and its e-mail enqueued in one
// transaction; the field rules, 3000, the federation check, the per-address limit, the sold-out memory and the
// Idempotency-Key. The desk's other use cases: CardCheckout.test.ts, OrganiserEntries.test.ts, RegistrationList.

const world = useDeskWorld()
const { db, desk, query, soldOf, mails, entryCount, fixture, pair, register, registerWithKey } = world

describe('RegistrationDesk.register', () => {
  it.effect(
    'registers a pair with an early-bird junior, reserves its places and e-mails the registrant in the same transaction',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const form = yield* desk((d) => d.form('spring-pairs', 'open-pairs', 'en'))
        expect(form.contestants).toMatchObject({ min: 2, max: 2, teamName: 'none' })
        expect(form.paymentMethods).toEqual(['bankTransfer', 'card'])
        expect(yield* desk((d) => d.rules(f.tournamentId, 'en'))).toMatchObject({
          event: { alias: 'spring-pairs', name: 'Spring Pairs' },
          paymentMethods: ['bankTransfer', 'card'],
          holdHours: 72,
        })
        const receipt = yield* register(pair(f, 4000 + 1500))
        expect(receipt).toMatchObject({ status: 'pending', paymentMethod: 'bankTransfer', totalMinor: 5500 })
        expect(isValidCreditorReference(receipt.reference ?? '')).toBe(true)
        expect(receipt.expiresAt).toBe('2027-03-13T12:00:00.000Z')
        expect(yield* soldOf(f.ticketId)).toBe(2)
        expect(yield* mails()).toEqual([{ kind: 'registration.received', to_address: 'ona@example.org' }])
        const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
        expect(view).toMatchObject({
          status: 'pending',
          paid: false,
          totalMinor: 5500,
          reference: receipt.reference,
        })
        expect(view.lines.map((l) => [l.unitPriceMinor, l.earlyBird])).toEqual([
          [4000, false],
          [1500, true],
        ])
        // Only a hash of the link is kept.
        const stored = yield* query(
          Schema.Array(Schema.Struct({ status_token_hash: Schema.String })),
          'select status_token_hash from entry',
        )
        expect(stored[0]?.status_token_hash).not.toContain(receipt.statusToken)
      }),
  )

  it.effect('answers 3000 with the new state when the price changed meanwhile, and takes nothing', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const changed = yield* Effect.flip(register(pair(f, 3000)))
      expect(changed._tag).toBe('TicketsChanged')
      if (changed._tag !== 'TicketsChanged') return
      expect(changed.reason).toBe('priceChanged')
      expect(changed.quotedTotalMinor).toBe(5500)
      expect(changed.form.tournament.tickets[0]?.ticketsLeft).toBe(10)
      expect(yield* soldOf(f.ticketId)).toBe(0)
      expect(yield* mails()).toEqual([])
    }),
  )

  it.effect(
    'writes the places as sold when another sale ended an early bird meanwhile and the total stayed the same',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        // Juniors whose early bird (one place) costs what the category costs: a pair is one early-bird place and
        // one other, or two others, at the same total.
        const t = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId: f.eventId,
            alias: 'junior-pairs',
            startDate: '2027-04-01',
            isRegistrationEnabled: true,
            hasRegistration: true,
            registrationEndAt: '2027-03-31T12:00:00.000Z',
            tickets: [
              {
                priceMinor: 2000,
                quantity: 10,
                ageCategories: [
                  {
                    name: 'Juniors',
                    ageTo: 25,
                    priceMinor: 2000,
                    isEarlyBird: true,
                    earlyBirdPriceMinor: 2000,
                    earlyBirdEndSalesQuantity: 1,
                  },
                ],
              },
            ],
          }),
        )
        const ticketId = t.ticketIds[0] ?? 0
        const junior = t.ageCategoryIds[0]?.[0] ?? 0
        const juniors = pair(f, 4000, {
          contestants: pair(f, 4000).data.contestants.map((c) => ({ ...c, ticketId, ageCategoryId: junior })),
        })
        // Another sale holds the ticket and takes the early-bird place; it commits once this registration has
        // quoted (one early-bird place) and waits for the ticket.
        const other = db.orm.em.fork()
        yield* Effect.promise(() => other.begin())
        yield* Effect.promise(() =>
          other.execute('select id from ticket where id = ? for update', [ticketId]),
        )
        yield* Effect.promise(() =>
          other.execute('update ticket set sold = sold + 1 where id = ?', [ticketId]),
        )
        yield* Effect.promise(() =>
          other.execute('update ticket_age_category set sold = sold + 1 where id = ?', [junior]),
        )
        const statements = world.statements()
        const registering = yield* Effect.forkChild(
          desk((d) => d.register('spring-pairs', 'junior-pairs', juniors, { userId: null, language: 'en' })),
        )
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1000)))
        yield* Effect.promise(() => other.commit())
        const receipt = yield* Fiber.join(registering)
        const sql = statements.stop()
        expect(receipt).toMatchObject({ status: 'pending', totalMinor: 4000 })
        // Sold twice: the first sale, priced otherwise than quoted, rolled back with the e-mail written from the
        // quote; the second wrote the entry and its e-mail as sold.
        expect(sql.filter((q) => /^\s*update ticket set sold/i.test(q))).toHaveLength(2)
        const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
        expect(view.lines.map((l) => [l.persons, l.unitPriceMinor, l.earlyBird])).toEqual([[2, 2000, false]])
        expect(yield* mails()).toEqual([{ kind: 'registration.received', to_address: 'ona@example.org' }])
        expect(yield* soldOf(ticketId)).toBe(3)
      }),
  )

  it.effect('names each field that breaks a rule, and refuses a closed registration', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const one = pair(f, 4000)
      const [first] = one.data.contestants
      if (!first) throw new Error('fixture')
      const invalid = yield* Effect.flip(
        register({ ...one, data: { ...one.data, contestants: [{ ...first, ticketId: 999_999 }] } }),
      )
      expect(invalid._tag).toBe('RegistrationInvalid')
      if (invalid._tag === 'RegistrationInvalid')
        expect(invalid.problems.map((p) => [p.field, p.rule])).toEqual([
          ['data.contestants', 'contestantCount'],
          ['data.contestants.0.ticketId', 'unknownId'],
        ])
      const other = yield* Effect.flip(desk((d) => d.form('spring-pairs', 'no-such-tournament', 'en')))
      expect(other).toMatchObject({ _tag: 'RegistrationRefused', reason: 'notFound' })
    }),
  )

  it.effect('refuses when registration is not enabled', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture({ registration: false })
      expect(yield* Effect.flip(register(pair(f, 5500)))).toMatchObject({ reason: 'closed' })
      // The rules page still shows the tournament, without the ways to pay.
      const closed = yield* desk((d) => d.rules(f.tournamentId, 'en'))
      expect(closed).toMatchObject({
        tournament: { alias: 'open-pairs', isOpenRegistration: false },
        paymentMethods: null,
      })
    }),
  )

  it.effect(
    'a free entry is confirmed at once; with no online payment a paid entry is confirmed to pay at the venue',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        // No bank account and no card payments: a paid entry is paid at the venue.
        const key = process.env.STRIPE_SECRET_KEY
        delete process.env.STRIPE_SECRET_KEY
        yield* Effect.addFinalizer(() => Effect.sync(() => (process.env.STRIPE_SECRET_KEY = key)))
        const f = yield* fixture({ bank: false, priceMinor: 0 })
        const input = pair(f, 1500, {
          contestants: pair(f, 0).data.contestants.map((c) => ({ ...c, ageCategoryId: c.ageCategoryId })),
        })
        const receipt = yield* register(input)
        expect(receipt).toMatchObject({
          status: 'confirmed',
          paymentMethod: 'atVenue',
          reference: null,
          expiresAt: null,
        })
        const free = yield* register(
          pair(f, 0, { contestants: input.data.contestants.map((c) => ({ ...c, ageCategoryId: f.open })) }),
        )
        expect(free).toMatchObject({ status: 'confirmed', paymentMethod: 'free', totalMinor: 0 })
      }),
  )

  it.effect(
    'a tournament that verifies players asks for member numbers and checks them, unless the federation is down',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        yield* Effect.promise(() =>
          db.orm.em
            .fork()
            .execute('update tournament set verify_player = true where id = ?', [f.tournamentId]),
        )
        const withIds = (first: string, second: string) => {
          const input = pair(f, 5500)
          const [a, b] = input.data.contestants
          if (!a || !b) throw new Error('fixture')
          return {
            ...input,
            data: {
              ...input.data,
              contestants: [
                { ...a, federationId: first },
                { ...b, federationId: second },
              ],
            },
          }
        }
        const missing = yield* Effect.flip(register(withIds('', 'LT-1002')))
        expect(missing).toMatchObject({ _tag: 'RegistrationInvalid' })
        if (missing._tag === 'RegistrationInvalid')
          expect(missing.problems.map((p) => [p.field, p.rule])).toEqual([
            ['data.contestants.0.federationId', 'required'],
          ])
        const wrong = yield* Effect.flip(register(withIds('LT-1002', 'LT-9999')))
        if (wrong._tag !== 'RegistrationInvalid')
          throw new Error(`expected field problems, got ${wrong._tag}`)
        expect(wrong.problems.map((p) => [p.field, p.rule])).toEqual([
          ['data.contestants.0.federationId', 'federationMismatch'],
          ['data.contestants.1.federationId', 'federationUnknown'],
        ])
        expect(yield* soldOf(f.ticketId)).toBe(0)
        const verified = yield* register(withIds('LT-1001', 'LT-1002'))
        world.federation.setFailure(500)
        const unchecked = yield* register(withIds('LT-1001', 'LT-1002'))
        world.federation.setFailure(null)
        const flags = yield* query(
          Schema.Array(
            Schema.Struct({ entry_id: Schema.Int, federation_verified: Schema.NullOr(Schema.Boolean) }),
          ),
          'select entry_id, federation_verified from contestant order by entry_id, position',
        )
        expect(flags).toEqual([
          { entry_id: verified.entryId, federation_verified: true },
          { entry_id: verified.entryId, federation_verified: true },
          { entry_id: unchecked.entryId, federation_verified: null },
          { entry_id: unchecked.entryId, federation_verified: null },
        ])
      }),
  )

  describe('registrations from one address', () => {
    it.effect('are limited to 30 in 15 minutes; replays do not count, other addresses are not affected', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture({ priceMinor: 0 })
        yield* Effect.promise(() => db.orm.em.fork().execute('update ticket set quantity = 100'))
        const from = (address: string, n: number, idempotencyKey?: string) =>
          desk((d) =>
            d.register(
              'spring-pairs',
              'open-pairs',
              pair(f, 0 + 1500, { contactEmail: `pair${n}@example.org` }),
              { userId: null, language: 'lt', address },
              idempotencyKey === undefined ? {} : { idempotencyKey },
            ),
          )
        for (let n = 0; n < 30; n++) yield* from('203.0.113.7', n, `key-${n}`)
        // A retry of one of them answers it again without counting.
        expect((yield* from('203.0.113.7', 3, 'key-3')).replayed).toBe(true)
        const refused = yield* Effect.flip(from('203.0.113.7', 30))
        expect(refused._tag).toBe('RateLimited')
        if (refused._tag === 'RateLimited') {
          expect(refused.retryAfterSeconds).toBeGreaterThan(0)
          expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
        }
        expect(yield* entryCount()).toBe(30)
        expect((yield* from('198.51.100.2', 31)).replayed).toBe(false)
        // Fifteen minutes later the address may register again.
        yield* TestClock.adjust('15 minutes')
        expect((yield* from('203.0.113.7', 32)).replayed).toBe(false)
      }),
    )
  })

  describe('a sold-out tournament', () => {
    it.effect('is answered sold out from memory for a few seconds, then read again', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const input = pair(f, 4000 + 1500)
        const setSold = (sold: number) =>
          Effect.promise(() =>
            db.orm.em.fork().execute('update ticket set sold = ? where id = ?', [sold, f.ticketId]),
          )
        yield* setSold(10)
        yield* desk((d) =>
          Effect.gen(function* () {
            const ask = () =>
              d.register('spring-pairs', 'open-pairs', input, { userId: null, language: 'lt' })
            const first = yield* Effect.flip(ask())
            expect(first._tag === 'TicketsChanged' && first.reason).toBe('soldOut')
            // Places come free (an entry expired): for a moment the answer is still the one remembered…
            yield* setSold(0)
            const remembered = yield* Effect.flip(ask())
            expect(remembered).toBe(first)
            // …and once it is older than the memory, the tournament is read again.
            yield* TestClock.adjust(RegistrationLimits.soldOutMemoMs)
            expect((yield* ask()).replayed).toBe(false)
          }),
        )
        expect(yield* entryCount()).toBe(1)
      }),
    )
  })

  describe('Idempotency-Key', () => {
    it.effect('answers the entry it made to a retry with the same key, and to concurrent ones, once', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const input = pair(f, 4000 + 1500)
        const first = yield* registerWithKey(input, 'key-retry-1')
        expect(first.replayed).toBe(false)
        const again = yield* registerWithKey(input, 'key-retry-1')
        expect(again).toMatchObject({
          entryId: first.entryId,
          reference: first.reference,
          statusToken: first.statusToken,
          replayed: true,
        })
        // Ten at once with one new key: one entry, the others wait for it and answer it.
        const crowd = yield* Effect.all(
          Array.from({ length: 10 }, () => registerWithKey(input, 'key-crowd')),
          { concurrency: 'unbounded' },
        )
        expect(new Set(crowd.map((r) => r.entryId)).size).toBe(1)
        expect(crowd.filter((r) => !r.replayed)).toHaveLength(1)
        expect(yield* entryCount()).toBe(2)
        expect(yield* soldOf(f.ticketId)).toBe(4)
        expect((yield* mails()).filter((m) => m.kind === 'registration.received')).toHaveLength(2)
      }),
    )

    it.effect('refuses the key for another registration, and frees a key whose registration failed', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const input = pair(f, 4000 + 1500)
        // A total the visitor was not shown: 3000, nothing registered, and the key stays free.
        const changed = yield* Effect.flip(registerWithKey(pair(f, 1), 'key-once'))
        expect(changed._tag).toBe('TicketsChanged')
        const done = yield* registerWithKey(input, 'key-once')
        expect(done.replayed).toBe(false)
        const other = yield* Effect.flip(
          registerWithKey(pair(f, 4000 + 1500, { contactEmail: 'tomas@example.org' }), 'key-once'),
        )
        expect(other._tag).toBe('IdempotencyKeyReused')
        expect(yield* entryCount()).toBe(1)
        // Without a key every call is a new registration.
        yield* register(input)
        expect(yield* entryCount()).toBe(2)
      }),
    )

    it.effect('forgets a key after a day', () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        yield* registerWithKey(pair(f, 4000 + 1500), 'key-old')
        const keys = () =>
          Effect.map(
            query(
              Schema.Array(Schema.Struct({ n: Schema.Int })),
              'select count(*)::int as n from registration_request',
            ),
            (r) => r[0]?.n,
          )
        const purge = (at: Date) => runWith(db.orm, purgeRegistrationRequests(at))
        expect(yield* purge(new Date(Date.now() + 23 * 3_600_000))).toBe(0)
        expect(yield* keys()).toBe(1)
        expect(yield* purge(new Date(Date.now() + 25 * 3_600_000))).toBe(1)
        expect(yield* keys()).toBe(0)
      }),
    )
  })

  it.effect(
    'registers in a tournament named by its id alone, reading its event and the tournament once',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const who = { userId: null, language: 'lt' }
        const statements = world.statements()
        const receipt = yield* desk((d) =>
          d.register(undefined, String(f.tournamentId), pair(f, 4000 + 1500), who),
        )
        const sql = statements.stop()
        expect(receipt).toMatchObject({ status: 'pending', totalMinor: 5500 })
        expect(sql.filter((q) => /\bfrom "?event"?\s+(?:as\s+)?"?e0?"?\s/i.test(q))).toHaveLength(1)
        expect(sql.filter((q) => /from tournament t where/i.test(q))).toHaveLength(1)
        for (const ref of ['999999', 'open-pairs']) {
          const refused = yield* Effect.flip(desk((d) => d.register(undefined, ref, pair(f, 5500), who)))
          expect(refused).toMatchObject({ _tag: 'RegistrationRefused', reason: 'notFound' })
        }
      }),
  )
})
