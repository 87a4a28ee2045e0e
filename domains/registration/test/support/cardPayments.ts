import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from '@effect/vitest'
import { EntryId } from '@kibitz/kernel'
import { Effect } from 'effect'
import { CardPayments, type CheckoutInput, type StripeConfig } from '../../src/payment/CardPayments.ts'
import { creditorReferenceForEntry } from '../../src/payment/CreditorReference.ts'
import { type StripeTestServer, startStripeServer } from './stripeServer.ts'

// The set-up the CardPayments tests share: the Stripe test server, a server that answers every request with
// one fixed status and body (Stripe having a bad day), and a loopback port nothing listens on (Stripe
// unreachable), with the adapter's calls and a checkout input to vary.

export const secretKey = 'sk_test_kibitz'
export const webhookSecret = 'whsec_kibitz'

/** Listens on a free loopback port; returns its base url. */
export const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string') throw new Error('the test server has no port')
  return `http://127.0.0.1:${address.port}`
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/** A server that answers every request with `status` and `body`; change them with Object.assign. */
export interface BrokenServer {
  server: Server
  url: string
  status: number
  body: string
}

/**
 * The servers of a CardPayments test file, started in beforeAll and closed in afterAll; call at the top level
 * of the file. `stripe`, `broken` and `downUrl` are usable from the first hook on.
 */
export const useStripeWorld = () => {
  let stripe: StripeTestServer | undefined
  let broken: BrokenServer | undefined
  let downUrl: string | undefined

  beforeAll(async () => {
    stripe = await startStripeServer({ secretKey, webhookSecret })
    const brokenServer = createServer((_req, res) => {
      res.writeHead(broken?.status ?? 500, { 'content-type': 'application/json' })
      res.end(broken?.body ?? '')
    })
    broken = { server: brokenServer, url: await listen(brokenServer), status: 500, body: '' }
    const down = createServer()
    downUrl = await listen(down)
    await closeServer(down)
  })

  afterAll(async () => {
    await stripe?.close()
    if (broken) await closeServer(broken.server)
  })

  const world = {
    get stripe(): StripeTestServer {
      if (!stripe) throw new Error('the Stripe test server starts in beforeAll')
      return stripe
    },
    get broken(): BrokenServer {
      if (!broken) throw new Error('the broken server starts in beforeAll')
      return broken
    },
    get downUrl(): string {
      if (downUrl === undefined) throw new Error('the unreachable port is found in beforeAll')
      return downUrl
    },
  }

  const config = (overrides: Partial<StripeConfig> = {}): StripeConfig => ({
    apiBase: world.stripe.url,
    secretKey,
    webhookSecret,
    ...overrides,
  })

  /** Runs `effect` against the Stripe adapter; the config is read when the effect runs (after beforeAll). */
  const withStripe =
    (overrides: () => Partial<StripeConfig> = () => ({})) =>
    <A, E>(effect: Effect.Effect<A, E, CardPayments>) =>
      Effect.suspend(() => effect.pipe(Effect.provide(CardPayments.stripe(config(overrides())))))

  const lastRequest = () => {
    const request = world.stripe.requests.at(-1)
    if (!request) throw new Error('Stripe received no request')
    return request
  }

  return { world, withStripe, lastRequest }
}

export const hour = 3_600_000
export const nowSeconds = () => Math.floor(Date.now() / 1000)

let keys = 0
export const checkoutInput = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => {
  keys += 1
  return {
    entryId: EntryId.make(42),
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

export const create = (input: CheckoutInput) => CardPayments.use((cards) => cards.createCheckout(input))
export const retrieve = (sessionId: string) => CardPayments.use((cards) => cards.retrieveCheckout(sessionId))
export const expireSession = (sessionId: string) =>
  CardPayments.use((cards) => cards.expireCheckout(sessionId))
export const verify = (payload: string, signature: string | null) =>
  CardPayments.use((cards) => cards.verifyWebhook(payload, signature))

export const hmac = (secret: string, signedPayload: string) =>
  createHmac('sha256', secret).update(signedPayload).digest('hex')
