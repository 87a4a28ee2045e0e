import { ensureSuperUser } from '@kibitz/accounts'
import { Em, supportedTimeZones } from '@kibitz/kernel'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect } from 'effect'
import pg from 'pg'
import { migrate } from './orm.ts'
import { type ReferenceSyncReport, syncReferenceData } from './reference.ts'

/** One advisory-lock key for start-up work, so a web and a worker starting together never race. */
const bootstrapLock = 741_852_963

export interface BootstrapReport {
  readonly migrationsApplied: ReadonlyArray<string>
  readonly seeded: boolean
  /** Zones this Node knows that this PostgreSQL does not: events cannot be placed in them. */
  readonly zonesUnknownToDatabase: ReadonlyArray<string>
  /** The reference rows inserted and updated, per table (docs/decisions/030). */
  readonly referenceData: Readonly<Record<string, ReferenceSyncReport>>
}

/**
 * Keeps the time_zone table (docs/decisions/026) at what both this Node and this PostgreSQL know: a Node upgrade
 * that learns a zone adds it here at the next start. Returns the zones Node knows and PostgreSQL does not.
 */
export const syncTimeZones = async (orm: MikroORM): Promise<ReadonlyArray<string>> => {
  const zones = [...supportedTimeZones()]
  const em = orm.em.fork()
  await em.execute(
    `insert into time_zone (name) select name from pg_timezone_names where name in (?) on conflict do nothing`,
    [zones],
  )
  const stored = new Set(
    (await em.execute<Array<{ name: string }>>('select name from time_zone')).map((r) => r.name),
  )
  return zones.filter((zone) => !stored.has(zone))
}

/**
 * Applies pending migrations, brings the time zones and the reference data (countries, currencies, languages, age
 * groups; docs/decisions/030) up to this build, makes sure the super user exists, and seeds demo data on a first start
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
    const zonesUnknownToDatabase = await syncTimeZones(orm)
    const referenceData = await syncReferenceData(orm.em.fork())
    await Effect.runPromise(
      Effect.provideService(ensureSuperUser(options.adminEmail, options.adminPassword), Em, orm.em.fork()),
    )
    const seeded = options.seed ? (await options.seed(orm)).seeded : false
    return { migrationsApplied, seeded, zonesUnknownToDatabase, referenceData }
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [bootstrapLock]).catch(() => {})
    await lock.end()
  }
}
