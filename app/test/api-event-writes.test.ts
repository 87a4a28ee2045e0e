import '../../testing/src/context.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { EventEditorView, EventTransition, TournamentForEdit } from '@kibitz/events'
import { EventDocument } from '@kibitz/files'
import { openOrm } from '@kibitz/infra'
import { Schema } from 'effect'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { insertEntry, insertEvent, insertTournament, type Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { disposeApiHandler } from '../src/api/handler.server.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { readJson, request } from './support/api.ts'
import { tournamentBody } from './support/editorBodies.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import { openTestDatabase, type TestDatabase, withSession } from './support/userApi.ts'

// The organiser's remaining event writes of the REST API v1 against a real PostgreSQL and the local file
// store: tournaments, their order, the event picture, PDF documents, notify-event-users and a quiet republish.
// Users sign up and in through the API; events, tournaments and entries are written with plain SQL.

const publicUrl = 'http://localhost'
const adminEmail = 'admin@example.test'

let db: { url: string; drop: () => Promise<void> }
let sql: TestDatabase
let orm: Orm
let dataDir: string

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  sql = await openTestDatabase(db.url, publicUrl)
  orm = await openOrm(db.url, { poolMax: 1 })
  dataDir = mkdtempSync(path.join(tmpdir(), 'kibitz-api-event-writes-'))
  process.env.DATABASE_URL = db.url
  process.env.PUBLIC_URL = publicUrl
  process.env.ADMIN_EMAIL = adminEmail
  process.env.STORAGE = 'local'
  process.env.DATA_DIR = dataDir
})

afterAll(async () => {
  await disposeApiHandler()
  await disposeRuntime()
  await orm?.close(true)
  await sql?.close()
  await db?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

// Sign-ups are counted per client address and every test request comes from the same one.
beforeEach(() => sql.execute('delete from auth_attempt'))

// ---------------------------------------------------------------------------------------------------------
// Who asks

const { signedIn, signedInOrganiser, signedInAdmin } = eventActors(() => ({ sql, orm }), adminEmail)

/** Someone who may not edit events at all: a player, or an organiser not yet accepted. */
const outsiders = async () => [await signedIn('player'), await signedInOrganiser(1)]

// ---------------------------------------------------------------------------------------------------------
// What there is

const eventOf = (organiserId: number, state = 'draft') =>
  insertEvent(orm, {
    organiserId,
    state,
    name: 'Spring Cup',
    dateStart: '2030-05-10',
    dateEnd: '2030-05-12',
    countryCode: 'LT',
    timeZone: 'Europe/Vilnius',
    locations: [{ name: 'Bridge Club', addressLine: 'Gedimino pr. 1, Vilnius', shortAddressLine: 'Vilnius' }],
  })

/** A tournament input as the edit screen sends it. */
const pairs = tournamentBody

const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))

/** An accepted event with two players registered: Jan by a contestant address, Ona through her account. */
const eventWithPlayers = async (organiserId: number, state = 'accepted') => {
  const eventId = await eventOf(organiserId, state)
  const tournament = await insertTournament(orm, {
    eventId,
    startDate: '2030-05-10',
    tickets: [{ priceMinor: 4000, quantity: 20 }],
  })
  const [onaRow] = Schema.decodeUnknownSync(IdRows)(
    await orm.em
      .fork()
      .execute("insert into app_user (email, language, created_at) values (?, 'lt', now()) returning id", [
        `ona-${eventId}@example.test`,
      ]),
  )
  const onaId = onaRow?.id ?? null
  await insertEntry(orm, {
    tournamentId: tournament.id,
    userId: onaId,
    contestants: [
      { firstName: 'Ona', lastName: 'Ona', email: null },
      { firstName: 'Jan', lastName: 'Nowak', email: `jan-${eventId}@example.test` },
    ],
  })
  return { eventId, tournamentId: tournament.id }
}

// ---------------------------------------------------------------------------------------------------------
// Calls and replies

