// `npm test`: every check in order, stopping at the first failure. Typecheck, lint, the i18n
// catalogues, unit/domain/API tests against a real PostgreSQL, the production build, and the
// end-to-end tests in Debian's Chromium against the built app.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' }

const steps: ReadonlyArray<[string, string, ReadonlyArray<string>]> = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint and format', 'npx', ['biome', 'check', '.']],
  ['unit, domain and API tests', 'npx', ['vitest', 'run']],
  ['build', 'npx', ['turbo', 'run', 'build', '--filter=@kibitz/app', '--output-logs=errors-only']],
  ['end-to-end tests', 'node', ['scripts/e2e.ts']],
]

for (const [name, command, args] of steps) {
  const started = performance.now()
  console.log(`\n== ${name}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n== ${name} failed after ${seconds} s`)
    process.exit(result.status ?? 1)
  }
  console.log(`== ${name} passed in ${seconds} s`)
}
