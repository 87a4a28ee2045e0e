// Two pages the crowd scenarios of site.ts leave out: the catalogue's search page with a visitor's query, rendered
// every time, against a bare Node server answering the same bytes; and a signed-in organiser's event editor, whose
// latency is what an organiser waits, against primary-key lookups over the app's own stack timed between its
// screens (so both are sampled in the same moments of a shared machine).
import { Database, withEm } from '@kibitz/infra'
import { demoPassword } from '@kibitz/infra/seed'
import type { Em } from '@kibitz/kernel'
import { type Effect, ManagedRuntime } from 'effect'
import { primaryKeyLookup } from './catalogue.ts'
import { type Figure, figure, percentile } from './measure.ts'
import { latencies, type RunningSite, startBareServer, throughput } from './servers.ts'
import type { Targets } from './site.ts'

/** What a visitor types in the catalogue's search box: a word of many events' names. */
export const searchWords = 'festival'

/** Where the search form sends `text`: the catalogue's own address for it (the form's 303 from /search). */
export const searchPagePath = async (site: RunningSite, text: string): Promise<string> => {
  const form = await fetch(`${site.url}/search?${new URLSearchParams({ text })}`, { redirect: 'manual' })
  const location = form.headers.get('location')
  if (form.status !== 303 || !location?.startsWith('/search-filter?'))
    throw new Error(`the search form answered ${form.status} ${location ?? ''}`)
  return location
}

/**
 * The catalogue's search page for `searchWords` on `site` (a web process rendering every page) ÷ a bare Node server
 * sending its bytes.
 */
export const searchPageScenario = async (
  site: RunningSite,
  options: { readonly seconds: number },
): Promise<ReadonlyArray<Figure>> => {
  const section = 'Catalogue search page under load (loopback, 32 connections)'
  const headers = { cookie: 'cookie_consent=2' }
  const path = await searchPagePath(site, searchWords)
  const response = await fetch(`${site.url}${path}`, { headers })
  const html = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200 || !html.includes('href="/event/'))
    throw new Error(`the search page ${path} answered ${response.status} without events`)
  const rendered = (await throughput(`${site.url}${path}`, { seconds: options.seconds, headers })).rps
  const bare = await startBareServer(html, 'text/html; charset=utf-8')
  let bareRps: number
  try {
    bareRps = (await throughput(bare.url, { seconds: options.seconds })).rps
  } finally {
    await bare.stop()
  }
  return [
    figure(
      section,
      'ssr.search.rps',
      `search page ("${searchWords}", ${Math.round(html.byteLength / 1024)} kB), rendered every time`,
      rendered,
      'req/s',
      { better: 'higher' },
    ),
    figure(section, 'bare.search.rps', 'baseline: bare Node server, the same bytes', bareRps, 'req/s', {
      better: 'higher',
    }),
    figure(section, 'ssr.search.ratio', 'search page ÷ bare Node', rendered / bareRps, '×', {
      better: 'higher',
      tracked: true,
      goal: 0.01,
    }),
  ]
}

/** Signs `email` in with the demo password through the API, as a browser's sign-in does; the cookie to send. */
export const signIn = async (site: RunningSite, email: string): Promise<string> => {
  const response = await fetch(`${site.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  })
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => /^(__Host-)?kibitz_session=./.test(pair))
  if (response.status !== 200 || !session)
    throw new Error(`the sign-in of ${email} answered ${response.status}`)
  return `${session}; cookie_consent=2`
}

/** The editor's two first screens: the general information and the tournaments. */
export const editorPaths = (eventId: number): ReadonlyArray<string> => [
  `/event/manage/${eventId}`,
  `/event/manage/${eventId}/tournaments`,
]

/** How many organisers load editor screens at once: one, back to back (see decision 025). */
const editorConnections = 1

/** Primary-key lookups timed after each screen, so the baseline is taken in the same moments as the screens. */
const lookupsPerScreen = 2

/**
 * The benchmark event's organiser, signed in, loading its editor's screens in turn: p50 and p95 against the p95
 * of primary-key lookups through the app's stack, timed between the screens on the same machine.
 */
export const editorScenario = async (
  site: RunningSite,
  databaseUrl: string,
  targets: Targets,
  options: { readonly seconds: number },
): Promise<ReadonlyArray<Figure>> => {
  const section = `Signed-in organiser’s event editor (${editorConnections} organiser, back to back)`
  const paths = editorPaths(targets.eventId)
  const runtime = ManagedRuntime.make(Database.layer(databaseUrl, { poolMax: 2 }))
  const lookups: Array<number> = []
  let measured: Awaited<ReturnType<typeof latencies>>
  try {
    const lookup = await primaryKeyLookup(<A>(effect: Effect.Effect<A, never, Em>) =>
      runtime.runPromise(withEm(effect)),
    )
    const cookie = await signIn(site, targets.organiserEmail)
    for (const path of paths) {
      const response = await fetch(`${site.url}${path}`, { headers: { cookie }, redirect: 'manual' })
      const body = await response.text()
      if (response.status !== 200 || !body.includes(`/event/manage/${targets.eventId}`))
        throw new Error(`${path} answered ${response.status} to its organiser`)
    }
    let round = 0
    measured = await latencies(site.url, paths, {
      connections: editorConnections,
      seconds: options.seconds,
      headers: { cookie },
      between: async () => {
        for (let i = 0; i < lookupsPerScreen; i++) {
          const started = performance.now()
          await lookup(round++)
          lookups.push(performance.now() - started)
        }
      },
    })
  } finally {
    await runtime.dispose()
  }
  if (measured.failed > 0) throw new Error(`${measured.failed} editor requests did not answer 200`)
  const p95 = percentile(measured.samples, 0.95)
  const lookupP95 = percentile(lookups, 0.95)
  return [
    figure(section, 'editor.p50', 'editor screens p50', percentile(measured.samples, 0.5), 'ms', {
      better: 'lower',
    }),
    figure(section, 'editor.p95', 'editor screens p95', p95, 'ms', {
      better: 'lower',
      goal: 50,
      goalText: '< 50 ms',
    }),
    figure(section, 'editor.loads', 'screens loaded', measured.samples.length, '', { better: 'higher' }),
    figure(
      section,
      'editor.lookup.p95',
      'baseline: primary-key lookup p95, between the screens',
      lookupP95,
      'ms',
      { better: 'lower' },
    ),
    figure(section, 'editor.ratio', 'editor p95 ÷ primary-key lookup p95', p95 / lookupP95, '×', {
      better: 'lower',
      tracked: true,
    }),
  ]
}