const call = (url: string, method: string, token?: string, body?: unknown) =>
  request(url, {
    method,
    headers: {
      ...(token === undefined ? {} : withSession(token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const upload = (url: string, token: string, fields: Record<string, string | Blob>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, value, name === 'file' ? 'upload.bin' : name)
  }
  return request(url, { method: 'POST', headers: withSession(token), body: form })
}

/** Expects a 2xx reply that no cache may store; returns it. */
const expectOk = (response: Response, status = 200) => {
  expect(response.status).toBe(status)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return response
}

/** The e-mails of `kind` queued for the players of `eventWithPlayers(…)` with this id. */
const mailsOf = async (eventId: number, kind: string) =>
  (await sql.mails()).filter((m) => m.kind === kind && m.recipient.endsWith(`-${eventId}@example.test`))

/** The files stored in the event's folders. */
const storedFilesOf = async (eventId: number) =>
  Schema.decodeUnknownSync(
    Schema.Array(Schema.Struct({ owner_organiser_id: Schema.Int, folder: Schema.String })),
  )(
    await orm.em
      .fork()
      .execute('select owner_organiser_id, folder from stored_file where folder like ? order by id', [
        `event/event-${eventId}/%`,
      ]),
  )

/** The dotted fields a 400 problem names. */
const fieldsOf = async (response: Response) =>
  ((await expectProblem(response, 400)).errors ?? []).map((e) => e.field)

const tournamentsOf = async (eventId: number) =>
  Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int, name: Schema.String })))(
    await orm.em
      .fork()
      .execute('select id, name from tournament where event_id = ? order by order_number, id', [eventId]),
  )

const png = async (width: number, height = width / 2) =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer(),
    ),
  ])

