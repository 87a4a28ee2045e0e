import { migrate, openOrm } from '@kibitz/infra'
import pg from 'pg'

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1))
const withDatabase = (url: string, name: string) => {
  const next = new URL(url)
  next.pathname = `/${encodeURIComponent(name)}`
  return next.toString()
}
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The migrated template every test file clones its own database from. */
export const templateName = (url: string) => `${databaseName(url)}_tpl`

const admin = async <A>(url: string, run: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * Readies the run's database before any test file runs: applies every migration, then copies it
 * into a template database nobody connects to, so `freshDatabase()` can clone it in ~100 ms.
 */
export async function prepareDatabase(url: string): Promise<void> {
  const orm = await openOrm(url, { poolMax: 2 })
  try {
    await migrate(orm)
  } finally {
    await orm.close(true)
  }
  await admin(url, async (client) => {
    await client.query(`drop database if exists ${quote(templateName(url))}`)
    await client.query(`create database ${quote(templateName(url))} template ${quote(databaseName(url))}`)
  })
}

/** Drops the template and every database cloned from it in this run. */
export async function cleanupDatabases(url: string): Promise<void> {
  await admin(url, async (client) => {
    const prefix = `${databaseName(url)}_`
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    )
    for (const row of rows) await client.query(`drop database if exists ${quote(row.datname)} with (force)`)
  })
}

let counter = 0

/**
 * A migrated, empty database of its own for one test file: its rows never meet another file's.
 * Call `drop()` in afterAll.
 */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  counter += 1
  const name = `${databaseName(url)}_f${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`
  await admin(url, (client) =>
    client.query(`create database ${quote(name)} template ${quote(templateName(url))}`),
  )
  return {
    url: withDatabase(url, name),
    drop: () =>
      admin(url, (client) => client.query(`drop database if exists ${quote(name)} with (force)`)).then(
        () => {},
      ),
  }
}
