import { entities as accounts } from '@kibitz/accounts/orm'
import { entities as events } from '@kibitz/events/orm'
import { entities as files } from '@kibitz/files/orm'
import { entities as hotels } from '@kibitz/hotels/orm'
import { entities as kernel } from '@kibitz/kernel/orm'
import { entities as pages } from '@kibitz/pages/orm'
import { entities as registration } from '@kibitz/registration/orm'
import { entities as tournaments } from '@kibitz/tournaments/orm'
import { Migrator } from '@mikro-orm/migrations'
import { defineConfig, MikroORM } from '@mikro-orm/postgresql'
import { migrations } from './migrations/index.ts'

export const allEntities = [
  ...kernel,
  ...accounts,
  ...events,
  ...tournaments,
  ...registration,
  ...pages,
  ...files,
  ...hotels,
]

/** The one MikroORM configuration; migrations are listed explicitly so bundles carry them. */
export const ormConfig = (clientUrl: string, options?: { poolMax?: number; debug?: boolean }) =>
  defineConfig({
    clientUrl,
    entities: allEntities,
    extensions: [Migrator],
    pool: { min: 0, max: options?.poolMax ?? 10 },
    debug: options?.debug ?? false,
    allowGlobalContext: false,
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: new URL('./migrations', import.meta.url).pathname,
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
      snapshotName: '.snapshot-kibitz',
    },
  })

/** Opens an ORM connected to `clientUrl`. Callers own `orm.close()`. */
export const openOrm = (clientUrl: string, options?: { poolMax?: number; debug?: boolean }) =>
  MikroORM.init(ormConfig(clientUrl, options))

/** Applies every pending migration; returns the names applied. */
export const migrate = async (orm: MikroORM): Promise<ReadonlyArray<string>> => {
  const applied = await orm.migrator.up()
  return applied.map((m) => m.name)
}

/** Names of migrations this build knows that the database has not applied yet. */
export const pendingMigrations = async (orm: MikroORM): Promise<ReadonlyArray<string>> =>
  (await orm.migrator.getPending()).map((m) => m.name)
