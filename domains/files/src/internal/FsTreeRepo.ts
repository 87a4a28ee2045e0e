import { type Db, db, likeLiteral } from '@kibitz/kernel'
import { Context, Layer, Schema } from 'effect'
import { folderChain, parentOf } from '../FileTree.ts'

// The file tree's statements (docs/decisions/040): folders are fs_folder rows, files stored_file rows; an entry
// of a listing is either. Only the files domain's services call these, on the caller's EntityManager.

/** One entry of a folder as the listing reads it. */
export interface TreeRow {
  readonly id: number
  readonly name: string
  readonly path: string
  readonly parent: string | null
  readonly url: string | null
  readonly isFolder: boolean
  readonly kind: string | null
  readonly hasChildren: boolean
  readonly size: number | null
  readonly uploadedAt: string | null
}

const TreeRows = Schema.Array(
  Schema.Struct({
    id: Schema.Int,
    name: Schema.String,
    path: Schema.String,
    parent: Schema.NullOr(Schema.String),
    url: Schema.NullOr(Schema.String),
    isFolder: Schema.Boolean,
    kind: Schema.NullOr(Schema.String),
    hasChildren: Schema.Boolean,
    size: Schema.NullOr(Schema.Int),
    uploadedAt: Schema.NullOr(Schema.String),
    total: Schema.Union([Schema.Int, Schema.NumberFromString]),
  }),
)
const decodeTreeRows = Schema.decodeUnknownSync(TreeRows)
const FolderRows = Schema.Array(
  Schema.Struct({ id: Schema.Int, path: Schema.String, parent: Schema.NullOr(Schema.String) }),
)
const decodeFolderRows = Schema.decodeUnknownSync(FolderRows)

const folderColumns = `d.id, regexp_replace(d.path, '^.*/', '') as name, d.path, d.parent, null::text as url,
  true as "isFolder", null::text as kind,
  (exists (select 1 from fs_folder c where c.owner_organiser_id = d.owner_organiser_id and c.parent = d.path)
   or exists (select 1 from stored_file s where s.owner_organiser_id = d.owner_organiser_id and s.folder = d.path))
   as "hasChildren", null::int as size, null::text as "uploadedAt"`
const fileColumns = `f.id, f.filename as name, f.path, f.folder as parent, f.url, false as "isFolder", f.kind,
  false as "hasChildren", f.size,
  to_char(f.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "uploadedAt"`

export interface ListOptions {
  readonly offset: number
  readonly limit: number
  /** Names containing it, anywhere under the folder, instead of the folder's own entries. */
  readonly search: string | null
  readonly kind: 'image' | 'document' | null
}

