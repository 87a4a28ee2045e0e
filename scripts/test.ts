// `npm test`: every check in order, stopping at the first failure. Typecheck, lint, unit/domain/API
// tests against a real PostgreSQL, the production build, and the end-to-end tests in the Chromium
// scripts/browser.ts finds (decision 035) against the built app. Ends with one plain line counting
// every test that ran.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Schema } from 'effect'
import { requireBrowser } from './browser.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, 'reports')
const vitestReport = path.join(results, 'vitest.json')
const playwrightReport = path.join(results, 'playwright.json')
mkdirSync(results, { recursive: true })
rmSync(vitestReport, { force: true })
rmSync(playwrightReport, { force: true })

// The browser before anything else: on a machine without one that cannot be brought or installed, the run stops
// here with one line saying what to install, not after ten minutes of other checks.
const browser = await requireBrowser()
console.log(`== browser for the end-to-end tests: ${browser.path} (${browser.source})`)

const env: Record<string, string | undefined> = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
  CHROMIUM_PATH: browser.path,
}
// Plain output in CI, where logs are read by people and tools alike.
if (process.env.CI) {
  env.NO_COLOR = '1'
  delete env.FORCE_COLOR
}

const steps: ReadonlyArray<[string, string, ReadonlyArray<string>]> = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint and format', 'npx', ['biome', 'check', '.']],
  [
    'unit, domain and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'npx', ['turbo', 'run', 'build', '--filter=@kibitz/app', '--output-logs=errors-only']],
  ['end-to-end tests', 'node', ['scripts/e2e.ts']],
]

const VitestReport = Schema.Struct({ numPassedTests: Schema.Number, numFailedTests: Schema.Number })
const PlaywrightReport = Schema.Struct({
  stats: Schema.Struct({ expected: Schema.Number, unexpected: Schema.Number, flaky: Schema.Number }),
})
const decodeVitest = Schema.decodeUnknownOption(Schema.fromJsonString(VitestReport))
const decodePlaywright = Schema.decodeUnknownOption(Schema.fromJsonString(PlaywrightReport))
const text = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '')

/**
 * Failures a runner reported although it exited 0: embedded PostgreSQL's exit hook ends the vitest process with
 * code 0 whatever the tests did, so a step is judged by its report too.
 */
const reportedFailures = (step: string): number => {
  if (step === 'unit, domain and API tests') {
    const vitest = decodeVitest(text(vitestReport))
    return vitest._tag === 'Some' ? vitest.value.numFailedTests : 0
  }
  if (step === 'end-to-end tests') {
    const playwright = decodePlaywright(text(playwrightReport))
    return playwright._tag === 'Some' ? playwright.value.stats.unexpected : 0
  }
  return 0
}

/** Counts every test the runners reported, as the plain closing line CI reads. */
const summary = () => {
  let passed = 0
  let failed = 0
  const vitest = decodeVitest(text(vitestReport))
  if (vitest._tag === 'Some') {
    passed += vitest.value.numPassedTests
    failed += vitest.value.numFailedTests
  }
  const playwright = decodePlaywright(text(playwrightReport))
  if (playwright._tag === 'Some') {
    passed += playwright.value.stats.expected + playwright.value.stats.flaky
    failed += playwright.value.stats.unexpected
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed`)
}

for (const [name, command, args] of steps) {
  const started = performance.now()
  console.log(`\n== ${name}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (result.status !== 0 || reportedFailures(name) > 0) {
    console.error(`\n== ${name} failed after ${seconds} s`)
    summary()
    process.exit(result.status || 1)
  }
  console.log(`== ${name} passed in ${seconds} s`)
}
summary()