const pdf = () => new Blob([new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')])

const widthOfStored = async (publicPath: string | null) =>
  (await sharp(path.join(dataDir, 'files', (publicPath ?? '').slice('/files/'.length))).metadata()).width

// ---------------------------------------------------------------------------------------------------------
// Tests

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

describe('POST /api/v1/event/program', () => {
  const firstDay = { date: '2030-05-10', tours: [{ time: '10:00', name: 'Round 1' }] }

  /** The stored program of a tournament, day by day, each tour as `time name`. */
  const storedProgramOf = async (tournamentId: number) =>
    Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ date: Schema.String, tours: Schema.Unknown })))(
      await orm.em
        .fork()
        .execute(
          'select date::text as date, tours from tournament_program_day where tournament_id = ? order by date',
          [tournamentId],
        ),
    )

  it('replaces the program of the owner’s tournament and nothing else', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({
          endDate: '2030-05-11',
          programs: [firstDay],
          stages: [{ name: 'Final A', type: 4 }],
          prizes: [{ placeNumber: 1, type: 1, prizeAmountMinor: 10000 }],
        }),
      ),
      TournamentForEdit,
    )
    const programs = [
      {
        date: '2030-05-10',
        tours: [
          { time: '09:30', name: 'Check-in' },
          { time: '10:00', name: 'Session 1' },
        ],
      },
      { date: '2030-05-11', tours: [{ time: '11:00', name: 'Final' }] },
    ]
    const saved = await readJson(
      expectOk(
        await call('/api/v1/event/program', 'POST', owner.token, {
          eventId,
          tournamentId: created.tournamentId,
          programs,
        }),
      ),
      TournamentForEdit,
    )
    expect(saved.input.programs).toEqual(programs)
    expect({ ...saved, input: { ...saved.input, programs: [] } }).toEqual({
      ...created,
      input: { ...created.input, programs: [] },
    })
    expect(
      await readJson(
        await call(
          `/api/v1/event/${eventId}/tournaments/${created.tournamentId}/edit-data`,
          'GET',
          owner.token,
        ),
        TournamentForEdit,
      ),
    ).toEqual(saved)

    const cleared = await readJson(
      expectOk(
        await call('/api/v1/event/program', 'POST', owner.token, {
          eventId,
          tournamentId: created.tournamentId,
          programs: [],
        }),
      ),
      TournamentForEdit,
    )
    expect(cleared.input.programs).toEqual([])
    expect(await storedProgramOf(created.tournamentId)).toEqual([])
  })

  it('lets the super user set any organiser’s program', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(`/api/v1/event/${eventId}/tournaments`, 'POST', owner.token, pairs()),
      TournamentForEdit,
    )
    const { token } = await signedInAdmin()
    const saved = await readJson(
      expectOk(
        await call('/api/v1/event/program', 'POST', token, {
          eventId,
          tournamentId: created.tournamentId,
          programs: [firstDay],
        }),
      ),
      TournamentForEdit,
    )
    expect(saved.input.programs).toEqual([firstDay])
    expect(await storedProgramOf(created.tournamentId)).toHaveLength(1)
  })

  it('names every invalid field by its dotted path and rule, and keeps the program it had', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({ programs: [firstDay] }),
      ),
      TournamentForEdit,
    )
    const problem = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, {
        eventId,
        tournamentId: created.tournamentId,
        programs: [
          {
            date: '2030-05-10',
            tours: [
              { time: '10:00', name: 'Round 1' },
              { time: '25:00', name: 'Round 2' },
            ],
          },
          { date: '2030-05-10', tours: [{ time: '12:00', name: '' }] },
          { date: '2030-02-30', tours: [] },
        ],
      }),
      400,
    )
    const errors = problem.errors ?? []
    expect(errors).toContainEqual(
      expect.objectContaining({
        path: ['payload', 'programs', 0, 'tours', 1, 'time'],
        field: 'programs.0.tours.1.time',
        rule: 'invalidTime',
      }),
    )
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'programs.1.tours.0.name', rule: 'required' }),
    )
    expect(errors).toContainEqual(expect.objectContaining({ field: 'programs.2.date', rule: 'invalidDate' }))
    // A day twice is checked once every day is valid on its own.
    const twice = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, {
        eventId,
        tournamentId: created.tournamentId,
        programs: [firstDay, firstDay],
      }),
      400,
    )
    expect(twice.errors).toEqual([expect.objectContaining({ field: 'programs.1.date', rule: 'duplicate' })])

    expect(
      await fieldsOf(
        await call('/api/v1/event/program', 'POST', owner.token, { eventId: 'x', tournamentId: 0 }),
      ),
    ).toEqual(expect.arrayContaining(['eventId', 'tournamentId', 'programs']))
    expect(
      await fieldsOf(
        await request('/api/v1/event/program', {
          method: 'POST',
          headers: { ...withSession(owner.token), 'content-type': 'application/json' },
          body: '{"eventId":',
        }),
      ),
    ).toEqual(['payload'])
    expect(await storedProgramOf(created.tournamentId)).toEqual([
      { date: '2030-05-10', tours: [{ time: '10:00', name: 'Round 1' }] },
    ])
  })

  it('answers 404 for another organiser’s event and a tournament of another event, 409 when not editable', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({ programs: [firstDay] }),
      ),
      TournamentForEdit,
    )
    const other = await signedInOrganiser()
    const body = { eventId, tournamentId: created.tournamentId, programs: [] }
    await expectProblem(await call('/api/v1/event/program', 'POST', other.token, body), 404)
    const player = await signedIn('player')
    await expectProblem(await call('/api/v1/event/program', 'POST', player.token, body), 403)
    await expectProblem(await call('/api/v1/event/program', 'POST', undefined, body), 401)

    const elsewhere = await eventOf(owner.organiserId)
    const foreign = await insertTournament(orm, { eventId: elsewhere, startDate: '2030-05-10' })
    const missing = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, { ...body, tournamentId: foreign.id }),
      404,
    )
    expect(missing.detail).toContain(`tournament ${foreign.id}`)

    const canceled = await eventOf(owner.organiserId, 'canceled')
    const stopped = await insertTournament(orm, { eventId: canceled, startDate: '2030-05-10' })
    expect(
      await expectProblem(
        await call('/api/v1/event/program', 'POST', owner.token, {
          eventId: canceled,
          tournamentId: stopped.id,
          programs: [firstDay],
        }),
        409,
      ),
    ).toMatchObject({ reason: 'notEditable' })
    expect(await storedProgramOf(created.tournamentId)).toHaveLength(1)
    expect(await storedProgramOf(stopped.id)).toEqual([])
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
    const foreign = await insertTournament(orm, { eventId: elsewhere, startDate: '2030-05-10' })
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

