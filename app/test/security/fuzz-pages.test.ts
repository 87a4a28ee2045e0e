import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseSearchText } from '../../src/lib/search.ts'
import { sessionCookieName } from '../support/userApi.ts'
import { encode } from './apiCalls.ts'
import { anyString, junkValue } from './arbitraries.ts'
import { type AppModule, type DevApp, startDevApp } from './devApp.ts'
import {
  cookieFor,
  internalTextIn,
  isAllowedRedirect,
  lookalikes,
  pagePath,
  pageQuery,
  pageRoutes,
  type ServerFunctionName,
  serverFunctionNames,
} from './pageInputs.ts'
import { serverFunctions } from './serverFunctionCases.ts'
import {
  count,
  envNumber,
  excerpt,
  own,
  type Role,
  reseed,
  restoreCallers,
  roles,
  runs,
  seed,
  sql,
  unhandled,
  useWorld,
  within,
} from './world.ts'

// The pages, the server functions over HTTP and /files/ under random input, through the whole app as the web
// process runs it (devApp.ts: the dev server in this process, wrapped in the production edge): every route of
// the router's tree with its path parameters and query strings, anonymously, as a player and as the organiser
// who owns the seeded events; every server function with data shaped as it takes it, junk and broken payloads;
// stored files, their folders and hostile keys. The property: never a 5xx, never internal text (a stack, a
// JavaScript or schema error, SQL) in the answer, never a redirect off the site. The query readers of every
// route are also checked on their own, many times over, since they are where a query value once reached a
// loader as a number. FUZZ_PAGE_RUNS (page requests per route; 30 by default) and FUZZ_READER_RUNS (queries
// per reader; 3000) size those parts.

useWorld('pages, server functions over HTTP, /files/')

const pageRuns = Math.max(1, envNumber('FUZZ_PAGE_RUNS', 30))
const readerRuns = Math.max(1, envNumber('FUZZ_READER_RUNS', 3000))

let app: DevApp

beforeAll(async () => {
  app = await startDevApp()
  // The dev server compiles a route's modules on its first request, which can take longer than a call's time limit
  // on a loaded machine: every route is asked for once first, without a limit, so the runs time the app, not Vite.
  for (const route of pageRoutes()) {
    const address = route.replaceAll(/\$[A-Za-z]*/g, '1')
    await app.fetch(new Request(`http://localhost${address}`)).then((answer) => answer.text())
  }
}, 300_000)

afterAll(async () => {
  await app?.close()
})

beforeEach(async () => {
  unhandled.length = 0
  await sql.execute('delete from auth_attempt')
  await reseed()
})

/** Sends `request` to the app and judges the answer; gives it back with its text. */
const visit = async (key: string, request: Request) => {
  const what = `${request.method} ${request.url}`
  const { response, text } = await within(
    (async () => {
      const answer = await app.fetch(request)
      return { response: answer, text: await answer.text() }
    })(),
    what,
  )
  count(key, response.status)
  // The readiness probe says 503 while the worker is away (none runs here), by design (decision 006).
  const probe = new URL(request.url).pathname === '/readyz' && response.status === 503
  if (response.status >= 500 && !probe)
    throw new Error(`${what} answered ${response.status}: ${excerpt(text)}`)
  const leak = internalTextIn(text, request.url)
  if (leak !== null) throw new Error(`${what} shows ${leak}: ${excerpt(text)}`)
  const location = response.headers.get('location')
  if (response.status >= 300 && response.status < 400 && !isAllowedRedirect(location ?? ''))
    throw new Error(`${what} redirects to ${location}`)
  return { response, text }
}

const get = (url: string, headers: Record<string, string> = {}) =>
  visit(`GET ${url}`, new Request(`http://localhost${url}`, { headers }))

// ---------------------------------------------------------------------------------------------------------
// Pages

