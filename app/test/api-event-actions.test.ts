import type { OrganiserId } from '@kibitz/kernel'
import '../../testing/src/context.ts'
import { EventTransition } from '@kibitz/events'
import { openOrm } from '@kibitz/infra'
import { Schema } from 'effect'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { insertEvent, type Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { disposeApiHandler } from '../src/api/handler.server.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { readJson, request } from './support/api.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import { openTestDatabase, type TestDatabase, withSession } from './support/userApi.ts'

// The event state changes of the REST API v1 against a real PostgreSQL: users sign up and in through the
// API, organiser rows and events are written with plain SQL, and each reply is checked with the event's row.

const publicUrl = 'http://localhost'
const adminEmail = 'admin@example.test'

let db: { url: string; drop: () => Promise<void> }
let sql: TestDatabase
let orm: Orm

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  sql = await openTestDatabase(db.url, publicUrl)
  orm = await openOrm(db.url, { poolMax: 1 })
  process.env.DATABASE_URL = db.url
  process.env.PUBLIC_URL = publicUrl
  process.env.ADMIN_EMAIL = adminEmail
})

afterAll(async () => {
  await disposeApiHandler()
  await disposeRuntime()
  await orm?.close(true)
  await sql?.close()
  await db?.drop()
})

// Sign-ups are counted per client address and every test request comes from the same one.
beforeEach(() => sql.execute('delete from auth_attempt'))

// ---------------------------------------------------------------------------------------------------------
// Helpers

const { signedIn, signedInOrganiser, signedInAdmin } = eventActors(() => ({ sql, orm }), adminEmail)

const eventOf = (organiserId: OrganiserId, state: string, extra: { dateEnd?: string } = {}) =>
  insertEvent(orm, {
    organiserId,
    state,
    name: 'Spring Cup',
    dateStart: '2030-05-10',
    countryCode: 'LT',
    locations: [{ name: 'Bridge Club', addressLine: 'Gedimino pr. 1, Vilnius', shortAddressLine: 'Vilnius' }],
    ...extra,
  })

const EventRow = Schema.Array(
  Schema.Struct({ state: Schema.String, state_message: Schema.NullOr(Schema.String) }),
)

/** The event's stored state and message, or undefined once it is gone. */
const stored = async (eventId: number) => {
  const rows = await orm.em.fork().execute('select state, state_message from event where id = ?', [eventId])
  return Schema.decodeUnknownSync(EventRow)(rows)[0]
}

type Action = 'publish' | 'un-publish' | 'postpone' | 'un-publish-after-postpone' | 'cancel' | 'delete'

