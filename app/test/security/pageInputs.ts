import { readdirSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import { encode } from './apiCalls.ts'
import { anyString } from './arbitraries.ts'
import { open, organiser, own, playerCaller, type Role, statusToken, stripe } from './world.ts'

// What the page fuzz run asks for: every route of the router's generated tree (so a new page is fuzzed without
// a change here), its path parameters from known good values and junk, query strings from every key a route
// reads and junk; the server functions as their files declare them; and what an answer must never show.

const appFile = (relative: string) => readFileSync(new URL(`../../${relative}`, import.meta.url), 'utf8')

/** Every full path of the router (`FileRoutesByFullPath` in routeTree.gen.ts) but the REST API's own. */
export const pageRoutes = (): ReadonlyArray<string> => {
  const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(
    appFile('src/routeTree.gen.ts'),
  )
  if (!block?.[1]) throw new Error('routeTree.gen.ts has no FileRoutesByFullPath')
  return [...block[1].matchAll(/^\s*'([^']+)':/gm)]
    .map((match) => match[1] ?? '')
    .filter((route) => !route.startsWith('/api/'))
}

export interface ServerFunctionName {
  readonly file: string
  readonly name: string
  readonly method: 'GET' | 'POST'
}

/** Every `export const x = createServerFn(...)` of app/src/server/*.functions.ts. */
export const serverFunctionNames = (): ReadonlyArray<ServerFunctionName> =>
  readdirSync(new URL('../../src/server/', import.meta.url))
    .filter((file) => file.endsWith('.functions.ts'))
    .sort()
    .flatMap((file) => {
      const text = appFile(`src/server/${file}`)
      const found = [
        ...text.matchAll(
          /export const (\w+) = createServerFn\((?:\{\s*method:\s*'(GET|POST)'\s*,?\s*\})?\)/g,
        ),
      ].map((m): ServerFunctionName => ({ file, name: m[1] ?? '', method: m[2] === 'POST' ? 'POST' : 'GET' }))
      if ((text.match(/createServerFn\(/g)?.length ?? 0) !== found.length)
        throw new Error(`${file} declares a server function in a form this reader does not understand`)
      return found
    })

/** Numbers, JSON and words that a router or a loader may read as something other than text. */
export const lookalikes = [
  '0',
  '1',
  '-1',
  '1e3',
  '1.5',
  '2147483648',
  '1e309',
  'null',
  'true',
  'false',
  '[]',
  '{}',
]
const lookalikeValue = fc.constantFrom(...lookalikes, '[1,2]', '{"a":1}', '"x"', 'NaN', '0x10')

/** Good values of path parameters by name, from the seeded world. */
const knownParams = (name: string): ReadonlyArray<string> => {
  const eventRefs = [open.eventAlias, String(open.eventId), own.acceptedAlias, String(own.acceptedId)]
  const byName: Record<string, ReadonlyArray<string>> = {
    eventId: [...eventRefs, own.draftAlias, String(own.draftId)],
    tournamentId: [open.tournamentAlias, String(open.tournamentId), ...own.tournamentIds.map(String)],
    token: [statusToken, 'x'.repeat(43)],
    provider: ['google', 'facebook', 'vk'],
    code: ['lt', 'en', 'ru', 'pl'],
    step: ['tournaments', 'registration-entry-fees-and-prizes', 'additional-information'],
    status: ['1', '2', '3'],
    id: [
      String(open.tournamentId),
      String(organiser.id),
      String(playerCaller.id),
      String(organiser.organiserId),
    ],
    name: ['events-1.xml', 'pages.xml', 'index.xml'],
    date: ['2030-05-10', '2030-02-30', '1900-01-01'],
    _splat: ['', 'x', 'event/1', 'a/b/c'],
  }
  return byName[name] ?? []
}

/** A path segment's value: usually a good one, else a lookalike or hostile text, percent-encoded. */
const segment = (name: string) => {
  const known = knownParams(name)
  return fc.oneof(
    ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : []),
    { arbitrary: lookalikeValue, weight: 2 },
    { arbitrary: anyString.map(encode).filter((s) => s.length > 0 && s.length < 2000), weight: 2 },
  )
}

/** The keys the routes read from the query, and a value each can take that reaches deep. */
const searchKeys: Record<string, ReadonlyArray<string>> = {
  token: [],
  session_id: ['cs_test_unknown'],
  problem: ['card'],
  q: ['vilnius', 'Fuzz'],
  after: ['2030-05-10.1'],
  before: ['2030-05-10.1'],
  page: ['2', '3'],
  tournament: [],
  status: ['pending', 'unpaid', 'paid', 'confirmed', 'canceled', 'expired'],
  confirm: ['event/x.pdf', '1', '1,2', '0,x'],
  folder: ['0', '1', '2147483647'],
  kind: ['images', 'documents'],
  rename: ['1'],
  register: [''],
  done: ['1'],
  event: [],
  redirect: ['/profile-settings', '//evil.example', 'https://evil.example/'],
  payload: [],
}

const searchValue = (key: string) => {
  const known = [
    ...(Object.hasOwn(searchKeys, key) ? (searchKeys[key] ?? []) : []),
    ...(key === 'token' ? [statusToken] : []),
    ...(key === 'tournament' ? own.tournamentIds.map(String) : []),
    ...(key === 'event' ? [String(own.draftId)] : []),
  ]
  return fc.oneof(
    ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 3 }] : []),
    { arbitrary: lookalikeValue, weight: 3 },
    { arbitrary: anyString, weight: 2 },
  )
}

