import { type Em, inTransaction, type OrganiserId, StoredFileId } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import { folderChain, isPlatformFolder, maxNameLength, nameProblem, parentOf } from './FileTree.ts'
import { FileUsage, FileUse } from './FileUsage.ts'
import { FsTreeRepo, type TreeRow } from './internal/FsTreeRepo.ts'
import { FileStorage } from './Storage.ts'

// The organiser's file tree (spec sections 3, 7 and 9; docs/decisions/040): list a folder, make one, rename a file
// or a folder. Every call names the owner, the organiser whose tree it is (the caller has authorised the user as
// that organiser); another owner's entry is never found.

/** A file-system entry (spec section 3): a folder or a stored file. `fsFileUrl` is a file's public path. */
export class FsEntry extends Schema.Class<FsEntry>('@kibitz/files/FsEntry')({
  fsFileId: StoredFileId,
  filename: Schema.String,
  path: Schema.String,
  parent: Schema.NullOr(Schema.String),
  fsFileUrl: Schema.NullOr(Schema.String),
  hasChildren: Schema.Boolean,
  isFolder: Schema.Boolean,
  isFolderReadableOnly: Schema.Boolean,
  isImage: Schema.Boolean,
  isDocument: Schema.Boolean,
  /** A file's stored size in bytes; null for a folder. */
  size: Schema.NullOr(Schema.Int),
  /** When a file was uploaded, an ISO instant; null for a folder. */
  uploadedAt: Schema.NullOr(Schema.String),
}) {}

/** One page of a folder: its entries, the folders from the root down to it, and how many entries it has. */
export interface FsListing {
  readonly entries: ReadonlyArray<FsEntry>
  readonly parents: ReadonlyArray<FsEntry>
  readonly total: number
}

/**
 * Which page of a folder to list: `parentId` null for the root; `searchValue` lists the entries under the folder
 * whose name contains it; `kind` keeps the files of that kind only. The caller bounds `offset` and `limit`.
 */
export interface FsListOptions {
  readonly parentId: number | null
  readonly offset: number
  readonly limit: number
  readonly searchValue?: string | undefined
  readonly kind?: 'image' | 'document' | undefined
}

/** The owner has no file or folder with this id. */
export class FsEntryNotFound extends Schema.TaggedError<FsEntryNotFound>()('FsEntryNotFound', {
  id: Schema.Int,
}) {}

/**
 * A name refused: `field` is the input at fault (`folderName` when making a folder, `newObjectName` when renaming),
 * `rule` why (the kernel's validation rules): one of `nameProblem`'s, `nameTaken` (the folder already has a folder
 * of that name) or `reservedName` (the platform's own folder would stand there, spec section 9).
 */
export class FsNameRejected extends Schema.TaggedError<FsNameRejected>()('FsNameRejected', {
  field: Schema.Literals(['folderName', 'newObjectName']),
  rule: Schema.Literals(['required', 'tooLong', 'invalidName', 'reservedName', 'nameTaken']),
}) {}

/** The platform's folders cannot be renamed or deleted (spec isFolderReadableOnly). */
export class FsReadOnly extends Schema.TaggedError<FsReadOnly>()('FsReadOnly', { id: Schema.Int }) {}

/** A file, or a folder holding files, that something still uses: `uses` says what (the usage report). */
export class FsInUse extends Schema.TaggedError<FsInUse>()('FsInUse', {
  id: Schema.Int,
  uses: Schema.Array(FileUse),
}) {}

/** What uses a file or the files of a folder (spec file-usage-report): nothing when `uses` is empty. */
export interface FsUsageReport {
  readonly entry: FsEntry
  /** How many files the report covers (1 for a file; every file in and under a folder). */
  readonly fileCount: number
  readonly uses: ReadonlyArray<FileUse>
}

/** The most characters of a folder's whole path (the column's). */
const maxPathLength = 300

