import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@effect/vitest'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'
import {
  CardPaymentFailed,
  CardPayments,
  type CheckoutInput,
  CheckoutSession,
  type StripeConfig,
  WebhookRejected,
} from '../src/payment/CardPayments.ts'
import { creditorReferenceForEntry } from '../src/payment/CreditorReference.ts'
import { stripeApiVersion } from '../src/payment/StripeApiVersion.ts'
import { type StripeTestServer, startStripeServer } from './support/stripeServer.ts'

const secretKey = 'sk_test_kibitz'
const webhookSecret = 'whsec_kibitz'

let stripe: StripeTestServer
// A server that answers every request with one fixed status and body: Stripe having a bad day.
let broken: { server: Server; url: string; status: number; body: string }
// A loopback port nothing listens on: Stripe unreachable.
let downUrl: string

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string') throw new Error('the test server has no port')
  return `http://127.0.0.1:${address.port}`
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

beforeAll(async () => {
  stripe = await startStripeServer({ secretKey, webhookSecret })
  const brokenServer = createServer((_req, res) => {
    res.writeHead(broken.status, { 'content-type': 'application/json' })
    res.end(broken.body)
  })
  broken = { server: brokenServer, url: await listen(brokenServer), status: 500, body: '' }
  const down = createServer()
  downUrl = await listen(down)
  await closeServer(down)
})

afterAll(async () => {
  await stripe.close()
  await closeServer(broken.server)
})

const config = (overrides: Partial<StripeConfig> = {}): StripeConfig => ({
  apiBase: stripe.url,
  secretKey,
  webhookSecret,
  ...overrides,
})

/** Runs `effect` against the Stripe adapter; the config is read when the effect runs (after beforeAll). */
const withStripe =
  (overrides: () => Partial<StripeConfig> = () => ({})) =>
  <A, E>(effect: Effect.Effect<A, E, CardPayments>) =>
    Effect.suspend(() => effect.pipe(Effect.provide(CardPayments.stripe(config(overrides())))))

const hour = 3_600_000
const nowSeconds = () => Math.floor(Date.now() / 1000)

let keys = 0
const checkoutInput = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => {
  keys += 1
  return {
    entryId: 42,
    reference: creditorReferenceForEntry(42),
    amountMinor: 2500,
    currency: 'EUR',
    description: 'Vilnius Open 2027: Open Pairs',
    customerEmail: 'ona@example.test',
    successUrl: 'https://kibitz.test/en/entries/42/paid?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://kibitz.test/en/entries/42',
    locale: 'lt',
    expiresAt: new Date(Date.now() + 2 * hour),
    idempotencyKey: `entry-42-checkout-${keys}-${Date.now()}`,
    ...overrides,
  }
}

const create = (input: CheckoutInput) => CardPayments.use((cards) => cards.createCheckout(input))
const retrieve = (sessionId: string) => CardPayments.use((cards) => cards.retrieveCheckout(sessionId))
const expireSession = (sessionId: string) => CardPayments.use((cards) => cards.expireCheckout(sessionId))
const verify = (payload: string, signature: string | null) =>
  CardPayments.use((cards) => cards.verifyWebhook(payload, signature))

const lastRequest = () => {
  const request = stripe.requests.at(-1)
  if (!request) throw new Error('Stripe received no request')
  return request
}

