// End-to-end tests against the built app started the README's way (scripts/start.ts), on a
// database of their own.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '@kibitz/infra/database'
import { acquirePostgres } from '@kibitz/testing'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// The same PostgreSQL choice as the vitest harness: a fresh database on DATABASE_URL's server, else
// an embedded cluster in a temporary folder.
const database = await acquirePostgres()
const env: Record<string, string | undefined> = {
  ...process.env,
  KIBITZ_SKIP_BUILD: '1',
  DATABASE_URL: database.url,
}
const port = await findFreePort()
env.PORT = String(port)
env.E2E_BASE_URL = `http://127.0.0.1:${port}`

const result = spawnSync('npx', ['playwright', 'test', '-c', 'app/playwright.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
})
await database.release().catch((error: unknown) => console.error(`e2e cleanup: ${String(error)}`))
process.exit(result.status ?? 1)
