import { Em } from '@kibitz/kernel'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Effect } from 'effect'
import { StoredFileEntity } from './entities/StoredFileEntity.ts'

// The only code of the files domain that touches MikroORM; every call runs on the caller's EntityManager.

/** Runs one ORM call on the current EntityManager; database failures are defects. */
const db = <A>(f: (em: EntityManager) => Promise<A>): Effect.Effect<A, never, Em> =>
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
}

/** Records a stored file; the row is written (flushed) before this succeeds. */
export const insert = (data: NewStoredFile) =>
  db(async (em) => {
    const row = em.create(StoredFileEntity, { ...data })
    await em.flush()
    return row
  })

/** The owner's file stored under `key`, if any: another owner's file is never found. */
export const findOwned = (ownerOrganiserId: number, key: string) =>
  db((em) => em.findOne(StoredFileEntity, { ownerOrganiserId, path: key }))

/** `text` for a LIKE pattern: its wildcards and the escape character stand for themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One page of the owner's files whose folder starts with `prefix` (a folder path ending in `/`), newest first,
 * with how many there are in all. The prefix match uses stored_file_owner_folder_prefix_index.
 */
export const listUnder = (
  ownerOrganiserId: number,
  prefix: string,
  page: { readonly offset: number; readonly limit: number },
) =>
  db((em) =>
    em.findAndCount(
      StoredFileEntity,
      { ownerOrganiserId, folder: { $like: `${likeLiteral(prefix)}%` } },
      { orderBy: { uploadedAt: 'desc', id: 'desc' }, offset: page.offset, limit: page.limit },
    ),
  )

/** Deletes the row of `id`. */
export const deleteById = (id: number) => db((em) => em.nativeDelete(StoredFileEntity, { id }))
