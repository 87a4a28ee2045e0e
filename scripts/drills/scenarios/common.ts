import { setTimeout as sleep } from 'node:timers/promises'
import type { AppProcess } from '../app.ts'
import type { Figures } from '../report.ts'
import type { Settings } from '../settings.ts'
import { measureRecovery, type Recovery, recoveryFigure, type Stack } from '../stack.ts'

// What every drill hands back, and the one fault most of them inject: kill -9 of a process, then start it again.

export interface DrillOutcome {
  readonly headline: string
  readonly figures: Figures
  readonly problems: ReadonlyArray<string>
  /** A drill that cannot run here (not root for a mount) says why instead of failing. */
  readonly skipped?: boolean
}

export type Drill = (stack: Stack, settings: Settings) => Promise<DrillOutcome>

export interface Restarted {
  /** performance.now() when the new process was started. */
  readonly restartedAt: number
  readonly oldPid: number | undefined
  readonly newPid: number | undefined
  readonly recovery: Recovery
}

/** kill -9 `process`, wait the restart delay, start it again and measure the recovery from that moment. */
export const killAndRestart = async (
  stack: Stack,
  process: AppProcess,
  settings: Settings,
): Promise<Restarted> => {
  const oldPid = process.pid
  await process.kill9()
  await sleep(settings.restartDelayMs)
  const restartedAt = performance.now()
  await process.start()
  const recovery = await measureRecovery(stack, restartedAt, settings)
  return { restartedAt, oldPid, newPid: process.pid, recovery }
}

/** The "back within N s" verdict on a recovery, as a problem when it was slower. */
export const recoveryProblems = (recovery: Recovery, settings: Settings): ReadonlyArray<string> =>
  recovery.registeredMs === null || recovery.registeredMs > settings.recoverySeconds * 1000
    ? [`not back within ${settings.recoverySeconds} s: ${recoveryFigure(recovery)}`]
    : []

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** How every simulated client of a drill retries and when it gives up. */
export const clientOptions = (settings: Settings) => ({
  giveUpMs: settings.giveUpSeconds * 1000,
  hangMs: settings.hangSeconds * 1000,
  backoffCapMs: settings.backoffCapMs,
})