describe('every page route under random input', () => {
  for (const route of pageRoutes()) {
    it(`GET ${route} never answers 5xx nor shows internal text`, { timeout: 180_000 }, async () => {
      const call = fc.record({
        role: fc.constantFrom(...roles),
        path: pagePath(route),
        query: pageQuery,
        language: fc.constantFrom('lt', 'en-US,en;q=0.9', 'xx', ''),
        head: fc.oneof(
          { arbitrary: fc.constant(false), weight: 9 },
          { arbitrary: fc.constant(true), weight: 1 },
        ),
      })
      await fc.assert(
        fc.asyncProperty(
          call.chain((c) => cookieFor(c.role, sessionCookieName).map((cookie) => ({ ...c, cookie }))),
          async ({ role, path: address, query, language, head, cookie }) => {
            const headers = new Headers({ 'accept-language': language })
            if (cookie !== null) headers.set('cookie', cookie)
            let request: Request
            try {
              request = new Request(`http://localhost${address}${query}`, {
                method: head ? 'HEAD' : 'GET',
                headers,
              })
            } catch {
              return
            }
            await visit(`${route} ${role}`, request)
            if (role !== 'anonymous') await restoreCallers()
          },
        ),
        { seed, numRuns: pageRuns },
      )
      expect(unhandled).toEqual([])
    })
  }
})

describe('the addresses that once answered 500', () => {
  it('read numeric-looking and repeated query values as text: a 404 or a page, never 500', async () => {
    for (const url of [
      '/status?token=0',
      '/payment?token=0',
      '/status?token=a&token=b',
      '/payment?token=[1]',
    ])
      expect((await get(url)).response.status).toBe(404)
    for (const url of ['/search-filter?q=0', '/search-filter?q=true', '/search-filter?q={}'])
      expect((await get(url)).response.status).toBe(200)
    // A start that is no keyset is dropped, and the address says so.
    for (const url of ['/?after=0', '/search-filter?after=0&before=1'])
      expect([200, 307]).toContain((await get(url)).response.status)
  })

  it('refuses a NUL character in a query or a form post with 400 naming the field; a path names no page', async () => {
    const page = await get('/search-filter?q=a%00b')
    expect([page.response.status, page.text]).toEqual([400, 'The q must not contain a NUL character'])
    for (const address of ['/event/%00', '/event/a/tournament/%00/player-list', '/profile/%00'])
      expect([address, (await get(address)).response.status]).toEqual([address, 404])
    const form = await visit(
      'POST /login',
      new Request('http://localhost/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
        body: 'email=a%00%40example.test&password=x',
      }),
    )
    expect([form.response.status, form.text]).toEqual([400, 'The email must not contain a NUL character'])
  })
})

// ---------------------------------------------------------------------------------------------------------
// The query readers of every route

interface Reader {
  readonly id: string
  readonly validate: (search: Record<string, unknown>) => unknown
  readonly deps: ((options: { search: unknown }) => unknown) | undefined
}

const field = (value: unknown, name: string): unknown =>
  (typeof value === 'object' && value !== null) || typeof value === 'function'
    ? Reflect.get(value, name)
    : undefined

/** The routes of the app's tree that read their query (validateSearch), with their loaderDeps. */
const readersOf = (route: unknown): ReadonlyArray<Reader> => {
  const options = field(route, 'options')
  const validate = field(options, 'validateSearch')
  const deps = field(options, 'loaderDeps')
  const children = field(route, 'children')
  const own: ReadonlyArray<Reader> =
    typeof validate === 'function'
      ? [
          {
            id: String(field(route, 'id')),
            validate: (search) => Reflect.apply(validate, undefined, [search]),
            deps: typeof deps === 'function' ? (o) => Reflect.apply(deps, undefined, [o]) : undefined,
          },
        ]
      : []
  const list = Array.isArray(children)
    ? children
    : typeof children === 'object' && children
      ? Object.values(children)
      : []
  return [...own, ...list.flatMap(readersOf)]
}

const isPlain = (value: unknown) =>
  value === undefined || ['string', 'number', 'boolean'].includes(typeof value)

