import '../../testing/src/context.ts'
import { EntryView, RegistrationForm, RegistrationReceipt } from '@kibitz/registration'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useRegistrationApi } from './support/registrationApi.ts'
import { openRegistration, player, registerBody } from './support/registrationFixtures.ts'
import { sendJson, withSession } from './support/userApi.ts'

// The registration calls of the REST API v1 against a real PostgreSQL: the form, register (anonymous and
// signed in), the status link and the OpenAPI document. Events and tournaments are plain SQL; everything else
// goes through the API (the set-up is support/registrationApi.ts).

const {
  world,
  signedIn,
  formPath,
  register,
  registered,
  statusOf,
  entryRows,
  registrationMails,
  entryRow,
  soldOf,
} = useRegistrationApi()

describe('GET v1/tournament/{id}/register-tournament-data/{event}', () => {
  it('answers the form: tickets as sold now, the players an entry takes, the payment methods', async () => {
    const t = await openRegistration(world.orm)
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
    const t = await openRegistration(world.orm)
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
    const t = await openRegistration(world.orm, { registrationEndAt: '2021-01-01T00:00:00Z' })
    const problem = await expectProblem(await request(formPath(t)), 409)
    expect(problem.reason).toBe('closed')
  })
})

describe('POST v1/tournament/{id}/register', () => {
  it('registers anonymously: 201 with the receipt and its status token, one e-mail in the same transaction', async () => {
    const t = await openRegistration(world.orm)
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
    const t = await openRegistration(world.orm)
    const ona = await signedIn('player')
    const response = await register(t, registerBody([player(101, t.ticketId)], 4000), withSession(ona.token))
    expect(response.status).toBe(201)
    const receipt = await readJson(response, RegistrationReceipt)
    expect((await entryRow(receipt.entryId))?.user_id).toBe(ona.id)
  })

  it('takes the event as ?event= (alias or id) and then the tournament by alias; an alias alone is 400', async () => {
    const t = await openRegistration(world.orm)
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
    const t = await openRegistration(world.orm)
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
    const pairs = await openRegistration(world.orm, { type: 1 })
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
    const t = await openRegistration(world.orm)
    const response = await request(`/api/v1/tournament/${t.tournamentId}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":',
    })
    const problem = await expectProblem(response, 400)
    expect(problem.errors?.map((e) => e.field)).toEqual(['payload'])
  })

  it('answers 409 code 3000 with the new form when the price changed after the form was read', async () => {
    const t = await openRegistration(world.orm)
    const before = await readJson(await request(formPath(t)), RegistrationForm)
    const shown = before.tournament.tickets[0]?.priceMinor ?? 0
    await world.sql.execute('update ticket set price_minor = 5000 where id = ?', [t.ticketId])
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
    const t = await openRegistration(world.orm, { quantity: 1 })
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
    const closed = await openRegistration(world.orm, { registrationEndAt: '2021-01-01T00:00:00Z' })
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
    const t = await openRegistration(world.orm, { quantity: 1 })
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
    const t = await openRegistration(world.orm, { quantity: 40 })
    for (let n = 0; n < 30; n++) await registered(t, 200 + n)
    const refused = await register(t, registerBody([player(230, t.ticketId)], 4000))
    await expectProblem(refused, 429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await entryRows(t.tournamentId)).toBe(30)
  })

  it('confirms a free entry at once', async () => {
    const t = await openRegistration(world.orm, { priceMinor: 0 })
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
    const t = await openRegistration(world.orm)
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
