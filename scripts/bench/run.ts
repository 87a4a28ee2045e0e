// `npm run bench`: the platform measured at a federation's scale, on this machine, against baselines measured in
// the same run (absolute figures alone are noise between machines). Seeds a world (scripts/bench/world.ts: 50,000
// events, 200,000 tournaments, 1,000,000 registrations) into a fresh database, then measures the catalogue, the
// pages under load (the catalogue's search page among them), registration, a signed-in organiser's editor, the web
// process's memory over a long mixed load, jobs, the sitemap and Lighthouse, and writes docs/benchmarks.md.
//
// `npm run bench:check` runs the same and compares it with the committed docs/benchmarks.md instead of writing it:
// a tracked figure (a ratio to its baseline, a JavaScript budget, a Lighthouse score) more than 20% worse fails.
//
// `npm run bench:quick` (`--quick`): the same at a small scale (a world of 2,500 events, short loads, no Lighthouse)
// in under two minutes, failing only on a tracked figure more than 50% worse (its samples are small), for a
// developer before submitting a change to a hot path; it compares with docs/benchmarks-quick.md as bench:check
// does with docs/benchmarks.md, and `npm run bench:quick:write` refreshes that file. Its ratios are not the
// world-scale ones: compare quick with quick only.
//
// Settings: BENCH_SCALE (world size, default 1; quick 0.05), BENCH_ROUNDS (samples per query, default 40; quick 10),
// BENCH_SECONDS (load per HTTP measurement, default 10; quick 5), BENCH_MIXED_REQUESTS (the memory scenario's
// requests, default 100,000; quick 12,000), BENCH_LIGHTHOUSE=0 to skip Lighthouse (quick skips it). Builds the app
// when its sources changed; needs pgbench and psql on the PATH, and Debian's Chromium for Lighthouse. Every part's
// duration is logged and written in the report.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPgClient } from '@kibitz/infra/database'
import { acquirePostgres } from '@kibitz/testing'
import { Schema } from 'effect'
import { jobsScenario, sitemapScenario } from './background.ts'
import { catalogueScenario } from './catalogue.ts'
import { fileTreeScenario } from './files.ts'
import { fileTransfersScenario } from './fileTransfers.ts'
import { lighthouseScenario } from './lighthouse.ts'
import { type Figure, shown } from './measure.ts'
import { memoryScenario } from './memory.ts'
import { editorScenario, searchPageScenario } from './pages.ts'
import { startSite } from './servers.ts'
import { findTargets, siteScenarios } from './site.ts'
import { seedWorld, type WorldCounts } from './world.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const quick = process.argv.includes('--quick')
const reportPath = path.join(root, quick ? 'docs/benchmarks-quick.md' : 'docs/benchmarks.md')
const check = process.argv.includes('--check')
const scale = Number(process.env.BENCH_SCALE ?? (quick ? '0.05' : '1'))
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? '10' : '40'))
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? '5' : '10'))
const withLighthouse = !quick && process.env.BENCH_LIGHTHOUSE !== '0'
const mixedRequests = Number(process.env.BENCH_MIXED_REQUESTS ?? (quick ? '12000' : '100000'))
/**
 * How much worse a tracked figure may get before a check fails: 20% at the federation's scale; a quick run's short
 * loads and small samples are noisier, so it catches only the gross regressions (a hot path half as fast).
 */
const tolerance = quick ? 0.5 : 0.2

const log = (line: string) => console.log(`bench: ${line}`)

/** How long each part of the run took, in the order they ran (written in the report). */
const parts: Array<{ readonly name: string; readonly seconds: number }> = []

/** Runs one part of the benchmark, logging and keeping how long it took. */
const part = async <A>(name: string, run: () => Promise<A>): Promise<A> => {
  log(name)
  const started = performance.now()
  const result = await run()
  const took = (performance.now() - started) / 1000
  parts.push({ name, seconds: took })
  log(`${name}: ${shown(took)} s`)
  return result
}

/** The machine, as far as the report needs it. */
const machine = async (databaseUrl: string) => {
  const client = createPgClient(databaseUrl)
  await client.connect()
  const [row] = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ version: Schema.String })))(
    (await client.query('select version()')).rows,
  )
  await client.end()
  const cpus = os.cpus()
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: (row?.version ?? 'unknown').split(',')[0] ?? 'unknown',
  }
}

/** The stored figures, machine-readable, between these markers of docs/benchmarks.md. */
const dataStart = '<!-- figures:'
const dataEnd = '-->'
const Stored = Schema.Array(
  Schema.Struct({
    key: Schema.String,
    value: Schema.Number,
    better: Schema.Literals(['higher', 'lower']),
    tracked: Schema.Boolean,
  }),
)