describe('the query readers of every route', () => {
  it('name each key they read whatever the query, so no raw value reaches a loader', {
    timeout: 120_000,
  }, async () => {
    const tree: AppModule = await app.load('/src/routeTree.gen.ts')
    const readers = readersOf(tree.routeTree)
    expect(readers.length).toBeGreaterThan(10)
    const query = fc.oneof(
      pageQuery,
      fc
        .array(
          fc.tuple(
            fc.constantFrom('page', 'token', 'after', 'q', 'tournament', 'register'),
            fc.constantFrom(...lookalikes),
          ),
        )
        .map((pairs) => `?${new URLSearchParams(pairs)}`),
    )
    for (const reader of readers) {
      const outputs: Array<ReadonlySet<string>> = []
      await fc.assert(
        fc.property(query, (text) => {
          const search = parseSearchText(text)
          const read = reader.validate({ ...search })
          count(`reader ${reader.id}`, 'read')
          if (typeof read !== 'object' || read === null)
            throw new Error(`${reader.id} read ${text} as ${String(read)}`)
          for (const [key, value] of Object.entries(read))
            if (!isPlain(value))
              throw new Error(`${reader.id} read ${key} of ${text} as ${JSON.stringify(value)}`)
          outputs.push(new Set(Object.keys(read)))
          reader.deps?.({ search: { ...search, ...read } })
        }),
        { seed, numRuns: readerRuns },
      )
      // A key a reader names for one query but leaves out for another lets the raw value through (the router
      // lays the raw query under the validated one).
      const named = new Set(outputs.flatMap((keys) => [...keys]))
      const missing = outputs.find((keys) => [...named].some((key) => !keys.has(key)))
      expect(missing === undefined ? [] : [...named].filter((key) => !missing.has(key)), reader.id).toEqual(
        [],
      )
    }
  })
})

// ---------------------------------------------------------------------------------------------------------
// Server functions over HTTP

type Payload =
  | { readonly kind: 'data'; readonly data: unknown }
  | {
      readonly kind: 'raw'
      readonly contentType: string | null
      readonly text: string
      readonly get?: boolean
    }

const rawPayloads: ReadonlyArray<Payload> = [
  { kind: 'raw', contentType: 'application/json', text: '' },
  { kind: 'raw', contentType: 'application/json', text: 'null' },
  { kind: 'raw', contentType: 'application/json', text: '{' },
  { kind: 'raw', contentType: 'application/json', text: '{"t":10,"i":0}' },
  { kind: 'raw', contentType: 'application/json', text: '{"data":{"token":"x"}}' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'token=x&data=1' },
  { kind: 'raw', contentType: 'multipart/form-data; boundary=x', text: '--x\r\nbroken' },
  { kind: 'raw', contentType: 'text/plain', text: 'hello' },
  { kind: 'raw', contentType: null, text: '' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: '', get: true },
]

const functionUrl = (module: AppModule, name: string): string => {
  const url = field(module[name], 'url')
  if (typeof url !== 'string') throw new Error(`${name} has no server-function url`)
  return url
}

/** The request TanStack's client would send for `payload` (or a broken one), from a page of the site. */
const functionRequest = async (
  fn: ServerFunctionName,
  url: string,
  payload: Payload,
  cookie: string | null,
) => {
  const headers = new Headers({
    'x-tsr-serverFn': 'true',
    accept: 'application/json',
    origin: 'http://localhost',
  })
  if (cookie !== null) headers.set('cookie', cookie)
  if (payload.kind === 'raw') {
    if (payload.contentType !== null) headers.set('content-type', payload.contentType)
    const method = payload.get === true ? 'GET' : fn.method
    return new Request(`http://localhost${url}`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: payload.text }),
    })
  }
  const text =
    payload.data === undefined ? undefined : JSON.stringify(await toJSONAsync({ data: payload.data }))
  if (fn.method === 'GET')
    return new Request(
      `http://localhost${url}${text === undefined ? '' : `?payload=${encodeURIComponent(text)}`}`,
      {
        headers,
      },
    )
  if (text !== undefined) headers.set('content-type', 'application/json')
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers,
    ...(text === undefined ? {} : { body: text }),
  })
}

