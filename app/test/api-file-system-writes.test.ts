import '../../testing/src/context.ts'
import { FsEntry } from '@kibitz/files'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { readZip } from '../../domains/files/test/support/readZip.ts'
import { FsListReply, FsQuotaReply, FsUploadReply, FsUsageReply } from '../src/api/FileSystemApi.ts'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'
import { withSession } from './support/userApi.ts'

// The file tree's writes of spec section 7 over HTTP (docs/decisions/040): uploads of files and folders, the quota,
// the usage report and deletion; refusals naming the file, and one organiser's tree closed to every other.

const { world, signedIn, signedInOrganiser, eventOf, eventWithPlayers, call, upload, expectOk, pdf, png } =
  useEventWritesWorld()

const list = async (token: string, query = '') =>
  readJson(expectOk(await call(`/api/v1/file-system/list-fs-file${query}`, 'GET', token)), FsListReply)

/** POST upload-fs-file with `files` (name and bytes) and, for a folder upload, their relative paths. */
const uploadFs = (
  token: string,
  destination: number,
  files: ReadonlyArray<readonly [string, Blob]>,
  relativePaths?: ReadonlyArray<string>,
) => {
  const form = new FormData()
  for (const [name, blob] of files) form.append('files', blob, name)
  for (const path of relativePaths ?? []) form.append('relativePaths', path)
  return request(`/api/v1/file-system/upload-fs-file/${destination}`, {
    method: 'POST',
    headers: withSession(token),
    body: form,
  })
}

const folderNamed = async (token: string, name: string) =>
  readJson(
    expectOk(await call('/api/v1/file-system/create-folder/0', 'POST', token, { folderName: name })),
    FsEntry,
  )

const Problem = Schema.Struct({
  detail: Schema.String,
  errors: Schema.optionalKey(
    Schema.Array(
      Schema.Struct({ path: Schema.Array(Schema.Unknown), field: Schema.String, rule: Schema.String }),
    ),
  ),
})

