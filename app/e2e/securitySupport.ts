// The security suite's helpers (security.spec.ts): plain HTTP calls as one simulated client each (no cookie jar,
// no redirects followed), accounts made through the API and the mailbox, server-function calls in TanStack's
// wire format, and what the sources say about routes and server functions, so the suite's cases follow the app.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { Schema } from 'effect'
import { fromCrossJSON, toJSONAsync } from 'seroval'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const source = (relative: string) => readFileSync(path.join(appDir, relative), 'utf8')

/** The site under test (the same default as playwright.config.ts). */
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100'

export const sessionCookieName = '__Host-kibitz_session'

// ---------------------------------------------------------------------------------------------------------
// Plain HTTP

/** One simulated client: its address (TRUST_PROXY=1 takes it from X-Forwarded-For) and its session, if any. */
export interface Client {
  readonly address: string
  readonly session: string | null
}

export type Body =
  | { readonly json: unknown }
  | { readonly form: Readonly<Record<string, string>> }
  | { readonly multipart: () => FormData }
  | { readonly text: string; readonly type: string }

export interface Reply {
  readonly status: number
  readonly headers: Headers
  /** Every Set-Cookie line, apart. */
  readonly cookies: ReadonlyArray<string>
  readonly text: string
}

let addresses = 0
/** An address no other simulated client of this run uses (other suites use 10.x and 192.0.2.x). */
export const newAddress = (): string => {
  const n = addresses++
  const worker = test.info().workerIndex % 16
  return `172.${16 + worker}.${(n >> 8) & 255}.${(n & 255) + 1}`
}

export const guestClient = (): Client => ({ address: newAddress(), session: null })

/** Sends one request as `client`, following no redirect and keeping no cookie. */
export const send = async (
  method: string,
  target: string,
  options: {
    readonly client?: Client
    readonly headers?: Readonly<Record<string, string>>
    readonly body?: Body
  } = {},
): Promise<Reply> => {
  const headers = new Headers(options.headers)
  if (options.client) {
    headers.set('x-forwarded-for', options.client.address)
    if (options.client.session !== null)
      headers.set('cookie', `${sessionCookieName}=${options.client.session}`)
  }
  let body: string | FormData | URLSearchParams | undefined
  const given = options.body
  if (given !== undefined) {
    if ('json' in given) {
      body = JSON.stringify(given.json)
      headers.set('content-type', 'application/json')
    } else if ('form' in given) body = new URLSearchParams(given.form)
    else if ('text' in given) {
      body = given.text
      headers.set('content-type', given.type)
    } else body = given.multipart()
  }
  const response = await fetch(new URL(target, baseUrl), { method, headers, body, redirect: 'manual' })
  return {
    status: response.status,
    headers: response.headers,
    cookies: response.headers.getSetCookie(),
    text: await response.text(),
  }
}

/** The value of the cookie `name` among a reply's Set-Cookie lines (null when it sets none). */
export const cookieValue = (reply: Reply, name: string): string | null => {
  for (const line of reply.cookies) {
    const [pair = ''] = line.split(';')
    const index = pair.indexOf('=')
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim()
  }
  return null
}

/** Decodes a JSON reply with `schema`, failing the test with the reply's text when it is not one. */
export const decodeJson = <A>(reply: Reply, schema: Schema.Codec<A, unknown>, label: string): A => {
  expect(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBeLessThan(300)
  return Schema.decodeUnknownSync(schema)(JSON.parse(reply.text))
}

// ---------------------------------------------------------------------------------------------------------
// Mail

const Mailbox = Schema.Array(
  Schema.Struct({
    to: Schema.Array(Schema.String),
    subject: Schema.String,
    text: Schema.String,
    links: Schema.Array(Schema.String),
  }),
)
const mailboxUrl = process.env.E2E_MAILBOX_URL ?? ''

/** Every e-mail the loopback SMTP server received so far (scripts/e2e.ts serves them). */
const readMailbox = async () => Schema.decodeUnknownSync(Mailbox)(await (await fetch(mailboxUrl)).json())

/** Waits for an e-mail to `to` (mentioning `mentioning`, when given) with a link like `link`; returns the link. */
export const linkFromMail = async (to: string, link: RegExp, mentioning?: string): Promise<string> => {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const mails = await readMailbox()
        found = mails
          .filter((m) => m.to.includes(to) && (mentioning === undefined || m.text.includes(mentioning)))
          .flatMap((m) => m.links.filter((l) => link.test(l)))[0]
        return found ?? null
      },
      { timeout: 30_000, message: `an e-mail to ${to} with a link like ${link}` },
    )
    .not.toBeNull()
  return found ?? ''
}