const statements = {
  /**
   * One page of the entries of `owner`'s folder `folder` (null: the root), folders first, then by name, with how
   * many there are in all. A search lists the entries under the folder whose name contains the text; `kind` keeps
   * only files of that kind (folders stay, to be opened).
   */
  list: (owner: number, folder: string | null, options: ListOptions): Db<[ReadonlyArray<TreeRow>, number]> =>
    db(async (em) => {
      const params: Array<unknown> = []
      const param = (value: unknown) => {
        params.push(value)
        return '?'
      }
      const under = folder === null ? null : `${likeLiteral(folder)}/%`
      const pattern = options.search === null ? null : `%${likeLiteral(options.search.toLowerCase())}%`
      const folders =
        pattern === null
          ? `select ${folderColumns} from fs_folder d
               where d.owner_organiser_id = ${param(owner)} and d.parent is not distinct from ${param(folder)}::text`
          : `select ${folderColumns} from fs_folder d
               where d.owner_organiser_id = ${param(owner)}
                 and ${under === null ? 'true' : `d.path like ${param(under)}`}
                 and lower(regexp_replace(d.path, '^.*/', '')) like ${param(pattern)}`
      // Built where it stands in the text, so its value takes its place among the parameters.
      const kindTest = () => (options.kind === null ? '' : ` and f.kind = ${param(options.kind)}`)
      const files =
        pattern === null
          ? folder === null
            ? null
            : `select ${fileColumns} from stored_file f
                 where f.owner_organiser_id = ${param(owner)} and f.folder = ${param(folder)}${kindTest()}`
          : `select ${fileColumns} from stored_file f
               where f.owner_organiser_id = ${param(owner)}
                 and ${folder === null ? 'true' : `(f.folder = ${param(folder)} or f.folder like ${param(under)})`}
                 and lower(f.filename) like ${param(pattern)}${kindTest()}`
      const rows = decodeTreeRows(
        await em.execute(
          `select e.*, count(*) over () as total from (${folders}${files === null ? '' : ` union all ${files}`}) e
            order by e."isFolder" desc, lower(e.name), e.id
            offset ${param(options.offset)} limit ${param(options.limit)}`,
          params,
        ),
      )
      return [rows, rows[0]?.total ?? 0] as [ReadonlyArray<TreeRow>, number]
    }),

  /** `owner`'s folder with this id, if any. */
  folderById: (owner: number, id: number): Db<{ readonly id: number; readonly path: string } | null> =>
    db(async (em) => {
      const [row] = decodeFolderRows(
        await em.execute('select id, path, parent from fs_folder where owner_organiser_id = ? and id = ?', [
          owner,
          id,
        ]),
      )
      return row ?? null
    }),

  /** `owner`'s folders of these paths (those that exist), by path. */
  foldersByPath: (
    owner: number,
    paths: ReadonlyArray<string>,
  ): Db<ReadonlyArray<{ id: number; path: string }>> =>
    paths.length === 0
      ? db(async () => [])
      : db(async (em) =>
          decodeFolderRows(
            await em.execute(
              `select id, path, parent from fs_folder where owner_organiser_id = ? and path in (${paths.map(() => '?').join(', ')})`,
              [owner, ...paths],
            ),
          ),
        ),

  /** Makes `folder` and every folder above it for `owner` (those missing); the existing ones stay as they are. */
  ensureFolders: (owner: number, folder: string): Db<void> =>
    db(async (em) => {
      const chain = folderChain(folder)
      if (chain.length === 0) return
      await em.execute(
        `insert into fs_folder (owner_organiser_id, path, parent)
           values ${chain.map(() => '(?, ?, ?)').join(', ')}
         on conflict (owner_organiser_id, path) do nothing`,
        chain.flatMap((path) => [owner, path, parentOf(path)]),
      )
    }),

  /**
   * Moves `owner`'s folder `from` to `to` (a path that is free), with every folder and file under it: their paths
   * and parents change, the files' object keys do not.
   */
  moveFolder: (owner: number, from: string, to: string): Db<void> =>
    db(async (em) => {
      const below = `${likeLiteral(from)}/%`
      const cut = from.length + 1
      await em.execute(
        `update fs_folder set
           path = ? || substr(path, ?),
           parent = case when path = ? then ? else ? || substr(parent, ?) end
         where owner_organiser_id = ? and (path = ? or path like ?)`,
        [to, cut, from, parentOf(to), to, cut, owner, from, below],
      )
      await em.execute(
        `update stored_file set folder = ? || substr(folder, ?)
          where owner_organiser_id = ? and (folder = ? or folder like ?)`,
        [to, cut, owner, from, below],
      )
    }),

  /** `owner`'s file `id` as a listing shows it, if any. */
  fileRow: (owner: number, id: number): Db<TreeRow | null> =>
    db(async (em) => {
      const [row] = decodeTreeRows(
        await em.execute(
          `select ${fileColumns}, 1 as total from stored_file f where f.owner_organiser_id = ? and f.id = ?`,
          [owner, id],
        ),
      )
      return row ?? null
    }),

  /** Holds `owner`'s tree until the transaction ends: uploads and deletions of one organiser queue here. */
  lockOwner: (owner: number): Db<void> =>
    db(async (em) => {
      await em.execute("select pg_advisory_xact_lock(hashtext('kibitz.fs_tree'), ?)", [owner])
    }),

  /** How many bytes `owner`'s stored files take (the quota counts each file's stored size). */
  usedBytes: (owner: number): Db<number> =>
    db(async (em) => {
      const [row] = await em.execute<Array<{ used: string | number }>>(
        'select coalesce(sum(size), 0) as used from stored_file where owner_organiser_id = ?',
        [owner],
      )
      return Number(row?.used ?? 0)
    }),

  /** Which of `names` (compared in lower case) `owner`'s folder `folder` holds as files already, in lower case. */
  takenNames: (owner: number, folder: string, names: ReadonlyArray<string>): Db<ReadonlyArray<string>> =>
    names.length === 0
      ? db(async () => [])
      : db(async (em) => {
          const stems = [...new Set(names.map((name) => name.toLowerCase().replace(/\.[^.]*$/, '')))]
          const rows = await em.execute<Array<{ name: string }>>(
            `select lower(filename) as name from stored_file
              where owner_organiser_id = ? and folder = ?
                and (${stems.map(() => 'lower(filename) like ?').join(' or ')})`,
            [owner, folder, ...stems.map((stem) => `${likeLiteral(stem)}%`)],
          )
          return rows.map((row) => row.name)
        }),

  /**
   * The object keys of `owner`'s files: file `id` alone, or (`folder` given) every file in that folder or under it;
   * `keys` are each file's objects (the image, its thumbnail and its responsive widths), `path` its own key.
   */
  filesToRemove: (
    owner: number,
    target: { readonly id: number } | { readonly folder: string },
  ): Db<
    ReadonlyArray<{ readonly id: number; readonly path: string; readonly keys: ReadonlyArray<string> }>
  > =>
    db(async (em) => {
      const rows = await em.execute<
        Array<{
          id: number
          path: string
          thumbUrl: string | null
          thumbnails: Array<{ url: string }> | null
        }>
      >(
        'id' in target
          ? `select id, path, thumb_url as "thumbUrl", thumbnails from stored_file
              where owner_organiser_id = ? and id = ?`
          : `select id, path, thumb_url as "thumbUrl", thumbnails from stored_file
              where owner_organiser_id = ? and (folder = ? or folder like ?) order by id`,
        'id' in target ? [owner, target.id] : [owner, target.folder, `${likeLiteral(target.folder)}/%`],
      )
      const keyOf = (url: string | null) => (url?.startsWith('/files/') ? [url.slice('/files/'.length)] : [])
      return rows.map((row) => ({
        id: row.id,
        path: row.path,
        keys: [row.path, ...keyOf(row.thumbUrl), ...(row.thumbnails ?? []).flatMap((t) => keyOf(t.url))],
      }))
    }),

  /** Deletes `owner`'s file rows `ids`, and (`folder` given) that folder with every folder under it. */
  deleteEntries: (owner: number, ids: ReadonlyArray<number>, folder: string | null): Db<void> =>
    db(async (em) => {
      for (let at = 0; at < ids.length; at += 5000) {
        const chunk = ids.slice(at, at + 5000)
        await em.execute(
          `delete from stored_file where owner_organiser_id = ? and id in (${chunk.map(() => '?').join(', ')})`,
          [owner, ...chunk],
        )
      }
      if (folder !== null)
        await em.execute('delete from fs_folder where owner_organiser_id = ? and (path = ? or path like ?)', [
          owner,
          folder,
          `${likeLiteral(folder)}/%`,
        ])
    }),

  /**
   * `owner`'s files as a download names them: file `id` alone, or (`folder` given) every file in that folder or under
   * it, by folder and name.
   */
  zipFiles: (
    owner: number,
    target: { readonly id: number } | { readonly folder: string },
  ): Db<
    ReadonlyArray<{
      readonly filename: string
      readonly folder: string
      readonly path: string
      readonly uploadedAt: Date
    }>
  > =>
    db(async (em) => {
      const rows = await em.execute<
        Array<{ filename: string; folder: string; path: string; uploadedAt: string | Date }>
      >(
        'id' in target
          ? `select filename, folder, path, uploaded_at as "uploadedAt" from stored_file
              where owner_organiser_id = ? and id = ?`
          : `select filename, folder, path, uploaded_at as "uploadedAt" from stored_file
              where owner_organiser_id = ? and (folder = ? or folder like ?) order by folder, lower(filename), id`,
        'id' in target ? [owner, target.id] : [owner, target.folder, `${likeLiteral(target.folder)}/%`],
      )
      return rows.map((row) => ({ ...row, uploadedAt: new Date(row.uploadedAt) }))
    }),

  /** The paths of `owner`'s folders under `folder` (not itself), parents before children. */
  foldersUnder: (owner: number, folder: string): Db<ReadonlyArray<string>> =>
    db(async (em) => {
      const rows = await em.execute<Array<{ path: string }>>(
        'select path from fs_folder where owner_organiser_id = ? and path like ? order by path',
        [owner, `${likeLiteral(folder)}/%`],
      )
      return rows.map((row) => row.path)
    }),

  /** Names `owner`'s file `id` anew (its object key stays). */
  renameFile: (owner: number, id: number, name: string): Db<void> =>
    db(async (em) => {
      await em.execute('update stored_file set filename = ? where owner_organiser_id = ? and id = ?', [
        name,
        owner,
        id,
      ])
    }),
}

/** The file tree's repository. */
export class FsTreeRepo extends Context.Service<FsTreeRepo, typeof statements>()('@kibitz/files/FsTreeRepo') {
  static readonly layer = Layer.succeed(FsTreeRepo, FsTreeRepo.of(statements))
}
