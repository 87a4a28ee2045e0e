import '../../testing/src/context.ts'
import { TournamentForEdit } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { insertTournament } from '../../testing/src/domain.ts'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'
import { withSession } from './support/userApi.ts'

// The organiser's tournament writes of the REST API v1 against a real PostgreSQL, who may make them, and the
// OpenAPI document of all the event writes. Users sign up and in through the API; events, tournaments and
// entries are written with plain SQL (the set-up is support/eventWrites.ts).

const {
  world,
  signedInOrganiser,
  signedInAdmin,
  outsiders,
  eventOf,
  pairs,
  eventWithPlayers,
  call,
  upload,
  expectOk,
  mailsOf,
  storedFilesOf,
  fieldsOf,
  tournamentsOf,
  png,
  pdf,
} = useEventWritesWorld()

describe('tournaments of an event', () => {
  it('creates, reads, updates, orders and removes tournaments for the owner', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)

    const created = await readJson(
      expectOk(await call(`/api/v1/event/${eventId}/tournaments`, 'POST', owner.token, pairs())),
      TournamentForEdit,
    )
    expect(created.input).toMatchObject({ name: 'Open Pairs', registrationStart: '2030-04-01T09:00' })
    expect(created.hasEntries).toBe(false)
    const ticketId = created.input.tickets[0]?.ticketId
    expect(ticketId).toEqual(expect.any(Number))

    const editData = await readJson(
      expectOk(
        await call(
          `/api/v1/event/${eventId}/tournaments/${created.tournamentId}/edit-data`,
          'GET',
          owner.token,
        ),
      ),
      TournamentForEdit,
    )
    expect(editData).toEqual(created)

    const updated = await readJson(
      expectOk(
        await call(
          `/api/v1/event/${eventId}/tournaments/${created.tournamentId}`,
          'PUT',
          owner.token,
          pairs({ name: 'Open Pairs A', tickets: editData.input.tickets }),
        ),
      ),
      TournamentForEdit,
    )
    expect(updated).toMatchObject({ tournamentId: created.tournamentId, alias: created.alias })
    expect(updated.input.name).toBe('Open Pairs A')
    expect(updated.input.tickets[0]?.ticketId).toBe(ticketId)

    const teams = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({ name: 'Teams', type: 2, pointsScoreType: 'IMP' }),
      ),
      TournamentForEdit,
    )
    expect((await tournamentsOf(eventId)).map((t) => t.name)).toEqual(['Open Pairs A', 'Teams'])
    const ordered = expectOk(
      await call(`/api/v1/event/${eventId}/set-tournaments-ordering`, 'POST', owner.token, {
        tournamentIds: [teams.tournamentId, created.tournamentId],
      }),
      204,
    )
    expect(await ordered.text()).toBe('')
    expect((await tournamentsOf(eventId)).map((t) => t.name)).toEqual(['Teams', 'Open Pairs A'])

    expectOk(
      await call(`/api/v1/event/${eventId}/tournaments/${teams.tournamentId}`, 'DELETE', owner.token),
      204,
    )
    expect((await tournamentsOf(eventId)).map((t) => t.id)).toEqual([created.tournamentId])
  })

  it('lets the super user write any organiser’s tournaments', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const { token } = await signedInAdmin()
    const created = await readJson(
      expectOk(await call(`/api/v1/event/${eventId}/tournaments`, 'POST', token, pairs())),
      TournamentForEdit,
    )
    const second = await readJson(
      expectOk(await call(`/api/v1/event/${eventId}/tournaments`, 'POST', token, pairs({ name: 'Mixed' }))),
      TournamentForEdit,
    )
    expectOk(
      await call(`/api/v1/event/${eventId}/tournaments/${created.tournamentId}/edit-data`, 'GET', token),
    )
    expectOk(
      await call(
        `/api/v1/event/${eventId}/tournaments/${created.tournamentId}`,
        'PUT',
        token,
        pairs({ name: 'Open Pairs B', tickets: created.input.tickets }),
      ),
    )
    expectOk(
      await call(`/api/v1/event/${eventId}/set-tournaments-ordering`, 'POST', token, {
        tournamentIds: [second.tournamentId, created.tournamentId],
      }),
      204,
    )
    expectOk(await call(`/api/v1/event/${eventId}/tournaments/${second.tournamentId}`, 'DELETE', token), 204)
    expect(await tournamentsOf(eventId)).toEqual([{ id: created.tournamentId, name: 'Open Pairs B' }])
  })

  it('names every invalid field by its dotted path and rule, and saves nothing', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const juniors = {
      name: 'Juniors',
      ageFrom: 30,
      ageTo: 20,
      priceMinor: 100,
      discountPercent: 0,
      isEarlyBird: false,
      enabled: true,
    }
    const response = await call(
      `/api/v1/event/${eventId}/tournaments`,
      'POST',
      owner.token,
      pairs({
        name: '',
        startTime: '25:00',
        tickets: [
          {
            type: 1,
            priceMinor: -5,
            quantity: 60,
            isForSale: true,
            isPricePerTeam: false,
            ageCategories: [juniors],
          },
        ],
      }),
    )
    const problem = await expectProblem(response, 400)
    const errors = problem.errors ?? []
    expect(errors.map((e) => e.field).sort()).toEqual([
      'name',
      'startTime',
      'tickets.0.ageCategories.0.ageTo',
      'tickets.0.priceMinor',
    ])
    expect(errors.find((e) => e.field === 'tickets.0.priceMinor')).toMatchObject({
      path: ['payload', 'tickets', 0, 'priceMinor'],
      rule: 'outOfRange',
    })
    expect(errors.find((e) => e.field === 'startTime')).toMatchObject({ rule: 'invalidTime' })
    // Dates out of order are checked once every field is valid.
    const reversed = await expectProblem(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({ endDate: '2030-05-01' }),
      ),
      400,
    )
    expect(reversed.errors).toEqual([
      expect.objectContaining({ path: ['payload', 'endDate'], field: 'endDate', rule: 'dateRange' }),
    ])
    expect(await tournamentsOf(eventId)).toEqual([])

    // Not JSON at all, and an update that sells fewer tickets than a made-up id allows.
    expect(
      await fieldsOf(
        await request(`/api/v1/event/${eventId}/tournaments`, {
          method: 'POST',
          headers: { ...withSession(owner.token), 'content-type': 'application/json' },
          body: '{"name": ',
        }),
      ),
    ).toEqual(['payload'])
    const created = await readJson(
      await call(`/api/v1/event/${eventId}/tournaments`, 'POST', owner.token, pairs()),
      TournamentForEdit,
    )
    const unknownTicket = await fieldsOf(
      await call(
        `/api/v1/event/${eventId}/tournaments/${created.tournamentId}`,
        'PUT',
        owner.token,
        pairs({
          tickets: [
            {
              ticketId: 999_999,
              type: 1,
              priceMinor: 4000,
              quantity: 60,
              isForSale: true,
              isPricePerTeam: false,
              ageCategories: [],
            },
          ],
        }),
      ),
    )
    expect(unknownTicket).toEqual(['tickets.0.ticketId'])

    // The order names each tournament once; ids are positive whole numbers.
    expect(
      await fieldsOf(
        await call(`/api/v1/event/${eventId}/set-tournaments-ordering`, 'POST', owner.token, {
          tournamentIds: [],
        }),
      ),
    ).toEqual(['tournamentIds'])
    expect(
      await fieldsOf(
        await call(`/api/v1/event/${eventId}/set-tournaments-ordering`, 'POST', owner.token, {
          tournamentIds: ['first'],
        }),
      ),
    ).toContain('tournamentIds')
    for (const id of ['abc', '0', '1.5']) {
      expect(
        await fieldsOf(
          await call(`/api/v1/event/${eventId}/tournaments/${id}/edit-data`, 'GET', owner.token),
        ),
      ).toContain('tournamentId')
    }
  })

  it('answers 409 for a tournament players entered and for any tournament of a canceled event', async () => {
    const owner = await signedInOrganiser()
    const { eventId, tournamentId } = await eventWithPlayers(owner.organiserId)
    const entered = await expectProblem(
      await call(`/api/v1/event/${eventId}/tournaments/${tournamentId}`, 'DELETE', owner.token),
      409,
    )
    expect(entered).toMatchObject({ reason: 'hasEntries' })
    expect(await tournamentsOf(eventId)).toHaveLength(1)

    const canceled = await eventOf(owner.organiserId, 'canceled')
    const refused = await expectProblem(
      await call(`/api/v1/event/${canceled}/tournaments`, 'POST', owner.token, pairs()),
      409,
    )
    expect(refused).toMatchObject({ reason: 'notEditable' })
    expect(
      await expectProblem(
        await call(`/api/v1/event/${canceled}/set-tournaments-ordering`, 'POST', owner.token, {
          tournamentIds: [],
        }),
        409,
      ),
    ).toMatchObject({ reason: 'notEditable' })
  })
})

