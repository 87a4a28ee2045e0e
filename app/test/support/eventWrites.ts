import path from 'node:path'
import type { OrganiserId } from '@kibitz/kernel'
import { Schema } from 'effect'
import sharp from 'sharp'
import { expect } from 'vitest'
import { insertEntry, insertEvent, insertTournament } from '../../../testing/src/domain.ts'
import { request } from './api.ts'
import { adminEmail, useApiWorld } from './apiWorld.ts'
import { tournamentBody } from './editorBodies.ts'
import { eventActors, expectProblem } from './eventActors.ts'
import { withSession } from './userApi.ts'

// The set-up the tests of the organiser's event writes share (api-event-*.test.ts): the API world with files
// stored locally, who asks, what there is, and the calls and replies.

const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))

/** The set-up of an event-writes test file; call at the top level of the file. */
export const useEventWritesWorld = () => {
  const world = useApiWorld({ localFiles: true })

  // -------------------------------------------------------------------------------------------------------
  // Who asks

  const { signedIn, signedInOrganiser, signedInAdmin } = eventActors(() => world, adminEmail)

  /** Someone who may not edit events at all: a player, or an organiser not yet accepted. */
  const outsiders = async () => [await signedIn('player'), await signedInOrganiser(1)]

  // ---------------------------------------------------------------------------------------------------------
  // What there is

  const eventOf = (organiserId: OrganiserId, state = 'draft') =>
    insertEvent(world.orm, {
      organiserId,
      state,
      name: 'Spring Cup',
      dateStart: '2030-05-10',
      dateEnd: '2030-05-12',
      countryCode: 'LT',
      timeZone: 'Europe/Vilnius',
      locations: [
        { name: 'Bridge Club', addressLine: 'Gedimino pr. 1, Vilnius', shortAddressLine: 'Vilnius' },
      ],
    })

  /** A tournament input as the edit screen sends it. */
  const pairs = tournamentBody

  /** An accepted event with two players registered: Jan by a contestant address, Ona through her account. */
  const eventWithPlayers = async (organiserId: OrganiserId, state = 'accepted') => {
    const eventId = await eventOf(organiserId, state)
    const tournament = await insertTournament(world.orm, {
      eventId,
      startDate: '2030-05-10',
      tickets: [{ priceMinor: 4000, quantity: 20 }],
    })
    const [onaRow] = Schema.decodeUnknownSync(IdRows)(
      await world.orm.em
        .fork()
        .execute("insert into app_user (email, language, created_at) values (?, 'lt', now()) returning id", [
          `ona-${eventId}@example.test`,
        ]),
    )
    const onaId = onaRow?.id ?? null
    await insertEntry(world.orm, {
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
    (await world.sql.mails()).filter(
      (m) => m.kind === kind && m.recipient.endsWith(`-${eventId}@example.test`),
    )

  /** The files stored in the event's folders. */
  const storedFilesOf = async (eventId: number) =>
    Schema.decodeUnknownSync(
      Schema.Array(Schema.Struct({ owner_organiser_id: Schema.Int, folder: Schema.String })),
    )(
      await world.orm.em
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
      await world.orm.em
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

  const pdf = () =>
    new Blob([new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')])

  const widthOfStored = async (publicPath: string | null) =>
    (await sharp(path.join(world.dataDir, 'files', (publicPath ?? '').slice('/files/'.length))).metadata())
      .width

  // ---------------------------------------------------------------------------------------------------------

  return {
    world,
    signedIn,
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
    widthOfStored,
  }
}
