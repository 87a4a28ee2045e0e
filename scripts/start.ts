// `npm start`: the web and the worker in one process on a real PostgreSQL (embedded unless
// DATABASE_URL is set), with migrations applied and demo data seeded on first start.
// `--role=web` / `--role=worker` run the two roles apart for scale-out. `--role=dev` (`npm run dev`) is the
// development loop: the same database and worker, with the site served by Vite's dev server (hot reload).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bootstrapDatabase, ConfigError, fileStorageOf, loadConfig, openOrm } from '@kibitz/infra'
import {
  checkDatabaseUrl,
  holdListen,
  publicPagesChannel,
  startEmbeddedPostgres,
} from '@kibitz/infra/database'
import { demoPassword, seedDemoData } from '@kibitz/infra/seed'
import { startWorker } from '@kibitz/jobs'
import { serve } from 'srvx'
import { staticMiddleware } from 'srvx/static'
import { withAssetHeaders, withEdge } from '../app/src/edge/http.ts'
import { findEnhanceScript } from '../app/src/edge/staticPages.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all'

/** Every start-up failure ends here: one line, exit code 1. */
const fail = (message: string): never => {
  console.error(`kibitz: ${message}`)
  process.exit(1)
}

if (roleArg !== 'all' && roleArg !== 'web' && roleArg !== 'worker' && roleArg !== 'dev')
  fail(`--role must be web, worker, all or dev (got ${roleArg})`)
const runsDev = roleArg === 'dev'
const runsWeb = roleArg === 'all' || roleArg === 'web'
const runsWorker = roleArg !== 'web'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) fail(error.message)
  throw error
}
// NODE_ENV=production is the operator's word for "no demo data". The app keeps that choice in KIBITZ_PRODUCTION,
// and NODE_ENV becomes production for everyone else: the built app is a production build, and React, react-dom
// and the router load their production code (several times faster to render) only when NODE_ENV says so.
process.env.KIBITZ_PRODUCTION = config.production ? '1' : '0'
process.env.NODE_ENV = 'production'

// Signals may come at any moment of start-up: stop whatever has been started so far.
let server: ReturnType<typeof serve> | undefined
let worker: Awaited<ReturnType<typeof startWorker>> | undefined
let pagesListener: { close(): Promise<void> } | undefined
let stopDatabase: () => Promise<void> = async () => {}
let devServer: ChildProcess | undefined
let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`kibitz: ${signal}, stopping`)
  await server?.close(true).catch(() => {})
  // The dev server's pool must be gone before the database stops under it.
  if (devServer && devServer.exitCode === null) {
    const exited = new Promise((resolve) => devServer?.once('exit', resolve))
    devServer.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
  }
  await pagesListener?.close().catch(() => {})
  await worker?.stop().catch(() => {})
  await stopDatabase().catch(() => {})
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

const portIsFree = (port: number, host: string) =>
  new Promise<'free' | 'in use' | 'denied'>((resolve) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EADDRINUSE' ? 'in use' : 'denied'),
    )
    probe.listen(port, host, () => probe.close(() => resolve('free')))
  })

if (runsWeb || runsDev) {
  const state = await portIsFree(config.port, config.host)
  if (state === 'in use')
    fail(`port ${config.port} on ${config.host} is already in use; set PORT to a free port`)
  if (state === 'denied') fail(`cannot listen on ${config.host}:${config.port}; set PORT or HOST`)
}
if (runsWeb) {
  // Turbo rebuilds the app only when its sources changed; a cache hit takes about a second.
  if (process.env.KIBITZ_SKIP_BUILD !== '1' || !existsSync(path.join(root, 'app/dist/server/server.js'))) {
    const build = spawnSync(
      'npx',
      ['turbo', 'run', 'build', '--filter=@kibitz/app', '--output-logs=errors-only'],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
      },
    )
    if (build.status !== 0) fail('the app build failed (see above)')
  }
}

