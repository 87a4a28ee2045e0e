import { ensureSuperUser } from '@kibitz/accounts'
import { Em } from '@kibitz/kernel'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect } from 'effect'
import pg from 'pg'
import { migrate } from './orm.ts'

/** One advisory-lock key for start-up work, so a web and a worker starting together never race. */
const bootstrapLock = 741_852_963

export interface BootstrapReport {
  readonly migrationsApplied: ReadonlyArray<string>
  readonly seeded: boolean
}

/**
 * Applies pending migrations, makes sure the super user exists, and seeds demo data on a first start
 * (when `seed` is given). Holds a PostgreSQL advisory lock for the whole sequence.
 */
export const bootstrapDatabase = async (
  orm: MikroORM,
  options: {
    url: string
    adminEmail: string
    adminPassword: string
    seed?: (orm: MikroORM) => Promise<{ seeded: boolean }>
  },
): Promise<BootstrapReport> => {
  // A session lock needs one session: a pooled connection could unlock on another one.
  const lock = new pg.Client({ connectionString: options.url })
  await lock.connect()
  await lock.query('select pg_advisory_lock($1)', [bootstrapLock])
  try {
    const migrationsApplied = await migrate(orm)
    await Effect.runPromise(
      Effect.provideService(ensureSuperUser(options.adminEmail, options.adminPassword), Em, orm.em.fork()),
    )
    const seeded = options.seed ? (await options.seed(orm)).seeded : false
    return { migrationsApplied, seeded }
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [bootstrapLock]).catch(() => {})
    await lock.end()
  }
}
