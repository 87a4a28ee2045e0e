import '../../testing/src/context.ts'
import { FsEntry } from '@kibitz/files'
import { createServerEntry } from '@tanstack/react-start/server'
import { describe, expect, it } from 'vitest'
import { fileManagerScreen } from '../src/server/fileManager.functions.ts'
import { eventFileManagerPost, fileManagerPost } from '../src/server/fileManager.server.ts'
import { readJson } from './support/api.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'
import { withSession } from './support/userApi.ts'

// The file manager's screens without JavaScript (issue 17): the form posts of /file-management-system and of the
// event's screen, and the screen's data, as the router runs them (inside Start's request scope). Each organiser
// works on their own tree only: another's ids are refused as missing and change nothing.

const { signedIn, signedInOrganiser, eventOf, call, expectOk, pdf, png } = useEventWritesWorld()

const screenPath = '/file-management-system'

/** Runs `handle` inside Start's request scope, as the router does. */
const scoped = async (request: Request, handle: (r: Request) => Promise<Response>) =>
  createServerEntry({ fetch: handle }).fetch(request)

/** A form post of `fields` (and `files`) to `path` with `token`'s session, as a browser sends it. */
const post = (
  path: string,
  token: string,
  fields: Readonly<Record<string, string | ReadonlyArray<string>>>,
  files: ReadonlyArray<readonly [string, Blob]> = [],
) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields))
    for (const one of typeof value === 'string' ? [value] : value) form.append(name, one)
  for (const [name, blob] of files) form.append('files', blob, name)
  return new Request(`http://localhost${path}`, { method: 'POST', headers: withSession(token), body: form })
}

const own = (request: Request) => scoped(request, (r) => fileManagerPost(r, screenPath))

/** The one-time form state a refused post carries back. */
const formState = (response: Response): { errors: Record<string, { rule: string }> } | null => {
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?kibitz_form=/.test(c))
  if (!cookie) return null
  return JSON.parse(decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1).split(';')[0] ?? ''))
}

/** The screen's data as `token`'s user sees it. */
const screen = (token: string, query: Partial<Parameters<typeof fileManagerScreen>[0]> = {}) =>
  new Promise<Awaited<ReturnType<typeof fileManagerScreen>>>((resolve, reject) => {
    void scoped(new Request('http://localhost/_serverFn/x', { headers: withSession(token) }), async () => {
      try {
        resolve(
          await fileManagerScreen({
            folder: null,
            page: 1,
            q: '',
            kind: null,
            confirm: [],
            eventId: null,
            ...query,
          }),
        )
      } catch (error) {
        reject(error)
      }
      return new Response(null, { status: 204 })
    })
  })

const folderNamed = async (token: string, name: string) =>
  readJson(
    expectOk(await call('/api/v1/file-system/create-folder/0', 'POST', token, { folderName: name })),
    FsEntry,
  )