/** The database to use: DATABASE_URL when set (checked first), else the embedded one in DATA_DIR. */
const acquireDatabase = async (): Promise<{ url: string; stop: () => Promise<void> }> => {
  if (config.databaseUrl) {
    const url = config.databaseUrl
    await checkDatabaseUrl(url).catch((error: unknown) =>
      fail(error instanceof Error ? error.message : String(error)),
    )
    return { url, stop: async () => {} }
  }
  return startEmbeddedPostgres(path.resolve(root, config.dataDir)).catch((error: unknown) =>
    fail(
      `embedded PostgreSQL did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    ),
  )
}
const { url: databaseUrl, stop } = await acquireDatabase()
stopDatabase = stop
process.env.DATABASE_URL = databaseUrl
// The web bundle reads the validated, normalised public address (calendar links, never the Host header).
process.env.PUBLIC_URL = config.publicUrl
// Uploaded files live under DATA_DIR; the web bundle resolves it the same way whatever its working folder.
process.env.DATA_DIR = path.resolve(root, config.dataDir)

const orm = await openOrm(databaseUrl, { poolMax: 2 })
const report = await bootstrapDatabase(orm, {
  url: databaseUrl,
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  seed: config.production ? undefined : (o) => seedDemoData(o, { files: fileStorageOf(config) }),
})
await orm.close(true)
if (report.migrationsApplied.length > 0)
  console.log(`kibitz: applied ${report.migrationsApplied.length} migration(s)`)
if (report.seeded) console.log('kibitz: seeded demo data')
if (report.zonesUnknownToDatabase.length > 0)
  console.warn(
    `kibitz: PostgreSQL does not know ${report.zonesUnknownToDatabase.length} time zone(s) Node does, so events cannot be placed in them: ${report.zonesUnknownToDatabase.join(', ')}`,
  )
if (!config.production)
  console.log(`kibitz: super user ${config.adminEmail} (demo password: ${config.adminPassword})`)
if (report.seeded) console.log(`kibitz: demo organiser info@lbf.example (password: ${demoPassword})`)

worker = runsWorker
  ? await startWorker({
      databaseUrl,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
    })
  : undefined

if (runsWeb) {
  const entry = path.join(root, 'app/dist/server/server.js')
  const bundle: { default: { fetch: (request: Request) => Response | Promise<Response> } } = await import(
    pathToFileURL(entry).href
  )
  const clientDir = path.join(root, 'app/dist/client')
  const edge = withEdge((request) => bundle.default.fetch(request), {
    enhanceScript: findEnhanceScript(clientDir),
    pageCacheSeconds: config.pageCacheSeconds,
  })
  // Organiser changes to events are announced at commit; kept anonymous pages go (docs/decisions/021).
  if (config.pageCacheSeconds > 0) {
    pagesListener = await holdListen(databaseUrl, publicPagesChannel, {
      onNotify: edge.forgetPages,
      onReady: edge.forgetPages,
      label: 'web',
    })
  }
  const assets = staticMiddleware({ dir: clientDir })
  // The top-level entries of the browser build (assets/, favicon.svg, demo/ …): the only paths served from disk.
  const clientEntries = new Set(readdirSync(clientDir))
  const isClientFile = (pathname: string) => {
    const end = pathname.indexOf('/', 1)
    const first = end < 0 ? pathname.slice(1) : pathname.slice(1, end)
    if (!first.includes('%')) return clientEntries.has(first)
    try {
      return clientEntries.has(decodeURIComponent(first))
    } catch {
      return false
    }
  }
  server = serve({
    port: config.port,
    hostname: config.host,
    silent: true,
    gracefulShutdown: false,
    // A backstop for every route: nothing the site accepts is larger than a PDF upload (20 MB and its form).
    maxRequestBodySize: 21 * 1024 * 1024,
    middleware: [
      async (request, next) => {
        // Only the build's own files go to the disk; a page request costs no file-system lookups (srvx's static
        // middleware would try three candidate files for every path without an extension).
        if (!isClientFile(new URL(request.url).pathname)) return next()
        let fromApp = false
        const response = await assets(request, () => {
          fromApp = true
          return next()
        })
        // The app's answers carry the edge's headers already (a 304 of a page deliberately has no policy).
        if (fromApp) return response
        // Hashed build assets never change under the same name.
        if (new URL(request.url).pathname.startsWith('/assets/') && response.status === 200) {
          response.headers.set('cache-control', 'public, max-age=31536000, immutable')
        }
        return withAssetHeaders(response)
      },
    ],
    fetch: edge.fetch,
    manual: true,
  })
  // Kept pages for anonymous visitors are answered from Node's own request, before srvx builds a web Request
  // for them; every other request (and any request a proxy forwarded with its own host or scheme) goes to srvx.
  const nodeServer = server.node?.server
  const srvxHandler = server.node?.handler
  if (nodeServer && srvxHandler) {
    nodeServer.removeAllListeners('request')
    nodeServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const host = req.headers.host
      const direct =
        host !== undefined &&
        /^[\w.-]+(:\d+)?$/.test(host) &&
        req.headers['x-forwarded-host'] === undefined &&
        req.headers['x-forwarded-proto'] === undefined
      if (!(direct && edge.serveKept(req, res, `http://${host}`))) srvxHandler(req, res)
    })
  }
  await server.serve()
  await server.ready()
  console.log(
    `kibitz: ${runsWorker ? 'web and worker' : 'web'} running at http://${config.host}:${config.port}`,
  )
} else if (runsDev) {
  // Vite's dev server renders the app from its sources and reloads what changes; the app reads the database, the
  // public address and the files folder from the environment set above. No edge (security headers, kept pages).
  // Vite's own script on this Node (not through npx, whose child would outlive a stop).
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  )
  devServer = spawn(
    process.execPath,
    [vite, 'dev', '--port', String(config.port), '--host', config.host, '--strictPort'],
    {
      cwd: path.join(root, 'app'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  )
  devServer.on('exit', (code) => {
    if (!stopping) console.error(`kibitz: the dev server stopped (exit code ${code ?? 'none'})`)
    void shutdown('dev server exit')
  })
  console.log(`kibitz: worker running; the dev server starts at http://${config.host}:${config.port}`)
} else {
  console.log('kibitz: worker running')
}
