import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs `node scripts/start.ts` with a clean environment plus `env`; stops it after `until` shows up. */
const start = (env: Record<string, string>, args: ReadonlyArray<string> = [], until?: RegExp) =>
  new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.ts', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        KIBITZ_SKIP_BUILD: '1',
        ...env,
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (until?.test(stdout)) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })

const listening = (): Promise<{ server: Server; port: number }> =>
  new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 })
    })
  })

describe('npm start', () => {
  it('refuses an invalid PORT with one line naming it and exit code 1', async () => {
    const run = await start({ PORT: 'eighty' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe('kibitz: PORT must be a number from 1 to 65535 (got "eighty")')
  })

  it('refuses an unknown STORAGE with one line naming it and exit code 1', async () => {
    const run = await start({ STORAGE: 'ftp' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe('kibitz: STORAGE must be one of local, s3, uploadthing (got "ftp")')
  })

  it('refuses a DATABASE_URL that is not a postgres URL', async () => {
    const run = await start({ DATABASE_URL: 'mysql://root@127.0.0.1/kibitz' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      'kibitz: DATABASE_URL must start with postgres: or postgresql: (got mysql:)',
    )
  })

  it('refuses a port that is already taken, before touching the database', async () => {
    const { server, port } = await listening()
    try {
      const run = await start({ PORT: String(port), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })
      expect(run.code).toBe(1)
      expect(run.stderr.trim()).toBe(
        `kibitz: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
      )
    } finally {
      server.close()
    }
  })

  it('refuses a DATABASE_URL it cannot reach, in one line without the password', async () => {
    const { server, port } = await listening()
    server.close()
    const run = await start({ DATABASE_URL: `postgres://kibitz:secret@127.0.0.1:${port}/kibitz` }, [
      '--role=worker',
    ])
    expect(run.code).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^kibitz: DATABASE_URL: cannot connect to 127\.0\.0\.1:\d+/)
    expect(run.stderr).not.toContain('secret')
  })

  describe('--role=worker', () => {
    const databases: Array<() => Promise<void>> = []
    afterAll(async () => {
      for (const drop of databases) await drop()
    })

    it('migrates, seeds once, runs the worker and stops cleanly on SIGTERM', async () => {
      const db = await freshDatabase(inject('databaseUrl'))
      databases.push(db.drop)
      const first = await start({ DATABASE_URL: db.url }, ['--role=worker'], /worker running/)
      expect(first.stderr).toBe('')
      expect(first.stdout).toContain('kibitz: seeded demo data')
      expect(first.stdout).toContain('kibitz: worker running')
      expect(first.code).toBe(0)
      const second = await start({ DATABASE_URL: db.url }, ['--role=worker'], /worker running/)
      expect(second.stdout).not.toContain('seeded demo data')
      expect(second.code).toBe(0)
    }, 60_000)
  })

  describe('--role=dev (npm run dev)', () => {
    const databases: Array<() => Promise<void>> = []
    afterAll(async () => {
      for (const drop of databases) await drop()
    })

    it('runs the worker and serves the site from Vite, then stops both on SIGTERM', async () => {
      const db = await freshDatabase(inject('databaseUrl'))
      databases.push(db.drop)
      const { server, port } = await listening()
      await new Promise((resolve) => server.close(resolve))
      const child = spawn(process.execPath, ['scripts/start.ts', '--role=dev'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/root',
          DATABASE_URL: db.url,
          PORT: String(port),
        },
      })
      let stdout = ''
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
      })
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
      try {
        // Vite says where it listens once it is ready.
        for (let waited = 0; !stdout.includes(`http://127.0.0.1:${port}/`) && waited < 120_000; waited += 250)
          await new Promise((resolve) => setTimeout(resolve, 250))
        expect(stdout).toContain('kibitz: worker running; the dev server starts at')
        const home = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(150_000) })
        expect(home.status).toBe(200)
        expect(await home.text()).toContain('<title>Kibitz')
      } finally {
        child.kill('SIGTERM')
      }
      expect(await closed).toBe(0)
      // The dev server went with it: the port is free again.
      const again = createServer()
      await new Promise<void>((resolve, reject) => {
        again.once('error', reject)
        again.listen(port, '127.0.0.1', () => resolve())
      })
      await new Promise((resolve) => again.close(resolve))
    }, 300_000)
  })
})
