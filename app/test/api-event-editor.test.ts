import '../../testing/src/context.ts'
import { EventEditorView } from '@kibitz/events'
import { openOrm } from '@kibitz/infra'
import { Schema } from 'effect'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { insertEvent, type Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { ValidationReport } from '../src/api/EventEditorApi.ts'
import { disposeApiHandler } from '../src/api/handler.server.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { readJson, request } from './support/api.ts'
import { generalInformationBody } from './support/editorBodies.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import { openTestDatabase, type TestDatabase, withSession } from './support/userApi.ts'

// The organiser's event writes of the REST API v1 (create, update, preview data, validate) against a real
// PostgreSQL, with users signed up and in through the API.

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

const generalInformation = generalInformationBody()

const call = (path: string, method: string, token?: string, body?: unknown) =>
  request(path, {
    method,
    headers: {
      ...(token === undefined ? {} : withSession(token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const created = async (token: string, body: unknown = { generalInformation }) => {
  const response = await call('/api/v1/event', 'POST', token, body)
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return readJson(response, EventEditorView)
}

const StateRow = Schema.Array(Schema.Struct({ state: Schema.String, organiser_id: Schema.Int }))
const stored = async (eventId: number) =>
  Schema.decodeUnknownSync(StateRow)(
    await orm.em.fork().execute('select state, organiser_id from event where id = ?', [eventId]),
  )[0]

describe('creating and editing an event through the API', () => {
  it('creates a draft for the organiser, edits it, validates it and publishes it', async () => {
    const owner = await signedInOrganiser()
    const view = await created(owner.token, {
      generalInformation,
      additionalInformation: {
        externalPageUrl: 'https://festival.example.test',
        isYouth: false,
        fbCommentsEnabled: true,
        showNativeName: false,
      },
    })
    expect(view).toMatchObject({
      state: 'draft',
      alias: 'baltic-bridge-festival-2030',
      organiserId: owner.organiserId,
    })
    expect(view.additional.externalPageUrl).toBe('https://festival.example.test')
    expect(await stored(view.id)).toEqual({ state: 'draft', organiser_id: owner.organiserId })

    const preview = await call(`/api/v1/event/${view.id}/event-preview-data`, 'GET', owner.token)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('no-store')
    expect((await readJson(preview, EventEditorView)).general.locations[0]?.name).toBe('Palanga Hall')

    const updated = await call(`/api/v1/event/${view.id}`, 'PUT', owner.token, {
      generalInformation: { ...generalInformation, dateEnd: '2030-07-06', countryCode: null, locations: [] },
    })
    expect(updated.status).toBe(200)
    expect((await readJson(updated, EventEditorView)).general.dateEnd).toBe('2030-07-06')

    const report = await readJson(
      await call('/api/v1/event/validate', 'POST', owner.token, { id: view.id }),
      ValidationReport,
    )
    expect(report.valid).toBe(false)
    expect(report.problems.map((p) => [p.step, p.field])).toEqual(
      expect.arrayContaining([
        ['general-information', 'locations'],
        ['general-information', 'countryCode'],
      ]),
    )
    await expectProblem(await call(`/api/v1/event/${view.id}/publish`, 'PUT', owner.token), 400)

    await call(`/api/v1/event/${view.id}`, 'PUT', owner.token, { generalInformation })
    const fixed = await readJson(
      await call('/api/v1/event/validate', 'POST', owner.token, { id: view.id }),
      ValidationReport,
    )
    expect(fixed).toMatchObject({ valid: true, problems: [] })
    expect((await call(`/api/v1/event/${view.id}/publish`, 'PUT', owner.token)).status).toBe(200)
    expect(await stored(view.id)).toMatchObject({ state: 'accepted' })
  })

  it('names every invalid field by its path and saves nothing', async () => {
    const owner = await signedInOrganiser()
    const problem = await expectProblem(
      await call('/api/v1/event', 'POST', owner.token, {
        generalInformation: {
          ...generalInformation,
          contents: [{ language: 'en', name: '', isMain: true, type: 1 }],
          dateStart: '2030-13-01',
        },
      }),
      400,
    )
    expect(problem.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['name', 'dateStart']))
    const view = await created(owner.token)
    const refused = await expectProblem(
      await call(`/api/v1/event/${view.id}`, 'PUT', owner.token, {
        generalInformation: { ...generalInformation, dateEnd: '2030-06-01' },
        additionalInformation: {
          externalPageUrl: 'not a url',
          isYouth: false,
          fbCommentsEnabled: true,
          showNativeName: false,
        },
      }),
      400,
    )
    expect(refused.errors?.length).toBeGreaterThan(0)
    const again = await readJson(
      await call(`/api/v1/event/${view.id}/event-preview-data`, 'GET', owner.token),
      EventEditorView,
    )
    expect(again.general.dateEnd).toBe('2030-07-05')
  })

  it('refuses players, pending organisers, other organisers and edits of a canceled event', async () => {
    const owner = await signedInOrganiser()
    const view = await created(owner.token)
    const player = await signedIn('player')
    await expectProblem(await call('/api/v1/event', 'POST', player.token, { generalInformation }), 403)
    const pending = await signedInOrganiser(1)
    await expectProblem(await call('/api/v1/event', 'POST', pending.token, { generalInformation }), 403)
    await expectProblem(await call('/api/v1/event', 'POST', undefined, { generalInformation }), 401)
    const other = await signedInOrganiser()
    await expectProblem(
      await call(`/api/v1/event/${view.id}`, 'PUT', other.token, { generalInformation }),
      404,
    )
    await expectProblem(await call(`/api/v1/event/${view.id}/event-preview-data`, 'GET', other.token), 404)
    await expectProblem(await call('/api/v1/event/validate', 'POST', other.token, { id: view.id }), 404)
    expect(await stored(view.id)).toEqual({ state: 'draft', organiser_id: owner.organiserId })

    const canceled = await insertEvent(orm, {
      organiserId: owner.organiserId,
      state: 'canceled',
      dateStart: '2030-05-01',
    })
    const conflict = await expectProblem(
      await call(`/api/v1/event/${canceled}`, 'PUT', owner.token, { generalInformation }),
      409,
    )
    expect(conflict).toMatchObject({ reason: 'notEditable' })
  })

  it('lets the super user create for an accepted organiser and edit any event', async () => {
    const owner = await signedInOrganiser()
    const superUser = await signedInAdmin()
    const view = await created(superUser.token, {
      generalInformation: { ...generalInformation, organiserId: owner.organiserId },
    })
    expect(view.organiserId).toBe(owner.organiserId)
    const own = await created(owner.token)
    const edited = await call(`/api/v1/event/${own.id}`, 'PUT', superUser.token, {
      generalInformation: { ...generalInformation, editionYear: 2031 },
    })
    expect(edited.status).toBe(200)
    const noOrganiser = await expectProblem(
      await call('/api/v1/event', 'POST', superUser.token, { generalInformation }),
      403,
    )
    expect(noOrganiser.detail).toContain('organiser')
  })
})
