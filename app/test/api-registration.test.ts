import '../../testing/src/context.ts'
import { openOrm } from '@kibitz/infra'
import {
  EntryPage,
  EntryView,
  MarkPaidResult,
  PlayerList,
  RegistrationForm,
  RegistrationReceipt,
} from '@kibitz/registration'
import { Tournament } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import {
  type StripeTestServer,
  startStripeServer,
} from '../../domains/registration/test/support/stripeServer.ts'
import { insertTournament, type Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { disposeApiHandler } from '../src/api/handler.server.ts'
import { CardCheckout, stripeWebhookPath, WebhookReceived } from '../src/api/RegistrationApi.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { readJson, request } from './support/api.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import {
  countOf,
  type OpenRegistration,
  openRegistration,
  player,
  registerBody,
} from './support/registrationFixtures.ts'
import { openTestDatabase, sendJson, type TestDatabase, withSession } from './support/userApi.ts'

// The registration calls of the REST API v1 against a real PostgreSQL and a local Stripe: the form, register
// (anonymous and signed in), the status link, card payment and its webhook, and the organiser's list, CSV,
// mark paid, cancel and move. Events and tournaments are plain SQL; everything else goes through the API.

const publicUrl = 'http://localhost'
const adminEmail = 'admin@example.test'
const webhookSecret = 'whsec_kibitz_api_test'

let db: { url: string; drop: () => Promise<void> }
let sql: TestDatabase
let orm: Orm
let stripe: StripeTestServer

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  sql = await openTestDatabase(db.url, publicUrl)
  orm = await openOrm(db.url, { poolMax: 2 })
  stripe = await startStripeServer({ secretKey: 'sk_test_kibitz', webhookSecret })
  // Read when the app runtime is built, on the first request: the desk's card payments use the local Stripe.
  process.env.DATABASE_URL = db.url
  process.env.PUBLIC_URL = publicUrl
  process.env.ADMIN_EMAIL = adminEmail
  process.env.STRIPE_SECRET_KEY = 'sk_test_kibitz'
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret
  process.env.STRIPE_API_BASE = stripe.url
})

afterAll(async () => {
  await disposeApiHandler()
  await disposeRuntime()
  await stripe?.close().catch(() => {})
  await orm?.close(true)
  await sql?.close()
  await db?.drop()
})

beforeEach(() => sql.execute('delete from auth_attempt'))

const { signedIn, signedInOrganiser } = eventActors(() => ({ sql, orm }), adminEmail)

// ---------------------------------------------------------------------------------------------------------
// Calls

const formPath = (t: OpenRegistration) =>
  `/api/v1/tournament/${t.tournamentAlias}/register-tournament-data/${t.eventAlias}`

const register = (t: OpenRegistration, body: unknown, headers: Record<string, string> = {}) =>
  sendJson(`/api/v1/tournament/${t.tournamentId}/register`, body, { headers })

/** Registers `n`'s player on the tournament's ticket at 4000; answers the receipt. */
const registered = async (
  t: OpenRegistration,
  n: number,
  method: 'bankTransfer' | 'card' = 'bankTransfer',
  priceMinor = 4000,
) => {
  const response = await register(t, registerBody([player(n, t.ticketId)], priceMinor, method))
  expect(response.status).toBe(201)
  return readJson(response, RegistrationReceipt)
}

const statusOf = (token: string) => request(`/api/v1/registration/status?token=${encodeURIComponent(token)}`)

const entryRows = (tournamentId: number) =>
  countOf(orm, 'select count(*) as count from entry where tournament_id = ?', [tournamentId])

const registrationMails = (to: string, kind = 'registration.received') =>
  countOf(orm, 'select count(*) as count from mail_outbox where recipient = ? and kind = ?', [to, kind])

const EntryRow = Schema.Struct({
  status: Schema.String,
  user_id: Schema.NullOr(Schema.Number),
  paid: Schema.Boolean,
})
const entryRow = async (entryId: number) => {
  const rows = await orm.em
    .fork()
    .execute('select status, user_id, paid_at is not null as paid from entry where id = ?', [entryId])
  return Schema.decodeUnknownSync(Schema.Array(EntryRow))(rows)[0]
}

