// `npm run states`: the long run of the property-based state suite (app/test/states) before a release. The same
// suite runs bounded in `npm test` (8 events of up to 8 steps after their wizard, a fixed seed); here it runs many more events with
// longer step sequences and a fresh seed each time, printed first so any failure can be replayed with --seed.
//
//   npm run states                         200 events of up to 12 steps, a random seed
//   npm run states -- --runs=1000 --steps=20 --seed=123 --shrink
//
// --shrink lets fast-check shrink a counterexample to its smallest form (slow: every try reads every page).
// STATES_STATS=1 in the environment prints how many writes of each kind got each status.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Schema } from 'effect'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const option = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const whole = (name: string, fallback: number): number => {
  const raw = option(name)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number from 1 (got ${JSON.stringify(raw)})`)
    process.exit(2)
  }
  return value
}

const runs = whole('runs', 200)
const steps = whole('steps', 12)
const seed = whole('seed', Math.floor(Math.random() * 2 ** 31) + 1)
const shrink = process.argv.includes('--shrink')

console.log(`state suite: ${runs} events of up to ${steps} steps, seed ${seed}${shrink ? ', shrinking' : ''}`)
const started = performance.now()
// The verdict comes from vitest's JSON report, not its exit code: with the embedded PostgreSQL, that package's
// exit hook ends the process with 0 whatever vitest set.
const report = path.join(root, 'reports', 'states.json')
mkdirSync(path.dirname(report), { recursive: true })
rmSync(report, { force: true })
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    'app/test/states/',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      STATES_RUNS: String(runs),
      STATES_STEPS: String(steps),
      STATES_SEED: String(seed),
      ...(shrink ? { STATES_SHRINK: '1' } : {}),
    },
  },
)
const minutes = ((performance.now() - started) / 60_000).toFixed(1)
const Report = Schema.Struct({
  numPassedTests: Schema.Number,
  numFailedTests: Schema.Number,
  success: Schema.Boolean,
})
const counted = Schema.decodeUnknownOption(Schema.fromJsonString(Report))(
  existsSync(report) ? readFileSync(report, 'utf8') : '',
)
const passed =
  result.status === 0 &&
  counted._tag === 'Some' &&
  counted.value.success &&
  counted.value.numFailedTests === 0
console.log(
  passed
    ? `state suite passed in ${minutes} min (seed ${seed})`
    : `state suite FAILED after ${minutes} min; replay with: npm run states -- --runs=${runs} --steps=${steps} --seed=${seed}`,
)
process.exit(passed ? 0 : 1)
