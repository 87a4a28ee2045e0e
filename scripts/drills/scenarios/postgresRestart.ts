import { setTimeout as sleep } from 'node:timers/promises'
import { crowd, registrants } from '../clients.ts'
import { createTournament, targetOf } from '../fixtures.ts'
import { attempt } from '../http.ts'
import { clientFigures, reconcileRegistrations } from '../reconcile.ts'
import { measureRecovery, recoveryFigure } from '../stack.ts'
import { clientOptions, type Drill, recoveryProblems, seconds } from './common.ts'

// Drill 3: PostgreSQL stopped (pg_ctl stop -m fast: every session cut) and started again while clients
// register. Neither the web nor the worker may die (same PIDs afterwards); requests during the outage may
// fail, quickly, but never hang; once PostgreSQL is back the service must be ready and registering within the
// recovery bound, and the entries must reconcile with what the clients were told.

export const postgresRestartUnderLoad: Drill = async (stack, settings) => {
  const count = settings.pgClients
  const tournament = await createTournament(stack.cluster.url, stack.organiserId, 'd3-pg', count * 2)
  const target = await targetOf(stack.baseUrl, tournament)
  const people = registrants('d3', count, 3)
  const pids = { web: stack.web.pid, worker: stack.worker.pid }
  // The clients arrive over the outage and a few seconds either side of it.
  const spreadMs = (settings.pgDownSeconds + 6) * 1000
  const running = crowd(target, people, {
    ...clientOptions(settings),
    staggerMs: spreadMs / count,
  })
  await sleep(2_000)
  const stoppingAt = performance.now()
  await stack.cluster.stop()
  const stoppedMs = performance.now() - stoppingAt
  // While it is down: the process answers /livez, and /readyz says 503 rather than hanging.
  await sleep(Math.min(1_000, settings.pgDownSeconds * 500))
  const live = await attempt(`${stack.baseUrl}/livez`, {}, settings.hangSeconds * 1000)
  const ready = await attempt(`${stack.baseUrl}/readyz`, {}, settings.hangSeconds * 1000)
  const during = (label: string, result: typeof live) =>
    `${label} ${result.kind === 'answer' ? result.status : result.kind} in ${(result.ms / 1000).toFixed(2)} s`
  const remaining = settings.pgDownSeconds * 1000 - (performance.now() - stoppingAt)
  if (remaining > 0) await sleep(remaining)
  await stack.cluster.start()
  const upAt = performance.now()
  const problems: Array<string> = []
  // A role that died cannot be measured for recovery; it is restarted (and the death reported) so the clients
  // and the reconciliation still tell the rest of the story.
  const crashed = [stack.web, stack.worker].filter((p) => !p.alive)
  for (const p of crashed) {
    // The run reports the death itself (an exit the drill did not cause); restarting keeps the rest measurable.
    await p.start()
  }
  const recovery = await measureRecovery(stack, upAt, settings)
  const outcomes = await running
  if (stack.web.pid !== pids.web || stack.worker.pid !== pids.worker)
    problems.push(
      `PIDs changed: web ${pids.web} → ${stack.web.pid}, worker ${pids.worker} → ${stack.worker.pid}`,
    )
  if (live.kind !== 'answer' || live.status !== 200)
    problems.push(`during the outage ${during('/livez', live)}`)
  if (ready.kind !== 'answer') problems.push(`during the outage ${during('/readyz', ready)}`)
  const hangs = outcomes.reduce((n, o) => n + o.hangs, 0)
  if (hangs > 0) problems.push(`${hangs} registration attempts hung longer than ${settings.hangSeconds} s`)
  const registrations = await reconcileRegistrations(stack.cluster.url, tournament, outcomes)
  problems.push(...recoveryProblems(recovery, settings), ...registrations.problems)
  return {
    headline: `${recoveryFigure(recovery)} after PostgreSQL start; PIDs ${crashed.length === 0 && stack.web.pid === pids.web ? 'kept' : 'changed'}; ${registrations.entries} entries, sold ${registrations.sold}`,
    figures: [
      [
        'PostgreSQL down',
        `${seconds(upAt - stoppingAt)} from stop to started (the stop itself took ${seconds(stoppedMs)})`,
      ],
      ['during the outage', `${during('/livez', live)}, ${during('/readyz', ready)}`],
      [
        'PIDs before → after',
        `web ${pids.web} → ${stack.web.pid}, worker ${pids.worker} → ${stack.worker.pid}`,
      ],
      ['back (from PostgreSQL start)', recoveryFigure(recovery)],
      ...clientFigures(outcomes),
      ...registrations.figures,
    ],
    problems,
  }
}