const entryOf = (row: TreeRow): FsEntry =>
  new FsEntry({
    fsFileId: StoredFileId.make(row.id),
    filename: row.name,
    path: row.path,
    parent: row.parent,
    fsFileUrl: row.isFolder ? null : row.url,
    hasChildren: row.hasChildren,
    isFolder: row.isFolder,
    isFolderReadableOnly: row.isFolder && isPlatformFolder(row.path),
    isImage: !row.isFolder && row.kind === 'image',
    isDocument: !row.isFolder && row.kind === 'document',
    size: row.isFolder ? null : row.size,
    uploadedAt: row.isFolder ? null : row.uploadedAt,
  })

const folderEntry = (row: { readonly id: number; readonly path: string }): FsEntry =>
  entryOf({
    id: row.id,
    name: row.path.slice(row.path.lastIndexOf('/') + 1),
    path: row.path,
    parent: parentOf(row.path),
    url: null,
    isFolder: true,
    kind: null,
    hasChildren: true,
    size: null,
    uploadedAt: null,
  })

export class FileSystem extends Context.Service<
  FileSystem,
  {
    /** One page of one of `owner`'s folders, folders first and then by name, with the folders above it and the total. */
    list(owner: OrganiserId, options: FsListOptions): Effect.Effect<FsListing, FsEntryNotFound, Em>
    /** Makes a folder named `name` in `owner`'s folder `parentId` (null: the root). */
    createFolder(
      owner: OrganiserId,
      parentId: number | null,
      name: string,
    ): Effect.Effect<FsEntry, FsEntryNotFound | FsNameRejected, Em>
    /**
     * Names `owner`'s file or folder `id` anew. A folder moves with everything in it; a file keeps its object key,
     * so its links stay valid. The platform's folders are refused.
     */
    rename(
      owner: OrganiserId,
      id: number,
      newName: string,
    ): Effect.Effect<FsEntry, FsEntryNotFound | FsNameRejected | FsReadOnly, Em>
    /** What uses `owner`'s file `id`, or the files in and under folder `id`. */
    usageReport(owner: OrganiserId, id: number): Effect.Effect<FsUsageReport, FsEntryNotFound, Em>
    /**
     * Deletes `owner`'s file `id`, or folder `id` with everything in it, with their stored objects. Refused when
     * anything still uses one of the files (the report is the refusal) or the folder is the platform's.
     */
    remove(owner: OrganiserId, id: number): Effect.Effect<void, FsEntryNotFound | FsInUse | FsReadOnly, Em>
  }
