// The web process's memory under a long mixed load, as `npm start` runs it (anonymous page cache on): what a
// crowd, a crawler, API clients and an organiser ask for, interleaved. After the first tenth, the first half and
// the end, the process collects all its garbage (through its inspector) and its resident set size is read from
// /proc. A process that keeps something per request (a cache without a bound, listeners, fibers, EntityManager
// forks) grows with the requests; a sound one levels off once every address of the mix has been answered, its
// caches are full and its allocator has reached its high-water mark. The first half is the warm-up: on the
// development machine the RSS still rose by about a tenth between 10,000 and 60,000 requests (the C heap, not the
// JavaScript one), then stayed level.
import { createPgClient } from '@kibitz/infra/database'
import autocannon from 'autocannon'
import { Schema } from 'effect'
import { type Figure, figure } from './measure.ts'
import { editorPaths, searchPagePath, signIn } from './pages.ts'
import { type InspectedSite, residentMib, startInspectedSite } from './servers.ts'
import type { Targets } from './site.ts'

/** One kind of request of the mix: its share of every 200 requests and the addresses it cycles through. */
interface Kind {
  readonly name: string
  readonly per200: number
  readonly paths: ReadonlyArray<string>
  /** Sent with the organiser's session (never kept by the page cache). */
  readonly signedIn?: boolean
  /** The one interface language it asks for (a crawler's); else visitors' languages take turns. */
  readonly language?: string
}

/** The interface languages anonymous visitors come with: each is a page of its own in the cache. */
const languages = ['en', 'lt', 'pl'] as const

const decodeAliases = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ alias: Schema.String })))

/** Public events other than the benchmark's one, for the crawler: `count` of them, by id. */
const crawlerAliases = async (databaseUrl: string, except: string, count: number) => {
  const client = createPgClient(databaseUrl)
  await client.connect()
  try {
    return decodeAliases(
      (
        await client.query(
          `select e.alias from event e join organiser o on o.id = e.organiser_id and o.status = 3
           where e.state = 'accepted' and e.alias <> $1 order by e.id limit $2`,
          [except, count],
        )
      ).rows,
    ).map((r) => r.alias)
  } finally {
    await client.end()
  }
}

/** The crawler's share of every 200 requests. */
const crawlerPer200 = 2

/**
 * Every 200 requests: 195 anonymous pages the cache keeps (the benchmark's event page, its details, the home
 * page, the catalogue with and without a query, a player list) in three languages, 2 API reads, 1 editor screen
 * of the signed-in organiser and 2 pages of other events a crawler walks, which the cache keeps only for its few
 * seconds. About one request in 40 is rendered (a few more when a kept page has expired).
 */
const mixKinds = (
  targets: Targets,
  searchPaths: ReadonlyArray<string>,
  crawl: ReadonlyArray<string>,
): ReadonlyArray<Kind> => {
  const event = `/event/${encodeURIComponent(targets.eventAlias)}`
  return [
    { name: 'event page', per200: 86, paths: [event] },
    { name: 'event details', per200: 16, paths: [`${event}/details`] },
    { name: 'home', per200: 30, paths: ['/'] },
    { name: 'catalogue', per200: 33, paths: ['/search-filter', ...searchPaths] },
    {
      name: 'player list',
      per200: 30,
      paths: [
        `/event/${encodeURIComponent(targets.playerList.event)}/tournament/${encodeURIComponent(targets.playerList.tournament)}/player-list`,
      ],
    },
    {
      name: 'API reads',
      per200: 2,
      paths: [
        `/api/v1/event/${targets.eventId}/event-view-data`,
        `/api/v1/event/${targets.eventId}/tournaments`,
        '/api/v1/event/future-events',
        '/api/v1/event/search-event-locations?q=vil',
      ],
    },
    { name: 'editor', per200: 1, paths: editorPaths(targets.eventId), signedIn: true },
    {
      name: 'crawler',
      per200: crawlerPer200,
      paths: crawl.map((alias) => `/event/${encodeURIComponent(alias)}`),
      language: 'en',
    },
  ]
}

/** The 200 slots of the mix, each kind spread evenly over them (largest remainder first). */
const slotsOf = (kinds: ReadonlyArray<Kind>): ReadonlyArray<Kind> => {
  const slots: Array<{ at: number; kind: Kind }> = []
  for (const kind of kinds)
    for (let i = 0; i < kind.per200; i++) slots.push({ at: (i + 0.5) / kind.per200, kind })
  return slots.sort((a, b) => a.at - b.at).map((s) => s.kind)
}

/** The tenths of the load (from 0) after which the site collects all its garbage before its memory is read. */
const collectedAfter = [0, 4, 9]

/**
 * The site's process after a tenth of the load: its RSS as found and, after the tenths of `collectedAfter`, its
 * RSS and JavaScript heap in use after a full collection.
 */