const render = (
  figures: ReadonlyArray<Figure>,
  context: {
    readonly date: string
    readonly machine: Awaited<ReturnType<typeof machine>>
    readonly world: WorldCounts
    readonly catalogue: Awaited<ReturnType<typeof catalogueScenario>>['rows']
    readonly lighthouseFailures: ReadonlyArray<string>
    readonly seconds: number
    readonly parts: ReadonlyArray<{ readonly name: string; readonly seconds: number }>
  },
): string => {
  const m = context.machine
  const w = context.world
  const lines: Array<string> = [
    quick ? '# Benchmarks, quick' : '# Benchmarks',
    '',
    ...(quick
      ? [
          'A small world and short loads (`npm run bench:quick`): compare these figures with a quick run only;',
          'docs/benchmarks.md holds the federation-scale ones.',
          '',
        ]
      : []),
    `Measured by \`npm run ${quick ? 'bench:quick:write' : 'bench'}\` on ${context.date}. Every figure that says "÷" is a ratio to a baseline measured`,
    `in the same run on the same machine, which is what \`npm run ${quick ? 'bench:quick' : 'bench:check'}\` compares (more than ${tolerance * 100}% worse fails);`,
    'absolute figures are shown for reading only.',
    '',
    `- Machine: ${m.cpu}, ${m.memory}, ${m.os}; Node ${m.node}; ${m.postgres}.`,
    `- World: ${w.events.toLocaleString('en-US')} events (${w.upcomingEvents.toLocaleString('en-US')} upcoming) of ${w.organisers.toLocaleString('en-US')} organisers, ${w.tournaments.toLocaleString('en-US')} tournaments, ${w.entries.toLocaleString('en-US')} registrations (${w.contestants.toLocaleString('en-US')} players), ${w.pages.toLocaleString('en-US')} organiser pages; seeded in ${shown(w.seconds)} s.`,
    '- Organiser posts: none, the platform has no posts yet (the pages issue adds them).',
    `- HTTP figures: ${context.seconds} s of autocannon on loopback per measurement; the load generator shares the 2 cores.`,
    '',
  ]
  const sections = [...new Set(figures.map((f) => f.section))]
  for (const section of sections) {
    lines.push(`## ${section}`, '', '| figure | value | goal | |', '|---|---:|---|---|')
    for (const f of figures.filter((x) => x.section === section)) {
      const goal = f.goal ? f.goal.text : ''
      const mark = f.goal ? (f.goal.met ? 'met' : '**not met**') : ''
      lines.push(`| ${f.label} | ${shown(f.value)} ${f.unit} | ${goal} | ${mark} |`)
    }
    lines.push('')
    if (section.startsWith('Catalogue (')) {
      lines.push(
        '| query | p50 ms | p95 ms | shown | total | rows sorted | rows windowed | similar words |',
        '|---|---:|---:|---:|---:|---:|---:|---|',
        ...context.catalogue.map(
          (r) =>
            `| ${r.name} | ${shown(r.p50)} | ${shown(r.p95)} | ${r.shown} | ${r.total} | ${r.sorted} | ${r.windowed} | ${r.similar ? 'yes' : ''} |`,
        ),
        '',
        '"Rows sorted" counts every row fed to a sort in the page query’s plan (EXPLAIN ANALYZE): a keyset page',
        'sorts at most the first rows of each of its segments to merge them; "rows windowed" counts rows a window',
        'aggregate (a count over the whole match set) sees.',
        '',
      )
    }
    if (section === 'Lighthouse' && context.lighthouseFailures.length > 0) {
      lines.push('Audits below full marks:', '', ...context.lighthouseFailures.map((f) => `- ${f}`), '')
    }
  }
  const total = context.parts.reduce((sum, p) => sum + p.seconds, 0)
  lines.push(
    '## How long each part takes',
    '',
    '| part | seconds |',
    '|---|---:|',
    ...context.parts.map((p) => `| ${p.name} | ${shown(p.seconds)} |`),
    `| all | ${shown(total)} |`,
    '',
  )
  const stored = figures.map((f) => ({ key: f.key, value: f.value, better: f.better, tracked: f.tracked }))
  lines.push(`${dataStart}`, JSON.stringify(stored, null, 1), dataEnd, '')
  return lines.join('\n')
}

/** The tracked figures of this run that are more than `tolerance` worse than the committed ones. */
const regressions = (figures: ReadonlyArray<Figure>): ReadonlyArray<string> => {
  const report = path.relative(root, reportPath)
  if (!existsSync(reportPath))
    return [`${report} is missing: run \`npm run ${quick ? 'bench:quick:write' : 'bench'}\` and commit it`]
  const text = readFileSync(reportPath, 'utf8')
  const start = text.indexOf(dataStart)
  const end = text.indexOf(dataEnd, start)
  if (start < 0 || end < 0) return [`${report} has no figures block`]
  const committed = Schema.decodeUnknownSync(Schema.fromJsonString(Stored))(
    text.slice(start + dataStart.length, end).trim(),
  )
  const found: Array<string> = []
  for (const before of committed.filter((f) => f.tracked)) {
    const after = figures.find((f) => f.key === before.key)
    if (!after) {
      found.push(`${before.key}: no longer measured`)
      continue
    }
    const worse =
      before.better === 'higher'
        ? after.value < before.value * (1 - tolerance)
        : after.value > before.value * (1 + tolerance) && after.value - before.value > 1e-9
    // A figure at zero that stays small (rows windowed) has no meaningful percentage.
    if (worse && !(before.value === 0 && after.value === 0))
      found.push(`${before.key}: ${shown(after.value)} against ${shown(before.value)} committed`)
  }
  return found
}