describe('who may write', () => {
  it('answers 403 to players and pending organisers and 404 to another organiser, on every call', async () => {
    const owner = await signedInOrganiser()
    const { eventId, tournamentId } = await eventWithPlayers(owner.organiserId)
    const other = await signedInOrganiser()
    const picture = await png(400)
    const calls = (token: string): ReadonlyArray<() => Promise<Response>> => [
      () => call(`/api/v1/event/${eventId}/tournaments`, 'POST', token, pairs()),
      () => call(`/api/v1/event/${eventId}/tournaments/${tournamentId}/edit-data`, 'GET', token),
      () => call(`/api/v1/event/${eventId}/tournaments/${tournamentId}`, 'PUT', token, pairs()),
      () => call(`/api/v1/event/${eventId}/tournaments/${tournamentId}`, 'DELETE', token),
      () =>
        call(`/api/v1/event/${eventId}/set-tournaments-ordering`, 'POST', token, {
          tournamentIds: [tournamentId],
        }),
      () => upload('/api/v1/event/upload-image', token, { eventId: String(eventId), file: picture }),
      () => call(`/api/v1/event/${eventId}/image`, 'DELETE', token),
      () =>
        upload('/api/v1/event/upload-pdf', token, {
          eventId: String(eventId),
          kind: 'documents',
          file: pdf(),
        }),
      () => call(`/api/v1/event/${eventId}/notify-event-users`, 'PUT', token, { message: 'Hello' }),
      () => call(`/api/v1/event/${eventId}/publish`, 'PUT', token, { notifyUsers: false }),
      () => call('/api/v1/event/program', 'POST', token, { eventId, tournamentId, programs: [] }),
    ]
    for (const outsider of await outsiders()) {
      for (const send of calls(outsider.token)) await expectProblem(await send(), 403)
    }
    for (const send of calls(other.token)) await expectProblem(await send(), 404)
    // Nothing changed: the tournament is there as it was, no picture, no file, no e-mail.
    expect(await tournamentsOf(eventId)).toEqual([{ id: tournamentId, name: 'Open Pairs' }])
    expect(await mailsOf(eventId, 'events.message')).toEqual([])
    expect(await storedFilesOf(eventId)).toEqual([])
  })

  it('answers 404 for a tournament of another event, through the organiser’s own event', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const elsewhere = await eventOf(owner.organiserId)
    const foreign = await insertTournament(world.orm, { eventId: elsewhere, startDate: '2030-05-10' })
    const missing = await expectProblem(
      await call(`/api/v1/event/${eventId}/tournaments/${foreign.id}/edit-data`, 'GET', owner.token),
      404,
    )
    expect(missing.detail).toContain(`tournament ${foreign.id}`)
    await expectProblem(
      await call(`/api/v1/event/${eventId}/tournaments/${foreign.id}`, 'DELETE', owner.token),
      404,
    )
    await expectProblem(
      await upload('/api/v1/event/upload-pdf', owner.token, {
        eventId: String(eventId),
        tournamentId: String(foreign.id),
        kind: 'results',
        file: pdf(),
      }),
      404,
    )
    expect(await tournamentsOf(elsewhere)).toHaveLength(1)
  })

  it('answers 401 without a session', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    await expectProblem(await call(`/api/v1/event/${eventId}/tournaments`, 'POST', undefined, pairs()), 401)
    await expectProblem(
      await request('/api/v1/event/upload-pdf', { method: 'POST', body: new FormData() }),
      401,
    )
  })
})