/** Calls an event action as the holder of `token` (none: no session cookie). */
const act = (eventId: number | string, action: Action, token?: string, body?: unknown) =>
  request(`/api/v1/event/${eventId}/${action}`, {
    method: action === 'delete' ? 'DELETE' : 'PUT',
    headers: {
      ...(token === undefined ? {} : withSession(token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/** Expects a 200 transition reply that no cache may store; returns it. */
const expectTransition = async (response: Response) => {
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return readJson(response, EventTransition)
}

// ---------------------------------------------------------------------------------------------------------
// Tests

describe('event actions of the event organiser', () => {
  it('publishes a draft, postpones it with a message and cancels it', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'draft')

    const published = await expectTransition(
      await act(eventId, 'publish', owner.token, { notifyUsers: true }),
    )
    expect(published).toMatchObject({ eventId, action: 'publish', from: 'draft', to: 'accepted' })
    expect(await stored(eventId)).toEqual({ state: 'accepted', state_message: null })

    const postponed = await expectTransition(
      await act(eventId, 'postpone', owner.token, { message: 'The hall is flooded; new dates soon.' }),
    )
    expect(postponed).toMatchObject({ eventId, action: 'postpone', from: 'accepted', to: 'postponed' })
    expect(await stored(eventId)).toEqual({
      state: 'postponed',
      state_message: 'The hall is flooded; new dates soon.',
    })

    const canceled = await expectTransition(
      await act(eventId, 'cancel', owner.token, { message: 'Canceled for this year.' }),
    )
    expect(canceled).toMatchObject({ eventId, action: 'cancel', from: 'postponed', to: 'canceled' })
    expect(await stored(eventId)).toEqual({ state: 'canceled', state_message: 'Canceled for this year.' })
  })

  it('publishes without a body, unpublishes, and deletes a draft (to is null)', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'draft')

    expect(await expectTransition(await act(eventId, 'publish', owner.token))).toMatchObject({
      to: 'accepted',
    })
    expect(await expectTransition(await act(eventId, 'un-publish', owner.token))).toMatchObject({
      from: 'accepted',
      to: 'draft',
    })
    const deleted = await expectTransition(await act(eventId, 'delete', owner.token))
    expect(deleted).toEqual(new EventTransition({ eventId, action: 'delete', from: 'draft', to: null }))
    expect(await stored(eventId)).toBeUndefined()
  })

  it('takes a postponed event back to draft with a message', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'postponed')
    const reply = await expectTransition(
      await act(eventId, 'un-publish-after-postpone', owner.token, { message: 'Back to planning.' }),
    )
    expect(reply).toMatchObject({ from: 'postponed', to: 'postponedToDraft' })
    expect(await stored(eventId)).toEqual({ state: 'postponedToDraft', state_message: 'Back to planning.' })
  })

  it('answers 409 with the reason and state when the state does not allow the action', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'accepted')
    const response = await act(eventId, 'publish', owner.token)
    const problem = await expectProblem(response, 409)
    expect(problem.detail).toContain('accepted')
    expect(await stored(eventId)).toEqual({ state: 'accepted', state_message: null })
  })

  it('carries reason and state as problem members on 409', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'canceled')
    const response = await act(eventId, 'delete', owner.token)
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      status: 409,
      title: 'Conflict',
      code: 0,
      reason: 'wrongState',
      state: 'canceled',
    })
  })

  it('refuses to publish an incomplete event with 400 naming every problem by step and field', async () => {
    const owner = await signedInOrganiser()
    const eventId = await insertEvent(orm, {
      organiserId: owner.organiserId,
      state: 'draft',
      name: 'Spring Cup',
      dateStart: '2030-05-10',
      dateEnd: '2030-05-01',
    })
    const problem = await expectProblem(await act(eventId, 'publish', owner.token), 400)
    expect(problem.detail).toContain(`Event ${eventId}`)
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: ['general-information', 'dateEnd'],
          field: 'dateEnd',
          rule: 'dateRange',
        }),
        expect.objectContaining({
          path: ['general-information', 'locations'],
          field: 'locations',
          rule: 'required',
        }),
        expect.objectContaining({ field: 'countryCode', rule: 'required' }),
      ]),
    )
    expect(await stored(eventId)).toMatchObject({ state: 'draft' })
  })

  it('requires a message of 1 to 2000 characters to postpone', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'accepted')
    for (const body of [{}, { message: '' }, { message: '   ' }, { message: 'x'.repeat(2001) }]) {
      const problem = await expectProblem(await act(eventId, 'postpone', owner.token, body), 400)
      expect(problem.errors?.map((e) => e.field)).toContain('message')
    }
    expect(await stored(eventId)).toEqual({ state: 'accepted', state_message: null })
  })
})

describe('postponing to new dates (decision 032)', () => {
  const dates = async (eventId: number) =>
    (
      await orm.em
        .fork()
        .execute(
          "select to_char(date_start, 'YYYY-MM-DD') as s, to_char(date_end, 'YYYY-MM-DD') as e, dates_to_be_announced as tba from event where id = ?",
          [eventId],
        )
    )[0]

  it('takes the new dates, which become the event’s; without them they are to be announced', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'accepted')
    await expectTransition(
      await act(eventId, 'postpone', owner.token, {
        message: 'Moved to June.',
        dateStart: '2030-06-05',
        dateEnd: '2030-06-07',
      }),
    )
    expect(await dates(eventId)).toEqual({ s: '2030-06-05', e: '2030-06-07', tba: false })

    const later = await eventOf(owner.organiserId, 'accepted')
    await expectTransition(await act(later, 'postpone', owner.token, { message: 'Later.' }))
    expect(await dates(later)).toEqual({ s: '2030-05-10', e: '2030-05-10', tba: true })
  })

  it('refuses dates in the wrong order or one without the other with 400, changing nothing', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'accepted')
    for (const [body, field] of [
      [{ message: 'x', dateStart: '2030-06-07', dateEnd: '2030-06-05' }, 'dateEnd'],
      [{ message: 'x', dateStart: '2030-06-07' }, 'dateEnd'],
      [{ message: 'x', dateStart: 'soon', dateEnd: '2030-06-05' }, 'dateStart'],
    ] as const) {
      const problem = await expectProblem(await act(eventId, 'postpone', owner.token, body), 400)
      expect(problem.errors?.map((e) => e.field)).toContain(field)
    }
    expect(await stored(eventId)).toEqual({ state: 'accepted', state_message: null })
  })
})

