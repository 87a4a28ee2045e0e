import { describe, expect, it } from '@effect/vitest'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'
import { useDeskWorld } from './support/deskWorld.ts'

// The registrant's status link and card payment (decision 020) through the desk, against a local server speaking
// Stripe's protocol (the card provider itself: CardPayments.test.ts).

const world = useDeskWorld()
const { desk, audits, mails, fixture, pair, register, organiserOf } = world

describe('RegistrationDesk: the status link and card payment', () => {
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
        const creates = world.stripe.requests.filter(
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
      const event = world.stripe.pay(sessionId)
      yield* desk((d) => d.cancel(organiserOf(f), receipt.entryId))
      // The cancel tried to close the checkout at Stripe (too late: it was paid).
      expect(world.stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(
        true,
      )
      yield* desk((d) => d.cardWebhook(event.payload, event.signature))
      const view = yield* desk((d) => d.status(receipt.statusToken, 'en'))
      expect(view).toMatchObject({ status: 'canceled', paid: false })
      expect((yield* audits()).map((a) => a.action)).toContain('cardPaidNotHonoured')
    }),
  )

  it.effect(
    'the return from a paid checkout reads the event and the tournament once, for the e-mail and the answer',
    () =>
      Effect.gen(function* () {
        // Stripe (here its local stand-in) judges a checkout's expiry by the real clock.
        yield* TestClock.setTime(Date.now())
        const f = yield* fixture()
        const receipt = yield* register(pair(f, 6000))
        const url = yield* desk((d) => d.payByCard(receipt.statusToken, 'en'))
        const sessionId = url.split('/').pop() ?? ''
        world.stripe.pay(sessionId)
        const statements = world.statements()
        const view = yield* desk((d) => d.confirmCardReturn(receipt.statusToken, sessionId))
        const sql = statements.stop()
        expect(view).toMatchObject({ status: 'confirmed', paid: true })
        expect((yield* mails()).map((m) => m.kind)).toContain('registration.paymentReceived')
        expect(sql.filter((q) => /\bfrom "?event"?\s+(?:as\s+)?"?e0?"?\s/i.test(q))).toHaveLength(1)
        expect(sql.filter((q) => /from tournament t where/i.test(q))).toHaveLength(1)
      }),
  )
})
