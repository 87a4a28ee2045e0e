// `npm run bench`: the platform measured at a federation's scale, on this machine, against baselines measured in
// the same run (absolute figures alone are noise between machines). Seeds a world (scripts/bench/world.ts: 50,000
// events, 200,000 tournaments, 1,000,000 registrations) into a fresh database, then measures the catalogue, the
// pages under load, registration, jobs, the sitemap and Lighthouse, and writes docs/benchmarks.md.
//
// `npm run bench:check` runs the same and compares it with the committed docs/benchmarks.md instead of writing it:
// a tracked figure (a ratio to its baseline, a JavaScript budget, a Lighthouse score) more than 20% worse fails.
//
// Settings: BENCH_SCALE (world size, default 1), BENCH_ROUNDS (samples per query, default 40), BENCH_SECONDS (load
// per HTTP measurement, default 10), BENCH_LIGHTHOUSE=0 to skip Lighthouse. Builds the app when its sources changed;
// needs pgbench and psql on the PATH, and Debian's Chromium for Lighthouse.
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
import { lighthouseScenario } from './lighthouse.ts'
import { type Figure, shown } from './measure.ts'
import { startSite } from './servers.ts'
import { findTargets, siteScenarios } from './site.ts'
import { seedWorld, type WorldCounts } from './world.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const reportPath = path.join(root, 'docs/benchmarks.md')
const check = process.argv.includes('--check')
const scale = Number(process.env.BENCH_SCALE ?? '1')
const rounds = Number(process.env.BENCH_ROUNDS ?? '40')
const seconds = Number(process.env.BENCH_SECONDS ?? '10')
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0'
/** How much worse a tracked figure may get before bench:check fails. */
const tolerance = 0.2

const log = (line: string) => console.log(`bench: ${line}`)

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
  },
): string => {
  const m = context.machine
  const w = context.world
  const lines: Array<string> = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${context.date}. Every figure that says "÷" is a ratio to a baseline measured`,
    'in the same run on the same machine, which is what `npm run bench:check` compares (more than 20% worse fails);',
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
    if (section.startsWith('Catalogue')) {
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
  const stored = figures.map((f) => ({ key: f.key, value: f.value, better: f.better, tracked: f.tracked }))
  lines.push(`${dataStart}`, JSON.stringify(stored, null, 1), dataEnd, '')
  return lines.join('\n')
}

/** The tracked figures of this run that are more than `tolerance` worse than the committed ones. */
const regressions = (figures: ReadonlyArray<Figure>): ReadonlyArray<string> => {
  if (!existsSync(reportPath)) return ['docs/benchmarks.md is missing: run `npm run bench` and commit it']
  const text = readFileSync(reportPath, 'utf8')
  const start = text.indexOf(dataStart)
  const end = text.indexOf(dataEnd, start)
  if (start < 0 || end < 0) return ['docs/benchmarks.md has no figures block']
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
  {
    // Turbo rebuilds only when the sources changed since the last build (a cache hit takes a second).
    log('building the app')
    const build = spawnSync(
      'npx',
      ['turbo', 'run', 'build', '--filter=@kibitz/app', '--output-logs=errors-only'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
    if (build.status !== 0) throw new Error('the app build failed')
  }
  const db = await acquirePostgres()
  log(`database: ${db.description}`)
  try {
    const today = new Date()
    log(`seeding the world at scale ${scale}`)
    const world = await seedWorld(db.url, { scale, today, log: (line) => log(`  ${line}`) })
    log(`world: ${world.events} events, ${world.entries} registrations in ${shown(world.seconds)} s`)
    const figures: Array<Figure> = []

    log('catalogue')
    const catalogue = await catalogueScenario(db.url, { rounds, now: today })
    figures.push(...catalogue.figures)

    log('jobs')
    figures.push(...(await jobsScenario(db.url, Math.max(30, rounds))))
    log('sitemap')
    figures.push(...(await sitemapScenario(db.url, 7)))

    const targets = await findTargets(db.url)
    log(`pages under load (event ${targets.eventAlias})`)
    figures.push(...(await siteScenarios(db.url, targets, { seconds })))

    let lighthouseFailures: ReadonlyArray<string> = []
    if (withLighthouse) {
      log('lighthouse')
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
    }

    const report = render(figures, {
      date: today.toISOString().slice(0, 10),
      machine: await machine(db.url),
      world,
      catalogue: catalogue.rows,
      lighthouseFailures,
      seconds,
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
        log('bench:check: no tracked figure is more than 20% worse than docs/benchmarks.md')
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