describe('the OpenAPI document', () => {
  it('documents every new call with its problems, uploads as multipart', async () => {
    const Operation = Schema.Struct({
      responses: Schema.Record(Schema.String, Schema.Unknown),
      description: Schema.optionalKey(Schema.String),
      requestBody: Schema.optionalKey(
        Schema.Struct({ content: Schema.Record(Schema.String, Schema.Unknown) }),
      ),
    })
    const document = await readJson(
      await request('/api/v1/openapi.json'),
      Schema.Struct({ paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Operation)) }),
    )
    const expected: ReadonlyArray<readonly [string, string, string]> = [
      ['/api/v1/event/{id}/notify-event-users', 'put', '200'],
      ['/api/v1/event/{id}/tournaments', 'post', '200'],
      ['/api/v1/event/{id}/tournaments/{tournamentId}', 'put', '200'],
      ['/api/v1/event/{id}/tournaments/{tournamentId}', 'delete', '204'],
      ['/api/v1/event/{id}/tournaments/{tournamentId}/edit-data', 'get', '200'],
      ['/api/v1/event/{id}/set-tournaments-ordering', 'post', '204'],
      ['/api/v1/event/upload-image', 'post', '200'],
      ['/api/v1/event/{id}/image', 'delete', '200'],
      ['/api/v1/event/upload-pdf', 'post', '200'],
      ['/api/v1/event/program', 'post', '200'],
    ]
    for (const [url, method, success] of expected) {
      const operation = document.paths[url]?.[method]
      expect(operation?.description, `${method} ${url}`).toEqual(expect.any(String))
      expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${url}`).toEqual(
        expect.arrayContaining([success, '400', '401', '403', '404', '409', '500']),
      )
    }
    for (const url of ['/api/v1/event/upload-image', '/api/v1/event/upload-pdf']) {
      const operation = document.paths[url]?.post
      expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['multipart/form-data'])
      expect(Object.keys(operation?.responses ?? {})).toContain('413')
    }
    expect(document.paths['/api/v1/event/{id}/publish']?.put?.description).toContain(
      'unless `notifyUsers` is false',
    )
  })
})
