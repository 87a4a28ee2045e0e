// The processes the HTTP scenarios measure: the site started the README's way (scripts/start.ts --role=web on the
// benchmark's database) and a bare Node http server answering the same bytes, the baseline of what this machine
// can serve at all.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { Agent, get } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '@kibitz/infra/database'
import autocannon from 'autocannon'
import { Schema } from 'effect'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface RunningSite {
  readonly url: string
  /** The serving process's id (the web role runs in the process started, not in a child of it). */
  readonly pid: number
  stop(): Promise<void>
}

/** A site started with its inspector on: it can be made to collect all its garbage before its memory is read. */
export interface InspectedSite extends RunningSite {
  /** A full garbage collection in the site's process; its JavaScript heap in use afterwards, in MiB. */
  collectGarbage(): Promise<number>
}

/** Waits until `url` answers 200, or fails after `timeoutMs`. */
const waitFor = async (url: string, timeoutMs = 60_000): Promise<void> => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** The site's web role on `databaseUrl`, built beforehand; `env` adds settings (PAGE_CACHE_SECONDS, …). */
export const startSite = (
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<RunningSite> => launchSite(databaseUrl, env, null)

/** The same, with Node's inspector listening on loopback for the benchmark's garbage collections. */
export const startInspectedSite = async (
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<InspectedSite> => {
  const inspectorPort = await findFreePort()
  const site = await launchSite(databaseUrl, env, inspectorPort)
  try {
    const inspector = await inspectorSession(inspectorPort)
    return {
      ...site,
      collectGarbage: async () => {
        await inspector.call('HeapProfiler.collectGarbage')
        const usage = decodeHeapUsage(await inspector.call('Runtime.getHeapUsage'))
        return usage.usedSize / 2 ** 20
      },
      stop: async () => {
        inspector.close()
        await site.stop()
      },
    }
  } catch (error) {
    await site.stop()
    throw error
  }
}

const decodeTargets = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ webSocketDebuggerUrl: Schema.String })),
)
const decodeReply = Schema.decodeUnknownSync(
  Schema.Struct({ id: Schema.optional(Schema.Number), result: Schema.optional(Schema.Unknown) }),
)
const decodeHeapUsage = Schema.decodeUnknownSync(Schema.Struct({ usedSize: Schema.Number }))

/** A DevTools protocol session with the process whose inspector listens on `port`: commands and their results. */
const inspectorSession = async (port: number) => {
  const [target] = decodeTargets(await (await fetch(`http://127.0.0.1:${port}/json/list`)).json())
  if (!target) throw new Error(`no inspector target on port ${port}`)
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true })
    socket.addEventListener('error', () => reject(new Error(`the inspector on port ${port} refused`)), {
      once: true,
    })
  })
  const waiting = new Map<number, (result: unknown) => void>()
  socket.addEventListener('message', (event) => {
    const reply = decodeReply(JSON.parse(String(event.data)))
    if (reply.id === undefined) return
    waiting.get(reply.id)?.(reply.result)
    waiting.delete(reply.id)
  })
  let last = 0
  return {
    call: (method: string): Promise<unknown> =>
      new Promise((resolve) => {
        last += 1
        waiting.set(last, resolve)
        socket.send(JSON.stringify({ id: last, method }))
      }),
    close: () => socket.close(),
  }
}

const launchSite = async (
  databaseUrl: string,
  env: Readonly<Record<string, string>>,
  inspectorPort: number | null,
): Promise<RunningSite> => {
  const port = await findFreePort()
  const inspect = inspectorPort === null ? [] : [`--inspect=127.0.0.1:${inspectorPort}`]
  const child: ChildProcess = spawn(process.execPath, [...inspect, 'scripts/start.ts', '--role=web'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      KIBITZ_SKIP_BUILD: '1',
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/livez`)
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The bare server's program: a file's bytes for every request, as fast as Node's http module goes. */
const bareProgram = `
const { readFileSync } = require('node:fs')
const { createServer } = require('node:http')
const [file, contentType, port] = process.argv.slice(1)
const body = readFileSync(file)
createServer((request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.byteLength })
  response.end(body)
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready'))
`

/**
 * A bare Node http server answering every request with `body` and `contentType`: the machine's ceiling. It runs
 * in a process of its own, as the site does, so both share the cores with the load generator alike.
 */
export const startBareServer = async (body: Buffer, contentType: string): Promise<RunningSite> => {
  const port = await findFreePort()
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kibitz-bare-')), 'body')
  await writeFile(file, body)
  const child = spawn(process.execPath, ['-e', bareProgram, file, contentType, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * Requests per second `url` sustains under `connections` concurrent clients for `seconds` (non-2xx excluded), after
 * an unmeasured load of a fifth as long: a server answers a crowd warm, so the first seconds of compiling its code
 * are not counted (they cost a freshly started web process a fifth of its rate, decision 025).
 */
export const throughput = async (
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<{ readonly rps: number; readonly p50: number; readonly p99: number; readonly errors: number }> => {
  await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: Math.max(1, Math.round((options.seconds ?? 10) / 5)),
    headers: options.headers ?? {},
  })
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 10,
    headers: options.headers ?? {},
  })
  const ok = result.requests.total - result.non2xx
  return {
    rps: ok / (options.seconds ?? 10),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/**
 * Latencies of back-to-back GETs from `connections` keep-alive clients for `seconds`, each client walking
 * `paths` in turn, after `warmup` untimed rounds per client; the samples (ms) of 200 answers and the count of
 * others. Timed per request to the microsecond (autocannon keeps whole milliseconds and has no p95).
 */
export const latencies = async (
  origin: string,
  paths: ReadonlyArray<string>,
  options: {
    readonly connections: number
    readonly seconds: number
    readonly headers?: Record<string, string>
    readonly warmup?: number
    /** Run by each client after each timed request (not timed here): a baseline taken in the same moments. */
    readonly between?: () => Promise<unknown>
  },
): Promise<{ readonly samples: ReadonlyArray<number>; readonly failed: number }> => {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const once = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = get(`${origin}${path}`, { agent, headers: options.headers ?? {} }, (response) => {
        response.on('data', () => {})
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      })
      request.on('error', reject)
    })
  const samples: Array<number> = []
  let failed = 0
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async (_, client) => {
        let turn = client
        const next = () => paths[turn++ % paths.length] ?? '/'
        for (let i = 0; i < (options.warmup ?? 10); i++) await once(next())
        const until = performance.now() + options.seconds * 1000
        while (performance.now() < until) {
          const started = performance.now()
          const status = await once(next())
          if (status === 200) samples.push(performance.now() - started)
          else failed += 1
          await options.between?.()
        }
      }),
    )
  } finally {
    agent.destroy()
  }
  return { samples, failed }
}

/** The resident set size of process `pid` in MiB, from /proc (Linux). */
export const residentMib = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (kib === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`)
  return Number(kib) / 1024
}