describe('the event picture', () => {
  it('stores the picture with the thumbnail width asked for, replaces it and removes it', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const first = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-image/', owner.token, {
          eventId: String(eventId),
          file: await png(1200),
          alt: 'The playing hall',
          thumbWidth: '300',
        }),
      ),
      EventEditorView,
    )
    expect(first.imageUrl).toMatch(new RegExp(`^/files/event/event-${eventId}/gallery/.+\\.webp$`))
    expect(first.imageAlt).toBe('The playing hall')
    expect(await widthOfStored(first.thumbUrl)).toBe(300)

    // Without thumbWidth the thumbnail is 500 px wide; a picture over the 1 MB JSON limit is taken.
    const noise = new Uint8Array(900 * 900 * 3).map(() => Math.floor(Math.random() * 256))
    const large = new Uint8Array(
      await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    )
    expect(large.byteLength).toBeGreaterThan(1024 * 1024)
    const second = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-image', owner.token, {
          eventId: String(eventId),
          file: new Blob([large]),
        }),
      ),
      EventEditorView,
    )
    expect(second.imageUrl).not.toBe(first.imageUrl)
    expect(second.imageAlt).toBeNull()
    expect(await widthOfStored(second.thumbUrl)).toBe(500)

    const removed = await readJson(
      expectOk(await call(`/api/v1/event/${eventId}/image`, 'DELETE', owner.token)),
      EventEditorView,
    )
    expect(removed).toMatchObject({ imageUrl: null, thumbUrl: null, imageAlt: null })
  })

  it('lets the super user set and remove any organiser’s picture', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const { token } = await signedInAdmin()
    const view = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-image', token, { eventId: String(eventId), file: await png(600) }),
      ),
      EventEditorView,
    )
    expect(view.organiserId).toBe(owner.organiserId)
    expect(view.thumbUrl).not.toBeNull()
    expectOk(await call(`/api/v1/event/${eventId}/image`, 'DELETE', token))
  })

  it('names each bad field: not a picture, a missing event or file, a bad thumbnail width or alt text', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const notPicture = await expectProblem(
      await upload('/api/v1/event/upload-image', owner.token, { eventId: String(eventId), file: pdf() }),
      400,
    )
    expect(notPicture.errors).toEqual([
      expect.objectContaining({ path: ['payload', 'file'], field: 'file', rule: 'notAnImage' }),
    ])
    expect((await fieldsOf(await upload('/api/v1/event/upload-image', owner.token, {}))).sort()).toEqual([
      'eventId',
      'file',
    ])
    const picture = await png(200)
    for (const thumbWidth of ['abc', '10', '5000']) {
      expect(
        await fieldsOf(
          await upload('/api/v1/event/upload-image', owner.token, {
            eventId: String(eventId),
            file: picture,
            thumbWidth,
          }),
        ),
      ).toEqual(['thumbWidth'])
    }
    expect(
      await fieldsOf(
        await upload('/api/v1/event/upload-image', owner.token, {
          eventId: String(eventId),
          file: picture,
          alt: 'x'.repeat(251),
        }),
      ),
    ).toEqual(['alt'])
    expect(
      await fieldsOf(
        await upload('/api/v1/event/upload-image', owner.token, { eventId: 'spring-cup', file: picture }),
      ),
    ).toEqual(['eventId'])
    // Not a multipart form: the media type is refused.
    await expectProblem(
      await call('/api/v1/event/upload-image', 'POST', owner.token, { eventId, file: 'x' }),
      415,
    )
    const [row] = Schema.decodeUnknownSync(
      Schema.Array(Schema.Struct({ image_url: Schema.NullOr(Schema.String) })),
    )(await orm.em.fork().execute('select image_url from event where id = ?', [eventId]))
    expect(row?.image_url).toBeNull()
  })

  it('refuses a body over the upload limit with 413, and a postponed event’s picture with 409', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    // Sent as bytes, as a client's body arrives (a FormData body would go on streaming after the refusal).
    const form = new FormData()
    form.append('eventId', String(eventId))
    form.append('file', new Blob([new Uint8Array(10 * 1024 * 1024 + 100 * 1024)]), 'huge.png')
    const encoded = new Response(form)
    const tooLarge = await request('/api/v1/event/upload-image', {
      method: 'POST',
      headers: withSession(owner.token, { 'content-type': encoded.headers.get('content-type') ?? '' }),
      body: new Uint8Array(await encoded.arrayBuffer()),
    })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.headers.get('cache-control')).toBe('no-store')
    const postponed = await eventOf(owner.organiserId, 'postponed')
    expect(
      await expectProblem(
        await upload('/api/v1/event/upload-image', owner.token, {
          eventId: String(postponed),
          file: await png(200),
        }),
        409,
      ),
    ).toMatchObject({ reason: 'notEditable' })
  })
})