const main = async () => {
  // Turbo rebuilds only when the sources changed since the last build (a cache hit takes a second).
  await part('building the app', async () => {
    const build = spawnSync(
      'npx',
      ['turbo', 'run', 'build', '--filter=@kibitz/app', '--output-logs=errors-only'],
      { cwd: root, stdio: 'inherit' },
    )
    if (build.status !== 0) throw new Error('the app build failed')
  })
  const db = await acquirePostgres()
  log(`database: ${db.description}`)
  try {
    const today = new Date()
    const world = await part(`seeding the world at scale ${scale}`, () =>
      seedWorld(db.url, { scale, today, log: (line) => log(`  ${line}`) }),
    )
    log(`world: ${world.events} events, ${world.entries} registrations in ${shown(world.seconds)} s`)
    const figures: Array<Figure> = []

    const catalogue = await part('catalogue', () =>
      catalogueScenario(db.url, { rounds, now: today, events: world.events }),
    )
    figures.push(...catalogue.figures)

    figures.push(...(await part('jobs', () => jobsScenario(db.url, Math.max(quick ? 60 : 30, rounds)))))
    figures.push(...(await part('sitemap', () => sitemapScenario(db.url, 7))))
    figures.push(...(await part('file manager', () => fileTreeScenario(db.url, { rounds }))))
    figures.push(...(await part('file manager transfers', () => fileTransfersScenario(db.url))))

    const targets = await findTargets(db.url)
    log(`pages under load: event ${targets.eventAlias}`)
    figures.push(
      ...(await part('pages under load and registration', () => siteScenarios(db.url, targets, { seconds }))),
    )
    // The search page and the editor share one web process that renders every page.
    const uncached = await part('starting the web without a page cache', () =>
      startSite(db.url, { PAGE_CACHE_SECONDS: '0' }),
    )
    try {
      figures.push(
        ...(await part('catalogue search page under load', () => searchPageScenario(uncached, { seconds }))),
        ...(await part('signed-in event editor', () =>
          editorScenario(uncached, db.url, targets, { seconds }),
        )),
      )
    } finally {
      await uncached.stop()
    }
    figures.push(
      ...(await part(`web memory over ${mixedRequests.toLocaleString('en-US')} mixed requests`, () =>
        memoryScenario(db.url, targets, { requests: mixedRequests }),
      )),
    )

    let lighthouseFailures: ReadonlyArray<string> = []
    if (withLighthouse) {
      await part('lighthouse', async () => {
        const site = await startSite(db.url)
        try {
          const result = await lighthouseScenario(site.url, [
            { name: 'home', path: '/' },
            { name: 'catalogue', path: '/search-filter' },
            { name: 'event page', path: `/event/${encodeURIComponent(targets.eventAlias)}` },
            {
              name: 'player list',
              path: `/event/${encodeURIComponent(targets.playerList.event)}/tournament/${encodeURIComponent(targets.playerList.tournament)}/player-list`,
            },
          ])
          figures.push(...result.figures)
          lighthouseFailures = result.failures
        } finally {
          await site.stop()
        }
      })
    }

    const report = render(figures, {
      date: today.toISOString().slice(0, 10),
      machine: await machine(db.url),
      world,
      catalogue: catalogue.rows,
      lighthouseFailures,
      seconds,
      parts,
    })
    for (const f of figures) {
      const goal = f.goal ? ` (goal ${f.goal.text}: ${f.goal.met ? 'met' : 'NOT MET'})` : ''
      log(`${f.section} · ${f.label}: ${shown(f.value)} ${f.unit}${goal}`)
    }
    if (check) {
      const worse = regressions(figures)
      if (worse.length > 0) {
        console.error(`bench:check: ${worse.length} figure(s) more than ${tolerance * 100}% worse:`)
        for (const line of worse) console.error(`  ${line}`)
        regressed = true
      } else {
        log(
          `bench:check: no tracked figure is more than ${tolerance * 100}% worse than ${path.relative(root, reportPath)}`,
        )
      }
    } else {
      writeFileSync(reportPath, report)
      log(`wrote ${path.relative(root, reportPath)}`)
    }
  } finally {
    await db.release()
  }
}

// Set by the check; the exit status is decided once everything is released (a pool's shutdown must not reset it).
let regressed = false
await main()
process.exit(regressed ? 1 : 0)
