import '../../testing/src/context.ts'
import { EntryView, RegistrationForm, RegistrationReceipt } from '@kibitz/registration'
import { payableByCard } from '@kibitz/registration/input'
import { Tournament, tournamentLimits } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { type AgeCategoryFixture, insertTournament } from '../../testing/src/domain.ts'
import { priceOf } from '../src/components/registration/pricing.ts'
import { readJson, request } from './support/api.ts'
import { adminEmail, useApiWorld } from './support/apiWorld.ts'
import { tournamentBody } from './support/editorBodies.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import { openRegistration, player, registerBody } from './support/registrationFixtures.ts'
import { sendJson, withSession } from './support/userApi.ts'

// Registration rules that cannot be walked around, through the REST API v1 (issue 13): a ticket with age
// categories is sold only through one of them (400 naming the field; a category that cannot be sold is not
// offered), an early bird capped at one place goes to one player of a pair, and a total past 2^31 - 1 minor
// units registers (201) while a price above the limit is refused (400 naming the field), never a 500.

const world = useApiWorld({ poolMax: 2 })

const { signedInOrganiser } = eventActors(() => ({ sql: world.sql, orm: world.orm }), adminEmail)

let sequence = 0

/** A pairs tournament open for registration in a new public event, its one ticket with these age categories. */
const pairsWith = async (categories: ReadonlyArray<AgeCategoryFixture>, priceMinor = 4000) => {
  const event = await openRegistration(world.orm)
  const alias = `pairs-${++sequence}`
  const t = await insertTournament(world.orm, {
    eventId: event.eventId,
    alias,
    type: 1,
    startDate: '2030-05-10',
    startTime: '10:00',
    hasRegistration: true,
    isRegistrationEnabled: true,
    registrationStartAt: '2020-01-01T00:00:00Z',
    registrationEndAt: '2030-05-09T18:00:00Z',
    tickets: [{ priceMinor, quantity: 50, ageCategories: categories }],
  })
  return {
    eventAlias: event.eventAlias,
    eventId: event.eventId,
    tournamentId: t.id,
    alias,
    ticketId: t.ticketIds[0] ?? 0,
    categoryIds: t.ageCategoryIds[0] ?? [],
  }
}

const formOf = (t: { readonly alias: string; readonly eventAlias: string }) =>
  request(`/api/v1/tournament/${t.alias}/register-tournament-data/${t.eventAlias}`)

const register = (tournamentId: number, body: unknown) =>
  sendJson(`/api/v1/tournament/${tournamentId}/register`, body)

/** Two players of a pair on `ticketId`, each with `ageCategoryId`. */
const pairOf = (ticketId: number, ageCategoryId: number | null, n: number) =>
  [player(n, ticketId), player(n + 1, ticketId)].map((p) => ({ ...p, ageCategoryId }))

const soldOf = async (ticketId: number) => {
  const rows = await world.orm.em.fork().execute('select sold from ticket where id = ?', [ticketId])
  return Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ sold: Schema.Int })))(rows)[0]?.sold
}