const soldOf = async (ticketId: number) =>
  countOf(orm, 'select sold as count from ticket where id = ?', [ticketId])

// ---------------------------------------------------------------------------------------------------------

describe('GET v1/tournament/{id}/register-tournament-data/{event}', () => {
  it('answers the form: tickets as sold now, the players an entry takes, the payment methods', async () => {
    const t = await openRegistration(orm)
    await registered(t, 1)
    const response = await request(formPath(t))
    expect(response.status).toBe(200)
    const form = await readJson(response, RegistrationForm)
    expect(form.event.eventId).toBe(t.eventId)
    expect(form.tournament.tournamentId).toBe(t.tournamentId)
    expect(form.tournament.tickets.map((k) => [k.ticketId, k.priceMinor, k.ticketsLeft])).toEqual([
      [t.ticketId, 4000, 99],
    ])
    expect({ ...form.contestants }).toEqual({ min: 1, max: 1, teamName: 'none' })
    expect(form.paymentMethods).toEqual(['bankTransfer', 'card'])
    // The same by numeric ids.
    const byIds = await request(`/api/v1/tournament/${t.tournamentId}/register-tournament-data/${t.eventId}`)
    expect(byIds.status).toBe(200)
  })

  it('answers 404 for an unknown tournament or event', async () => {
    const t = await openRegistration(orm)
    await expectProblem(
      await request(`/api/v1/tournament/nope/register-tournament-data/${t.eventAlias}`),
      404,
    )
    await expectProblem(
      await request(`/api/v1/tournament/${t.tournamentAlias}/register-tournament-data/nope`),
      404,
    )
  })

  it('answers 409 closed when registration is not open', async () => {
    const t = await openRegistration(orm, { registrationEndAt: '2021-01-01T00:00:00Z' })
    const problem = await expectProblem(await request(formPath(t)), 409)
    expect(problem.reason).toBe('closed')
  })
})