/** A query string: known keys (sometimes twice) with good, lookalike or hostile values, and stray raw text. */
export const pageQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc
        .oneof(
          { arbitrary: fc.constantFrom(...Object.keys(searchKeys)), weight: 5 },
          { arbitrary: anyString, weight: 1 },
        )
        .chain((key) => searchValue(key).map((value): readonly [string, string] => [key, value])),
      { maxLength: 4 },
    ),
    fc.oneof(
      { arbitrary: fc.constant(''), weight: 6 },
      { arbitrary: fc.constantFrom('&', '=', '%', '%zz', 'a=%E0%A4%A', 'page', '&page&page=1'), weight: 1 },
    ),
  )
  .map(([pairs, raw]) => {
    const text = `${new URLSearchParams(pairs.map(([k, v]) => [k.toWellFormed(), v.toWellFormed()]))}${raw}`
    return text === '' ? '' : `?${text}`
  })

/** The address of a route with its parameters filled in (an optional one sometimes left out). */
export const pagePath = (route: string): fc.Arbitrary<string> => {
  const parts = route.split('/').map((part) => {
    const optional = /^\{-\$(\w+)\}$/.exec(part)
    if (optional) return fc.option(segment(optional[1] ?? ''), { nil: null, freq: 3 })
    if (part === '$') return segment('_splat').map((s) => s.split('/').map(encode).join('/'))
    if (part.startsWith('$')) return segment(part.slice(1))
    return fc.constant(part)
  })
  return fc.tuple(...parts).map((values) => values.filter((v): v is string => v !== null).join('/') || '/')
}

/** A Cookie header for a caller: their session, or for anonymous visitors nothing, a language or a forged one. */
export const cookieFor = (role: Role, sessionCookieName: string): fc.Arbitrary<string | null> => {
  const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
  if (me) return fc.constant(`${sessionCookieName}=${me.token}`)
  return fc.constantFrom(
    null,
    null,
    null,
    'lang=lt',
    `${sessionCookieName}=${'x'.repeat(43)}`,
    'account=a%00',
  )
}

/** Text of ours that an answer must never show a visitor: a stack, a JavaScript error, a schema error, SQL. */
const internalPatterns: ReadonlyArray<readonly [string, RegExp]> = [
  ['a stack frame', /\n\s+at (?:async )?\S+ \(?(?:file:\/\/|node:|\/)[^\n]*:\d+:\d+/],
  [
    'a JavaScript error',
    /\bis not a function\b|\bis not iterable\b|Cannot read propert(?:y|ies) of|Maximum call stack|\bis not defined\b/,
  ],
  ['a schema error', /\bSchemaError\b|\bParseError\b/],
  [
    'SQL',
    /\b(?:select|insert into|update|delete from)\b[^\n]{0,200}"\w+"\."\w+"|violates (?:unique|foreign key|check|not-null) constraint|\bSQLSTATE\b|syntax error at or near|DriverException/,
  ],
  ['a framework internal', /Invariant failed|Server function info not found|Unexpected end of JSON input/],
]

/** What internal text `body` shows (none that the request itself carried), or null. */
export const internalTextIn = (body: string, request: string): string | null => {
  let echoed = request
  try {
    echoed = decodeURIComponent(request)
  } catch {}
  for (const [what, pattern] of internalPatterns) {
    const found = pattern.exec(body)?.[0]
    if (found !== undefined && !echoed.includes(found) && !request.includes(found))
      return `${what}: ${JSON.stringify(found)}`
  }
  return null
}

/** A redirect target the site may send a visitor to: its own pages, or the configured providers. */
export const isAllowedRedirect = (location: string): boolean =>
  /^\/(?![/\\])/.test(location) ||
  location.startsWith('http://localhost/') ||
  location.startsWith(`${stripe.url}/`)