describe('POST v1/tournament/{id}/register', () => {
  it('answers 400 naming each player’s age category when the ticket has categories and none was chosen', async () => {
    const t = await pairsWith([{ name: 'Open' }, { name: 'Juniors', priceMinor: 2000 }])
    const problem = await expectProblem(
      await register(t.tournamentId, registerBody(pairOf(t.ticketId, null, 1), 8000)),
      400,
    )
    expect(problem.errors?.map((e) => [e.field, e.rule])).toEqual([
      ['data.contestants.0.ageCategoryId', 'required'],
      ['data.contestants.1.ageCategoryId', 'required'],
    ])
    expect(await soldOf(t.ticketId)).toBe(0)
    // With a category it registers at the category's price.
    const [open = 0] = t.categoryIds
    const created = await register(t.tournamentId, registerBody(pairOf(t.ticketId, open, 3), 8000))
    expect(created.status).toBe(201)
    expect((await readJson(created, RegistrationReceipt)).totalMinor).toBe(8000)
  })

  it('offers no registration for a ticket whose only category’s sales ended: the reads say so, and both ways to register answer 409', async () => {
    const t = await pairsWith([{ name: 'Juniors', salesEndDate: '2021-01-01' }])
    const [junior = 0] = t.categoryIds
    const tournaments = await request(`/api/v1/event/${t.eventId}/tournaments`)
    expect(tournaments.status).toBe(200)
    const listed = (await readJson(tournaments, Schema.Array(Tournament))).find(
      (x) => x.tournamentId === t.tournamentId,
    )
    expect(listed).toMatchObject({ isOpenRegistration: false, tickets: [{ isAvailable: false }] })
    expect(listed?.tickets[0]?.ticketAgeCategories.map((c) => c.isAvailable)).toEqual([false])
    expect((await expectProblem(await formOf(t), 409)).reason).toBe('closed')
    for (const ageCategoryId of [null, junior]) {
      const problem = await expectProblem(
        await register(t.tournamentId, registerBody(pairOf(t.ticketId, ageCategoryId, 5), 8000)),
        409,
      )
      expect(problem.reason).toBe('closed')
    }
    expect(await soldOf(t.ticketId)).toBe(0)
  })

  it('gives an early bird capped at one place to one player of a pair: 3000 for a total of two early birds, 201 at the true one', async () => {
    const t = await pairsWith([
      { name: 'Open', isEarlyBird: true, earlyBirdPriceMinor: 3000, earlyBirdEndSalesQuantity: 1 },
    ])
    const [open = 0] = t.categoryIds
    const form = await readJson(await formOf(t), RegistrationForm)
    expect(form.tournament.tickets[0]?.ticketAgeCategories[0]).toMatchObject({
      currentPriceMinor: 3000,
      earlyBirdPlacesLeft: 1,
    })
    const response = await register(t.tournamentId, registerBody(pairOf(t.ticketId, open, 7), 6000))
    const raw: unknown = await response.clone().json()
    const problem = await expectProblem(response, 409, 3000)
    expect(problem.reason).toBe('priceChanged')
    expect(
      Schema.decodeUnknownSync(Schema.Struct({ quotedTotalMinor: Schema.Int }))(raw).quotedTotalMinor,
    ).toBe(7000)
    const created = await register(t.tournamentId, registerBody(pairOf(t.ticketId, open, 7), 7000))
    expect(created.status).toBe(201)
    const receipt = await readJson(created, RegistrationReceipt)
    const status = await request(
      `/api/v1/registration/status?token=${encodeURIComponent(receipt.statusToken)}`,
    )
    expect(
      (await readJson(status, EntryView)).lines.map((l) => [l.persons, l.unitPriceMinor, l.earlyBird]),
    ).toEqual([
      [1, 3000, true],
      [1, 4000, false],
    ])
  })

  it('registers three players at the highest price, a total past 2^31 - 1, and shows and exports it', async () => {
    const owner = await signedInOrganiser()
    const price = tournamentLimits.moneyMinor
    const t = await openRegistration(world.orm, {
      organiserId: owner.organiserId,
      type: 4,
      priceMinor: price,
    })
    const three = [player(20, t.ticketId), player(21, t.ticketId), player(22, t.ticketId)]
    const created = await register(t.tournamentId, registerBody(three, 3 * price))
    expect(created.status).toBe(201)
    const receipt = await readJson(created, RegistrationReceipt)
    expect(receipt).toMatchObject({ totalMinor: 3_000_000_000, paymentMethod: 'bankTransfer' })
    const status = await request(
      `/api/v1/registration/status?token=${encodeURIComponent(receipt.statusToken)}`,
    )
    expect(status.status).toBe(200)
    expect(await readJson(status, EntryView)).toMatchObject({
      totalMinor: 3_000_000_000,
      canPayByCard: false,
    })
    const csv = await request(`/api/v1/event/${t.eventId}/registrations.csv`, {
      headers: withSession(owner.token),
    })
    expect(csv.status).toBe(200)
    expect(await csv.text()).toContain('"30000000.00"')
  })
})