describe('the file manager’s form posts', () => {
  it('make a folder, upload into it, rename and delete, each answering 303 back to where it was', async () => {
    const owner = await signedInOrganiser()
    const made = await own(
      post(screenPath, owner.token, { intent: 'createFolder', folder: '0', folderName: 'Club' }),
    )
    expect([made.status, made.headers.get('location')]).toEqual([303, `${screenPath}?folder=0`])
    const root = await screen(owner.token)
    if (!root.ok) throw new Error('no screen')
    const club = root.screen.entries.find((e) => e.filename === 'Club')
    expect(club?.isFolder).toBe(true)
    const folder = String(club?.fsFileId)

    const uploaded = await own(
      post(screenPath, owner.token, { intent: 'uploadFiles', folder, q: 'x', kind: 'documents' }, [
        ['Rules.pdf', pdf()],
        ['Results/round-1.png', await png(64)],
      ]),
    )
    expect([uploaded.status, uploaded.headers.get('location')]).toEqual([
      303,
      `${screenPath}?folder=${folder}&q=x&kind=documents`,
    ])
    const inClub = await screen(owner.token, { folder: Number(folder) })
    if (!inClub.ok) throw new Error('no screen')
    expect(inClub.screen.entries.map((e) => e.filename)).toEqual(['Results', 'Rules.pdf'])
    expect(inClub.screen.parents.map((p) => p.filename)).toEqual(['Club'])
    const rules = inClub.screen.entries.find((e) => e.filename === 'Rules.pdf')

    const bad = await own(
      post(screenPath, owner.token, {
        intent: 'rename',
        folder,
        id: String(rules?.fsFileId),
        newObjectName: 'a/b',
      }),
    )
    expect(bad.headers.get('location')).toBe(`${screenPath}?folder=${folder}&rename=${rules?.fsFileId}`)
    expect(formState(bad)?.errors).toEqual({ newObjectName: { rule: 'invalidName' } })
    const renamed = await own(
      post(screenPath, owner.token, {
        intent: 'rename',
        folder,
        id: String(rules?.fsFileId),
        newObjectName: 'Rules 2030.pdf',
      }),
    )
    expect(renamed.status).toBe(303)

    const ask = await own(
      post(screenPath, owner.token, { intent: 'askDelete', folder, ids: [String(rules?.fsFileId)] }),
    )
    expect(ask.headers.get('location')).toBe(`${screenPath}?folder=${folder}&confirm=${rules?.fsFileId}`)
    const confirming = await screen(owner.token, {
      folder: Number(folder),
      confirm: [Number(rules?.fsFileId)],
    })
    if (!confirming.ok) throw new Error('no screen')
    expect(confirming.screen.confirm.map((r) => [r.entry.filename, r.uses.length])).toEqual([
      ['Rules 2030.pdf', 0],
    ])
    const zip = await own(
      post(screenPath, owner.token, { intent: 'zip', folder, ids: `${rules?.fsFileId},${folder}` }),
    )
    expect(zip.headers.get('location')).toBe(
      `/api/v1/file-system/download-fs-file/${rules?.fsFileId},${folder}`,
    )
    const deleted = await own(
      post(screenPath, owner.token, { intent: 'delete', folder, ids: String(rules?.fsFileId) }),
    )
    expect(deleted.status).toBe(303)
    const after = await screen(owner.token, { folder: Number(folder) })
    expect(after.ok && after.screen.entries.map((e) => e.filename)).toEqual(['Results'])
  })

  it('refuses a bad name, an unknown kind of file and an empty selection on their fields', async () => {
    const owner = await signedInOrganiser()
    const reserved = await own(post(screenPath, owner.token, { intent: 'createFolder', folderName: 'event' }))
    expect(formState(reserved)?.errors).toEqual({ folderName: { rule: 'reservedName' } })
    const club = await folderNamed(owner.token, 'Scores')
    const exe = await own(
      post(screenPath, owner.token, { intent: 'uploadFiles', folder: String(club.fsFileId) }, [
        ['tool.exe', new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])])],
      ]),
    )
    expect(formState(exe)?.errors).toEqual({ files: { rule: 'notAllowedType' } })
    const atRoot = await own(
      post(screenPath, owner.token, { intent: 'uploadFiles', folder: '0' }, [['loose.pdf', pdf()]]),
    )
    expect(formState(atRoot)?.errors).toEqual({ files: { rule: 'rootFile' } })
    const none = await own(post(screenPath, owner.token, { intent: 'askDelete' }))
    expect(formState(none)?.errors).toEqual({ selection: { rule: 'required' } })
  })

  it('leaves one organiser’s tree to them: another’s ids are refused and nothing changes', async () => {
    const owner = await signedInOrganiser()
    const other = await signedInOrganiser()
    const kept = await folderNamed(owner.token, 'Private')
    const id = String(kept.fsFileId)
    const renamed = await own(post(screenPath, other.token, { intent: 'rename', id, newObjectName: 'Mine' }))
    expect(formState(renamed)?.errors).toEqual({ newObjectName: { rule: 'unknownId' } })
    await own(post(screenPath, other.token, { intent: 'delete', ids: id }))
    const otherScreen = await screen(other.token, { folder: kept.fsFileId })
    expect(otherScreen).toEqual({ ok: false, reason: 'notFound' })
    const ownerScreen = await screen(owner.token)
    expect(ownerScreen.ok && ownerScreen.screen.entries.map((e) => e.filename)).toContain('Private')
  })

  it('sends a player to access-forbidden and a guest to the login', async () => {
    const player = await signedIn('player')
    const forbidden = await own(post(screenPath, player.token, { intent: 'createFolder', folderName: 'X' }))
    expect(forbidden.headers.get('location')).toBe('/access-forbidden')
    expect(await screen(player.token)).toEqual({ ok: false, reason: 'notOrganiser' })
    const guest = await scoped(
      new Request(`http://localhost${screenPath}`, { method: 'POST', body: new FormData() }),
      (r) => fileManagerPost(r, screenPath),
    )
    expect(guest.headers.get('location')).toBe('/login?redirect=%2Ffile-management-system')
  })
})

describe('the event’s file manager posts', () => {
  it('answer the event’s organiser back on the event’s screen, and send another organiser away', async () => {
    const owner = await signedInOrganiser()
    const other = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const base = `/event/manage/${eventId}/file-management-system`
    const event = (request: Request) => scoped(request, (r) => eventFileManagerPost(r, String(eventId)))
    const made = await event(
      post(base, owner.token, { intent: 'createFolder', folder: '0', folderName: 'Photos' }),
    )
    expect(made.headers.get('location')).toBe(`${base}?folder=0`)
    // The PDF with a purpose still goes to the event's documents.
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('target', 'event')
    form.set('file', pdf(), 'Bulletin.pdf')
    const pdfPost = await event(
      new Request(`http://localhost${base}`, {
        method: 'POST',
        headers: withSession(owner.token),
        body: form,
      }),
    )
    expect(pdfPost.headers.get('location')).toBe(base)
    const opened = await screen(owner.token, { eventId })
    if (!opened.ok) throw new Error('no screen')
    expect(opened.screen.parents.map((p) => p.path)).toEqual(['event', `event/event-${eventId}`])
    expect(opened.screen.entries.map((e) => [e.filename, e.isFolderReadableOnly])).toEqual([
      ['documents', true],
    ])

    const crossed = await event(post(base, other.token, { intent: 'createFolder', folderName: 'Mine' }))
    expect(crossed.headers.get('location')).toBe('/user/events')
    const otherRoot = await screen(other.token)
    expect(otherRoot.ok && otherRoot.screen.entries.map((e) => e.filename)).not.toContain('Mine')
  })
})
