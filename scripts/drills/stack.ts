import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { findFreePort } from '@kibitz/infra/database'
import { type AppProcess, appProcess } from './app.ts'
import { probe, type RegistrationTarget } from './clients.ts'
import { type Cluster, createCluster, destroyCluster } from './cluster.ts'
import { createOrganiser, createTournament, targetOf } from './fixtures.ts'
import { waitFor200 } from './http.ts'
import type { Settings } from './settings.ts'
import { type DrillSmtp, startDrillSmtp } from './smtp.ts'

// Everything the drills run against, started once per run: the private PostgreSQL, the SMTP server, the web
// and the worker as separate processes, and a roomy "probe" tournament whose registrations prove the service is
// back after a fault (a drill's own tournament may be sold out by then).

export interface Stack {
  readonly workDir: string
  readonly cluster: Cluster
  readonly smtp: DrillSmtp
  readonly web: AppProcess
  readonly worker: AppProcess
  readonly baseUrl: string
  /** DATA_DIR of the web process; uploads go to `${dataDir}/files`. */
  readonly dataDir: string
  readonly organiserId: number
  readonly probeTarget: RegistrationTarget
}

/** The environment of both roles: only what they need, so nothing of the caller's (a DATABASE_URL) leaks in. */
const appEnv = (settings: {
  databaseUrl: string
  port: number
  smtpUrl: string
  dataDir: string
}): Record<string, string> => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? '/root',
  NODE_ENV: 'development',
  DATABASE_URL: settings.databaseUrl,
  HOST: '127.0.0.1',
  PORT: String(settings.port),
  SMTP_URL: settings.smtpUrl,
  DATA_DIR: settings.dataDir,
  STORAGE: 'local',
  // The drills read pages right after writes and count every request: no reuse of anonymous pages.
  PAGE_CACHE_SECONDS: '0',
  // Each simulated client has its own X-Forwarded-For.
  TRUST_PROXY: '1',
  // The drills build (or find) the app once; a start must not rebuild it.
  KIBITZ_SKIP_BUILD: '1',
  NO_COLOR: '1',
})

export async function startStack(workDir: string, log: (line: string) => void): Promise<Stack> {
  const cluster = await createCluster(workDir)
  log(`PostgreSQL 18 cluster on 127.0.0.1:${cluster.port} (${path.join(workDir, 'pg')})`)
  const smtp = await startDrillSmtp()
  log(`SMTP server on ${smtp.url}`)
  const port = await findFreePort()
  const dataDir = path.join(workDir, 'app-data')
  await mkdir(path.join(dataDir, 'files'), { recursive: true })
  const env = appEnv({ databaseUrl: cluster.url, port, smtpUrl: smtp.url, dataDir })
  // DRILL_WEB_NODE_OPTIONS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) profiles the web through a drill.
  const webOptions = process.env.DRILL_WEB_NODE_OPTIONS?.trim()
  const web = appProcess(
    'web',
    webOptions ? { ...env, NODE_OPTIONS: webOptions } : env,
    path.join(workDir, 'web.log'),
  )
  const worker = appProcess('worker', env, path.join(workDir, 'worker.log'))
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    // The web first: its start applies the migrations and seeds the demo data; the worker then finds them done.
    const started = performance.now()
    await web.start()
    await worker.start()
    await waitFor200(baseUrl, '/readyz', 60_000)
    log(
      `web (pid ${web.pid}) and worker (pid ${worker.pid}) ready at ${baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations and demo seed included)`,
    )
    const organiserId = await createOrganiser(cluster.url)
    const probeTournament = await createTournament(cluster.url, organiserId, 'probe', 100_000)
    const probeTarget = await targetOf(baseUrl, probeTournament)
    return { workDir, cluster, smtp, web, worker, baseUrl, dataDir, organiserId, probeTarget }
  } catch (error) {
    // Nothing started here may outlive a failed start.
    await web.stop().catch(() => {})
    await worker.stop().catch(() => {})
    await smtp.close().catch(() => {})
    await destroyCluster(cluster)
    throw error
  }
}

export interface Recovery {
  /** From the fault's removal to /readyz 200; null when it did not come within the minute. */
  readonly readyMs: number | null
  /** From the fault's removal to a registration answered 201; null when none was within the minute. */
  readonly registeredMs: number | null
}

/** How long "back" may take at most before the drill stops waiting and calls it not back. */
const recoveryLimitMs = 60_000

/**
 * Measures "back": from `since` (performance.now() when the fault was removed) until /readyz answers 200 and
 * then a registration succeeds. Waits up to a minute so a slow recovery is measured, not just called late.
 */
export const measureRecovery = async (stack: Stack, since: number, settings: Settings): Promise<Recovery> => {
  const left = () => recoveryLimitMs - (performance.now() - since)
  const readyMs = await waitFor200(stack.baseUrl, '/readyz', left()).then(
    () => performance.now() - since,
    () => null,
  )
  if (readyMs === null) return { readyMs, registeredMs: null }
  const outcome = await probe(stack.probeTarget, {
    giveUpMs: Math.max(1_000, left()),
    // As patient as any client: an attempt that is slow but answers is a slow recovery, not none.
    hangMs: settings.hangSeconds * 1000,
    // One client alone: short pauses, so the figure measures the service rather than the backoff.
    backoffCapMs: 500,
  })
  return { readyMs, registeredMs: outcome.final === 'registered' ? performance.now() - since : null }
}

const after = (ms: number | null) =>
  ms === null ? `not within ${recoveryLimitMs / 1000} s` : `${(ms / 1000).toFixed(1)} s`

export const recoveryFigure = (recovery: Recovery): string =>
  `ready ${after(recovery.readyMs)}, registration ${after(recovery.registeredMs)}`

/** Puts the stack back as the next drill expects it: PostgreSQL and SMTP up, both roles running and ready. */
export const heal = async (stack: Stack, settings: Settings): Promise<void> => {
  if (!(await stack.cluster.isUp())) await stack.cluster.start()
  if (!stack.smtp.isUp) await stack.smtp.up()
  stack.smtp.delayMs = 0
  if (!stack.web.alive) await stack.web.start()
  if (!stack.worker.alive) await stack.worker.start()
  await waitFor200(stack.baseUrl, '/readyz', settings.recoverySeconds * 6_000)
}

export const stopStack = async (stack: Stack): Promise<void> => {
  await stack.web.stop()
  await stack.worker.stop()
  await stack.smtp.close()
}
