// The browser's bundle holds no server code. A feature's server functions sit beside the server code they run
// (app/src/server/*.functions.ts), and a domain's browser-safe subpath may import a lower one's: the Start
// compiler and the subpaths keep the server half out, and this reads the built assets to prove they did. A
// browser-reachable file that imports `@kibitz/kernel` instead of `@kibitz/kernel/ids` once shipped 420 kB of
// MikroORM to every editor screen while every other test passed.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

const assets = fileURLToPath(new URL('../dist/client/assets/', import.meta.url))

/** Text found only in server code: the ORM, the database driver, SQL, the job queue, the session and mail code. */
const serverMarkers = [
  'mikro-orm',
  'MikroORM',
  'pg-boss',
  'pg_advisory',
  'select count(',
  'mail_outbox',
  'private, no-store',
  'kibitz_session',
  'libvips',
] as const

test('no server code reaches the browser', () => {
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(10)
  const found = scripts.flatMap((file) => {
    const text = readFileSync(path.join(assets, file), 'utf8')
    return serverMarkers.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`)
  })
  expect(found).toEqual([])
})
