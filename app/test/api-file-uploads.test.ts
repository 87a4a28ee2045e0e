import '../../testing/src/context.ts'
import { GalleryUploadResult } from '@kibitz/events'
import { EventDocument, FsEntry } from '@kibitz/files'
import { describe, expect, it } from 'vitest'
import { FsUploadReply } from '../src/api/FileSystemApi.ts'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'
import { withSession } from './support/userApi.ts'

// POST v1/file/image-upload/{kind}, image-save/{kind} and document-upload/{kind} of spec section 7 (decisions 040,
// 041): an event's images into its galleries (uploaded, or picked from the file manager) and its PDFs into their
// folders; who may, and what a bad call answers.

const { signedIn, signedInOrganiser, eventWithPlayers, call, expectOk, pdf, png } = useEventWritesWorld()

/** A multipart POST of text fields and files (each `[field, name, blob]`). */
const post = (
  url: string,
  token: string,
  fields: Readonly<Record<string, string>>,
  files: ReadonlyArray<readonly [string, string, Blob]>,
) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const [field, name, blob] of files) form.append(field, blob, name)
  return request(url, { method: 'POST', headers: withSession(token), body: form })
}

describe('the file calls of the REST API', () => {
  it('adds uploaded and picked images to an event’s and a tournament’s gallery, and stores documents', async () => {
    const owner = await signedInOrganiser()
    const { eventId, tournamentId } = await eventWithPlayers(owner.organiserId, 'draft')
    const added = await readJson(
      expectOk(
        await post(
          '/api/v1/file/image-upload/event?thumbWidth=300',
          owner.token,
          { eventId: String(eventId) },
          [
            ['file', 'hall.png', await png(900)],
            ['file', 'notes.txt', new Blob(['not an image'])],
          ],
        ),
        201,
      ),
      GalleryUploadResult,
    )
    expect(added.added.map((item) => item.filename)).toEqual(['hall.png'])
    expect(added.refused.map((r) => [r.filename, r.rule])).toEqual([['notes.txt', 'notAnImage']])

    // An image of the file manager, picked for the tournament's gallery without copying it.
    const folder = await readJson(
      expectOk(
        await call('/api/v1/file-system/create-folder/0', 'POST', owner.token, { folderName: 'Photos' }),
      ),
      FsEntry,
    )
    const [photo] = (
      await readJson(
        expectOk(
          await post(`/api/v1/file-system/upload-fs-file/${folder.fsFileId}`, owner.token, {}, [
            ['files', 'Prize giving.png', await png(700)],
          ]),
          201,
        ),
        FsUploadReply,
      )
    ).fsFiles
    const picked = await readJson(
      expectOk(
        await call('/api/v1/file/image-save/tournament', 'POST', owner.token, {
          eventId,
          tournamentId,
          paths: [photo?.path],
        }),
      ),
      GalleryUploadResult,
    )
    expect(picked.added.map((item) => item.filename)).toEqual(['Prize giving.png'])

    // Documents: the event's, a tournament's, its results.
    for (const kind of ['event', 'tournament', 'results'] as const) {
      const document = await readJson(
        expectOk(
          await post(
            `/api/v1/file/document-upload/${kind}`,
            owner.token,
            { eventId: String(eventId), tournamentId: String(tournamentId) },
            [['file', `${kind}.pdf`, pdf()]],
          ),
          201,
        ),
        EventDocument,
      )
      expect(document.filename).toBe(`${kind}.pdf`)
      expect(document.url).toContain(
        kind === 'event'
          ? `/event/event-${eventId}/documents/`
          : kind === 'results'
            ? `/results/tournament-${tournamentId}/`
            : `/tournaments/tournament-${tournamentId}/documents/`,
      )
    }
  })

  it('names a missing field, and keeps another organiser’s events and players out', async () => {
    const owner = await signedInOrganiser()
    const { eventId, tournamentId } = await eventWithPlayers(owner.organiserId, 'draft')
    const image = await png(400)
    await expectProblem(
      await post('/api/v1/file/image-upload/tournament', owner.token, { eventId: String(eventId) }, [
        ['file', 'a.png', image],
      ]),
      400,
    )
    await expectProblem(
      await post('/api/v1/file/image-upload/event', owner.token, { eventId: String(eventId) }, []),
      400,
    )
    await expectProblem(
      await post('/api/v1/file/document-upload/results', owner.token, { eventId: String(eventId) }, [
        ['file', 'r.pdf', pdf()],
      ]),
      400,
    )
    await expectProblem(await call('/api/v1/file/image-upload/gallery', 'POST', owner.token, {}), 400)

    const another = await signedInOrganiser()
    await expectProblem(
      await post('/api/v1/file/image-upload/event', another.token, { eventId: String(eventId) }, [
        ['file', 'a.png', image],
      ]),
      404,
    )
    await expectProblem(
      await call('/api/v1/file/image-save/event', 'POST', another.token, { eventId, paths: ['x/y.webp'] }),
      404,
    )
    await expectProblem(
      await post(
        '/api/v1/file/document-upload/tournament',
        another.token,
        { eventId: String(eventId), tournamentId: String(tournamentId) },
        [['file', 'r.pdf', pdf()]],
      ),
      404,
    )
    const player = await signedIn('player')
    await expectProblem(
      await post('/api/v1/file/image-upload/event', player.token, { eventId: String(eventId) }, [
        ['file', 'a.png', image],
      ]),
      403,
    )
  })
})