describe('who may act', () => {
  it('answers 404 to another accepted organiser and leaves the event as it was', async () => {
    const owner = await signedInOrganiser()
    const other = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'accepted')
    await expectProblem(await act(eventId, 'cancel', other.token, { message: 'Not yours.' }), 404)
    await expectProblem(await act(eventId, 'un-publish', other.token), 404)
    expect(await stored(eventId)).toEqual({ state: 'accepted', state_message: null })
    // The same answer as for an event that does not exist at all.
    await expectProblem(await act(2147483000, 'publish', other.token), 404)
  })

  it('answers 403 to a player and to a pending organiser before looking at the event', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'draft')
    const player = await signedIn('player')
    const pending = await signedInOrganiser(1)
    expect(pending.user.isOrganizer).toBe(false)
    await expectProblem(await act(eventId, 'publish', player.token), 403)
    await expectProblem(await act(eventId, 'publish', pending.token), 403)
    // Even for an event that does not exist: the refusal says nothing about events.
    await expectProblem(await act(2147483000, 'delete', player.token), 403)
    expect(await stored(eventId)).toMatchObject({ state: 'draft' })
  })

  it('lets the super user act on any organiser’s event', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'draft')
    const { token } = await signedInAdmin()
    expect(await expectTransition(await act(eventId, 'publish', token))).toMatchObject({
      eventId,
      from: 'draft',
      to: 'accepted',
    })
    expect(await stored(eventId)).toMatchObject({ state: 'accepted' })
  })

  it('answers 401 without a session', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'draft')
    await expectProblem(await act(eventId, 'publish'), 401)
    await expectProblem(await act(eventId, 'delete'), 401)
    // An unknown session cookie is a session that ended (2001), as for the user calls.
    await expectProblem(await act(eventId, 'publish', 'not-a-session-token'), 401, 2001)
    expect(await stored(eventId)).toMatchObject({ state: 'draft' })
  })
})

describe('requests and replies', () => {
  it('answers 400 naming the id for an id that is not a positive whole number', async () => {
    const owner = await signedInOrganiser()
    for (const id of ['abc', '0', '-3', '1.5', '99999999999', 'spring-cup']) {
      const problem = await expectProblem(await act(id, 'publish', owner.token), 400)
      expect(problem.errors?.map((e) => e.field)).toContain('id')
    }
  })

  it('leaves the public event pages publicly cached', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'accepted')
    const response = await request(`/api/v1/event/${eventId}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/^public/)
  })

  it('documents every action and its problems in the OpenAPI document', async () => {
    const response = await request('/api/v1/openapi.json')
    expect(response.status).toBe(200)
    const document = await readJson(
      response,
      Schema.Struct({
        paths: Schema.Record(
          Schema.String,
          Schema.Record(
            Schema.String,
            Schema.Struct({ responses: Schema.Record(Schema.String, Schema.Unknown) }),
          ),
        ),
      }),
    )
    const expected: ReadonlyArray<readonly [string, string]> = [
      ['/api/v1/event/{id}/publish', 'put'],
      ['/api/v1/event/{id}/un-publish', 'put'],
      ['/api/v1/event/{id}/postpone', 'put'],
      ['/api/v1/event/{id}/un-publish-after-postpone', 'put'],
      ['/api/v1/event/{id}/cancel', 'put'],
      ['/api/v1/event/{id}/delete', 'delete'],
    ]
    for (const [path, method] of expected) {
      const responses = document.paths[path]?.[method]?.responses
      expect(Object.keys(responses ?? {}).sort(), `${method} ${path}`).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '409', '500']),
      )
    }
  })
})
