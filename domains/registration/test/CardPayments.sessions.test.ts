import { describe, expect, it } from '@effect/vitest'
import { EntryId } from '@kibitz/kernel'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'
import {
  CardPaymentFailed,
  CardPayments,
  CheckoutSession,
  WebhookRejected,
} from '../src/payment/CardPayments.ts'
import { creditorReferenceForEntry } from '../src/payment/CreditorReference.ts'
import {
  checkoutInput,
  create,
  expireSession,
  hmac,
  nowSeconds,
  retrieve,
  secretKey,
  useStripeWorld,
  verify,
  webhookSecret,
} from './support/cardPayments.ts'

const { world, withStripe, lastRequest } = useStripeWorld()

describe(CardPayments.name, () => {
  describe('retrieveCheckout', () => {
    it.live('reports a session unpaid until it is paid, then paid without a page', () =>
      Effect.gen(function* () {
        const created = yield* create(
          checkoutInput({ entryId: EntryId.make(7), reference: creditorReferenceForEntry(7) }),
        ).pipe(withStripe())
        const open = yield* retrieve(created.sessionId).pipe(withStripe())
        expect(lastRequest()).toMatchObject({
          method: 'GET',
          path: `/v1/checkout/sessions/${created.sessionId}`,
        })
        expect(open).toEqual(created)

        world.stripe.pay(created.sessionId)
        const paid = yield* retrieve(created.sessionId).pipe(withStripe())
        expect(paid).toMatchObject({ sessionId: created.sessionId, paid: true, url: '', entryId: 7 })
      }),
    )

    it.live('fails rejected for a session Stripe does not know, and for a malformed id', () =>
      Effect.gen(function* () {
        const unknown = yield* retrieve('cs_test_nothing').pipe(withStripe(), Effect.flip)
        expect(unknown.reason).toBe('rejected')
        expect(unknown.message).toContain('HTTP 404')

        const requests = world.stripe.requests.length
        const malformed = yield* retrieve('../../v1/customers').pipe(withStripe(), Effect.flip)
        expect(malformed).toMatchObject({ reason: 'rejected', message: 'sessionId is not a session id' })
        expect(world.stripe.requests.length).toBe(requests)
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
        expect(world.stripe.sessions.get(session.sessionId)).toMatchObject({ status: 'expired', url: null })
        const after = yield* retrieve(session.sessionId).pipe(withStripe())
        expect(after).toMatchObject({ paid: false, url: '' })

        const page = yield* Effect.promise(() => fetch(session.url))
        expect(page.status).toBe(410)
        const paying = yield* Effect.promise(() => fetch(session.url, { method: 'POST', redirect: 'manual' }))
        expect(paying.status).toBe(410)
        expect(world.stripe.sessions.get(session.sessionId)?.payment_status).toBe('unpaid')
      }),
    )

    it.live('treats a session that is already expired as done', () =>
      Effect.gen(function* () {
        const session = yield* create(checkoutInput()).pipe(withStripe())
        yield* expireSession(session.sessionId).pipe(withStripe())
        const requests = world.stripe.requests.length
        yield* expireSession(session.sessionId).pipe(withStripe())

        // Stripe refused the second expiry (400); the session then showed it was expired already.
        expect(world.stripe.requests.slice(requests).map((r) => r.method)).toEqual(['POST', 'GET'])
        expect(world.stripe.sessions.get(session.sessionId)?.status).toBe('expired')
      }),
    )

    it.live('fails rejected for a paid session, and leaves it paid', () =>
      Effect.gen(function* () {
        const session = yield* create(checkoutInput()).pipe(withStripe())
        world.stripe.pay(session.sessionId)
        const error = yield* expireSession(session.sessionId).pipe(withStripe(), Effect.flip)

        expect(error).toBeInstanceOf(CardPaymentFailed)
        expect(error.reason).toBe('rejected')
        expect(error.message).toContain('already complete')
        expect(world.stripe.sessions.get(session.sessionId)).toMatchObject({
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

        const requests = world.stripe.requests.length
        for (const sessionId of ['../../v1/customers', 'cs_test_1/expire', '']) {
          const malformed = yield* expireSession(sessionId).pipe(withStripe(), Effect.flip)
          expect(malformed).toMatchObject({ reason: 'rejected', message: 'sessionId is not a session id' })
        }
        expect(world.stripe.requests.length).toBe(requests)
      }),
    )

    it.live('fails unavailable when Stripe cannot be reached or has a server error', () =>
      Effect.gen(function* () {
        const down = yield* expireSession('cs_test_1').pipe(
          withStripe(() => ({ apiBase: world.downUrl })),
          Effect.flip,
        )
        expect(down.reason).toBe('unavailable')

        Object.assign(world.broken, { status: 500, body: '{"error":{"type":"api_error","message":"Oops"}}' })
        const failing = yield* expireSession('cs_test_1').pipe(
          withStripe(() => ({ apiBase: world.broken.url })),
          Effect.flip,
        )
        expect(failing).toMatchObject({ reason: 'unavailable', message: expect.stringContaining('HTTP 500') })
      }),
    )
  })

  describe('verifyWebhook', () => {
    const openSession = () =>
      create(checkoutInput({ entryId: EntryId.make(9), reference: creditorReferenceForEntry(9) })).pipe(
        withStripe(),
      )

    it.live('accepts a signed checkout.session.completed and decodes the paid session', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const event = world.stripe.pay(session.sessionId)

        const verified = yield* verify(event.payload, event.signature).pipe(withStripe())

        expect(verified.type).toBe('checkout.session.completed')
        expect(verified.eventId).toMatch(/^evt_/)
        expect(verified.session).toEqual(new CheckoutSession({ ...session, url: '', paid: true }))
      }),
    )

    it.live('decodes an expired session as unpaid, and other event types without a session', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const expiry = world.stripe.expire(session.sessionId)
        const expired = yield* verify(expiry.payload, expiry.signature).pipe(withStripe())
        expect(expired.type).toBe('checkout.session.expired')
        expect(expired.session).toMatchObject({ sessionId: session.sessionId, paid: false, entryId: 9 })

        const other = world.stripe.signedEvent('payment_intent.succeeded', session.sessionId)
        const verified = yield* verify(other.payload, other.signature).pipe(withStripe())
        expect(verified.type).toBe('payment_intent.succeeded')
        expect(verified.session).toBeNull()
      }),
    )

    it.live('refuses a tampered payload and a signature made with another secret', () =>
      Effect.gen(function* () {
        const session = yield* openSession()
        const event = world.stripe.signedEvent('checkout.session.completed', session.sessionId)
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
        const { payload } = world.stripe.signedEvent('checkout.session.completed', session.sessionId)
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
        const { payload } = world.stripe.signedEvent('checkout.session.completed', session.sessionId)
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
        const event = world.stripe.signedEvent('checkout.session.completed', session.sessionId, signedAt)

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
        const ours = world.stripe.signedEvent('checkout.session.completed', session.sessionId)
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
})
