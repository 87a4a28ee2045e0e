import { FileSystem, type FsEntry, type FsEntryNotFound, FsUploads } from '@kibitz/files'
import { EventId, fileManagerPageSize, type OrganiserId } from '@kibitz/kernel'
import { hasControlCharacters } from '@kibitz/kernel/format'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { Effect, Schema } from 'effect'
import { personal } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { attempt, Result } from './forms.server.ts'

// The file manager screens (issue 17; /file-management-system and /event/manage/{id}/file-management-system): one
// page of a folder of the signed-in organiser's tree with its parents, the quota, and the usage report of what is
// about to be deleted. The tree is the organiser account's in use (as in /api/v1/file-system); anyone else has
// none. Every answer is a plain value. The screens' form posts are fileManager.server.ts.

/** The organiser whose tree the request works on, or null (signed out, or no organiser account in use). */
export const treeOwnerOf = createServerOnlyFn(async (request: Request): Promise<OrganiserId | null> => {
  const { user } = await sessionOf(request)
  return user?.isOrganizer && user.organizer ? user.organizer.organizerId : null
})

/** An entry as the screen shows it (the spec's file-system entry, as plain values). */
export interface ScreenEntry {
  readonly fsFileId: number
  readonly filename: string
  readonly path: string
  readonly parent: string | null
  readonly fsFileUrl: string | null
  readonly hasChildren: boolean
  readonly isFolder: boolean
  readonly isFolderReadableOnly: boolean
  readonly isImage: boolean
  readonly isDocument: boolean
  /** A file's size in bytes and upload instant; null for a folder. */
  readonly size: number | null
  readonly uploadedAt: string | null
}

const plain = (e: FsEntry): ScreenEntry => ({
  fsFileId: e.fsFileId,
  filename: e.filename,
  path: e.path,
  parent: e.parent,
  fsFileUrl: e.fsFileUrl,
  hasChildren: e.hasChildren,
  isFolder: e.isFolder,
  isFolderReadableOnly: e.isFolderReadableOnly,
  isImage: e.isImage,
  isDocument: e.isDocument,
  size: e.size,
  uploadedAt: e.uploadedAt,
})

/** One use of a file, as the confirmation shows it. */
export interface ScreenUse {
  readonly kind: string
  readonly usedAs: string
  readonly name: string
  readonly eventId: number | null
  readonly tournamentId: number | null
  readonly galleryId: number | null
  readonly pageAlias: string | null
}

/** What the screen asks for: a folder (null: the root, or the event's own folder), a page from 1, a search. */
export interface ScreenQuery {
  readonly folder: number | null
  readonly page: number
  readonly q: string
  readonly kind: 'images' | 'documents' | null
  /** The entries whose deletion is being confirmed. */
  readonly confirm: ReadonlyArray<number>
  /** On the event's screen: open the event's folder when no folder is named. */
  readonly eventId: number | null
}

/** The most folders the tree shows of one folder (the list pages through the rest). */
export const treeLevelSize = 50

/** One level of the folder tree: the folders in `parentId` (null: the root), and whether there are more. */
export interface TreeLevel {
  readonly parentId: number | null
  readonly folders: ReadonlyArray<{ readonly id: number; readonly name: string }>
  readonly more: boolean
}

/** The most entries one "delete selected" or zip takes: a few pages of the list. */
export const maximumSelected = 50

/** `event/event-{id}`'s id in `owner`'s tree, if the folder exists yet. */
const eventFolderId = (owner: OrganiserId, eventId: number) =>
  Effect.gen(function* () {
    const files = yield* FileSystem
    const path = `event/event-${eventId}`
    // Folders come first and by name, so `event-{id}` is ahead of `event-{id}0`…
    const found = yield* files.list(owner, {
      parentId: null,
      offset: 0,
      limit: 5,
      searchValue: `event-${eventId}`,
    })
    return found.entries.find((e) => e.isFolder && e.path === path)?.fsFileId ?? null
  })