>()('@kibitz/files/FileSystem') {
  static readonly layer = Layer.effect(
    FileSystem,
    Effect.gen(function* () {
      const tree = yield* FsTreeRepo
      const storage = yield* FileStorage
      const usage = yield* FileUsage

      const folderOf = (owner: number, id: number | null) =>
        Effect.gen(function* () {
          if (id === null) return null
          const folder = yield* tree.folderById(owner, id)
          if (folder === null) return yield* new FsEntryNotFound({ id })
          return folder
        })

      /** The folders from the root down to `path`, as entries. */
      const chainOf = (owner: number, path: string | null) =>
        Effect.map(tree.foldersByPath(owner, path === null ? [] : folderChain(path)), (rows) =>
          [...rows].sort((a, b) => a.path.length - b.path.length).map(folderEntry),
        )

      /** `name` checked as one entry's name at `path` in `parent`; `field` names the input. */
      const checkedName = (
        owner: number,
        parent: string | null,
        name: string,
        field: FsNameRejected['field'],
      ) =>
        Effect.gen(function* () {
          const problem = nameProblem(name)
          if (problem !== null) return yield* new FsNameRejected({ field, rule: problem })
          const trimmed = name.trim()
          const path = parent === null ? trimmed : `${parent}/${trimmed}`
          if (path.length > maxPathLength) return yield* new FsNameRejected({ field, rule: 'tooLong' })
          if (isPlatformFolder(path)) return yield* new FsNameRejected({ field, rule: 'reservedName' })
          const [taken] = yield* tree.foldersByPath(owner, [path])
          if (taken !== undefined) return yield* new FsNameRejected({ field, rule: 'nameTaken' })
          return { name: trimmed, path }
        })

      const list = Effect.fn('FileSystem.list')(function* (owner: OrganiserId, options: FsListOptions) {
        const folder = yield* folderOf(owner, options.parentId)
        const search = options.searchValue?.trim().slice(0, maxNameLength) ?? ''
        const [rows, total] = yield* tree.list(owner, folder?.path ?? null, {
          offset: options.offset,
          limit: options.limit,
          search: search === '' ? null : search,
          kind: options.kind ?? null,
        })
        return { entries: rows.map(entryOf), parents: yield* chainOf(owner, folder?.path ?? null), total }
      })

      const createFolder = Effect.fn('FileSystem.createFolder')(function* (
        owner: OrganiserId,
        parentId: number | null,
        name: string,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const parent = yield* folderOf(owner, parentId)
            const { path } = yield* checkedName(owner, parent?.path ?? null, name, 'folderName')
            yield* tree.ensureFolders(owner, path)
            const [made] = yield* tree.foldersByPath(owner, [path])
            if (made === undefined) return yield* Effect.die(new Error(`the folder ${path} was not made`))
            return folderEntry(made)
          }),
        )
      })

      const rename = Effect.fn('FileSystem.rename')(function* (
        owner: OrganiserId,
        id: number,
        newName: string,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const folder = yield* tree.folderById(owner, id)
            if (folder !== null) {
              if (isPlatformFolder(folder.path)) return yield* new FsReadOnly({ id })
              const { path } = yield* checkedName(owner, parentOf(folder.path), newName, 'newObjectName')
              yield* tree.moveFolder(owner, folder.path, path)
              return folderEntry({ id, path })
            }
            const file = yield* tree.fileRow(owner, id)
            if (file === null) return yield* new FsEntryNotFound({ id })
            const problem = nameProblem(newName)
            if (problem !== null) return yield* new FsNameRejected({ field: 'newObjectName', rule: problem })
            yield* tree.renameFile(owner, id, newName.trim())
            return entryOf({ ...file, name: newName.trim() })
          }),
        )
      })

      /** `owner`'s entry `id` (a folder or a file) and the files it covers. */
      const covered = (owner: OrganiserId, id: number) =>
        Effect.gen(function* () {
          const folder = yield* tree.folderById(owner, id)
          if (folder !== null)
            return {
              entry: folderEntry(folder),
              folder,
              files: yield* tree.filesToRemove(owner, { folder: folder.path }),
            }
          const file = yield* tree.fileRow(owner, id)
          if (file === null) return yield* new FsEntryNotFound({ id })
          return { entry: entryOf(file), folder: null, files: yield* tree.filesToRemove(owner, { id }) }
        })

      const usageReport = Effect.fn('FileSystem.usageReport')(function* (owner: OrganiserId, id: number) {
        const { entry, files } = yield* covered(owner, id)
        const uses = yield* usage.usesOf(
          owner,
          files.map((f) => f.path),
        )
        return { entry, fileCount: files.length, uses }
      })

      const remove = Effect.fn('FileSystem.remove')(function* (owner: OrganiserId, id: number) {
        const keys = yield* inTransaction(
          Effect.gen(function* () {
            yield* tree.lockOwner(owner)
            const { folder, files } = yield* covered(owner, id)
            if (folder !== null && isPlatformFolder(folder.path)) return yield* new FsReadOnly({ id })
            const uses = yield* usage.usesOf(
              owner,
              files.map((f) => f.path),
            )
            if (uses.length > 0) return yield* new FsInUse({ id, uses })
            yield* tree.deleteEntries(
              owner,
              files.map((f) => f.id),
              folder?.path ?? null,
            )
            return files.flatMap((f) => f.keys)
          }),
        )
        // The rows went first (bytes without a row are only wasted space; a row without bytes a broken link).
        yield* Effect.forEach(keys, (key) => storage.remove(key), { concurrency: 8, discard: true })
      })

      return FileSystem.of({ list, createFolder, rename, usageReport, remove })
    }),
  ).pipe(Layer.provide(FsTreeRepo.layer))
}
