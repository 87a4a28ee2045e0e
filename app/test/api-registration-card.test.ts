import '../../testing/src/context.ts'
import { EntryView } from '@kibitz/registration'
import { describe, expect, it } from 'vitest'
import { CardCheckout, stripeWebhookPath, WebhookReceived } from '../src/api/RegistrationApi.ts'
import { readJson, request } from './support/api.ts'
import { publicUrl } from './support/apiWorld.ts'
import { expectProblem } from './support/eventActors.ts'
import { useRegistrationApi } from './support/registrationApi.ts'
import { countOf, openRegistration } from './support/registrationFixtures.ts'
import { sendJson } from './support/userApi.ts'

// Card payment of a registration and its webhook through the REST API v1, against a real PostgreSQL and a
// local Stripe (set-up: support/registrationApi.ts).

const { world, registered, registrationMails, entryRow } = useRegistrationApi()

describe('card payment', () => {
  const payByCard = (token: string) => sendJson('/api/v1/registration/pay-by-card', { token })
  const webhook = (payload: string, signature: string | null) =>
    request(stripeWebhookPath, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      body: payload,
    })
  const sessionIdOf = (url: string) => url.split('/').at(-1) ?? ''

  it('opens a checkout for an unpaid entry that comes back to the status page', async () => {
    const t = await openRegistration(world.orm)
    const receipt = await registered(t, 130, 'card')
    expect(receipt.paymentMethod).toBe('card')
    const response = await payByCard(receipt.statusToken)
    expect(response.status).toBe(200)
    const { url } = await readJson(response, CardCheckout)
    expect(url.startsWith(`${world.stripe.url}/pay/`)).toBe(true)
    const session = world.stripe.sessions.get(sessionIdOf(url))
    expect(session?.amount_total).toBe(4000)
    expect(session?.success_url).toBe(
      `${publicUrl}/status?token=${receipt.statusToken}&session_id={CHECKOUT_SESSION_ID}`,
    )
    expect(session?.cancel_url).toBe(`${publicUrl}/payment?token=${receipt.statusToken}`)
  })

  it('a signed checkout.session.completed marks the entry paid exactly once, however often delivered', async () => {
    const t = await openRegistration(world.orm)
    const receipt = await registered(t, 131, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const event = world.stripe.pay(sessionIdOf(url))
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await webhook(event.payload, event.signature)
      expect(response.status).toBe(200)
      expect(await readJson(response, WebhookReceived)).toEqual(new WebhookReceived({ received: true }))
    }
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'confirmed', paid: true })
    expect(await registrationMails('player131@example.test', 'registration.paymentReceived')).toBe(1)
    expect(
      await countOf(
        world.orm,
        "select count(*) as count from entry_audit where entry_id = ? and action = 'paidByCard'",
        [receipt.entryId],
      ),
    ).toBe(1)
    // Paid: nothing is left to pay by card.
    const problem = await expectProblem(await payByCard(receipt.statusToken), 409)
    expect(problem.reason).toBe('wrongState')
  })

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const t = await openRegistration(world.orm)
    const receipt = await registered(t, 132, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const event = world.stripe.pay(sessionIdOf(url))
    const forged = event.signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`)
    const bad = await expectProblem(await webhook(event.payload, forged), 400)
    expect(bad.errors?.map((e) => e.field)).toEqual(['stripe-signature'])
    await expectProblem(await webhook(event.payload, null), 400)
    // A body changed after signing fails the same way.
    await expectProblem(await webhook(event.payload.replace('"paid"', '"unpaid"'), event.signature), 400)
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'pending', paid: false })
  })

  it('does not confirm a checkout whose amount differs from the entry’s', async () => {
    const t = await openRegistration(world.orm)
    const receipt = await registered(t, 133, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const session = world.stripe.sessions.get(sessionIdOf(url))
    if (!session) throw new Error('no session')
    session.amount_total = 100
    const event = world.stripe.pay(session.id)
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'pending', paid: false })
    expect(
      await countOf(
        world.orm,
        "select count(*) as count from entry_audit where entry_id = ? and action = 'cardAmountMismatch'",
        [receipt.entryId],
      ),
    ).toBe(1)
  })

  it('checks the checkout when the browser comes back with its session id', async () => {
    const t = await openRegistration(world.orm)
    const receipt = await registered(t, 134, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    world.stripe.pay(sessionIdOf(url))
    const response = await request(
      `/api/v1/registration/status?token=${receipt.statusToken}&session_id=${sessionIdOf(url)}`,
    )
    expect(response.status).toBe(200)
    expect(await readJson(response, EntryView)).toMatchObject({ status: 'confirmed', paid: true })
  })

  it('answers 404 for an unknown token and 409 for a free entry', async () => {
    await expectProblem(await payByCard('B'.repeat(43)), 404)
    const t = await openRegistration(world.orm, { priceMinor: 0 })
    const receipt = await registered(t, 135, 'bankTransfer', 0)
    expect((await expectProblem(await payByCard(receipt.statusToken), 409)).reason).toBe('wrongState')
  })

  // Last of this file's card tests: it stops the local Stripe.
  it('answers 503 when the card provider cannot be reached', async () => {
    const t = await openRegistration(world.orm)
    const receipt = await registered(t, 136, 'card')
    await world.stripe.close()
    const problem = await expectProblem(await payByCard(receipt.statusToken), 503)
    expect(problem.reason).toBe('unavailable')
  })
})