describe('POST v1/tournament/{id}/register', () => {
  it('registers anonymously: 201 with the receipt and its status token, one e-mail in the same transaction', async () => {
    const t = await openRegistration(orm)
    const body = registerBody([player(100, t.ticketId)], 4000, 'bankTransfer', {
      contactEmail: 'anon@example.test',
    })
    const response = await register(t, body)
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const receipt = await readJson(response, RegistrationReceipt)
    expect(receipt).toMatchObject({ status: 'pending', paymentMethod: 'bankTransfer', totalMinor: 4000 })
    expect(receipt.currencyCode).toBe('EUR')
    expect(receipt.reference).toMatch(/^RF\d{2}/)
    expect(receipt.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(receipt.expiresAt).not.toBeNull()
    expect(await entryRow(receipt.entryId)).toEqual({ status: 'pending', user_id: null, paid: false })
    expect(await registrationMails('anon@example.test')).toBe(1)
    expect(await soldOf(t.ticketId)).toBe(1)
  })

  it('records the signed-in user', async () => {
    const t = await openRegistration(orm)
    const ona = await signedIn('player')
    const response = await register(t, registerBody([player(101, t.ticketId)], 4000), withSession(ona.token))
    expect(response.status).toBe(201)
    const receipt = await readJson(response, RegistrationReceipt)
    expect((await entryRow(receipt.entryId))?.user_id).toBe(ona.id)
  })

  it('takes the event as ?event= (alias or id) and then the tournament by alias; an alias alone is 400', async () => {
    const t = await openRegistration(orm)
    const body = registerBody([player(102, t.ticketId)], 4000)
    const byAlias = await sendJson(
      `/api/v1/tournament/${t.tournamentAlias}/register?event=${t.eventAlias}`,
      body,
    )
    expect(byAlias.status).toBe(201)
    const byId = await sendJson(`/api/v1/tournament/${t.tournamentAlias}/register?event=${t.eventId}`, {
      ...body,
      data: { ...body.data, contestants: [player(103, t.ticketId)] },
    })
    expect(byId.status).toBe(201)
    const problem = await expectProblem(
      await sendJson(`/api/v1/tournament/${t.tournamentAlias}/register`, body),
      400,
    )
    expect(problem.errors?.map((e) => e.field)).toEqual(['event'])
  })

  it('names every invalid field by its dotted path and rule; nothing is registered or e-mailed', async () => {
    const t = await openRegistration(orm)
    const bad = { ...player(104, t.ticketId), email: 'not-an-address', countryCode: '' }
    const response = await register(t, {
      ...registerBody([bad], 4000, 'bankTransfer', { contactEmail: 'x@example.test' }),
      policy: false,
    })
    const problem = await expectProblem(response, 400)
    expect(problem.errors?.map((e) => [e.field, e.rule])).toEqual(
      expect.arrayContaining([
        ['data.contestants.0.email', 'email'],
        ['data.contestants.0.countryCode', 'required'],
        ['policy', 'mustAccept'],
      ]),
    )
    expect(problem.errors?.find((e) => e.field === 'data.contestants.0.email')?.path).toEqual([
      'payload',
      'data',
      'contestants',
      0,
      'email',
    ])
    // The desk's own rules: a pair needs two players, the ticket must be the tournament's.
    const pairs = await openRegistration(orm, { type: 1 })
    const cross = await expectProblem(
      await register(
        pairs,
        registerBody([player(105, t.ticketId)], 4000, 'bankTransfer', { contactEmail: 'x@example.test' }),
      ),
      400,
    )
    expect(cross.errors?.map((e) => [e.field, e.rule])).toEqual(
      expect.arrayContaining([
        ['data.contestants', 'contestantCount'],
        ['data.contestants.0.ticketId', 'unknownId'],
      ]),
    )
    expect(await entryRows(t.tournamentId)).toBe(0)
    expect(await entryRows(pairs.tournamentId)).toBe(0)
    expect(await registrationMails('x@example.test')).toBe(0)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const t = await openRegistration(orm)
    const response = await request(`/api/v1/tournament/${t.tournamentId}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":',
    })
    const problem = await expectProblem(response, 400)
    expect(problem.errors?.map((e) => e.field)).toEqual(['payload'])
  })

  it('answers 409 code 3000 with the new form when the price changed after the form was read', async () => {
    const t = await openRegistration(orm)
    const before = await readJson(await request(formPath(t)), RegistrationForm)
    const shown = before.tournament.tickets[0]?.priceMinor ?? 0
    await sql.execute('update ticket set price_minor = 5000 where id = ?', [t.ticketId])
    const body = registerBody([player(106, t.ticketId)], shown, 'bankTransfer', {
      contactEmail: 'late@example.test',
    })
    const response = await register(t, body)
    const raw: unknown = await response.clone().json()
    const problem = await expectProblem(response, 409, 3000)
    expect(problem.reason).toBe('priceChanged')
    const { form, quotedTotalMinor } = Schema.decodeUnknownSync(
      Schema.Struct({ form: RegistrationForm, quotedTotalMinor: Schema.Int }),
    )(raw)
    expect(form.tournament.tickets[0]?.priceMinor).toBe(5000)
    // What the same choice costs now, so a client need not guess.
    expect(quotedTotalMinor).toBe(5000)
    expect(await entryRows(t.tournamentId)).toBe(0)
    expect(await registrationMails('late@example.test')).toBe(0)
    expect(await soldOf(t.ticketId)).toBe(0)
    // At the new price it goes through.
    expect(
      (await register(t, { ...body, ticket: { ...body.ticket, expectedTotalMinor: 5000 } })).status,
    ).toBe(201)
  })

  it('answers 409 code 3000 soldOut once the places are gone', async () => {
    const t = await openRegistration(orm, { quantity: 1 })
    await registered(t, 107)
    const problem = await expectProblem(
      await register(
        t,
        registerBody([player(108, t.ticketId)], 4000, 'bankTransfer', { contactEmail: 'full@example.test' }),
      ),
      409,
      3000,
    )
    expect(problem.reason).toBe('soldOut')
    expect(await entryRows(t.tournamentId)).toBe(1)
    expect(await registrationMails('full@example.test')).toBe(0)
  })

  it('answers 409 closed after the registration window and 404 for an unknown tournament', async () => {
    const closed = await openRegistration(orm, { registrationEndAt: '2021-01-01T00:00:00Z' })
    const problem = await expectProblem(
      await register(closed, registerBody([player(109, closed.ticketId)], 4000)),
      409,
    )
    expect(problem).toMatchObject({ code: 0, reason: 'closed' })
    await expectProblem(
      await sendJson('/api/v1/tournament/999999/register', registerBody([player(110, 1)], 4000)),
      404,
    )
  })

  it('answers a retry with the same Idempotency-Key with the same entry, even after the places are gone', async () => {
    const t = await openRegistration(orm, { quantity: 1 })
    const body = registerBody([player(112, t.ticketId)], 4000, 'bankTransfer', {
      contactEmail: 'retry@example.test',
    })
    const key = { 'idempotency-key': 'c0ffee00-1111-4222-8333-444455556666' }
    const first = await register(t, body, key)
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const receipt = await readJson(first, RegistrationReceipt)
    // The only place is taken now; the retry still answers the entry it made.
    const retry = await register(t, body, key)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await readJson(retry, RegistrationReceipt)).toEqual({ ...receipt, replayed: true })
    expect(await entryRows(t.tournamentId)).toBe(1)
    expect(await registrationMails('retry@example.test')).toBe(1)
    // The same key for another registration is 422; a malformed key is 400 naming the header.
    const other = registerBody([player(113, t.ticketId)], 4000, 'bankTransfer', {
      contactEmail: 'retry@example.test',
    })
    await expectProblem(await register(t, other, key), 422)
    const malformed = await expectProblem(await register(t, body, { 'idempotency-key': 'a b' }), 400)
    expect(malformed.errors).toEqual([
      expect.objectContaining({ field: 'idempotency-key', path: ['headers', 'idempotency-key'] }),
    ])
  })

  it('answers 429 with Retry-After once one address has registered 30 entries in 15 minutes', async () => {
    const t = await openRegistration(orm, { quantity: 40 })
    for (let n = 0; n < 30; n++) await registered(t, 200 + n)
    const refused = await register(t, registerBody([player(230, t.ticketId)], 4000))
    await expectProblem(refused, 429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await entryRows(t.tournamentId)).toBe(30)
  })

  it('confirms a free entry at once', async () => {
    const t = await openRegistration(orm, { priceMinor: 0 })
    const receipt = await registered(t, 111, 'bankTransfer', 0)
    expect(receipt).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'free',
      totalMinor: 0,
      reference: null,
    })
  })
})

describe('GET v1/registration/status', () => {
  it('answers the registration of its token, never cached', async () => {
    const t = await openRegistration(orm)
    const receipt = await registered(t, 120)
    const response = await statusOf(receipt.statusToken)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('etag')).toBeNull()
    const view = await readJson(response, EntryView)
    expect(view).toMatchObject({ entryId: receipt.entryId, status: 'pending', paid: false, totalMinor: 4000 })
    expect(view.contestants.map((c) => c.lastName)).toEqual(['Player120'])
    expect(view.bank?.iban).toBe('LT121000011101001000')
  })

  it('answers 404 for an unknown or malformed token', async () => {
    await expectProblem(await statusOf('A'.repeat(43)), 404)
    await expectProblem(await statusOf('nope'), 404)
  })
})

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
    const t = await openRegistration(orm)
    const receipt = await registered(t, 130, 'card')
    expect(receipt.paymentMethod).toBe('card')
    const response = await payByCard(receipt.statusToken)
    expect(response.status).toBe(200)
    const { url } = await readJson(response, CardCheckout)
    expect(url.startsWith(`${stripe.url}/pay/`)).toBe(true)
    const session = stripe.sessions.get(sessionIdOf(url))
    expect(session?.amount_total).toBe(4000)
    expect(session?.success_url).toBe(
      `${publicUrl}/status?token=${receipt.statusToken}&session_id={CHECKOUT_SESSION_ID}`,
    )
    expect(session?.cancel_url).toBe(`${publicUrl}/payment?token=${receipt.statusToken}`)
  })

  it('a signed checkout.session.completed marks the entry paid exactly once, however often delivered', async () => {
    const t = await openRegistration(orm)
    const receipt = await registered(t, 131, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const event = stripe.pay(sessionIdOf(url))
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await webhook(event.payload, event.signature)
      expect(response.status).toBe(200)
      expect(await readJson(response, WebhookReceived)).toEqual(new WebhookReceived({ received: true }))
    }
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'confirmed', paid: true })
    expect(await registrationMails('player131@example.test', 'registration.paymentReceived')).toBe(1)
    expect(
      await countOf(
        orm,
        "select count(*) as count from entry_audit where entry_id = ? and action = 'paidByCard'",
        [receipt.entryId],
      ),
    ).toBe(1)
    // Paid: nothing is left to pay by card.
    const problem = await expectProblem(await payByCard(receipt.statusToken), 409)
    expect(problem.reason).toBe('wrongState')
  })

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const t = await openRegistration(orm)
    const receipt = await registered(t, 132, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const event = stripe.pay(sessionIdOf(url))
    const forged = event.signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`)
    const bad = await expectProblem(await webhook(event.payload, forged), 400)
    expect(bad.errors?.map((e) => e.field)).toEqual(['stripe-signature'])
    await expectProblem(await webhook(event.payload, null), 400)
    // A body changed after signing fails the same way.
    await expectProblem(await webhook(event.payload.replace('"paid"', '"unpaid"'), event.signature), 400)
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'pending', paid: false })
  })

  it('does not confirm a checkout whose amount differs from the entry’s', async () => {
    const t = await openRegistration(orm)
    const receipt = await registered(t, 133, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    const session = stripe.sessions.get(sessionIdOf(url))
    if (!session) throw new Error('no session')
    session.amount_total = 100
    const event = stripe.pay(session.id)
    expect((await webhook(event.payload, event.signature)).status).toBe(200)
    expect(await entryRow(receipt.entryId)).toMatchObject({ status: 'pending', paid: false })
    expect(
      await countOf(
        orm,
        "select count(*) as count from entry_audit where entry_id = ? and action = 'cardAmountMismatch'",
        [receipt.entryId],
      ),
    ).toBe(1)
  })

  it('checks the checkout when the browser comes back with its session id', async () => {
    const t = await openRegistration(orm)
    const receipt = await registered(t, 134, 'card')
    const { url } = await readJson(await payByCard(receipt.statusToken), CardCheckout)
    stripe.pay(sessionIdOf(url))
    const response = await request(
      `/api/v1/registration/status?token=${receipt.statusToken}&session_id=${sessionIdOf(url)}`,
    )
    expect(response.status).toBe(200)
    expect(await readJson(response, EntryView)).toMatchObject({ status: 'confirmed', paid: true })
  })

  it('answers 404 for an unknown token and 409 for a free entry', async () => {
    await expectProblem(await payByCard('B'.repeat(43)), 404)
    const t = await openRegistration(orm, { priceMinor: 0 })
    const receipt = await registered(t, 135, 'bankTransfer', 0)
    expect((await expectProblem(await payByCard(receipt.statusToken), 409)).reason).toBe('wrongState')
  })

  // Last of this file's card tests: it stops the local Stripe.
  it('answers 503 when the card provider cannot be reached', async () => {
    const t = await openRegistration(orm)
    const receipt = await registered(t, 136, 'card')
    await stripe.close()
    const problem = await expectProblem(await payByCard(receipt.statusToken), 503)
    expect(problem.reason).toBe('unavailable')
  })
})