describe('PDF documents', () => {
  it('stores the event’s documents, a tournament’s documents and its results', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const tournament = await insertTournament(orm, { eventId, startDate: '2030-05-10' })
    const rules = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-pdf/', owner.token, {
          eventId: String(eventId),
          kind: 'documents',
          file: pdf(),
        }),
      ),
      EventDocument,
    )
    expect(rules.url).toMatch(new RegExp(`^/files/event/event-${eventId}/documents/.+\\.pdf$`))
    const conditions = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-pdf', owner.token, {
          eventId: String(eventId),
          tournamentId: String(tournament.id),
          kind: 'documents',
          file: pdf(),
        }),
      ),
      EventDocument,
    )
    expect(conditions.url).toContain(
      `/event/event-${eventId}/tournaments/tournament-${tournament.id}/documents/`,
    )
    const { token } = await signedInAdmin()
    const results = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-pdf', token, {
          eventId: String(eventId),
          tournamentId: String(tournament.id),
          kind: 'results',
          file: pdf(),
        }),
      ),
      EventDocument,
    )
    expect(results.url).toContain(`/event/event-${eventId}/results/tournament-${tournament.id}/`)
    expect(await storedFilesOf(eventId)).toEqual([
      { owner_organiser_id: owner.organiserId, folder: `event/event-${eventId}/documents` },
      {
        owner_organiser_id: owner.organiserId,
        folder: `event/event-${eventId}/tournaments/tournament-${tournament.id}/documents`,
      },
      {
        owner_organiser_id: owner.organiserId,
        folder: `event/event-${eventId}/results/tournament-${tournament.id}`,
      },
    ])
  })

  it('names each bad field: not a PDF, an unknown kind, results without a tournament', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const notPdf = await expectProblem(
      await upload('/api/v1/event/upload-pdf', owner.token, {
        eventId: String(eventId),
        kind: 'documents',
        file: await png(100),
      }),
      400,
    )
    expect(notPdf.errors).toEqual([expect.objectContaining({ field: 'file', rule: 'notAPdf' })])
    expect(
      await fieldsOf(
        await upload('/api/v1/event/upload-pdf', owner.token, {
          eventId: String(eventId),
          kind: 'gallery',
          tournamentId: 'x',
          file: pdf(),
        }),
      ),
    ).toEqual(expect.arrayContaining(['kind', 'tournamentId']))
    expect(
      await fieldsOf(
        await upload('/api/v1/event/upload-pdf', owner.token, {
          eventId: String(eventId),
          kind: 'results',
          file: pdf(),
        }),
      ),
    ).toEqual(['tournamentId'])
    expect(await storedFilesOf(eventId)).toEqual([])
  })
})

