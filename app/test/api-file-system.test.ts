import '../../testing/src/context.ts'
import { FsEntry } from '@kibitz/files'
import { describe, expect, it } from 'vitest'
import { FsListReply } from '../src/api/FileSystemApi.ts'
import { readJson } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'

// The file tree's calls of spec section 7 (docs/decisions/040) over HTTP, against a real PostgreSQL and the local
// file store: list a folder, make one, rename; who may, and what a bad name answers.

const { signedIn, signedInOrganiser, signedInAdmin, eventOf, call, upload, expectOk, pdf } =
  useEventWritesWorld()

const list = async (token: string, query = '') =>
  readJson(expectOk(await call(`/api/v1/file-system/list-fs-file${query}`, 'GET', token)), FsListReply)

describe('the file tree of the REST API', () => {
  it('lists what the editor stored, makes and renames folders, and pages and searches a folder', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    expectOk(
      await upload('/api/v1/event/upload-pdf', owner.token, {
        eventId: String(eventId),
        kind: 'documents',
        file: pdf(),
      }),
    )

    const root = await list(owner.token)
    expect(root.fsFiles.map((e) => [e.filename, e.isFolder, e.isFolderReadableOnly])).toEqual([
      ['event', true, true],
    ])
    expect([root.totalCount, root.parentFolders]).toEqual([1, []])
    const listed = await call('/api/v1/file-system/list-fs-file', 'GET', owner.token)
    expect(listed.headers.get('cache-control')).toBe('no-store')

    const made = await readJson(
      expectOk(
        await call('/api/v1/file-system/create-folder/0', 'POST', owner.token, { folderName: 'Archive' }),
      ),
      FsEntry,
    )
    expect([made.filename, made.path, made.isFolder, made.isFolderReadableOnly]).toEqual([
      'Archive',
      'Archive',
      true,
      false,
    ])
    for (let i = 1; i <= 12; i++)
      expectOk(
        await call(`/api/v1/file-system/create-folder/${made.fsFileId}`, 'POST', owner.token, {
          folderName: `Season ${String(i).padStart(2, '0')}`,
        }),
      )
    const page = await list(owner.token, `?parentId=${made.fsFileId}`)
    expect([page.fsFiles.length, page.totalCount]).toEqual([10, 12])
    expect(page.parentFolders.map((p) => p.path)).toEqual(['Archive'])
    const second = await list(owner.token, `?parentId=${made.fsFileId}&offset=10&limit=5`)
    expect(second.fsFiles.map((e) => e.filename)).toEqual(['Season 11', 'Season 12'])

    const documents = await list(owner.token, '?searchValue=upload&onlyDocuments=true')
    expect(
      documents.fsFiles.map((e) => [
        e.isDocument,
        e.fsFileUrl?.startsWith(`/files/event/event-${eventId}/documents/`),
      ]),
    ).toEqual([[true, true]])
    expect((await list(owner.token, '?searchValue=upload&onlyImages=1')).totalCount).toBe(0)

    const renamed = await readJson(
      expectOk(
        await call(`/api/v1/file-system/rename-file-object/${made.fsFileId}`, 'POST', owner.token, {
          newObjectName: 'Old seasons',
        }),
      ),
      FsEntry,
    )
    expect(renamed.path).toBe('Old seasons')
    expect((await list(owner.token, `?parentId=${made.fsFileId}`)).parentFolders.map((p) => p.path)).toEqual([
      'Old seasons',
    ])
  })

  it('names the field and its rule for a bad name, and keeps the platform’s folders as they are', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    expectOk(
      await upload('/api/v1/event/upload-pdf', owner.token, {
        eventId: String(eventId),
        kind: 'documents',
        file: pdf(),
      }),
    )
    for (const [name, rule] of [
      ['a/b', 'invalidName'],
      ['..', 'invalidName'],
      ['', 'required'],
      ['x'.repeat(101), 'tooLong'],
      ['event', 'reservedName'],
    ] as const) {
      const problem = await expectProblem(
        await call('/api/v1/file-system/create-folder/0', 'POST', owner.token, { folderName: name }),
        400,
      )
      expect(problem.errors?.map((e) => [e.field, e.rule])).toEqual([['folderName', rule]])
    }
    expectOk(await call('/api/v1/file-system/create-folder/0', 'POST', owner.token, { folderName: 'Twice' }))
    const twice = await expectProblem(
      await call('/api/v1/file-system/create-folder/0', 'POST', owner.token, { folderName: 'Twice' }),
      400,
    )
    expect(twice.errors?.map((e) => e.rule)).toEqual(['nameTaken'])
    const [platform] = (await list(owner.token)).fsFiles
    await expectProblem(
      await call(`/api/v1/file-system/rename-file-object/${platform?.fsFileId}`, 'POST', owner.token, {
        newObjectName: 'Mine now',
      }),
      403,
    )
    await expectProblem(
      await call('/api/v1/file-system/create-folder/-1', 'POST', owner.token, { folderName: 'x' }),
      400,
    )
    await expectProblem(await call('/api/v1/file-system/list-fs-file?limit=101', 'GET', owner.token), 400)
  })

  it('keeps each organiser to their own tree, and anyone without one out', async () => {
    const owner = await signedInOrganiser()
    const another = await signedInOrganiser()
    const folder = await readJson(
      expectOk(
        await call('/api/v1/file-system/create-folder/0', 'POST', owner.token, { folderName: 'Private' }),
      ),
      FsEntry,
    )
    expect((await list(another.token)).fsFiles).toEqual([])
    await expectProblem(
      await call(`/api/v1/file-system/list-fs-file?parentId=${folder.fsFileId}`, 'GET', another.token),
      404,
    )
    await expectProblem(
      await call(`/api/v1/file-system/create-folder/${folder.fsFileId}`, 'POST', another.token, {
        folderName: 'In',
      }),
      404,
    )
    await expectProblem(
      await call(`/api/v1/file-system/rename-file-object/${folder.fsFileId}`, 'POST', another.token, {
        newObjectName: 'Taken',
      }),
      404,
    )
    expect((await list(owner.token)).fsFiles.map((e) => e.filename)).toEqual(['Private'])
    const player = await signedIn('player')
    const admin = await signedInAdmin()
    for (const token of [player.token, admin.token])
      await expectProblem(await call('/api/v1/file-system/list-fs-file', 'GET', token), 403)
    await expectProblem(await call('/api/v1/file-system/list-fs-file', 'GET'), 401)
  })
})
