import '../../testing/src/context.ts'
import { RegistrationForm, RegistrationReceipt } from '@kibitz/registration'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { CardCheckout, stripeWebhookPath } from '../src/api/RegistrationApi.ts'
import { readJson, request } from './support/api.ts'
import { useApiWorld } from './support/apiWorld.ts'
import { openRegistration, player, registerBody } from './support/registrationFixtures.ts'
import { sendJson } from './support/userApi.ts'

// Decision 031 end to end through the REST API: a tournament priced ¥5,000 is stored as 5000 (JPY has no minor
// unit), the registrant's e-mail says ¥5,000 as their language writes it, and the local Stripe is asked for 5000
// yen, not 500000; a paid checkout confirms the entry. ISK, which Stripe keeps in hundredths, goes the same way.

const webhookSecret = 'whsec_kibitz_currency_test'

const world = useApiWorld({ poolMax: 2, stripe: { secretKey: 'sk_test_currency', webhookSecret } })

const MailRows = Schema.Array(Schema.Struct({ text_body: Schema.String }))
const receivedMail = async (to: string) => {
  const rows = await world.orm.em
    .fork()
    .execute("select text_body from mail_outbox where recipient = ? and kind = 'registration.received'", [to])
  const [mail] = Schema.decodeUnknownSync(MailRows)(rows)
  if (!mail) throw new Error(`no registration e-mail to ${to}`)
  return mail.text_body.replace(/[\u00a0\u202f]/g, ' ')
}

const EntryRows = Schema.Array(
  Schema.Struct({
    status: Schema.String,
    paid: Schema.Boolean,
    total_minor: Schema.Union([Schema.Number, Schema.String]),
  }),
)
const entryRow = async (entryId: number) => {
  const rows = await world.orm.em
    .fork()
    .execute('select status, paid_at is not null as paid, total_minor from entry where id = ?', [entryId])
  return Schema.decodeUnknownSync(EntryRows)(rows)[0]
}

const payByCard = (token: string) => sendJson('/api/v1/registration/pay-by-card', { token })
const webhook = (payload: string, signature: string) =>
  request(stripeWebhookPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })

/** Registers one player by card at `priceMinor` in the registrant's `language`; answers the receipt. */
const registerByCard = async (
  ticketId: number,
  tournamentId: number,
  n: number,
  priceMinor: number,
  language: string,
) => {
  const response = await sendJson(
    `/api/v1/tournament/${tournamentId}/register`,
    registerBody([player(n, ticketId)], priceMinor, 'card'),
    { headers: { 'accept-language': language } },
  )
  expect(response.status).toBe(201)
  return readJson(response, RegistrationReceipt)
}

describe('a tournament priced in yen', () => {
  it('registers at ¥5,000, says so in the e-mail, charges Stripe 5000 and is confirmed when paid', async () => {
    const t = await openRegistration(world.orm, { currencyCode: 'JPY', priceMinor: 5000 })
    const form = await readJson(
      await request(`/api/v1/tournament/${t.tournamentId}/register-tournament-data/${t.eventId}`),
      RegistrationForm,
    )
    expect(form.event.currencyCode).toBe('JPY')
    expect(form.tournament.tickets.map((k) => k.priceMinor)).toEqual([5000])
    expect(form.paymentMethods).toContain('card')

    const receipt = await registerByCard(t.ticketId, t.tournamentId, 1, 5000, 'en')
    expect(receipt).toMatchObject({ totalMinor: 5000, currencyCode: 'JPY', paymentMethod: 'card' })
    expect(await receivedMail('player1@example.test')).toContain('¥5,000')
    const french = await registerByCard(t.ticketId, t.tournamentId, 2, 5000, 'fr')
    expect(await receivedMail('player2@example.test')).toContain('5 000 ¥')

    const response = await payByCard(receipt.statusToken)
    expect(response.status).toBe(200)
    const { url } = await readJson(response, CardCheckout)
    const create = world.stripe.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    )
    expect(create?.body).toMatchObject({
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '5000',
    })
    const sessionId = url.split('/').at(-1) ?? ''
    expect(world.stripe.sessions.get(sessionId)?.amount_total).toBe(5000)
    // The hosted page charges five thousand yen.
    expect(await fetch(url).then((r) => r.text())).toContain('5000 JPY')

    const paid = world.stripe.pay(sessionId)
    expect((await webhook(paid.payload, paid.signature)).status).toBe(200)
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'confirmed', paid: true })
    expect(Number((await entryRow(receipt.entryId))?.total_minor)).toBe(5000)
    expect(await entryRow(french.entryId)).toMatchObject({ status: 'pending', paid: false })
  })
})

describe('a tournament priced in Icelandic krónur', () => {
  it('charges ISK 5,000 as Stripe’s 500000 hundredths and confirms the entry from the webhook', async () => {
    const t = await openRegistration(world.orm, { currencyCode: 'ISK', priceMinor: 5000 })
    const receipt = await registerByCard(t.ticketId, t.tournamentId, 3, 5000, 'en')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const sessionId = url.split('/').at(-1) ?? ''
    expect(world.stripe.sessions.get(sessionId)?.amount_total).toBe(500_000)
    const paid = world.stripe.pay(sessionId)
    expect((await webhook(paid.payload, paid.signature)).status).toBe(200)
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'confirmed', paid: true })
  })
})
