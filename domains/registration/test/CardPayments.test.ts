import { describe, expect, it } from '@effect/vitest'
import { EntryId } from '@kibitz/kernel'
import { Effect } from 'effect'
import {
  CardPaymentFailed,
  CardPayments,
  type CheckoutInput,
  CheckoutSession,
} from '../src/payment/CardPayments.ts'
import { creditorReferenceForEntry } from '../src/payment/CreditorReference.ts'
import { stripeApiVersion } from '../src/payment/StripeApiVersion.ts'
import {
  checkoutInput,
  create,
  expireSession,
  hour,
  nowSeconds,
  retrieve,
  secretKey,
  useStripeWorld,
  verify,
} from './support/cardPayments.ts'

const { world, withStripe, lastRequest } = useStripeWorld()

describe(CardPayments.name, () => {
  describe('createCheckout', () => {
    it.live(
      'creates a Checkout Session with the entry’s price, reference and pages, as Stripe documents',
      () =>
        Effect.gen(function* () {
          const input = checkoutInput()
          const session = yield* create(input).pipe(withStripe())

          const request = lastRequest()
          expect(request.method).toBe('POST')
          expect(request.path).toBe('/v1/checkout/sessions')
          expect(request.headers.authorization).toBe(`Bearer ${secretKey}`)
          expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded')
          expect(request.headers['idempotency-key']).toBe(input.idempotencyKey)
          expect(request.headers['stripe-version']).toBe(stripeApiVersion)
          expect(request.body).toEqual({
            mode: 'payment',
            'allowed_payment_method_types[0]': 'card',
            'line_items[0][price_data][currency]': 'eur',
            'line_items[0][price_data][unit_amount]': '2500',
            'line_items[0][price_data][product_data][name]': 'Vilnius Open 2027: Open Pairs',
            'line_items[0][quantity]': '1',
            client_reference_id: '42',
            'metadata[entryId]': '42',
            'metadata[reference]': creditorReferenceForEntry(42),
            customer_email: 'ona@example.test',
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
            locale: 'lt',
          })
          expect(session).toBeInstanceOf(CheckoutSession)
          expect(session).toMatchObject({
            url: `${world.stripe.url}/pay/${session.sessionId}`,
            paid: false,
            entryId: EntryId.make(42),
            amountMinor: 2500,
            currency: 'EUR',
          })
          expect(world.stripe.sessions.get(session.sessionId)).toMatchObject({
            status: 'open',
            payment_method_types: ['card'],
          })
        }),
    )

    it.live('clamps expires_at into the 30 minutes to 24 hours Stripe accepts', () =>
      Effect.gen(function* () {
        const soon = yield* create(checkoutInput({ expiresAt: new Date(Date.now() + 60_000) })).pipe(
          withStripe(),
        )
        const soonExpiry = world.stripe.sessions.get(soon.sessionId)?.expires_at ?? 0
        expect(soonExpiry - nowSeconds()).toBeGreaterThanOrEqual(30 * 60)
        expect(soonExpiry - nowSeconds()).toBeLessThanOrEqual(32 * 60)

        const late = yield* create(checkoutInput({ expiresAt: new Date(Date.now() + 72 * hour) })).pipe(
          withStripe(),
        )
        const lateExpiry = world.stripe.sessions.get(late.sessionId)?.expires_at ?? 0
        expect(lateExpiry - nowSeconds()).toBeLessThanOrEqual(24 * 3600)
        expect(lateExpiry - nowSeconds()).toBeGreaterThan(24 * 3600 - 5 * 60)
      }),
    )

    it.live(
      'shows the page in the interface locale, English for any other, and leaves a blank e-mail out',
      () =>
        Effect.gen(function* () {
          yield* create(checkoutInput({ locale: 'pl-PL' })).pipe(withStripe())
          expect(lastRequest().body.locale).toBe('pl')
          yield* create(checkoutInput({ locale: 'de', customerEmail: '  ' })).pipe(withStripe())
          expect(lastRequest().body.locale).toBe('en')
          expect(lastRequest().body).not.toHaveProperty('customer_email')
        }),
    )

    it.live('returns the first session again for a repeated idempotency key', () =>
      Effect.gen(function* () {
        const input = checkoutInput()
        const before = world.stripe.sessions.size
        const first = yield* create(input).pipe(withStripe())
        const again = yield* create(input).pipe(withStripe())

        expect(again.sessionId).toBe(first.sessionId)
        expect(world.stripe.sessions.size).toBe(before + 1)
        expect(world.stripe.requests.slice(-2).map((r) => r.headers['idempotency-key'])).toEqual([
          input.idempotencyKey,
          input.idempotencyKey,
        ])
      }),
    )

    it.live(
      'fails rejected with Stripe’s words when Stripe refuses the request (reused key, other amount)',
      () =>
        Effect.gen(function* () {
          const input = checkoutInput()
          yield* create(input).pipe(withStripe())
          const error = yield* create({ ...input, amountMinor: 3000 }).pipe(withStripe(), Effect.flip)

          expect(error).toBeInstanceOf(CardPaymentFailed)
          expect(error.reason).toBe('rejected')
          expect(error.message).toContain('idempotency_error')
        }),
    )

    it.live('fails rejected when the secret key is wrong (401)', () =>
      Effect.gen(function* () {
        const error = yield* create(checkoutInput()).pipe(
          withStripe(() => ({ secretKey: 'sk_test_wrong' })),
          Effect.flip,
        )

        expect(lastRequest().headers.authorization).toBe('Bearer sk_test_wrong')
        expect(error.reason).toBe('rejected')
        expect(error.message).toContain('HTTP 401')
        expect(error.message).toContain('Invalid API Key')
      }),
    )

    it.live('fails unavailable when Stripe cannot be reached', () =>
      Effect.gen(function* () {
        const error = yield* create(checkoutInput()).pipe(
          withStripe(() => ({ apiBase: world.downUrl })),
          Effect.flip,
        )

        expect(error).toBeInstanceOf(CardPaymentFailed)
        expect(error.reason).toBe('unavailable')
      }),
    )

    it.live('fails unavailable on a server error, a rate limit and an answer that is not a session', () =>
      Effect.gen(function* () {
        const viaBroken = withStripe(() => ({ apiBase: world.broken.url }))
        const answers = [
          { status: 500, body: '{"error":{"type":"api_error","message":"Something went wrong"}}' },
          { status: 429, body: '{"error":{"type":"rate_limit_error","message":"Too many requests"}}' },
          { status: 200, body: '<html>maintenance</html>' },
          {
            status: 200,
            body: '{"id":"cs_1","payment_status":"refunded","amount_total":1,"currency":"eur"}',
          },
        ]
        for (const answer of answers) {
          Object.assign(world.broken, answer)
          const error = yield* create(checkoutInput()).pipe(viaBroken, Effect.flip)
          expect(error.reason, answer.body).toBe('unavailable')
          expect(error.message, answer.body).toMatch(answer.status === 200 ? /unexpected answer/ : /HTTP/)
        }
      }),
    )

    it.live('refuses bad input naming the field, without calling Stripe', () =>
      Effect.gen(function* () {
        const requests = world.stripe.requests.length
        const cases: ReadonlyArray<[Partial<CheckoutInput>, keyof CheckoutInput]> = [
          [{ reference: '' }, 'reference'],
          [{ amountMinor: 0 }, 'amountMinor'],
          [{ amountMinor: 12.5 }, 'amountMinor'],
          // Stripe takes at most eight digits: a larger entry is never sent to it.
          [{ amountMinor: 100_000_000 }, 'amountMinor'],
          [{ currency: 'EURO' }, 'currency'],
          [{ description: ' ' }, 'description'],
          [{ successUrl: 'javascript:alert(1)' }, 'successUrl'],
          [{ cancelUrl: '/entries/42' }, 'cancelUrl'],
          [{ expiresAt: new Date(Number.NaN) }, 'expiresAt'],
          [{ idempotencyKey: '' }, 'idempotencyKey'],
        ]
        for (const [overrides, field] of cases) {
          const error = yield* create(checkoutInput(overrides)).pipe(withStripe(), Effect.flip)
          expect(error.reason, field).toBe('rejected')
          expect(error.message.startsWith(`${field} `), error.message).toBe(true)
        }
        expect(world.stripe.requests.length).toBe(requests)
      }),
    )
  })

  describe('amounts in each currency', () => {
    it.live(
      'sends Stripe its own unit: ¥5,000 as 5000, ISK 5 as 500, KWD 1.230 as 1230, and reads it back',
      () =>
        Effect.gen(function* () {
          const cases: ReadonlyArray<readonly [string, number, string]> = [
            ['JPY', 5000, '5000'],
            ['EUR', 1250, '1250'],
            ['ISK', 5, '500'],
            ['KWD', 1230, '1230'],
            ['HUF', 150_000, '150000'],
          ]
          for (const [currency, amountMinor, unitAmount] of cases) {
            const session = yield* create(checkoutInput({ currency, amountMinor })).pipe(withStripe())
            expect(lastRequest().body['line_items[0][price_data][unit_amount]'], currency).toBe(unitAmount)
            expect(session, currency).toMatchObject({ amountMinor, currency })
            const again = yield* retrieve(session.sessionId).pipe(withStripe())
            expect(again.amountMinor, currency).toBe(amountMinor)
            const paid = world.stripe.pay(session.sessionId)
            const event = yield* verify(paid.payload, paid.signature).pipe(withStripe())
            expect(event.session?.amountMinor, currency).toBe(amountMinor)
          }
        }),
    )

    it.live(
      'refuses an amount Stripe cannot charge exactly, or more than eight digits in its unit, without a call',
      () =>
        Effect.gen(function* () {
          const requests = world.stripe.requests.length
          for (const [currency, amountMinor] of [
            ['KWD', 1234],
            ['MGA', 1250],
            ['ISK', 1_000_000],
            ['JPY', 100_000_000],
          ] as const) {
            const error = yield* create(checkoutInput({ currency, amountMinor })).pipe(
              withStripe(),
              Effect.flip,
            )
            expect(error.reason, currency).toBe('rejected')
            expect(error.message.startsWith('amountMinor '), currency).toBe(true)
          }
          expect(world.stripe.requests.length).toBe(requests)
        }),
    )
  })

  describe('disabled', () => {
    const disabled = <A, E>(effect: Effect.Effect<A, E, CardPayments>) =>
      effect.pipe(Effect.provide(CardPayments.disabled))

    it.effect('is not enabled, cannot create, retrieve or expire, and believes no webhook', () =>
      Effect.gen(function* () {
        const enabled = yield* CardPayments.use((cards) => Effect.succeed(cards.enabled)).pipe(disabled)
        const created = yield* create(checkoutInput()).pipe(disabled, Effect.flip)
        const retrieved = yield* retrieve('cs_test_1').pipe(disabled, Effect.flip)
        const expired = yield* expireSession('cs_test_1').pipe(disabled, Effect.flip)
        const webhook = yield* verify('{}', 't=1,v1=00').pipe(disabled, Effect.flip)

        expect(enabled).toBe(false)
        expect(created.reason).toBe('notConfigured')
        expect(retrieved.reason).toBe('notConfigured')
        expect(expired.reason).toBe('notConfigured')
        expect(webhook.reason).toBe('badSignature')
      }),
    )
  })
})
