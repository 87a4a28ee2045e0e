import '../../testing/src/context.ts'
import { EventEditorView } from '@kibitz/events'
import { EventDocument } from '@kibitz/files'
import { Schema } from 'effect'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { insertTournament } from '../../testing/src/domain.ts'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'
import { withSession } from './support/userApi.ts'

// The event picture and PDF documents of the REST API v1 against a real PostgreSQL and the local file store
// (set-up: support/eventWrites.ts).

const {
  world,
  signedInOrganiser,
  signedInAdmin,
  eventOf,
  call,
  upload,
  expectOk,
  storedFilesOf,
  fieldsOf,
  png,
  pdf,
  widthOfStored,
} = useEventWritesWorld()

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
    )(await world.orm.em.fork().execute('select image_url from event where id = ?', [eventId]))
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
    const tournament = await insertTournament(world.orm, { eventId, startDate: '2030-05-10' })
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
