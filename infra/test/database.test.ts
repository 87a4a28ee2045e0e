import { execFileSync, spawn } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkDatabaseUrl, findFreePort, startEmbeddedPostgres, withPgClient } from '../src/database.ts'

let dataDir = ''

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kibitz-infra-test-'))
  await chmod(dataDir, 0o755)
})

afterAll(async () => {
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
})

async function selectOne(url: string): Promise<unknown> {
  return withPgClient(
    url,
    async (client) => (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one,
  )
}

describe('startEmbeddedPostgres', () => {
  it('creates the cluster once and reuses it and its password on the next start', async () => {
    const port = await findFreePort()
    const first = await startEmbeddedPostgres(dataDir, { port })
    try {
      expect(first.url).toMatch(new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${port}/kibitz$`))
      expect(await selectOne(first.url)).toBe(1)
      await withPgClient(first.url, (client) => client.query('create table survives (id int)'))
      // UTF-8 whatever locale the shell had: lengths count characters and case rules know letters beyond ASCII.
      const { rows: text } = await withPgClient(first.url, (client) =>
        client.query<{ encoding: string; length: number; lower: string; ilike: boolean }>(
          `select pg_encoding_to_char(encoding) as encoding, length('Terme – Campionati') as length,
                  lower('ŠIAULIAI ŁÓDŹ') as lower, 'ĄČĘ' ilike 'ąčę' as ilike
             from pg_database where datname = current_database()`,
        ),
      )
      expect(text[0]).toEqual({ encoding: 'UTF8', length: 18, lower: 'šiauliai łódź', ilike: true })
    } finally {
      await first.stop()
    }
    const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim()
    expect(new URL(first.url).password).toBe(encodeURIComponent(password))

    const second = await startEmbeddedPostgres(dataDir, { port })
    try {
      expect(second.url).toBe(first.url)
      expect(await selectOne(second.url)).toBe(1)
      const { rows } = await withPgClient(second.url, (client) =>
        client.query<{ name: string | null }>("select to_regclass('survives')::text as name"),
      )
      expect(rows[0]?.name).toBe('survives')
      // The embedded server checks passwords, so it can show the one-line refusal for a wrong one.
      const wrong = new URL(second.url)
      wrong.password = 'wrong-password'
      await expect(checkDatabaseUrl(wrong.toString())).rejects.toThrow(
        new Error('DATABASE_URL: authentication failed for user "postgres"'),
      )
    } finally {
      await second.stop()
    }
  })

  // As root the server runs as the OS user postgres; a process of that user sitting on the PID in a left-over
  // postmaster.pid makes PostgreSQL refuse to start, so the lock must be recognised as stale.
  it.runIf(userInfo().uid === 0)(
    'starts despite a left-over postmaster.pid naming another process',
    async () => {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
      const sleeper = spawn('sleep', ['60'], { uid, gid, stdio: 'ignore' })
      try {
        await writeFile(path.join(dataDir, 'pg', 'postmaster.pid'), `${sleeper.pid}\n${dataDir}/pg\n`)
        const server = await startEmbeddedPostgres(dataDir, { port: await findFreePort() })
        try {
          expect(await selectOne(server.url)).toBe(1)
        } finally {
          await server.stop()
        }
      } finally {
        sleeper.kill()
      }
    },
  )
})
