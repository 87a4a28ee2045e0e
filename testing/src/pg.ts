import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkDatabaseUrl, findFreePort, startEmbeddedPostgres, withPgClient } from '@kibitz/infra/database'
import type { Client } from 'pg'

export interface AcquiredPostgres {
  /** URL of a database that belongs to this test run alone. */
  url: string
  /** Stops or drops what `acquirePostgres` set up. */
  release: () => Promise<void>
  /** Where the database lives, for one log line (no password). */
  description: string
}

const TEST_DATABASE_PREFIX = 'kibitz_test_'
const TEMP_FOLDER_PREFIX = 'kibitz-test-pg-'
const HOUR_MS = 60 * 60 * 1000

/**
 * A PostgreSQL database for one test run: a fresh database on the server of `DATABASE_URL` when that is
 * set, else a testcontainers server when `PG_TRY_TESTCONTAINERS=1` and Docker works, else an embedded
 * PostgreSQL in a temporary folder.
 */
export async function acquirePostgres(): Promise<AcquiredPostgres> {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) return createDatabaseOnServer(serverUrl)
  if (process.env.PG_TRY_TESTCONTAINERS === '1') {
    const container = await tryTestcontainers()
    if (container) return container
  }
  return startTemporaryEmbeddedPostgres()
}

async function createDatabaseOnServer(serverUrl: string): Promise<AcquiredPostgres> {
  await checkDatabaseUrl(serverUrl)
  // A new name every time, so parallel runs and reruns after a crash never meet each other's data.
  const name = `${TEST_DATABASE_PREFIX}${Date.now()}_${randomBytes(3).toString('hex')}`
  await withPgClient(serverUrl, async (client) => {
    await dropAbandonedTestDatabases(client)
    await client.query(`create database ${client.escapeIdentifier(name)}`)
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    description: `database ${name} on ${url.hostname}:${url.port || '5432'} (DATABASE_URL)`,
    release: async () => {
      await withPgClient(serverUrl, async (client) => {
        await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
      })
    },
  }
}

/**
 * Runs that were killed never dropped their database. Those a day old that nobody is connected to go;
 * a plain DROP fails (and is skipped) while a session, such as a long watch-mode run, still uses one.
 */
async function dropAbandonedTestDatabases(client: Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [TEST_DATABASE_PREFIX],
  )
  for (const { datname } of rows) {
    const createdAt = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0])
    if (!Number.isFinite(createdAt) || Date.now() - createdAt < 24 * HOUR_MS) continue
    await client.query(`drop database if exists ${client.escapeIdentifier(datname)}`).catch(() => {})
  }
}

async function tryTestcontainers(): Promise<AcquiredPostgres | undefined> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
    const container = await new PostgreSqlContainer('postgres:18-alpine').start()
    return {
      url: container.getConnectionUri(),
      description: `testcontainers postgres:18-alpine on ${container.getHost()}:${container.getPort()}`,
      release: async () => {
        await container.stop()
      },
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    console.warn(`testcontainers unavailable (${reason}); using embedded PostgreSQL`)
    return undefined
  }
}

async function startTemporaryEmbeddedPostgres(): Promise<AcquiredPostgres> {
  await removeStaleTemporaryFolders()
  const folder = await mkdtemp(path.join(tmpdir(), TEMP_FOLDER_PREFIX))
  // mkdtemp makes the folder 0700; as root the server runs as the OS user postgres, which must enter it.
  await chmod(folder, 0o755)
  try {
    const port = await findFreePort()
    const server = await startEmbeddedPostgres(folder, { port })
    return {
      url: server.url,
      description: `embedded PostgreSQL on 127.0.0.1:${port} in ${folder}`,
      release: async () => {
        try {
          await server.stop()
        } finally {
          await rm(folder, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw error
  }
}

/** A run stopped by a signal can leave its folder behind; remove those of dead servers after an hour. */
async function removeStaleTemporaryFolders(): Promise<void> {
  const entries = await readdir(tmpdir(), { withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(TEMP_FOLDER_PREFIX)) continue
    const folder = path.join(tmpdir(), entry.name)
    try {
      const { mtimeMs } = await stat(folder)
      if (Date.now() - mtimeMs < HOUR_MS) continue
      if (await serverRunsIn(path.join(folder, 'pg'))) continue
      await rm(folder, { recursive: true, force: true })
    } catch {
      // Another run may be removing the same folder at the same time.
    }
  }
}

async function serverRunsIn(pgDir: string): Promise<boolean> {
  let content: string
  try {
    content = await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')
  } catch {
    return false
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the PID exists but belongs to another user, so it may well be that server.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}
