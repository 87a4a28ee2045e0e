import { Em, likeLiteral, preparedRead } from '@kibitz/kernel'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Context, Effect, Layer, Schema } from 'effect'
import { StoredFileEntity } from './entities/StoredFileEntity.ts'

// The only code of the files domain that touches MikroORM; every call runs on the caller's EntityManager
// (docs/decisions/037-one-repository-form.md).

/** Every repository call runs on the caller's EntityManager; database failures are defects. */
type Db<A> = Effect.Effect<A, never, Em>

const db = <A>(f: (em: EntityManager) => Promise<A>): Db<A> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

export type StoredFile = StoredFileEntity

export interface NewStoredFile {
  readonly ownerOrganiserId: number
  readonly kind: 'image' | 'document'
  readonly folder: string
  readonly path: string
  readonly filename: string
  readonly url: string
  readonly thumbUrl: string | null
  readonly width: number | null
  readonly height: number | null
  readonly size: number
  /** An image's responsive widths (decision 041), narrowest first; null for a document. */
  readonly thumbnails?: ReadonlyArray<{ url: string; width: number; height: number }> | null
}

/** A public page's documents under an event's folder (a shaped read, docs/decisions/025), newest first. */
const documentsUnderSql = `
  select id, folder, path, filename, url, size,
         to_char(uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "uploadedAt"
    from stored_file
   where owner_organiser_id = $1 and kind = 'document' and folder like $2
   order by uploaded_at desc, id desc
   limit 200`

const DocumentRows = Schema.Array(
  Schema.Struct({
    id: Schema.Int,
    folder: Schema.String,
    path: Schema.String,
    filename: Schema.String,
    url: Schema.String,
    size: Schema.Int,
    uploadedAt: Schema.String,
  }),
)
const decodeDocumentRows = Schema.decodeUnknownSync(DocumentRows)

/** One document as a public page lists it. */
export type DocumentRow = (typeof DocumentRows.Type)[number]

/** The stored_file table's repository. */
export class StoredFileRepo extends Context.Service<
  StoredFileRepo,
  {
    /** Records a stored file; the row is written (flushed) before this succeeds. */
    insert(data: NewStoredFile): Db<StoredFile>
    /** The owner's file stored under `key`, if any: another owner's file is never found. */
    findOwned(ownerOrganiserId: number, key: string): Db<StoredFile | null>
    /**
     * One page of the owner's files whose folder starts with `prefix` (a folder path ending in `/`), newest
     * first, with how many there are in all. The prefix match uses stored_file_owner_folder_prefix_index.
     */
    listUnder(
      ownerOrganiserId: number,
      prefix: string,
      page: { readonly offset: number; readonly limit: number },
    ): Db<[ReadonlyArray<StoredFile>, number]>
    /** Deletes the row of `id`. */
    deleteById(id: number): Db<void>
    /** The owner's documents whose folder starts with `prefix` (ending in `/`), newest first, 200 at most. */
    documentsUnder(ownerOrganiserId: number, prefix: string): Db<ReadonlyArray<DocumentRow>>
  }
>()('@kibitz/files/StoredFileRepo') {
  static readonly layer = Layer.succeed(
    StoredFileRepo,
    StoredFileRepo.of({
      insert: (data) =>
        db(async (em) => {
          const row = em.create(StoredFileEntity, { ...data })
          await em.flush()
          return row
        }),
      findOwned: (ownerOrganiserId, key) =>
        db((em) => em.findOne(StoredFileEntity, { ownerOrganiserId, path: key })),
      listUnder: (ownerOrganiserId, prefix, page) =>
        db((em) =>
          em.findAndCount(
            StoredFileEntity,
            { ownerOrganiserId, folder: { $like: `${likeLiteral(prefix)}%` } },
            { orderBy: { uploadedAt: 'desc', id: 'desc' }, offset: page.offset, limit: page.limit },
          ),
        ),
      deleteById: (id) => db((em) => em.nativeDelete(StoredFileEntity, { id })).pipe(Effect.asVoid),
      documentsUnder: (ownerOrganiserId, prefix) =>
        Effect.map(
          preparedRead(documentsUnderSql, [ownerOrganiserId, `${likeLiteral(prefix)}%`]),
          decodeDocumentRows,
        ),
    }),
  )
}
