import '../../testing/src/context.ts'
import { EntryPage, EntryView, MarkPaidResult, PlayerList } from '@kibitz/registration'
import { Tournament } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { insertTournament } from '../../testing/src/domain.ts'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useRegistrationApi } from './support/registrationApi.ts'
import { openRegistration } from './support/registrationFixtures.ts'
import { withSession } from './support/userApi.ts'

// The organiser's registration calls of the REST API v1 (list, CSV, mark paid, cancel and move) and the public
// reads that reflect registrations, against a real PostgreSQL (set-up: support/registrationApi.ts).

const { world, signedIn, signedInOrganiser, registered, registrationMails, entryRow, soldOf } =
  useRegistrationApi()

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
    const t = await openRegistration(world.orm, { organiserId: owner.organiserId })
    const first = await registered(t, 140)
    const second = await registered(t, 141)
    const other = await insertTournament(world.orm, {
      eventId: t.eventId,
      alias: `other-${t.tournamentId}`,
      name: 'Other Individual',
      type: 3,
      startDate: '2030-05-11',
      hasRegistration: true,
      isRegistrationEnabled: true,
      tickets: [{ priceMinor: 4000, quantity: 10 }],
    })
    const full = await insertTournament(world.orm, {
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

describe('public reads reflect registrations', () => {
  it('the player list shows an entry once it is confirmed; counts and places follow', async () => {
    const owner = await signedInOrganiser()
    const t = await openRegistration(world.orm, { organiserId: owner.organiserId })
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
    const t = await openRegistration(world.orm)
    await registered(t, 151)
    const response = await request(`/api/v1/tournament/ical/generate?ids[]=${t.tournamentId}`)
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(body).toContain(`UID:tournament-${t.tournamentId}@`)
    expect(body).toContain(`Open `)
  })
})
