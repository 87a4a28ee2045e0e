import { describe, expect, it } from '@effect/vitest'
import {
  isValidCreditorReference,
  purgeRegistrationRequests,
  type RegisterInput,
  type RegistrationActor,
  RegistrationDesk,
  RegistrationLimits,
  RegistrationService,
} from '@kibitz/registration'
import { insertEvent, insertOrganiser, insertTournament, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import { afterAll, beforeAll } from 'vitest'
import { startFederationServer, type TestFederationServer } from './support/federationServer.ts'
import { type StripeTestServer, startStripeServer } from './support/stripeServer.ts'

const db = useDomainDatabase()

// Card payments go to a local server speaking Stripe's protocol; the desk reads STRIPE_* when it is built.
const webhookSecret = 'whsec_desk_test'
let stripe: StripeTestServer
// Member numbers are checked against a local server speaking the federation's protocol (decision 019).
let federation: TestFederationServer
beforeAll(async () => {
  federation = await startFederationServer({
    members: [
      { federationId: 'LT-1001', firstName: 'Ona', lastName: 'Jonaitytė', countryCode: 'LT', active: true },
      { federationId: 'LT-1002', firstName: 'Tomas', lastName: 'Petraitis', countryCode: 'LT', active: true },
    ],
  })
  process.env.FEDERATION_LOOKUP_URL = federation.url
  stripe = await startStripeServer({ secretKey: 'sk_test_desk', webhookSecret })
  process.env.STRIPE_SECRET_KEY = 'sk_test_desk'
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret
  process.env.STRIPE_API_BASE = stripe.url
})
afterAll(async () => {
  delete process.env.FEDERATION_LOOKUP_URL
  await federation.close()
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
  delete process.env.STRIPE_API_BASE
  await stripe.close()
})
const audits = () =>
  query(Schema.Array(Schema.Struct({ action: Schema.String })), 'select action from entry_audit order by id')

/** 10 March 2027, 14:00 in Vilnius: the junior early bird runs (1–15 March). */
const setNow = () => TestClock.setTime(Date.parse('2027-03-10T12:00:00.000Z'))

const desk = <A, E, R>(f: (d: RegistrationDesk['Service']) => Effect.Effect<A, E, R>) =>
  runWith(db.orm, RegistrationDesk.use(f))

const query = <T>(rows: Schema.Codec<T>, sql: string, params: ReadonlyArray<unknown> = []) =>
  Effect.promise(async () => Schema.decodeUnknownSync(rows)(await db.orm.em.fork().execute(sql, [...params])))
const soldOf = (ticketId: number) =>
  Effect.map(
    query(Schema.Array(Schema.Struct({ sold: Schema.Int })), 'select sold from ticket where id = ?', [
      ticketId,
    ]),
    (r) => r[0]?.sold,
  )
const mails = () =>
  query(
    Schema.Array(Schema.Struct({ kind: Schema.String, to_address: Schema.String })),
    'select kind, recipient as to_address from mail_outbox order by id',
  )

/** A published event paid by bank transfer with a pairs tournament: a 40 € ticket with a junior early bird. */
const fixture = (options: { bank?: boolean; registration?: boolean; priceMinor?: number } = {}) =>
  Effect.promise(async () => {
    const organiserId = await insertOrganiser(db.orm)
    const eventId = await insertEvent(db.orm, {
      organiserId,
      alias: 'spring-pairs',
      name: 'Spring Pairs',
      dateStart: '2027-04-01',
      timeZone: 'Europe/Vilnius',
      currencyCode: 'EUR',
      ...(options.bank === false
        ? {}
        : {
            paymentBeneficiary: 'Lietuvos bridžo federacija',
            paymentIban: 'LT121000011101001000',
            paymentBic: 'CBVILT2X',
          }),
    })
    const tournament = await insertTournament(db.orm, {
      eventId,
      alias: 'open-pairs',
      startDate: '2027-04-01',
      startTime: '10:00',
      isRegistrationEnabled: options.registration ?? true,
      hasRegistration: true,
      isPlayerListViewEnabled: true,
      registrationEndAt: '2027-03-31T12:00:00.000Z',
      tickets: [
        {
          priceMinor: options.priceMinor ?? 4000,
          quantity: 10,
          ageCategories: [
            { name: 'Open', priceMinor: options.priceMinor ?? 4000 },
            {
              name: 'Juniors',
              ageTo: 25,
              priceMinor: 2000,
              isEarlyBird: true,
              earlyBirdPriceMinor: 1500,
              earlyBirdSalesStartDate: '2027-03-01',
              earlyBirdSalesEndDate: '2027-03-15',
            },
          ],
        },
      ],
    })
    const ticketId = tournament.ticketIds[0] ?? 0
    const [open = 0, junior = 0] = tournament.ageCategoryIds[0] ?? []
    return { organiserId, eventId, tournamentId: tournament.id, ticketId, open, junior }
  })

type Fixture = Effect.Success<ReturnType<typeof fixture>>

const pair = (
  f: Fixture,
  expectedTotalMinor: number,
  overrides: Partial<RegisterInput['data']> = {},
): RegisterInput => ({
  data: {
    contestants: [
      {
        firstName: 'Ona',
        lastName: 'Jonaitytė',
        countryCode: 'LT',
        email: 'ona@example.org',
        federationId: '',
        ticketId: f.ticketId,
        ageCategoryId: f.open,
      },
      {
        firstName: 'Tomas',
        lastName: 'Petraitis',
        countryCode: 'LT',
        email: 'tomas@example.org',
        federationId: '',
        ticketId: f.ticketId,
        ageCategoryId: f.junior,
      },
    ],
    teamName: '',
    contactEmail: 'ona@example.org',
    ...overrides,
  },
  ticket: { expectedTotalMinor, paymentMethod: 'bankTransfer' },
  policy: true,
})

const register = (input: RegisterInput) =>
  desk((d) => d.register('spring-pairs', 'open-pairs', input, { userId: null, language: 'lt' }))

/** A registration sent with an Idempotency-Key, as an API client that retries does. */
const registerWithKey = (input: RegisterInput, idempotencyKey: string) =>
  desk((d) =>
    d.register('spring-pairs', 'open-pairs', input, { userId: null, language: 'lt' }, { idempotencyKey }),
  )

const entryCount = () =>
  Effect.map(
    query(Schema.Array(Schema.Struct({ n: Schema.Int })), 'select count(*)::int as n from entry'),
    (r) => r[0]?.n,
  )

const organiserOf = (f: Fixture): RegistrationActor => ({
  userId: 1,
  organiserId: f.organiserId,
  isSuper: false,
})

describe('RegistrationDesk', () => {
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
    'the organiser marks an entry paid: it is confirmed, in the player list, and another organiser cannot see it',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const receipt = yield* register(pair(f, 5500))
        const stranger: RegistrationActor = {
          userId: 2,
          organiserId: yield* Effect.promise(() => insertOrganiser(db.orm)),
          isSuper: false,
        }
        expect(yield* Effect.flip(desk((d) => d.markPaid(stranger, receipt.entryId)))).toMatchObject({
          reason: 'notFound',
        })
        expect(
          yield* Effect.flip(
            desk((d) =>
              d.listForEvent(
                stranger,
                f.eventId,
                { tournamentId: null, status: null, search: null, offset: 0, limit: 10 },
                'en',
              ),
            ),
          ),
        ).toMatchObject({ reason: 'notFound' })
        const before = yield* runWith(
          db.orm,
          RegistrationService.use((r) => r.playerList(f.tournamentId)),
        )
        expect(before.entries).toEqual([])
        const paid = yield* desk((d) => d.markPaid(organiserOf(f), receipt.entryId))
        expect(paid).toMatchObject({ status: 'confirmed', paid: true })
        // Twice is once: no second e-mail.
        yield* desk((d) => d.markPaid(organiserOf(f), receipt.entryId))
        expect((yield* mails()).map((m) => m.kind)).toEqual([
          'registration.received',
          'registration.paymentReceived',
        ])
        // The receipt leads to the registrant's own status page (a second link; the first one still works).
        const [receiptMail] = yield* query(
          Schema.Array(Schema.Struct({ text_body: Schema.String })),
          `select text_body from mail_outbox where kind = 'registration.paymentReceived'`,
        )
        const receiptToken = /\/status\?token=([A-Za-z0-9_-]{43})/.exec(receiptMail?.text_body ?? '')?.[1]
        expect(receiptToken).toBeDefined()
        expect(receiptMail?.text_body).not.toMatch(/\/event\/spring-pairs/)
        expect(yield* desk((d) => d.status(receiptToken ?? '', 'en'))).toMatchObject({
          entryId: receipt.entryId,
          paid: true,
        })
        expect(yield* desk((d) => d.status(receipt.statusToken, 'en'))).toMatchObject({
          entryId: receipt.entryId,
        })
        const list = yield* runWith(
          db.orm,
          RegistrationService.use((r) => r.playerList(f.tournamentId)),
        )
        expect(list.entries.map((e) => e.contestants.map((c) => c.lastName))).toEqual([
          ['Jonaitytė', 'Petraitis'],
        ])
        const page = yield* desk((d) =>
          d.listForEvent(
            organiserOf(f),
            f.eventId,
            { tournamentId: null, status: null, search: null, offset: 0, limit: 10 },
            'en',
          ),
        )
        expect(page.total).toBe(1)
        const csv = yield* desk((d) => d.exportCsv(organiserOf(f), f.eventId, 'en'))
        expect(csv.split('\r\n').filter((l) => l !== '')).toHaveLength(3)
        expect(csv).toContain('"Jonaitytė"')
      }),
  )

  it.effect(
    'cancel gives the places back; an unpaid entry expires after the hold and gives its places back',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const first = yield* register(pair(f, 5500))
        const second = yield* register(pair(f, 5500))
        expect(yield* soldOf(f.ticketId)).toBe(4)
        yield* desk((d) => d.cancel(organiserOf(f), first.entryId))
        expect(yield* soldOf(f.ticketId)).toBe(2)
        expect(yield* Effect.flip(desk((d) => d.cancel(organiserOf(f), first.entryId)))).toMatchObject({
          reason: 'wrongState',
        })
        expect(yield* desk((d) => d.expireDue(100))).toBe(0)
        yield* TestClock.adjust('73 hours')
        expect(yield* desk((d) => d.expireDue(100))).toBe(1)
        expect(yield* soldOf(f.ticketId)).toBe(0)
        const view = yield* desk((d) => d.status(second.statusToken, 'en'))
        expect(view.status).toBe('expired')
        expect((yield* mails()).map((m) => m.kind)).toEqual([
          'registration.received',
          'registration.received',
          'registration.canceled',
          'registration.expired',
        ])
        // A late transfer brings it back while places are left.
        const back = yield* desk((d) => d.markPaid(organiserOf(f), second.entryId))
        expect(back).toMatchObject({ status: 'confirmed', paid: true })
        expect(yield* soldOf(f.ticketId)).toBe(2)
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

  it.effect('an unknown or malformed status link is not found', () =>
    Effect.gen(function* () {
      expect(yield* Effect.flip(desk((d) => d.status('nope', 'en')))).toMatchObject({ reason: 'notFound' })
      expect(yield* Effect.flip(desk((d) => d.status('A'.repeat(43), 'en')))).toMatchObject({
        reason: 'notFound',
      })
    }),
  )

  it.effect(
    'pressing Pay twice reopens the same checkout, which closes a quarter of an hour before the entry expires',
    () =>
      Effect.gen(function* () {
        // Stripe (here its local stand-in) judges a checkout's expiry by the real clock.
        yield* TestClock.setTime(Date.now())
        const f = yield* fixture()
        const receipt = yield* register(pair(f, 6000))
        const first = yield* desk((d) => d.payByCard(receipt.statusToken, 'lt'))
        yield* TestClock.adjust('11 minutes')
        const again = yield* desk((d) => d.payByCard(receipt.statusToken, 'lt'))
        expect(again).toBe(first)
        const creates = stripe.requests.filter(
          (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
        )
        expect(creates).toHaveLength(1)
        // 72 h hold from 10 March 12:00 UTC, but Stripe keeps a checkout open 24 h at most.
        expect(creates[0]?.body).toMatchObject({ 'allowed_payment_method_types[0]': 'card' })
        const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
        // The transfer stays possible while it waits.
        expect(view.bank?.iban).toBe('LT121000011101001000')
      }),
  )

  it.effect('a checkout paid after the organiser canceled is recorded as not honoured, never confirmed', () =>
    Effect.gen(function* () {
      // Stripe (here its local stand-in) judges a checkout's expiry by the real clock.
      yield* TestClock.setTime(Date.now())
      const f = yield* fixture()
      const receipt = yield* register(pair(f, 6000))
      const url = yield* desk((d) => d.payByCard(receipt.statusToken, 'en'))
      const sessionId = url.split('/').pop() ?? ''
      // The player pays just as the organiser cancels: Stripe's webhook arrives after the cancel.
      const event = stripe.pay(sessionId)
      yield* desk((d) => d.cancel(organiserOf(f), receipt.entryId))
      // The cancel tried to close the checkout at Stripe (too late: it was paid).
      expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true)
      yield* desk((d) => d.cardWebhook(event.payload, event.signature))
      const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
      expect(view).toMatchObject({ status: 'canceled', paid: false })
      expect((yield* audits()).map((a) => a.action)).toContain('cardPaidNotHonoured')
    }),
  )

  it.effect('a late transfer brings an expired entry back after sales closed, if places are left', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const receipt = yield* register(pair(f, 5500))
      yield* TestClock.adjust('73 hours')
      expect(yield* desk((d) => d.expireDue(10))).toBe(1)
      yield* Effect.promise(() => db.orm.em.fork().execute('update ticket set is_for_sale = false'))
      const back = yield* desk((d) => d.markPaid(organiserOf(f), receipt.entryId))
      expect(back).toMatchObject({ status: 'confirmed', paid: true })
      expect(yield* soldOf(f.ticketId)).toBe(2)
    }),
  )

  it.effect(
    'moves an entry only to a tournament of the same type, taking places there and giving them back here',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const receipt = yield* register(pair(f, 5500))
        const other = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId: f.eventId,
            alias: 'evening-pairs',
            startDate: '2027-04-01',
            tickets: [{ priceMinor: 2000, quantity: 4 }],
          }),
        )
        const teams = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId: f.eventId,
            alias: 'teams',
            type: 2,
            startDate: '2027-04-01',
            tickets: [{ priceMinor: 2000, quantity: 4 }],
          }),
        )
        const target = other.ticketIds[0] ?? 0
        expect(
          yield* Effect.flip(
            desk((d) =>
              d.move(organiserOf(f), receipt.entryId, {
                tournamentId: teams.id,
                ticketId: teams.ticketIds[0] ?? 0,
              }),
            ),
          ),
        ).toMatchObject({ reason: 'incompatible' })
        const moved = yield* desk((d) =>
          d.move(organiserOf(f), receipt.entryId, { tournamentId: other.id, ticketId: target }),
        )
        expect(moved.tournament.alias).toBe('evening-pairs')
        expect(moved.totalMinor).toBe(5500)
        expect(yield* soldOf(f.ticketId)).toBe(0)
        expect(yield* soldOf(target)).toBe(2)
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
        federation.setFailure(500)
        const unchecked = yield* register(withIds('LT-1001', 'LT-1002'))
        federation.setFailure(null)
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
})