describe('organiser calls', () => {
  const list = (eventId: number, token?: string, query = '') =>
    request(`/api/v1/event/${eventId}/registrations${query}`, { headers: token ? withSession(token) : {} })
  const csv = (eventId: number, token?: string, query = '', language = 'en') =>
    request(`/api/v1/event/${eventId}/registrations.csv${query}`, {
      headers: { 'accept-language': language, ...(token ? withSession(token) : {}) },
    })
  const markMany = (eventId: number, token: string | undefined, entryIds: ReadonlyArray<unknown>) =>
    request(`/api/v1/event/${eventId}/registrations/mark-paid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? withSession(token) : {}) },
      body: JSON.stringify({ entryIds }),
    })
  const put = (path: string, token?: string, body?: unknown) =>
    request(path, {
      method: 'PUT',
      headers: {
        ...(token ? withSession(token) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  /** An organiser's event with two entries, and a second tournament of the same type to move to. */
  const setUp = async () => {
    const owner = await signedInOrganiser()
    const t = await openRegistration(orm, { organiserId: owner.organiserId })
    const first = await registered(t, 140)
    const second = await registered(t, 141)
    const other = await insertTournament(orm, {
      eventId: t.eventId,
      alias: `other-${t.tournamentId}`,
      name: 'Other Individual',
      type: 3,
      startDate: '2030-05-11',
      hasRegistration: true,
      isRegistrationEnabled: true,
      tickets: [{ priceMinor: 4000, quantity: 10 }],
    })
    const full = await insertTournament(orm, {
      eventId: t.eventId,
      alias: `full-${t.tournamentId}`,
      name: 'Full Individual',
      type: 3,
      startDate: '2030-05-11',
      tickets: [{ priceMinor: 4000, quantity: 1, sold: 1 }],
    })
    return { owner, t, first, second, other, full }
  }

  it('lists the event’s registrations, newest first, a page at a time and per tournament', async () => {
    const { owner, t, first, second } = await setUp()
    const response = await list(t.eventId, owner.token)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const page = await readJson(response, EntryPage)
    expect(page.total).toBe(2)
    expect(page.entries.map((e) => e.entryId)).toEqual([second.entryId, first.entryId])
    const one = await readJson(await list(t.eventId, owner.token, '?limit=1&offset=1'), EntryPage)
    expect(one.entries.map((e) => e.entryId)).toEqual([first.entryId])
    expect(one.total).toBe(2)
    const none = await readJson(
      await list(t.eventId, owner.token, `?tournamentId=${t.tournamentId + 100000}`),
      EntryPage,
    )
    expect(none.total).toBe(0)
    await expectProblem(await list(t.eventId, owner.token, '?limit=1000'), 400)
  })

  it('searches and filters by state; a bad filter value is 400 naming the parameter', async () => {
    const { owner, t, first, second } = await setUp()
    const ids = async (query: string) =>
      (await readJson(await list(t.eventId, owner.token, query), EntryPage)).entries.map((e) => e.entryId)
    expect(await ids('?q=player141')).toEqual([second.entryId])
    expect(await ids(`?q=${encodeURIComponent('Ona Player140')}`)).toEqual([first.entryId])
    expect(await ids(`?q=${encodeURIComponent(`#${first.entryId}`)}`)).toEqual([first.entryId])
    await put(`/api/v1/registration/${first.entryId}/mark-paid`, owner.token)
    expect(await ids('?status=paid')).toEqual([first.entryId])
    expect(await ids('?status=pending')).toEqual([second.entryId])
    expect(await ids('?status=canceled&q=player')).toEqual([])
    const [entry] = (await readJson(await list(t.eventId, owner.token, '?status=paid'), EntryPage)).entries
    expect(entry?.contestants[0]).toMatchObject({ ticketType: 1, ageCategoryName: null })
    for (const [query, field] of [
      ['?status=paidd', 'status'],
      ['?offset=99999999999', 'offset'],
      ['?offset=-1', 'offset'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?tournamentId=abc', 'tournamentId'],
    ] as const) {
      const problem = await expectProblem(await list(t.eventId, owner.token, query), 400)
      expect(
        problem.errors?.map((e) => e.field),
        query,
      ).toEqual([field])
    }
    await expectProblem(await csv(t.eventId, owner.token, '?status=paidd'), 400)
  })

  it('marks several entries paid at once, each e-mailed once, and says which were left and why', async () => {
    const { owner, t, first, second } = await setUp()
    const third = await registered(t, 142)
    await put(`/api/v1/registration/${third.entryId}/cancel`, owner.token)
    // Earlier tests e-mailed the same players: count what this call sends.
    const paidMails = async () => [
      await registrationMails('player140@example.test', 'registration.paymentReceived'),
      await registrationMails('player141@example.test', 'registration.paymentReceived'),
      await registrationMails('player142@example.test', 'registration.paymentReceived'),
    ]
    const before = await paidMails()
    const response = await markMany(t.eventId, owner.token, [first.entryId, second.entryId, third.entryId])
    expect(response.status).toBe(200)
    expect(await readJson(response, MarkPaidResult)).toEqual({
      marked: [first.entryId, second.entryId],
      skipped: [{ entryId: third.entryId, reason: 'canceled' }],
    })
    expect(await entryRow(second.entryId)).toMatchObject({ status: 'confirmed', paid: true })
    expect(await paidMails()).toEqual([(before[0] ?? 0) + 1, (before[1] ?? 0) + 1, before[2]])
    const again = await readJson(await markMany(t.eventId, owner.token, [first.entryId]), MarkPaidResult)
    expect(again).toEqual({ marked: [], skipped: [{ entryId: first.entryId, reason: 'alreadyPaid' }] })
    expect(await paidMails()).toEqual([(before[0] ?? 0) + 1, (before[1] ?? 0) + 1, before[2]])
    for (const body of [[], ['x'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const problem = await expectProblem(await markMany(t.eventId, owner.token, body), 400)
      expect(problem.errors?.map((e) => e.field)?.[0]).toMatch(/^entryIds/)
    }
  })

  it('exports CSV in the language asked for: its headings, separator and decimal mark, after a byte-order mark', async () => {
    const { owner, t } = await setUp()
    const polish = await csv(t.eventId, owner.token, '', 'pl')
    const bytes = new Uint8Array(await polish.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [heading, row] = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(heading?.startsWith('"Zgłoszenie";"Turniej";"Status";"Opłacone"')).toBe(true)
    expect(row).toContain('"40,00";"EUR"')
    expect(row).toContain('"Oczekuje na płatność";"Nie";"Przelew bankowy"')
    expect(row).toContain('"Litwa"')
    const only = (await (await csv(t.eventId, owner.token, '?q=player141')).text()).trim().split('\r\n')
    expect(only).toHaveLength(2)
    expect(only[1]).toContain('"Player141"')
    expect(only[1]).toContain('"40.00","EUR"')
  })

  it('exports the registrations as CSV, one row per player', async () => {
    const { owner, t } = await setUp()
    const response = await csv(t.eventId, owner.token)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="registrations-${t.eventId}.csv"`,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const lines = (await response.text()).trim().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('"First name","Last name"')
    expect(lines.slice(1).join('\n')).toContain('"Player140"')
  })

  it('marks an entry paid, cancels one (once) and moves one to another tournament', async () => {
    const { owner, t, first, second, other, full } = await setUp()
    const paid = await put(`/api/v1/registration/${first.entryId}/mark-paid`, owner.token)
    expect(paid.status).toBe(200)
    expect(await readJson(paid, EntryView)).toMatchObject({ status: 'confirmed', paid: true })
    const canceled = await put(`/api/v1/registration/${second.entryId}/cancel`, owner.token)
    expect(await readJson(canceled, EntryView)).toMatchObject({ status: 'canceled' })
    expect(await soldOf(t.ticketId)).toBe(1)
    expect(
      (await expectProblem(await put(`/api/v1/registration/${second.entryId}/cancel`, owner.token), 409))
        .reason,
    ).toBe('wrongState')
    const ticketId = other.ticketIds[0] ?? 0
    const moved = await put(`/api/v1/registration/${first.entryId}/move`, owner.token, {
      tournamentId: other.id,
      ticketId,
    })
    expect(moved.status).toBe(200)
    expect((await readJson(moved, EntryView)).tournament.tournamentId).toBe(other.id)
    expect(await soldOf(ticketId)).toBe(1)
    expect(await soldOf(t.ticketId)).toBe(0)
    const soldOut = await expectProblem(
      await put(`/api/v1/registration/${first.entryId}/move`, owner.token, {
        tournamentId: full.id,
        ticketId: full.ticketIds[0] ?? 0,
      }),
      409,
    )
    expect(soldOut.reason).toBe('soldOut')
    const invalid = await expectProblem(
      await put(`/api/v1/registration/${first.entryId}/move`, owner.token, { tournamentId: 'x' }),
      400,
    )
    expect(invalid.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['tournamentId', 'ticketId']))
  })

  it('answers 401 signed out and 404 to another organiser and to a player, on every call', async () => {
    const { t, first, other } = await setUp()
    const intruder = await signedInOrganiser()
    const playerOnly = await signedIn('player')
    const move = { tournamentId: other.id, ticketId: other.ticketIds[0] ?? 0 }
    const calls = (token?: string) => [
      list(t.eventId, token),
      csv(t.eventId, token),
      put(`/api/v1/registration/${first.entryId}/mark-paid`, token),
      put(`/api/v1/registration/${first.entryId}/cancel`, token),
      put(`/api/v1/registration/${first.entryId}/move`, token, move),
      markMany(t.eventId, token, [first.entryId]),
    ]
    for (const response of await Promise.all(calls())) await expectProblem(response, 401)
    for (const token of [intruder.token, playerOnly.token])
      for (const response of await Promise.all(calls(token))) await expectProblem(response, 404)
    expect(await entryRow(first.entryId)).toMatchObject({ status: 'pending', paid: false })
  })
})

