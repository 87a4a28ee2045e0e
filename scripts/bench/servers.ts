// The processes the HTTP scenarios measure: the site started the README's way (scripts/start.ts --role=web on the
// benchmark's database) and a bare Node http server answering the same bytes, the baseline of what this machine
// can serve at all.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '@kibitz/infra/database'
import autocannon from 'autocannon'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface RunningSite {
  readonly url: string
  stop(): Promise<void>
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
export const startSite = async (
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<RunningSite> => {
  const port = await findFreePort()
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts', '--role=web'], {
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Requests per second `url` sustains under `connections` concurrent clients for `seconds` (non-2xx excluded). */
export const throughput = async (
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<{ readonly rps: number; readonly p50: number; readonly p99: number; readonly errors: number }> => {
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
