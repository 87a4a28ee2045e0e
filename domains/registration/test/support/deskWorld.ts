import { UserId } from '@kibitz/kernel'
import type { RegisterInput, RegistrationActor } from '@kibitz/registration'
import { RegistrationDesk } from '@kibitz/registration'
import { insertEvent, insertOrganiser, insertTournament, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import { afterAll, beforeAll } from 'vitest'
import { startFederationServer, type TestFederationServer } from './federationServer.ts'
import { type StripeTestServer, startStripeServer } from './stripeServer.ts'

// The registration desk's tests share one world (a test file calls useDeskWorld once, at its top level): its own
// database, a local card provider and federation, a published event with a pairs tournament, and a pair to
// register in it.

/** 10 March 2027, 14:00 in Vilnius: the junior early bird runs (1–15 March). */
export const setNow = () => TestClock.setTime(Date.parse('2027-03-10T12:00:00.000Z'))

export const useDeskWorld = () => {
  const db = useDomainDatabase()

  // Card payments go to a local server speaking Stripe's protocol; the desk reads STRIPE_* when it is built.
  const webhookSecret = 'whsec_desk_test'
  let stripe: StripeTestServer | undefined
  // Member numbers are checked against a local server speaking the federation's protocol (decision 019).
  let federation: TestFederationServer | undefined
  beforeAll(async () => {
    federation = await startFederationServer({
      members: [
        { federationId: 'LT-1001', firstName: 'Ona', lastName: 'Jonaitytė', countryCode: 'LT', active: true },
        {
          federationId: 'LT-1002',
          firstName: 'Tomas',
          lastName: 'Petraitis',
          countryCode: 'LT',
          active: true,
        },
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
    await federation?.close()
    delete process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_WEBHOOK_SECRET
    delete process.env.STRIPE_API_BASE
    await stripe?.close()
  })

  const desk = <A, E, R>(f: (d: RegistrationDesk['Service']) => Effect.Effect<A, E, R>) =>
    runWith(db.orm, RegistrationDesk.use(f))

  const query = <T>(rows: Schema.Codec<T>, sql: string, params: ReadonlyArray<unknown> = []) =>
    Effect.promise(async () =>
      Schema.decodeUnknownSync(rows)(await db.orm.em.fork().execute(sql, [...params])),
    )

  const audits = () =>
    query(
      Schema.Array(Schema.Struct({ action: Schema.String })),
      'select action from entry_audit order by id',
    )
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
  const entryCount = () =>
    Effect.map(
      query(Schema.Array(Schema.Struct({ n: Schema.Int })), 'select count(*)::int as n from entry'),
      (r) => r[0]?.n,
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

  /** Ona (open category) and Tomas (junior) as a pair, expecting `expectedTotalMinor`, paid by transfer. */
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

  const organiserOf = (f: Fixture): RegistrationActor => ({
    userId: UserId.make(1),
    organiserId: f.organiserId,
    isSuper: false,
  })

  // Every statement reaches PostgreSQL through a pg client's query: the ORM's as a text, the prepared ones (the
  // kernel's preparedRead and preparedWrite) as a query config that names them. The pool's client class is
  // watched, so the pooled connections and the transactions' alike.
  let clientClass: object | undefined
  beforeAll(async () => {
    const pool = await db.orm.em.getConnection().getNativeClient()
    const prototype: unknown = Reflect.get(Reflect.get(pool, 'Client'), 'prototype')
    if (typeof prototype !== 'object' || prototype === null) throw new Error('the pool names no client class')
    clientClass = prototype
  })

  /** The SQL the desk sends from now until `stop()`: how often a use case reads something. */
  const statements = () => {
    const owner = clientClass
    const original: unknown = owner ? Reflect.get(owner, 'query') : undefined
    if (!owner || typeof original !== 'function') throw new Error('the database opens in beforeAll')
    const seen: Array<string> = []
    Reflect.set(owner, 'query', function (this: unknown, ...args: Array<unknown>) {
      const [query] = args
      const text = typeof query === 'object' && query !== null ? Reflect.get(query, 'text') : query
      seen.push(String(text))
      return Reflect.apply(original, this, args)
    })
    return {
      stop: () => {
        Reflect.set(owner, 'query', original)
        return seen
      },
    }
  }

  return {
    db,
    statements,
    get stripe(): StripeTestServer {
      if (!stripe) throw new Error('the card provider starts in beforeAll')
      return stripe
    },
    get federation(): TestFederationServer {
      if (!federation) throw new Error('the federation starts in beforeAll')
      return federation
    },
    desk,
    query,
    audits,
    soldOf,
    mails,
    entryCount,
    fixture,
    pair,
    register,
    registerWithKey,
    organiserOf,
  }
}