export interface MemorySample {
  readonly rssFound: number
  readonly rss: number | null
  readonly heap: number | null
}

/**
 * `requests` requests of the mix at `site` (32 connections); its memory (MiB) after each tenth of them. V8 lets its
 * heap grow to hundreds of MB between full collections, so the RSS as found says mostly when the last one ran;
 * after one it says what the process keeps.
 */
export const mixedLoad = async (
  site: InspectedSite,
  databaseUrl: string,
  targets: Targets,
  requests: number,
): Promise<ReadonlyArray<MemorySample>> => {
  const tenth = Math.ceil(requests / 10)
  // The crawler's events: as many as its share of the first tenth reaches, so every address of the mix has been
  // answered before the first reading.
  const crawl = await crawlerAliases(
    databaseUrl,
    targets.eventAlias,
    Math.max(10, Math.floor((tenth * crawlerPer200) / 200)),
  )
  const session = await signIn(site, targets.organiserEmail)
  const searchPaths = await Promise.all(
    ['festival', 'vilnius', 'open pairs', 'championship'].map((text) => searchPagePath(site, text)),
  )
  const slots = slotsOf(mixKinds(targets, searchPaths, crawl))
  const turns = new Map<Kind, number>()
  let sent = 0
  const next = (): { path: string; headers: Record<string, string> } => {
    const kind = slots[sent % slots.length] ?? slots[0]
    if (!kind) throw new Error('the mix is empty')
    const turn = turns.get(kind) ?? 0
    turns.set(kind, turn + 1)
    const language = kind.language ?? languages[Math.floor(sent / slots.length) % languages.length] ?? 'en'
    sent += 1
    return {
      path: kind.paths[turn % kind.paths.length] ?? '/',
      headers: kind.signedIn
        ? { cookie: session }
        : { cookie: 'cookie_consent=2', 'accept-language': language },
    }
  }
  const samples: Array<MemorySample> = []
  let failed = 0
  for (let part = 0; part < 10; part++) {
    const result = await autocannon({
      url: site.url,
      connections: 32,
      amount: tenth,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const { path, headers } = next()
            return { ...request, path, headers }
          },
        },
      ],
    })
    failed += result.non2xx + result.errors + result.timeouts
    const rssFound = await residentMib(site.pid)
    // A full collection takes up to a second: after the first tenth, the first half and the last tenth only.
    if (collectedAfter.includes(part)) {
      const heap = await site.collectGarbage()
      samples.push({ rssFound, rss: await residentMib(site.pid), heap })
    } else {
      samples.push({ rssFound, rss: null, heap: null })
    }
  }
  if (failed > 0) throw new Error(`${failed} of the mixed requests failed or did not answer 2xx`)
  return samples
}

/**
 * `requests` requests of the mix at a web process started with the page cache on, as `npm start` runs it; the
 * figure tracked is its RSS at the end ÷ after the warm-up.
 */
export const memoryScenario = async (
  databaseUrl: string,
  targets: Targets,
  options: { readonly requests: number },
): Promise<ReadonlyArray<Figure>> => {
  const site = await startInspectedSite(databaseUrl, { PAGE_CACHE_SECONDS: '10' })
  let samples: ReadonlyArray<MemorySample>
  try {
    samples = await mixedLoad(site, databaseUrl, targets, options.requests)
  } finally {
    await site.stop()
  }
  const tenth = Math.ceil(options.requests / 10)
  const first = samples[0]
  const half = samples[4]
  const end = samples[9]
  if (first?.heap == null || half?.rss == null || end?.rss == null || end.heap === null)
    throw new Error('the memory samples are missing')
  const count = (n: number) => n.toLocaleString('en-US')
  const section = `Web process memory (${count(tenth * 10)} mixed requests, page cache on)`
  const mib = (key: string, label: string, value: number) =>
    figure(section, key, label, value, 'MiB', { better: 'lower' })
  return [
    mib('memory.first', `RSS after the first ${count(tenth)}, collected`, first.rss ?? 0),
    mib('memory.half', `RSS after the first half (${count(tenth * 5)}, the warm-up), collected`, half.rss),
    mib('memory.end', 'RSS at the end, collected', end.rss),
    mib('memory.found', 'highest RSS found before a collection', Math.max(...samples.map((s) => s.rssFound))),
    mib('memory.heap', 'JavaScript heap in use at the end, collected', end.heap),
    figure(section, 'memory.growth', 'RSS at the end ÷ after the warm-up', end.rss / half.rss, '×', {
      better: 'lower',
      tracked: true,
      goal: 1.1,
      goalText: '≤ 1.1 × (no growth)',
    }),
    figure(
      section,
      'memory.heap.growth',
      `JavaScript heap at the end ÷ after the first ${count(tenth)}`,
      end.heap / first.heap,
      '×',
      { better: 'lower', tracked: true },
    ),
  ]
}
