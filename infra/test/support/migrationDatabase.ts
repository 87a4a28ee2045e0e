import '../../../testing/src/context.ts'
import type { Migration } from '@mikro-orm/migrations'
import { afterAll, beforeAll, inject } from 'vitest'
import type { Orm } from '../../../testing/src/domain.ts'
import { freshDatabase } from '../../../testing/src/prepare.ts'
import { openOrm } from '../../src/orm.ts'

// The set-up the infra tests of reference data and data migrations share: a migrated database of the file's
// own, kept for the whole file, plain SQL against it and a migration's statements to run on it.

/** A migration class of infra/src/migrations. */
export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration

/**
 * The database of a test file: opened in beforeAll, dropped in afterAll. Call at the top level of the file;
 * `orm` is usable from the first hook on.
 */
export const useMigrationDatabase = () => {
  let db: { url: string; drop: () => Promise<void> } | undefined
  let orm: Orm | undefined

  beforeAll(async () => {
    db = await freshDatabase(inject('databaseUrl'))
    orm = await openOrm(db.url, { poolMax: 2 })
  })

  afterAll(async () => {
    await orm?.close(true)
    await db?.drop()
  })

  const database = {
    get orm(): Orm {
      if (!orm) throw new Error('the test database opens in beforeAll')
      return orm
    },
  }

  /** Runs `sql` with `params` and answers its rows. */
  const rows = <T>(sql: string, params: ReadonlyArray<unknown> = []) =>
    database.orm.em.fork().execute<Array<T>>(sql, [...params])

  /** The plain SQL statements of `migration` in `direction`. */
  const migrationQueries = (migration: MigrationClass, direction: 'up' | 'down'): ReadonlyArray<string> => {
    const instance = new migration(database.orm.em.getDriver(), database.orm.config)
    if (direction === 'up') instance.up()
    else instance.down()
    return instance.getQueries().map((query) => {
      if (typeof query !== 'string') throw new Error('the migration is plain SQL')
      return query
    })
  }

  return { database, rows, migrationQueries }
}
