// End-to-end tests against the built app started the README's way (scripts/start.ts), on a
// database of their own: a fresh one on DATABASE_URL's server, else a temporary embedded cluster.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const admin = process.env.DATABASE_URL
const env: Record<string, string | undefined> = { ...process.env, KIBITZ_SKIP_BUILD: '1' }
let cleanup = async () => {}

if (admin) {
  const name = `kibitz_e2e_${Date.now()}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  env.DATABASE_URL = url.toString()
  cleanup = async () => {
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
  }
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kibitz-e2e-'))
  env.DATA_DIR = dataDir
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true })
}
const port = await freePort()
env.PORT = String(port)
env.E2E_BASE_URL = `http://127.0.0.1:${port}`

const result = spawnSync('npx', ['playwright', 'test', '-c', 'app/playwright.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
})
await cleanup().catch((error: unknown) => console.error(`e2e cleanup: ${String(error)}`))
process.exit(result.status ?? 1)