describe('uploads, the usage report and deletion in the REST API', () => {
  it('uploads files and a folder, shows the quota, and refuses a bad file naming it', async () => {
    const owner = await signedInOrganiser()
    const club = await folderNamed(owner.token, 'Club')
    const stored = await readJson(
      expectOk(
        await uploadFs(owner.token, club.fsFileId, [
          ['Rules.pdf', pdf()],
          ['Hall.png', await png(800)],
        ]),
        201,
      ),
      FsUploadReply,
    )
    expect(stored.fsFiles.map((e) => [e.filename, e.isDocument, e.isImage, e.parent])).toEqual([
      ['Rules.pdf', true, false, 'Club'],
      ['Hall.png', false, true, 'Club'],
    ])
    expect(stored.fsFiles[1]?.fsFileUrl).toMatch(/^\/files\/club\/hall-[0-9a-f]{16}\.webp$/)

    // A folder dropped on the root: its relative paths make the folders.
    expectOk(
      await uploadFs(
        owner.token,
        0,
        [
          ['a.txt', new Blob(['Board 1: N deals'])],
          ['b.pdf', pdf()],
        ],
        ['Results 2026/Day 1/a.txt', 'Results 2026/b.pdf'],
      ),
      201,
    )
    const root = await list(owner.token)
    expect(root.fsFiles.map((e) => e.filename)).toEqual(['Club', 'Results 2026'])

    const quota = await readJson(
      expectOk(await call('/api/v1/file-system/quota', 'GET', owner.token)),
      FsQuotaReply,
    )
    expect(quota.usedBytes).toBeGreaterThan(0)
    expect(quota.quotaBytes).toBe(1024 * 1024 * 1024)

    // Refusals name the file and the rule, and store nothing.
    const refusals: ReadonlyArray<readonly [ReadonlyArray<readonly [string, Blob]>, number, string]> = [
      [
        [['setup.exe', new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3])])]],
        club.fsFileId,
        'notAllowedType',
      ],
      [
        [['fake.png', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])])]],
        club.fsFileId,
        'notAnImage',
      ],
      [[['loose.pdf', pdf()]], 0, 'required'],
    ]
    for (const [files, destination, rule] of refusals) {
      const refused = await expectProblem(await uploadFs(owner.token, destination, files), 400)
      const body = Schema.decodeUnknownSync(Problem)(refused)
      expect(body.errors?.[0]?.rule).toBe(rule)
      expect(body.detail).toContain(files[0]?.[0])
      expect(body.errors?.[0]?.path).toContain(files[0]?.[0])
    }
    const bad = await expectProblem(
      await uploadFs(owner.token, club.fsFileId, [['x.pdf', pdf()]], ['../escape.pdf']),
      400,
    )
    expect(Schema.decodeUnknownSync(Problem)(bad).errors?.[0]?.rule).toBe('invalidName')
    expect((await list(owner.token, `?parentId=${club.fsFileId}`)).totalCount).toBe(2)
    // Not a form at all: the media type is refused.
    await expectProblem(
      await call(`/api/v1/file-system/upload-fs-file/${club.fsFileId}`, 'POST', owner.token, {}),
      415,
    )
  })

  it('reports what uses a file, refuses deleting it, and deletes what nothing uses', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    expectOk(
      await upload('/api/v1/event/upload-image', owner.token, {
        eventId: String(eventId),
        file: await png(600),
      }),
    )
    const gallery = (await list(owner.token, '?searchValue=gallery')).fsFiles[0]
    if (gallery === undefined) throw new Error('the event’s gallery folder is listed')
    const picture = (await list(owner.token, `?parentId=${gallery.fsFileId}`)).fsFiles[0]
    if (picture === undefined) throw new Error('the event’s picture is listed')

    const report = await readJson(
      expectOk(await call(`/api/v1/file-system/file-usage-report/${picture.fsFileId}`, 'GET', owner.token)),
      FsUsageReply,
    )
    expect([report.isUsed, report.fileCount]).toEqual([true, 1])
    expect(report.usages.map((u) => [u.kind, u.usedAs, u.eventId])).toEqual([
      ['event', 'eventPicture', eventId],
    ])
    const refused = await expectProblem(
      await call(`/api/v1/file-system/delete-fs-file/${picture.fsFileId}`, 'DELETE', owner.token),
      409,
    )
    expect(Schema.decodeUnknownSync(Problem)(refused).detail).toContain('eventPicture')
    // A tournament's results file is the tournament's use.
    const withTournament = await eventWithPlayers(owner.organiserId)
    const results = await readJson(
      expectOk(
        await upload('/api/v1/event/upload-pdf', owner.token, {
          eventId: String(withTournament.eventId),
          tournamentId: String(withTournament.tournamentId),
          kind: 'results',
          file: pdf(),
        }),
      ),
      Schema.Struct({ fileId: Schema.Int, url: Schema.String }),
    )
    // The tournament's form names it as its results (the editor saves the file's address there).
    await world.orm.em
      .fork()
      .execute('update tournament set results_file = ?, results_source = 2 where id = ?', [
        results.url,
        withTournament.tournamentId,
      ])
    const resultsReport = await readJson(
      expectOk(await call(`/api/v1/file-system/file-usage-report/${results.fileId}`, 'GET', owner.token)),
      FsUsageReply,
    )
    expect(resultsReport.usages.map((u) => [u.kind, u.usedAs, u.tournamentId])).toEqual([
      ['tournament', 'tournamentResults', withTournament.tournamentId],
    ])
    // The platform's folder is not deleted either.
    await expectProblem(
      await call(`/api/v1/file-system/delete-fs-file/${gallery.fsFileId}`, 'DELETE', owner.token),
      403,
    )

    const club = await folderNamed(owner.token, 'Club')
    expectOk(await uploadFs(owner.token, club.fsFileId, [['Old.pdf', pdf()]]), 201)
    const folderReport = await readJson(
      expectOk(await call(`/api/v1/file-system/file-usage-report/${club.fsFileId}`, 'GET', owner.token)),
      FsUsageReply,
    )
    expect([folderReport.isUsed, folderReport.fileCount, folderReport.usages]).toEqual([false, 1, []])

    // Another organiser and a player see none of it.
    const another = await signedInOrganiser()
    for (const [path, method] of [
      [`file-usage-report/${club.fsFileId}`, 'GET'],
      [`delete-fs-file/${club.fsFileId}`, 'DELETE'],
    ] as const)
      await expectProblem(await call(`/api/v1/file-system/${path}`, method, another.token), 404)
    await expectProblem(await uploadFs(another.token, club.fsFileId, [['In.pdf', pdf()]]), 404)
    const player = await signedIn('player')
    await expectProblem(await uploadFs(player.token, club.fsFileId, [['In.pdf', pdf()]]), 403)

    // Downloads: one file as an attachment under its name, and a zip of the folder streamed.
    const old = (await list(owner.token, `?parentId=${club.fsFileId}`)).fsFiles[0]
    const single = expectOk(
      await call(`/api/v1/file-system/download-fs-single-file/${old?.fsFileId}`, 'GET', owner.token),
    )
    expect(single.headers.get('content-type')).toBe('application/pdf')
    expect(single.headers.get('content-disposition')).toBe(
      `attachment; filename="Old.pdf"; filename*=UTF-8''Old.pdf`,
    )
    expect(single.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await single.arrayBuffer())).toEqual(new Uint8Array(await pdf().arrayBuffer()))
    const zipped = expectOk(
      await call(
        `/api/v1/file-system/download-fs-file/${club.fsFileId},${picture.fsFileId}`,
        'GET',
        owner.token,
      ),
    )
    expect(zipped.headers.get('content-type')).toBe('application/zip')
    expect(zipped.headers.get('content-disposition')).toContain('filename="files.zip"')
    const entries = await readZip(new Uint8Array(await zipped.arrayBuffer()))
    expect(entries.map((e) => e.name)).toEqual(['Club/', 'Club/Old.pdf', picture.filename])
    // A folder is no single file; another organiser's ids and bad lists are refused before anything is sent.
    await expectProblem(
      await call(`/api/v1/file-system/download-fs-single-file/${club.fsFileId}`, 'GET', owner.token),
      404,
    )
    await expectProblem(
      await call(`/api/v1/file-system/download-fs-file/${club.fsFileId}`, 'GET', another.token),
      404,
    )
    for (const ids of ['1,,2', 'a', '0', `${'1,'.repeat(200)}1`])
      await expectProblem(await call(`/api/v1/file-system/download-fs-file/${ids}`, 'GET', owner.token), 400)
    // As many ids as a zip takes, however long the path.
    const many = Array.from({ length: 200 }, () => String(club.fsFileId)).join(',')
    expectOk(await call(`/api/v1/file-system/download-fs-file/${many}`, 'GET', owner.token))

    const deleted = await call(`/api/v1/file-system/delete-fs-file/${club.fsFileId}`, 'DELETE', owner.token)
    expect(deleted.status).toBe(204)
    expect((await list(owner.token)).fsFiles.map((e) => e.filename)).toEqual(['event'])
  })
})