// ---------------------------------------------------------------------------------------------------------
// Accounts

let emails = 0
/** An address no other test (or earlier run on this database) uses. */
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${test.info().workerIndex}${(emails++).toString(36)}@example.test`

const SignedIn = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  organizer: Schema.optional(Schema.NullOr(Schema.Struct({ organizerId: Schema.Int }))),
})

export interface Login extends Client {
  readonly userId: number
  readonly organiserId: number | null
}

/** Logs in through the API from an address of its own; the session is the Set-Cookie's. */
export const logIn = async (email: string, password: string): Promise<Login> => {
  const address = newAddress()
  const reply = await send('POST', '/api/v1/user/login', {
    client: { address, session: null },
    body: { json: { email, password } },
  })
  const user = decodeJson(reply, SignedIn, `login of ${email}`)
  const session = cookieValue(reply, sessionCookieName)
  if (!session) throw new Error(`the login of ${email} set no session cookie`)
  return { address, session, userId: user.id, organiserId: user.organizer?.organizerId ?? null }
}

/** Signs a new player up through the API, follows the e-mailed activation link and logs in. */
export const signUp = async (label: string, password: string) => {
  const email = uniqueEmail(label)
  const client = guestClient()
  const registered = await send('POST', '/api/v1/user/register', {
    client,
    body: { json: { user: { email, password, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: true } } },
  })
  expect(registered.status, `sign-up of ${email}: ${registered.text}`).toBeLessThan(300)
  const activation = await send('GET', await linkFromMail(email, /\/activate-user\//), { client })
  expect(activation.status, `activation of ${email}`).toBe(200)
  return { email, ...(await logIn(email, password)) }
}

/** Applies for an organiser account (a company) as the signed-in `client`. */
export const applyAsOrganiser = async (client: Client) => {
  const reply = await send('POST', '/api/v1/user/register-organizer', {
    client,
    body: {
      json: {
        user: {
          kind: 'company',
          companyName: 'Kauno bridžo klubas',
          companyCode: '302999888',
          countryCode: 'LT',
          phone: '+37060012345',
        },
      },
    },
  })
  expect(reply.status, `organiser application: ${reply.text}`).toBe(200)
}

/** Declines `email`'s organiser application through the decision link the super user was e-mailed. */
export const declineApplication = async (adminEmail: string, email: string) => {
  const link = await linkFromMail(adminEmail, /\/register-organizer\/status\/2\/[\w-]+$/, email)
  const token = link.split('/').at(-1) ?? ''
  const reply = await send('GET', `/api/v1/user/organizer/${token}/2`, { client: guestClient() })
  expect(reply.status, `declining ${email}: ${reply.text}`).toBe(200)
}

// ---------------------------------------------------------------------------------------------------------
// Server functions

export interface ServerFunction {
  readonly name: string
  readonly file: string
  readonly method: 'GET' | 'POST'
  readonly id: string
}

/**
 * Every `export const x = createServerFn(...)` of app/src/server/*.functions.ts, with the id vite.config.ts gives
 * it. Fails when a file declares a server function in a form this parser does not read.
 */
export const serverFunctions = (): ReadonlyArray<ServerFunction> =>
  readdirSync(path.join(appDir, 'src/server'))
    .filter((file) => file.endsWith('.functions.ts'))
    .sort()
    .flatMap((file) => {
      const text = source(`src/server/${file}`)
      const found = [
        ...text.matchAll(
          /export const (\w+) = createServerFn\((?:\{\s*method:\s*'(GET|POST)'\s*,?\s*\})?\)/g,
        ),
      ].map((match): ServerFunction => {
        const name = match[1] ?? ''
        return {
          name,
          file,
          method: match[2] === 'POST' ? 'POST' : 'GET',
          id: `server.${file}--${name}_createServerFn_handler`,
        }
      })
      const declared = text.match(/createServerFn\(/g)?.length ?? 0
      if (declared !== found.length)
        throw new Error(`${file}: ${declared} createServerFn calls, ${found.length} understood`)
      return found
    })

const ServerFunctionReply = Schema.Struct({
  result: Schema.optional(Schema.Unknown),
  error: Schema.optional(Schema.Unknown),
})

/** The headers TanStack's client sends with a server-function call, from a same-origin page. */
export const serverFunctionHeaders: Readonly<Record<string, string>> = {
  'x-tsr-serverFn': 'true',
  accept: 'application/json',
  'sec-fetch-site': 'same-origin',
}

/** Calls a server function over HTTP as TanStack's client does (GET: `?payload=`, POST: the JSON body). */
export const callServerFunction = async (
  fn: ServerFunction,
  data: unknown,
  client: Client,
  headers: Readonly<Record<string, string>> = serverFunctionHeaders,
): Promise<Reply> => {
  const payload = data === undefined ? undefined : JSON.stringify(await toJSONAsync({ data }))
  const target = `/_serverFn/${fn.id}`
  if (fn.method === 'GET')
    return send('GET', payload === undefined ? target : `${target}?payload=${encodeURIComponent(payload)}`, {
      client,
      headers,
    })
  return send('POST', target, {
    client,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { body: { json: JSON.parse(payload) } }),
  })
}

/** The `{ result }` or `{ error }` a server function answered (seroval's cross-reference JSON). */
export const decodeServerFunction = (reply: Reply) => {
  let value: unknown
  try {
    value = fromCrossJSON(JSON.parse(reply.text), { refs: new Map() })
  } catch (error) {
    // An error the server threw comes in TanStack's own seroval nodes: show it as sent.
    throw new Error(`not a plain server-function answer (${String(error)}): ${reply.text.slice(0, 500)}`)
  }
  return Schema.decodeUnknownSync(ServerFunctionReply)(value)
}

// ---------------------------------------------------------------------------------------------------------
// Routes

const routeTree = () => source('src/routeTree.gen.ts')

/** Every page and handler path of the router (`FileRoutesByFullPath` in routeTree.gen.ts). */
export const routePaths = (): ReadonlyArray<string> => {
  const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(routeTree())?.[1]
  if (!block) throw new Error('routeTree.gen.ts has no FileRoutesByFullPath')
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1] ?? '')
}

const routeFiles = (folder: string): ReadonlyArray<string> =>
  readdirSync(path.join(appDir, 'src/routes', folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`
    if (entry.isDirectory()) return routeFiles(relative)
    return /\.tsx?$/.test(entry.name) ? [relative] : []
  })