describe('the registration form’s price summary', () => {
  it('gives the total the server charges: an early bird of one place for one player of a pair', async () => {
    const t = await pairsWith([
      { name: 'Open', isEarlyBird: true, earlyBirdPriceMinor: 3000, earlyBirdEndSalesQuantity: 1 },
      { name: 'Juniors', priceMinor: 2000, isEarlyBird: true, earlyBirdPriceMinor: 1000 },
      { name: 'Ended', salesEndDate: '2021-01-01' },
    ])
    const [open = 0, junior = 0, ended = 0] = t.categoryIds
    const form = Schema.encodeSync(RegistrationForm)(await readJson(await formOf(t), RegistrationForm))
    // What cannot be chosen is not offered; a ticket with categories has no price without one.
    expect(form.tournament.tickets[0]?.ticketAgeCategories.map((c) => c.ticketAgeCategoryId)).toEqual([
      open,
      junior,
    ])
    const choose = (...categories: ReadonlyArray<number | null>) =>
      priceOf(
        form,
        categories.map((c) => ({ ticketId: String(t.ticketId), ageCategoryId: c === null ? '' : String(c) })),
      )
    expect(choose(null, open)).toBeNull()
    expect(choose(ended, open)).toBeNull()
    const shown = choose(open, open)
    expect(shown?.lines.map((l) => [l.persons, l.unitMinor, l.earlyBird])).toEqual([
      [1, 3000, true],
      [1, 4000, false],
    ])
    expect(choose(junior, junior)?.totalMinor).toBe(2000)
    // The server agrees with the total shown.
    const created = await register(
      t.tournamentId,
      registerBody(pairOf(t.ticketId, open, 30), shown?.totalMinor ?? 0),
    )
    expect(created.status).toBe(201)
    expect(payableByCard(3 * tournamentLimits.moneyMinor, 'EUR')).toBe(false)
    expect(payableByCard(99_999_999, 'EUR')).toBe(true)
    // Nothing to pay is never a card checkout.
    expect(payableByCard(0, 'EUR')).toBe(false)
    // Stripe's own unit decides (decision 031): ISK is sent in hundredths, KWD must end in 0 there.
    expect(payableByCard(99_999_999, 'JPY')).toBe(true)
    expect(payableByCard(1_000_000, 'ISK')).toBe(false)
    expect(payableByCard(1234, 'KWD')).toBe(false)
  })
})

describe('POST v1/event/{id}/tournaments', () => {
  it('refuses a price above the limit with 400 naming the field, and the OpenAPI document states the limit', async () => {
    const owner = await signedInOrganiser()
    const event = await openRegistration(world.orm, { organiserId: owner.organiserId })
    const body = tournamentBody({
      tickets: [
        {
          type: 1,
          priceMinor: tournamentLimits.moneyMinor + 1,
          quantity: 10,
          isForSale: true,
          isPricePerTeam: false,
          ageCategories: [],
        },
      ],
    })
    const response = await request(`/api/v1/event/${event.eventId}/tournaments`, {
      method: 'POST',
      headers: { ...withSession(owner.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const problem = await expectProblem(response, 400)
    expect(problem.errors?.map((e) => [e.field, e.rule])).toEqual([['tickets.0.priceMinor', 'outOfRange']])
    const document: unknown = await (await request('/api/v1/openapi.json')).json()
    expect(priceSchemas(document)).toContainEqual(
      expect.objectContaining({ minimum: 0, maximum: tournamentLimits.moneyMinor }),
    )
  })
})

/** Every schema the document gives a `priceMinor` property of an object it describes. */
const priceSchemas = (node: unknown): ReadonlyArray<unknown> => {
  if (Array.isArray(node)) return node.flatMap(priceSchemas)
  if (typeof node !== 'object' || node === null) return []
  const own =
    'properties' in node &&
    typeof node.properties === 'object' &&
    node.properties !== null &&
    'priceMinor' in node.properties
      ? [node.properties.priceMinor]
      : []
  return [...own, ...Object.values(node).flatMap(priceSchemas)]
}