describe('notify-event-users', () => {
  const notify = (eventId: number, token: string, body: unknown) =>
    call(`/api/v1/event/${eventId}/notify-event-users`, 'PUT', token, body)

  it('queues one e-mail per registered address with the organiser’s message', async () => {
    const owner = await signedInOrganiser()
    const { eventId } = await eventWithPlayers(owner.organiserId)
    const reply = await readJson(
      expectOk(
        await notify(eventId, owner.token, { message: 'Parking is free on Saturday.', notifyUsers: true }),
      ),
      EventTransition,
    )
    expect(reply).toEqual(
      new EventTransition({
        eventId,
        action: 'notifyEventUsers',
        from: 'accepted',
        to: 'accepted',
        notified: 2,
      }),
    )
    const mails = await mailsOf(eventId, 'events.message')
    expect(mails.map((m) => [m.recipient, m.language]).sort()).toEqual([
      [`jan-${eventId}@example.test`, 'en'],
      [`ona-${eventId}@example.test`, 'lt'],
    ])
    for (const mail of mails) expect(mail.text_body).toContain('Parking is free on Saturday.')

    const { token } = await signedInAdmin()
    expect(
      (await readJson(expectOk(await notify(eventId, token, { message: 'See you soon.' })), EventTransition))
        .notified,
    ).toBe(2)
    expect(await mailsOf(eventId, 'events.message')).toHaveLength(4)
  })

  it('refuses a draft with 409, a bad message and notifyUsers false with 400, sending nothing', async () => {
    const owner = await signedInOrganiser()
    const draft = await eventWithPlayers(owner.organiserId, 'draft')
    expect(
      await expectProblem(await notify(draft.eventId, owner.token, { message: 'Hello' }), 409),
    ).toMatchObject({ reason: 'wrongState', state: 'draft' })
    const { eventId } = await eventWithPlayers(owner.organiserId)
    for (const body of [{}, { message: '' }, { message: '  ' }, { message: 'x'.repeat(2001) }]) {
      expect(await fieldsOf(await notify(eventId, owner.token, body))).toContain('message')
    }
    const quiet = await expectProblem(
      await notify(eventId, owner.token, { message: 'Hi', notifyUsers: false }),
      400,
    )
    expect(quiet.errors).toEqual([
      expect.objectContaining({ path: ['payload', 'notifyUsers'], field: 'notifyUsers', rule: 'mustAccept' }),
    ])
    expect(await mailsOf(draft.eventId, 'events.message')).toEqual([])
    expect(await mailsOf(eventId, 'events.message')).toEqual([])
  })
})

describe('publish with notifyUsers', () => {
  const act = (eventId: number, action: string, token: string, body?: unknown) =>
    call(`/api/v1/event/${eventId}/${action}`, action === 'delete' ? 'DELETE' : 'PUT', token, body)

  it('republishes quietly with notifyUsers false, and tells the players by default', async () => {
    const owner = await signedInOrganiser()
    const { eventId } = await eventWithPlayers(owner.organiserId, 'postponedToDraft')
    const quiet = await readJson(
      expectOk(await act(eventId, 'publish', owner.token, { notifyUsers: false })),
      EventTransition,
    )
    expect(quiet).toMatchObject({ from: 'postponedToDraft', to: 'accepted' })
    expect(quiet.notified).toBeUndefined()
    expect(await mailsOf(eventId, 'events.republished')).toEqual([])

    expectOk(await act(eventId, 'postpone', owner.token, { message: 'Later' }))
    expectOk(await act(eventId, 'un-publish-after-postpone', owner.token, { message: 'Back to planning' }))
    const told = await readJson(expectOk(await act(eventId, 'publish', owner.token)), EventTransition)
    expect(told.notified).toBe(2)
    expect(await mailsOf(eventId, 'events.republished')).toHaveLength(2)
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