/**
 * The routes whose `server.handlers` take a state-changing method (`POST:`, `PUT:`, `PATCH:`, `DELETE:`), with
 * their full paths as routeTree.gen.ts maps the route files.
 */
export const writeRoutes = (): ReadonlyArray<{
  readonly path: string
  readonly methods: ReadonlyArray<string>
}> => {
  const tree = routeTree()
  const importName = new Map(
    [...tree.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)].map((m) => [m[2], m[1]]),
  )
  const fullPath = new Map(
    [...tree.matchAll(/fullPath: '([^']+)'\s+preLoaderRoute: typeof (\w+)/g)].map((m) => [m[2], m[1]]),
  )
  return routeFiles('').flatMap((file) => {
    const methods = [
      ...new Set(
        [...source(`src/routes/${file}`).matchAll(/\b(POST|PUT|PATCH|DELETE):/g)].map((m) => m[1] ?? ''),
      ),
    ]
    if (methods.length === 0) return []
    const name = importName.get(file.replace(/\.tsx?$/, ''))
    const routePath = name === undefined ? undefined : fullPath.get(name)
    if (routePath === undefined) throw new Error(`routeTree.gen.ts does not map ${file}`)
    return [{ path: routePath, methods }]
  })
}

// ---------------------------------------------------------------------------------------------------------
// Response checks

/** A Set-Cookie line's name and attributes (attribute names lower-cased, values as sent). */
export const parseSetCookie = (line: string) => {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
  const index = pair.indexOf('=')
  return {
    name: index < 0 ? pair : pair.slice(0, index),
    attributes: new Map(
      attributes.map((attribute) => {
        const at = attribute.indexOf('=')
        return at < 0
          ? [attribute.toLowerCase(), '']
          : [attribute.slice(0, at).trim().toLowerCase(), attribute.slice(at + 1).trim()]
      }),
    ),
  }
}

/** The directives of a Content-Security-Policy, each with its sources. */
export const parsePolicy = (policy: string): ReadonlyMap<string, ReadonlyArray<string>> =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== undefined && parts[0] !== '')
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  )

/** The attributes of every `<tag …>` in an HTML text (names lower-cased). */
export const tagsOf = (html: string, tag: string): ReadonlyArray<ReadonlyMap<string, string>> =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(
    (match) =>
      new Map(
        [
          ...(match[1] ?? '').matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g),
        ].map((a) => [(a[1] ?? '').toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '']),
      ),
  )