const hmac = (secret: string, signedPayload: string) =>
  createHmac('sha256', secret).update(signedPayload).digest('hex')

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
            url: `${stripe.url}/pay/${session.sessionId}`,
            paid: false,
            entryId: 42,
            amountMinor: 2500,
            currency: 'EUR',
          })
          expect(stripe.sessions.get(session.sessionId)).toMatchObject({
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
        const soonExpiry = stripe.sessions.get(soon.sessionId)?.expires_at ?? 0
        expect(soonExpiry - nowSeconds()).toBeGreaterThanOrEqual(30 * 60)
        expect(soonExpiry - nowSeconds()).toBeLessThanOrEqual(32 * 60)

        const late = yield* create(checkoutInput({ expiresAt: new Date(Date.now() + 72 * hour) })).pipe(
          withStripe(),
        )
        const lateExpiry = stripe.sessions.get(late.sessionId)?.expires_at ?? 0
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
        const before = stripe.sessions.size
        const first = yield* create(input).pipe(withStripe())
        const again = yield* create(input).pipe(withStripe())

        expect(again.sessionId).toBe(first.sessionId)
        expect(stripe.sessions.size).toBe(before + 1)
        expect(stripe.requests.slice(-2).map((r) => r.headers['idempotency-key'])).toEqual([
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
          withStripe(() => ({ apiBase: downUrl })),
          Effect.flip,
        )

        expect(error).toBeInstanceOf(CardPaymentFailed)
        expect(error.reason).toBe('unavailable')
      }),
    )

    it.live('fails unavailable on a server error, a rate limit and an answer that is not a session', () =>
      Effect.gen(function* () {
        const viaBroken = withStripe(() => ({ apiBase: broken.url }))
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
          Object.assign(broken, answer)
          const error = yield* create(checkoutInput()).pipe(viaBroken, Effect.flip)
          expect(error.reason, answer.body).toBe('unavailable')
          expect(error.message, answer.body).toMatch(answer.status === 200 ? /unexpected answer/ : /HTTP/)
        }
      }),
    )

    it.live('refuses bad input naming the field, without calling Stripe', () =>
      Effect.gen(function* () {
        const requests = stripe.requests.length
        const cases: ReadonlyArray<[Partial<CheckoutInput>, keyof CheckoutInput]> = [
          [{ entryId: 0 }, 'entryId'],
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
        expect(stripe.requests.length).toBe(requests)
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
            const paid = stripe.pay(session.sessionId)
            const event = yield* verify(paid.payload, paid.signature).pipe(withStripe())
            expect(event.session?.amountMinor, currency).toBe(amountMinor)
          }
        }),
    )

    it.live(
      'refuses an amount Stripe cannot charge exactly, or more than eight digits in its unit, without a call',
      () =>
        Effect.gen(function* () {
          const requests = stripe.requests.length
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
          expect(stripe.requests.length).toBe(requests)
        }),
    )
  })

  describe('retrieveCheckout', () => {
    it.live('reports a session unpaid until it is paid, then paid without a page', () =>
      Effect.gen(function* () {
        const created = yield* create(
          checkoutInput({ entryId: 7, reference: creditorReferenceForEntry(7) }),
        ).pipe(withStripe())
        const open = yield* retrieve(created.sessionId).pipe(withStripe())
        expect(lastRequest()).toMatchObject({
          method: 'GET',
          path: `/v1/checkout/sessions/${created.sessionId}`,
        })
        expect(open).toEqual(created)

        stripe.pay(created.sessionId)
        const paid = yield* retrieve(created.sessionId).pipe(withStripe())
        expect(paid).toMatchObject({ sessionId: created.sessionId, paid: true, url: '', entryId: 7 })
      }),
    )

    it.live('fails rejected for a session Stripe does not know, and for a malformed id', () =>
      Effect.gen(function* () {
        const unknown = yield* retrieve('cs_test_nothing').pipe(withStripe(), Effect.flip)
        expect(unknown.reason).toBe('rejected')
        expect(unknown.message).toContain('HTTP 404')

        const requests = stripe.requests.length
        const malformed = yield* retrieve('../../v1/customers').pipe(withStripe(), Effect.flip)
        expect(malformed).toMatchObject({ reason: 'rejected', message: 'sessionId is not a session id' })
        expect(stripe.requests.length).toBe(requests)
      }),
    )
  })

  describe('expireCheckout', () => {
    it.live('expires an open session, after which its page refuses payment', () =>
      Effect.gen(function* () {
        const session = yield* create(checkoutInput()).pipe(withStripe())
        yield* expireSession(session.sessionId).pipe(withStripe())

        const request = lastRequest()
        expect(request).toMatchObject({
          method: 'POST',
          path: `/v1/checkout/sessions/${session.sessionId}/expire`,
          body: {},
        })
        expect(request.headers.authorization).toBe(`Bearer ${secretKey}`)
        expect(stripe.sessions.get(session.sessionId)).toMatchObject({ status: 'expired', url: null })
        const after = yield* retrieve(session.sessionId).pipe(withStripe())
        expect(after).toMatchObject({ paid: false, url: '' })

        const page = yield* Effect.promise(() => fetch(session.url))
        expect(page.status).toBe(410)
        const paying = yield* Effect.promise(() => fetch(session.url, { method: 'POST', redirect: 'manual' }))
        expect(paying.status).toBe(410)
        expect(stripe.sessions.get(session.sessionId)?.payment_status).toBe('unpaid')
      }),
    )

    it.live('treats a session that is already expired as done', () =>
      Effect.gen(function* () {
        const session = yield* create(checkoutInput()).pipe(withStripe())
        yield* expireSession(session.sessionId).pipe(withStripe())
        const requests = stripe.requests.length
        yield* expireSession(session.sessionId).pipe(withStripe())

        // Stripe refused the second expiry (400); the session then showed it was expired already.
        expect(stripe.requests.slice(requests).map((r) => r.method)).toEqual(['POST', 'GET'])
        expect(stripe.sessions.get(session.sessionId)?.status).toBe('expired')
      }),
    )

    it.live('fails rejected for a paid session, and leaves it paid', () =>
      Effect.gen(function* () {
        const session = yield* create(checkoutInput()).pipe(withStripe())
        stripe.pay(session.sessionId)
        const error = yield* expireSession(session.sessionId).pipe(withStripe(), Effect.flip)

        expect(error).toBeInstanceOf(CardPaymentFailed)
        expect(error.reason).toBe('rejected')
        expect(error.message).toContain('already complete')
        expect(stripe.sessions.get(session.sessionId)).toMatchObject({
          status: 'complete',
          payment_status: 'paid',
        })
      }),
    )

    it.live('fails rejected for a session Stripe does not know, and for a malformed id without a call', () =>
      Effect.gen(function* () {
        const unknown = yield* expireSession('cs_test_nothing').pipe(withStripe(), Effect.flip)
        expect(unknown.reason).toBe('rejected')
        expect(unknown.message).toContain('HTTP 404')

        const requests = stripe.requests.length
        for (const sessionId of ['../../v1/customers', 'cs_test_1/expire', '']) {
          const malformed = yield* expireSession(sessionId).pipe(withStripe(), Effect.flip)
          expect(malformed).toMatchObject({ reason: 'rejected', message: 'sessionId is not a session id' })
        }
        expect(stripe.requests.length).toBe(requests)
      }),
    )

    it.live('fails unavailable when Stripe cannot be reached or has a server error', () =>
      Effect.gen(function* () {
        const down = yield* expireSession('cs_test_1').pipe(
          withStripe(() => ({ apiBase: downUrl })),
          Effect.flip,
        )
        expect(down.reason).toBe('unavailable')

        Object.assign(broken, { status: 500, body: '{"error":{"type":"api_error","message":"Oops"}}' })
        const failing = yield* expireSession('cs_test_1').pipe(
          withStripe(() => ({ apiBase: broken.url })),
          Effect.flip,
        )
        expect(failing).toMatchObject({ reason: 'unavailable', message: expect.stringContaining('HTTP 500') })
      }),
    )
  })

  describe('verifyWebhook', () => {
    const openSession = () =>
      create(checkoutInput({ entryId: 9, reference: creditorReferenceForEntry(9) })).pipe(withStripe())

    it.live('accepts a signed checkout.session.completed and decodes the paid session', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const event = stripe.pay(session.sessionId)

        const verified = yield* verify(event.payload, event.signature).pipe(withStripe())

        expect(verified.type).toBe('checkout.session.completed')
        expect(verified.eventId).toMatch(/^evt_/)
        expect(verified.session).toEqual(new CheckoutSession({ ...session, url: '', paid: true }))
      }),
    )

    it.live('decodes an expired session as unpaid, and other event types without a session', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const expiry = stripe.expire(session.sessionId)
        const expired = yield* verify(expiry.payload, expiry.signature).pipe(withStripe())
        expect(expired.type).toBe('checkout.session.expired')
        expect(expired.session).toMatchObject({ sessionId: session.sessionId, paid: false, entryId: 9 })

        const other = stripe.signedEvent('payment_intent.succeeded', session.sessionId)
        const verified = yield* verify(other.payload, other.signature).pipe(withStripe())
        expect(verified.type).toBe('payment_intent.succeeded')
        expect(verified.session).toBeNull()
      }),
    )

    it.live('refuses a tampered payload and a signature made with another secret', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const event = stripe.signedEvent('checkout.session.completed', session.sessionId)
        const tampered = event.payload.replace('"amount_total":2500', '"amount_total":1')
        expect(tampered).not.toBe(event.payload)

        const changed = yield* verify(tampered, event.signature).pipe(withStripe(), Effect.flip)
        const foreign = yield* verify(event.payload, event.signature).pipe(
          withStripe(() => ({ webhookSecret: 'whsec_someone_else' })),
          Effect.flip,
        )

        expect(changed).toEqual(new WebhookRejected({ reason: 'badSignature' }))
        expect(foreign).toEqual(new WebhookRejected({ reason: 'badSignature' }))
      }),
    )

    it.live('refuses a request without a usable signature header', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const { payload } = stripe.signedEvent('checkout.session.completed', session.sessionId)
        const t = nowSeconds()
        for (const header of [
          null,
          '',
          `t=${t}`,
          `v1=${hmac(webhookSecret, `${t}.${payload}`)}`,
          'garbage',
        ]) {
          const error = yield* verify(payload, header).pipe(withStripe(), Effect.flip)
          expect(error.reason, String(header)).toBe('missingSignature')
        }
      }),
    )

    it.live('accepts the event while the secret is rolled: any of several v1 signatures may match', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const { payload } = stripe.signedEvent('checkout.session.completed', session.sessionId)
        const t = nowSeconds()
        const oldSignature = hmac('whsec_old', `${t}.${payload}`)
        const newSignature = hmac(webhookSecret, `${t}.${payload}`)

        for (const header of [
          `t=${t},v1=${oldSignature},v1=${newSignature}`,
          `t=${t}, v1=${newSignature}, v1=${oldSignature}, v0=ignored`,
        ]) {
          const verified = yield* verify(payload, header).pipe(withStripe())
          expect(verified.session?.sessionId).toBe(session.sessionId)
        }
        const onlyOld = yield* verify(payload, `t=${t},v1=${oldSignature},v0=${newSignature}`).pipe(
          withStripe(),
          Effect.flip,
        )
        expect(onlyOld.reason).toBe('badSignature')
      }),
    )

    it.effect('refuses an event signed longer ago than the tolerance (300 s unless configured)', () =>
      Effect.gen(function* () {
        // The test server checks expires_at against the real clock, so the session is made at the real time.
        yield* TestClock.setTime(Date.now())
        const session = yield* openSession()
        const signedAt = nowSeconds()
        const event = stripe.signedEvent('checkout.session.completed', session.sessionId, signedAt)

        yield* TestClock.setTime((signedAt + 300) * 1000)
        const inTime = yield* verify(event.payload, event.signature).pipe(withStripe())
        expect(inTime.session?.sessionId).toBe(session.sessionId)

        yield* TestClock.setTime((signedAt + 301) * 1000)
        const late = yield* verify(event.payload, event.signature).pipe(withStripe(), Effect.flip)
        expect(late.reason).toBe('tooOld')

        const tolerant = yield* verify(event.payload, event.signature).pipe(
          withStripe(() => ({ toleranceSeconds: 600 })),
        )
        expect(tolerant.type).toBe('checkout.session.completed')
      }),
    )

    it.live('maps a session to an entry only through our metadata, never client_reference_id', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const ours = stripe.signedEvent('checkout.session.completed', session.sessionId)
        const object = JSON.parse(ours.payload).data.object
        expect(object).toMatchObject({ client_reference_id: '9', metadata: { entryId: '9' } })

        // A session made by something else with the same key: client_reference_id set, no entryId metadata.
        const t = nowSeconds()
        const foreignEvent = (metadata: Record<string, string>) => {
          const payload = JSON.stringify({
            id: 'evt_foreign',
            type: 'checkout.session.completed',
            data: { object: { ...object, client_reference_id: '9', metadata } },
          })
          return { payload, signature: `t=${t},v1=${hmac(webhookSecret, `${t}.${payload}`)}` }
        }
        const foreignMetadata: ReadonlyArray<Record<string, string>> = [
          {},
          { entryId: 'nine' },
          { entryId: '0' },
        ]
        for (const metadata of foreignMetadata) {
          const event = foreignEvent(metadata)
          const verified = yield* verify(event.payload, event.signature).pipe(withStripe())
          expect(verified.session?.entryId, JSON.stringify(metadata)).toBeNull()
        }
      }),
    )

    it.live('refuses a correctly signed body that is not a Stripe event', () =>
      Effect.gen(function* () {
        const t = nowSeconds()
        for (const payload of [
          'not json',
          '{"id":"evt_1","type":"checkout.session.completed"}',
          '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_1"}}}',
        ]) {
          const error = yield* verify(payload, `t=${t},v1=${hmac(webhookSecret, `${t}.${payload}`)}`).pipe(
            withStripe(),
            Effect.flip,
          )
          expect(error.reason, payload).toBe('badPayload')
        }
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

describe('startStripeServer', () => {
  const post = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    Effect.promise(() =>
      fetch(`${stripe.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'stripe-version': stripeApiVersion,
          ...headers,
        },
        body: new URLSearchParams({
          mode: 'payment',
          'line_items[0][price_data][currency]': 'eur',
          'line_items[0][price_data][unit_amount]': '100',
          'line_items[0][price_data][product_data][name]': 'Entry',
          'line_items[0][quantity]': '1',
          success_url: 'https://kibitz.test/paid',
          ...params,
        }).toString(),
      }).then(async (r) => ({ status: r.status, body: await r.json() })),
    )

  it.live('refuses payment method types it does not know and gaps in the list, as Stripe does', () =>
    Effect.gen(function* () {
      const unknown = yield* post({ 'allowed_payment_method_types[0]': 'cash' })
      expect(unknown).toMatchObject({
        status: 400,
        body: { error: { param: 'allowed_payment_method_types[0]' } },
      })
      const gap = yield* post({ 'allowed_payment_method_types[1]': 'card' })
      expect(gap).toMatchObject({
        status: 400,
        body: { error: { param: 'allowed_payment_method_types[1]' } },
      })
      // The pinned API version no longer takes payment_method_types on a Checkout Session.
      const removed = yield* post({ 'payment_method_types[0]': 'card' })
      expect(removed).toMatchObject({ status: 400, body: { error: { param: 'payment_method_types[0]' } } })
      const dashboard = yield* post({})
      expect(dashboard.status).toBe(200)
      expect(dashboard.body.payment_method_types).toEqual(['card', 'sepa_debit'])
      const cardOnly = yield* post({ 'allowed_payment_method_types[0]': 'card' })
      expect(cardOnly.body.payment_method_types).toEqual(['card'])
    }),
  )

  it.live(
    'refuses a request of another API version, or of none, as the pinned version is all it speaks',
    () =>
      Effect.gen(function* () {
        const other = yield* post({}, { 'stripe-version': '2020-08-27' })
        expect(other).toMatchObject({ status: 400, body: { error: { code: 'api_version_invalid' } } })
        const none = yield* Effect.promise(() =>
          fetch(`${stripe.url}/v1/checkout/sessions/cs_test_x`, {
            headers: { authorization: `Bearer ${secretKey}` },
          }).then((r) => r.status),
        )
        expect(none).toBe(400)
      }),
  )

  it.live("refuses amounts Stripe's unit of the currency cannot hold, as Stripe documents", () =>
    Effect.gen(function* () {
      const amount = (currency: string, unitAmount: string) =>
        post({
          'line_items[0][price_data][currency]': currency,
          'line_items[0][price_data][unit_amount]': unitAmount,
        }).pipe(Effect.map((answer) => answer.status))
      expect(yield* amount('kwd', '1234')).toBe(400)
      expect(yield* amount('kwd', '1230')).toBe(200)
      expect(yield* amount('isk', '550')).toBe(400)
      expect(yield* amount('isk', '500')).toBe(200)
      expect(yield* amount('jpy', '5000')).toBe(200)
      expect(yield* amount('eur', '100000000')).toBe(400)
    }),
  )

  it.live('takes a card payment in the browser: page, Pay, signed webhook, redirect to success_url', () =>
    Effect.gen(function* () {
      const received: Array<{ payload: string; signature: string | null }> = []
      const receiver = createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on('data', (chunk: Buffer) => chunks.push(chunk))
        req.on('end', () => {
          received.push({
            payload: Buffer.concat(chunks).toString('utf8'),
            signature: req.headers['stripe-signature']?.toString() ?? null,
          })
          res.writeHead(200).end()
        })
      })
      const webhookUrl = yield* Effect.promise(() => listen(receiver))
      const hosted = yield* Effect.acquireRelease(
        Effect.promise(() =>
          startStripeServer({ secretKey, webhookSecret, webhookUrl: `${webhookUrl}/hook` }),
        ),
        (server) => Effect.promise(() => Promise.all([server.close(), closeServer(receiver)])),
      )
      const viaHosted = withStripe(() => ({ apiBase: hosted.url }))
      const session = yield* create(checkoutInput()).pipe(viaHosted)

      const page = yield* Effect.promise(() => fetch(session.url).then((r) => r.text()))
      expect(page).toContain('<button type="submit">Pay</button>')
      expect(page).toContain('Vilnius Open 2027: Open Pairs')
      expect(page).toContain('25.00 EUR')

      const paid = yield* Effect.promise(() => fetch(session.url, { method: 'POST', redirect: 'manual' }))
      expect(paid.status).toBe(303)
      expect(paid.headers.get('location')).toBe(
        `https://kibitz.test/en/entries/42/paid?session=${session.sessionId}`,
      )
      expect(hosted.webhookDeliveries).toEqual([
        { type: 'checkout.session.completed', sessionId: session.sessionId, status: 200 },
      ])
      const [delivery] = received
      expect(delivery).toBeDefined()
      const event = yield* verify(delivery?.payload ?? '', delivery?.signature ?? null).pipe(viaHosted)
      expect(event.session).toMatchObject({ sessionId: session.sessionId, paid: true, entryId: 42 })

      const gone = yield* Effect.promise(() => fetch(session.url))
      expect(gone.status).toBe(410)

      // Expiring another session answers first; the signed checkout.session.expired follows on its own.
      const abandoned = yield* create(checkoutInput()).pipe(viaHosted)
      yield* CardPayments.use((cards) => cards.expireCheckout(abandoned.sessionId)).pipe(viaHosted)
      yield* Effect.promise(async () => {
        for (let tries = 0; hosted.webhookDeliveries.length < 2 && tries < 100; tries += 1)
          await new Promise((resolve) => setTimeout(resolve, 20))
      })
      expect(hosted.webhookDeliveries[1]).toEqual({
        type: 'checkout.session.expired',
        sessionId: abandoned.sessionId,
        status: 200,
      })
      const expiry = yield* verify(received[1]?.payload ?? '', received[1]?.signature ?? null).pipe(viaHosted)
      expect(expiry.session).toMatchObject({ sessionId: abandoned.sessionId, paid: false, entryId: 42 })
    }).pipe(Effect.scoped),
  )
})