const screenOf = (owner: OrganiserId, query: ScreenQuery) =>
  Effect.gen(function* () {
    const files = yield* FileSystem
    const uploads = yield* FsUploads
    const eventFolder = query.eventId === null ? null : yield* eventFolderId(owner, query.eventId)
    const folder = query.folder ?? eventFolder
    const listing = yield* files.list(owner, {
      parentId: folder,
      offset: (query.page - 1) * fileManagerPageSize,
      limit: fileManagerPageSize,
      searchValue: query.q === '' ? undefined : query.q,
      kind: query.kind === 'images' ? 'image' : query.kind === 'documents' ? 'document' : undefined,
    })
    const reports = yield* Effect.forEach(query.confirm, (id) => Effect.result(files.usageReport(owner, id)))
    // The folder tree: the folders of the root and of each folder down to this one (the open branch).
    const tree = yield* Effect.forEach([null, ...listing.parents.map((p) => p.fsFileId)], (parentId) =>
      Effect.map(
        files.list(owner, { parentId, offset: 0, limit: treeLevelSize }),
        (level): TreeLevel => ({
          parentId,
          folders: level.entries.filter((e) => e.isFolder).map((e) => ({ id: e.fsFileId, name: e.filename })),
          more: level.entries.every((e) => e.isFolder) && level.total > treeLevelSize,
        }),
      ),
    )
    return {
      folderId: folder,
      eventFolderId: eventFolder,
      tree,
      entries: listing.entries.map(plain),
      parents: listing.parents.map(plain),
      total: listing.total,
      pageSize: fileManagerPageSize,
      quota: yield* uploads.quota(owner),
      confirm: reports.flatMap((r) =>
        Result.isSuccess(r)
          ? [
              {
                entry: plain(r.success.entry),
                fileCount: r.success.fileCount,
                uses: r.success.uses.map(
                  (u): ScreenUse => ({
                    kind: u.kind,
                    usedAs: u.usedAs,
                    name: u.name,
                    eventId: u.eventId,
                    tournamentId: u.tournamentId,
                    galleryId: u.galleryId,
                    pageAlias: u.pageAlias,
                  }),
                ),
              },
            ]
          : [],
      ),
    }
  })

export type FileManagerScreen = Effect.Success<ReturnType<typeof screenOf>>

/**
 * The screen's data, or why not: `signedOut`, `notOrganiser` (no organiser account in use, so no tree) or `notFound`
 * (no such folder of theirs, e.g. a
 * stale link). The answer is personal, never cached.
 */
export const fileManagerScreen = createServerOnlyFn(
  async (
    query: ScreenQuery,
  ): Promise<
    | { readonly ok: true; readonly screen: FileManagerScreen }
    | { readonly ok: false; readonly reason: 'signedOut' | 'notOrganiser' | 'notFound' }
  > => {
    personal()
    const { user } = await sessionOf(getRequest())
    if (!user) return { ok: false, reason: 'signedOut' }
    const owner = user.isOrganizer && user.organizer ? user.organizer.organizerId : null
    if (owner === null) return { ok: false, reason: 'notOrganiser' }
    const result: Result.Result<FileManagerScreen, FsEntryNotFound> = await attempt(screenOf(owner, query))
    return Result.isSuccess(result) ? { ok: true, screen: result.success } : { ok: false, reason: 'notFound' }
  },
)

const Id = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** The screen's query: the folder, the page, the search and the filter, the entries being confirmed. */
export const fetchFileManager = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        folder: Schema.NullOr(Id),
        page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })),
        q: Schema.String.check(
          Schema.isMaxLength(100),
          Schema.makeFilter((value: string) => !hasControlCharacters(value), {
            expected: 'text without control characters',
          }),
        ),
        kind: Schema.NullOr(Schema.Literals(['images', 'documents'])),
        confirm: Schema.Array(Id).check(Schema.isMaxLength(maximumSelected)),
        eventId: Schema.NullOr(EventId),
      }),
    ),
  )
  .handler(({ data }) => fileManagerScreen(data))
