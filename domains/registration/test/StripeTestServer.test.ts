import { createServer } from 'node:http'
import { describe, expect, it } from '@effect/vitest'
import { Effect } from 'effect'
import { CardPayments } from '../src/payment/CardPayments.ts'
import { stripeApiVersion } from '../src/payment/StripeApiVersion.ts'
import {
  checkoutInput,
  closeServer,
  create,
  listen,
  secretKey,
  useStripeWorld,
  verify,
  webhookSecret,
} from './support/cardPayments.ts'
import { startStripeServer } from './support/stripeServer.ts'

const { world, withStripe } = useStripeWorld()

describe('startStripeServer', () => {
  const post = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    Effect.promise(() =>
      fetch(`${world.stripe.url}/v1/checkout/sessions`, {
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
          fetch(`${world.stripe.url}/v1/checkout/sessions/cs_test_x`, {
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
