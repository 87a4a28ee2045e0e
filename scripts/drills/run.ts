// `npm run drills`: fault drills against the real web and worker on loopback. Each drill injects one fault
// mid-load (kill -9 of the web or the worker, a PostgreSQL restart, the SMTP server away, a full disk, a kill
// during a rush for too few places), removes it, measures how long the service takes to be back, and reconciles
// the database with what the clients were told and the e-mails the SMTP server received. Prints a PASS/FAIL
// table, writes it to reports/drills.md, and exits 1 on any FAIL. Not part of `npm test`: it takes minutes.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { destroyCluster } from './cluster.ts'
import { type DrillResult, printDrill, printSummary, writeReport } from './report.ts'
import type { Drill } from './scenarios/common.ts'
import { diskFullDuringUpload, unmount } from './scenarios/diskFull.ts'
import { postgresRestartUnderLoad } from './scenarios/postgresRestart.ts'
import { smtpDownWhileMailing } from './scenarios/smtpDown.ts'
import { webKillDuringBurst, webKillDuringRush } from './scenarios/webKill.ts'
import { workerKillWhileSending } from './scenarios/workerKill.ts'
import { settings } from './settings.ts'
import { heal, type Stack, startStack, stopStack } from './stack.ts'

const root = path.resolve(import.meta.dirname, '../..')
const load = () => `${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`
const log = (line: string) => console.log(`drills: ${line}`)

const drills: ReadonlyArray<readonly [number, string, Drill]> = [
  [1, 'kill -9 of the web during a registration burst', webKillDuringBurst],
  [2, 'kill -9 of the worker while it sends e-mails', workerKillWhileSending],
  [3, 'PostgreSQL restarted under load', postgresRestartUnderLoad],
  [4, `SMTP server down for ${settings.smtpDownSeconds} s while e-mails are produced`, smtpDownWhileMailing],
  [5, 'disk full during an upload', diskFullDuringUpload],
  [
    6,
    `${settings.rushClients} registrations for ${settings.rushPlaces} places, kill -9 of the web mid-rush`,
    webKillDuringRush,
  ],
]

/** The app's production build, made once when it is missing (or when DRILL_BUILD=1 asks for a fresh one). */
const ensureBuild = () => {
  if (existsSync(path.join(root, 'app/dist/server/server.js')) && !settings.build) return
  log('building the app (npx turbo run build --filter=@kibitz/app)')
  const build = spawnSync(
    'npx',
    ['turbo', 'run', 'build', '--filter=@kibitz/app', '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    },
  )
  if (build.status !== 0) {
    console.error('drills: the app build failed (see above)')
    process.exit(1)
  }
}

let stack: Stack | undefined
let workDir: string | undefined

/** Leaves the machine as found: tmpfs unmounted, processes and cluster stopped, logs kept in reports/. */
const cleanUp = async () => {
  if (stack) {
    await unmount(path.join(stack.dataDir, 'files')).catch((error: unknown) => console.error(String(error)))
    await stopStack(stack).catch((error: unknown) => console.error(String(error)))
    await destroyCluster(stack.cluster)
  }
  if (workDir) {
    const logs = path.join(root, 'reports', 'drills-logs')
    await mkdir(logs, { recursive: true })
    for (const name of ['web.log', 'worker.log', 'postgresql.log']) {
      const file = path.join(workDir, name)
      if (existsSync(file)) await copyFile(file, path.join(logs, name)).catch(() => {})
    }
    if (settings.keep) log(`work folder kept: ${workDir}`)
    else await rm(workDir, { recursive: true, force: true })
  }
}

let interrupted = false
const stopSignals: ReadonlyArray<NodeJS.Signals> = ['SIGINT', 'SIGTERM']
for (const signal of stopSignals) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    log(`${signal}: cleaning up`)
    void cleanUp().finally(() => process.exit(130))
  })
}

const runAll = async (): Promise<ReadonlyArray<DrillResult>> => {
  ensureBuild()
  workDir = await mkdtemp(path.join(tmpdir(), 'kibitz-drills-'))
  log(`work folder ${workDir}; seed ${settings.seed} (DRILL_SEED=${settings.seed} repeats the kill moments)`)
  stack = await startStack(workDir, log)
  const results: Array<DrillResult> = []
  for (const [number, title, drill] of drills) {
    if (settings.only.size > 0 && !settings.only.has(number)) continue
    if (interrupted) break
    const started = performance.now()
    log(`drill ${number}: ${title}`)
    let result: DrillResult
    try {
      // Whatever the previous drill left behind (a dead process, a stopped server) is put right first.
      await heal(stack, settings)
      const loadBefore = load()
      const current = stack
      const exitsBefore = { web: current.web.unexpectedExits, worker: current.worker.unexpectedExits }
      const outcome = await drill(stack, settings)
      // A process the drill did not kill that exited anyway (a crash, or a signal from outside the drill).
      const died = [current.web, current.worker]
        .filter((p) => p.unexpectedExits > exitsBefore[p.role])
        .map((p) => `the ${p.role}: ${p.lastUnexpectedExit}`)
      const problems = [...outcome.problems, ...died]
      result = {
        number,
        title,
        verdict: outcome.skipped ? 'SKIP' : problems.length === 0 ? 'PASS' : 'FAIL',
        headline: outcome.headline,
        // Timings depend on what else the machine does; the load says how busy it was.
        figures: [
          ...outcome.figures,
          ['machine load (1-min average) before / after', `${loadBefore} / ${load()}`],
        ],
        problems,
        seconds: (performance.now() - started) / 1000,
      }
    } catch (error) {
      result = {
        number,
        title,
        verdict: 'FAIL',
        headline: 'the drill itself failed (see problems)',
        figures: [],
        problems: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
        seconds: (performance.now() - started) / 1000,
      }
    }
    printDrill(result)
    results.push(result)
  }
  return results
}

const started = performance.now()
let results: ReadonlyArray<DrillResult> = []
try {
  results = await runAll()
} catch (error) {
  console.error(
    `drills: the run could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  await cleanUp()
  process.exit(1)
}
await cleanUp()
printSummary(results)
const context: ReadonlyArray<readonly [string, string]> = [
  [
    'run',
    `${new Date().toISOString()}, ${((performance.now() - started) / 1000).toFixed(0)} s, seed ${settings.seed}`,
  ],
  [
    'settings',
    Object.entries(settings)
      .filter(([key]) => key !== 'only')
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(', '),
  ],
  ['logs', 'reports/drills-logs/ (web.log, worker.log, postgresql.log)'],
]
const report = await writeReport(root, results, context)
const failed = results.filter((r) => r.verdict === 'FAIL').length
log(
  `${results.length} drills, ${failed} failed, ${((performance.now() - started) / 1000).toFixed(0)} s; report ${path.relative(root, report)}`,
)
process.exit(failed > 0 ? 1 : 0)