describe('every server function over HTTP', () => {
  const cases = new Map(serverFunctions().map((c) => [c.name, c]))

  it('answers 400 to an empty JSON body, for every POST function', async () => {
    const posts = serverFunctionNames().filter((fn) => fn.method === 'POST')
    expect(posts.length).toBeGreaterThanOrEqual(9)
    for (const fn of posts) {
      const url = functionUrl(await app.load(`/src/server/${fn.file}`), fn.name)
      const empty = await functionRequest(
        fn,
        url,
        { kind: 'raw', contentType: 'application/json', text: '' },
        null,
      )
      expect([fn.name, (await visit(`POST ${fn.name}`, empty)).response.status]).toEqual([fn.name, 400])
    }
  })

  it('refuses a NUL character in the data with 400 naming the field', async () => {
    const fn = serverFunctionNames().find((f) => f.name === 'fetchEntry')
    if (!fn) throw new Error('no fetchEntry')
    const url = functionUrl(await app.load(`/src/server/${fn.file}`), fn.name)
    const { response, text } = await visit(
      'fetchEntry',
      await functionRequest(fn, url, { kind: 'data', data: { token: 'a\u0000' } }, null),
    )
    expect([response.status, text]).toEqual([400, 'The token must not contain a NUL character'])
  })

  for (const fn of serverFunctionNames()) {
    it(`${fn.method} ${fn.name} never answers 5xx nor shows internal text`, {
      timeout: 120_000,
    }, async () => {
      const url = functionUrl(await app.load(`/src/server/${fn.file}`), fn.name)
      const shaped = cases.get(fn.name)?.data() ?? fc.constant(undefined)
      const payload = fc.oneof(
        { arbitrary: shaped.map((data): Payload => ({ kind: 'data', data })), weight: 6 },
        {
          arbitrary: fc.oneof(junkValue, anyString).map((data): Payload => ({ kind: 'data', data })),
          weight: 2,
        },
        { arbitrary: fc.constantFrom(...rawPayloads), weight: 2 },
      )
      const role = fc.constantFrom<Role>(...roles)
      await fc.assert(
        fc.asyncProperty(
          role.chain((r) => cookieFor(r, sessionCookieName).map((cookie) => ({ role: r, cookie }))),
          payload,
          async ({ role: r, cookie }, p) => {
            const { text } = await visit(`${fn.name} ${r}`, await functionRequest(fn, url, p, cookie))
            // TanStack answers a function's own failure with 200 and the error in the body: hiddenFailures
            // (start.ts) turns an unexpected one into this message, which is a 500 in all but the status.
            if (text.includes('Internal server error'))
              throw new Error(`${fn.name} failed unexpectedly for ${JSON.stringify(p)} as ${r} (see the log)`)
            if (r !== 'anonymous') await restoreCallers()
          },
        ),
        { seed, numRuns: runs },
      )
      expect(unhandled).toEqual([])
    })
  }
})

// ---------------------------------------------------------------------------------------------------------
// Stored files

describe('/files/', () => {
  const folder = () => `event/event-${own.acceptedId}/documents`
  const stored = () => `${folder()}/rules-1a2b.pdf`

  beforeEach(() => {
    const file = path.join(process.env.DATA_DIR ?? '.data', 'files', stored())
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, '%PDF-1.4\n%%EOF\n')
  })

  it('answers a folder of stored files, or a name too long for the disk, as it answers a missing one: 404', async () => {
    expect((await get(`/files/${stored()}`)).response.status).toBe(200)
    const missing = await get(`/files/event/event-${own.acceptedId + 1000}/documents`)
    for (const address of [
      'event',
      `event/event-${own.acceptedId}`,
      folder(),
      `${folder()}/`,
      'a'.repeat(256),
    ]) {
      const answer = await get(`/files/${address}`)
      expect([address, answer.response.status, answer.text]).toEqual([address, 404, missing.text])
    }
  })

  it('never answers 5xx nor shows internal text for any key', { timeout: 120_000 }, async () => {
    const key = fc.oneof(
      { arbitrary: fc.constantFrom(stored(), folder(), `${folder()}/`, 'event', `${stored()}/x`), weight: 3 },
      {
        arbitrary: fc.constantFrom(
          '../../etc/passwd',
          '..%2F..%2Fetc%2Fpasswd',
          '%2e%2e/x',
          'a//b',
          '.',
          '%00',
          'a%2Fb',
        ),
        weight: 2,
      },
      {
        arbitrary: fc
          .array(anyString.map(encode), { minLength: 1, maxLength: 4 })
          .map((parts) => parts.join('/')),
        weight: 3,
      },
    )
    await fc.assert(
      fc.asyncProperty(key, fc.boolean(), async (k, head) => {
        let request: Request
        try {
          request = new Request(`http://localhost/files/${k}`, { method: head ? 'HEAD' : 'GET' })
        } catch {
          return
        }
        await visit('GET /files/$', request)
      }),
      { seed, numRuns: runs * 40 },
    )
    expect(unhandled).toEqual([])
  })
})