describe('OpenAPI document', () => {
  it('documents every registration call', async () => {
    const document = Schema.decodeUnknownSync(
      Schema.Struct({ paths: Schema.Record(Schema.String, Schema.Unknown) }),
    )(await (await request('/api/v1/openapi.json')).json())
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/tournament/{id}/register-tournament-data/{event}',
        '/api/v1/tournament/{id}/register',
        '/api/v1/registration/status',
        '/api/v1/registration/pay-by-card',
        '/api/v1/payment/stripe/webhook',
        '/api/v1/event/{id}/registrations',
        '/api/v1/event/{id}/registrations.csv',
        '/api/v1/event/{id}/registrations/mark-paid',
        '/api/v1/registration/{entryId}/mark-paid',
        '/api/v1/registration/{entryId}/cancel',
        '/api/v1/registration/{entryId}/move',
      ]),
    )
  })
})

describe('public reads reflect registrations', () => {
  it('the player list shows an entry once it is confirmed; counts and places follow', async () => {
    const owner = await signedInOrganiser()
    const t = await openRegistration(orm, { organiserId: owner.organiserId })
    const receipt = await registered(t, 150)
    const listPath = `/api/v1/tournament/${t.tournamentAlias}/event/${t.eventAlias}/player-list`
    const before = await readJson(await request(listPath), PlayerList)
    expect(before.entries ?? []).toHaveLength(0)
    expect(
      (
        await request(`/api/v1/registration/${receipt.entryId}/mark-paid`, {
          method: 'PUT',
          headers: withSession(owner.token),
        })
      ).status,
    ).toBe(200)
    const after = await readJson(await request(listPath), PlayerList)
    expect(after.entries.map((e) => e.contestants.map((c) => c.lastName))).toEqual([['Player150']])
    const tournaments = await readJson(
      await request(`/api/v1/event/${t.eventAlias}/tournaments`),
      Schema.Array(Tournament),
    )
    expect(tournaments.find((x) => x.tournamentId === t.tournamentId)?.tickets[0]?.ticketsLeft).toBe(99)
  })

  it('the tournament calendar still answers the registered tournament', async () => {
    const t = await openRegistration(orm)
    await registered(t, 151)
    const response = await request(`/api/v1/tournament/ical/generate?ids[]=${t.tournamentId}`)
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(body).toContain(`UID:tournament-${t.tournamentId}@`)
    expect(body).toContain(`Open `)
  })
})
