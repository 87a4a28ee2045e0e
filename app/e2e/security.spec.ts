// Security of the running site, generated from the app rather than from hand-written lists: the security headers
// on every route of the router (routeTree.gen.ts), on every GET of the OpenAPI document and on static files; the
// flags of every cookie the site sets; cross-site refusals for every route handler that changes state, every
// write of the API and every server function (app/src/server/*.functions.ts); and the role × ownership matrix over
// every API operation, every server function and every organiser screen under /event/manage. The matrix reads each
// case's access from a table keyed by operation id or function name, and fails when the app grows an operation or
// a function nobody classified.
//
// Roles: guest, player, pending and declined organiser (signed up through the API and the mailbox), the organiser
// who owns the resources (info@lbf.example), another accepted organiser and the super user. Writes go to a draft
// event the suite creates for the owner (incomplete, so it can never be published and stays out of everyone else's
// way); a call that would change shared demo data gets a body that is invalid or a state that refuses it (the
// owner's canceled registration), so a role that gets through answers 400 or 409 while a refused one answers 401,
// 403 or 404. The refused roles call first, and the owner's data must be exactly as it was after their calls.
//
// This file: the security headers, cookies, cross-site refusals and malformed server-function calls; the role ×
// ownership matrix is security-roles.spec.ts. Both share securityWorld.ts, securityAccess.ts and securityChecks.ts.
import { expect, test } from '@playwright/test'
import { addressOf, apiCases, openApi } from './securityAccess.ts'
import { expectNoServerError, expectSecurityHeaders, functionCases, routeAddress } from './securityChecks.ts'
import {
  baseUrl,
  type Client,
  callServerFunction,
  cookieValue,
  guestClient,
  parsePolicy,
  parseSetCookie,
  type Reply,
  routePaths,
  send,
  serverFunctionHeaders,
  serverFunctions,
  sessionCookieName,
  tagsOf,
  uniqueEmail,
  writeRoutes,
} from './securitySupport.ts'
import { cleanUpSite, demoPassword, evil, freshSession, ownerEmail, theSite } from './securityWorld.ts'

test.describe.configure({ mode: 'parallel', timeout: 120_000 })

test.afterAll(cleanUpSite)

test.describe('security headers', () => {
  test('every route of the router answers a guest with the security headers, and pages with a nonce on every script', async () => {
    const s = await theSite()
    const addresses = [...new Set(routePaths().map((route) => routeAddress(route, s)))]
    expect(addresses.length, 'routes read from routeTree.gen.ts').toBeGreaterThan(40)
    const nonces: Array<string> = []
    for (const address of addresses) {
      const reply = await send('GET', address, { client: s.guest })
      expectNoServerError(`GET ${address}`, reply)
      expectSecurityHeaders(`GET ${address} (${reply.status})`, reply, nonces)
    }
    expect(new Set(nonces).size, 'every page gets a nonce of its own').toBe(nonces.length)
  })

  test('every route a guest is sent to the login from answers its signed-in owner with the security headers', async () => {
    const s = await theSite()
    const addresses = [...new Set(routePaths().map((route) => routeAddress(route, s)))]
    const nonces: Array<string> = []
    let guarded = 0
    for (const address of addresses) {
      const asGuest = await send('GET', address, { client: s.guest })
      if (
        !(
          asGuest.status >= 300 &&
          asGuest.status < 400 &&
          (asGuest.headers.get('location') ?? '').startsWith('/login')
        )
      )
        continue
      guarded++
      const reply = await send('GET', address, { client: s.owner })
      expectNoServerError(`GET ${address} as the owner`, reply)
      expectSecurityHeaders(`GET ${address} as the owner (${reply.status})`, reply, nonces)
    }
    expect(guarded, 'routes that need a login').toBeGreaterThan(10)
    expect(new Set(nonces).size, 'every page gets a nonce of its own').toBe(nonces.length)
  })

  test('every GET operation of the OpenAPI document answers without a session with the security headers', async () => {
    const s = await theSite()
    const gets = (await openApi()).filter((operation) => operation.method === 'GET')
    expect(gets.length).toBeGreaterThan(30)
    const nonces: Array<string> = []
    for (const operation of gets) {
      const address = addressOf(operation, apiCases[operation.operationId], s)
      const reply = await send('GET', address, { client: s.guest })
      expectNoServerError(`${operation.operationId} GET ${address}`, reply)
      expectSecurityHeaders(`${operation.operationId} GET ${address} (${reply.status})`, reply, nonces)
    }
    const document = await send('GET', '/api/v1/openapi.json', { client: s.guest })
    expectSecurityHeaders('GET /api/v1/openapi.json', document, nonces)
  })

  test('static files, build assets and uploaded files carry the security headers', async () => {
    const s = await theSite()
    const home = await send('GET', '/', { client: s.guest })
    const assets = [
      ...new Set(
        [...tagsOf(home.text, 'script'), ...tagsOf(home.text, 'link')]
          .map((tag) => tag.get('src') ?? tag.get('href') ?? '')
          .filter((address) => address.startsWith('/assets/')),
      ),
    ]
    expect(assets.length, 'the home page links build assets').toBeGreaterThan(0)
    const nonces: Array<string> = []
    for (const address of ['/favicon.svg', ...assets]) {
      const reply = await send('GET', address, { client: s.guest })
      expect.soft(reply.status, `GET ${address}`).toBe(200)
      expectSecurityHeaders(`GET ${address}`, reply, nonces)
    }
    const file = await send('GET', `/files/${s.scratch.fileKey}`, { client: s.guest })
    expect(file.status).toBe(200)
    expectSecurityHeaders('an uploaded PDF', file, nonces)
    const policy = parsePolicy(file.headers.get('content-security-policy') ?? '')
    expect(policy.has('sandbox'), 'an uploaded file is sandboxed').toBe(true)
  })

  test('a page revalidated with its ETag answers 304 with the security headers and no policy of its own', async () => {
    const s = await theSite()
    const first = await send('GET', '/terms-and-conditions', { client: s.guest })
    const etag = first.headers.get('etag')
    expect(etag, 'a shared page has an entity tag').not.toBeNull()
    const again = await send('GET', '/terms-and-conditions', {
      client: s.guest,
      headers: { 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expectSecurityHeaders('a 304', again, [])
    expect(again.headers.get('content-security-policy')).toBeNull()
  })
})

// ---------------------------------------------------------------------------------------------------------
// 2. Cookies

const shortLived = new Set(['kibitz_flash', 'kibitz_form', 'kibitz_social'])
/** The device cookie (decision 028): a known browser's logins are never locked by strangers' failures. */
const deviceCookieName = '__Host-kibitz_device'
const longLived = new Set([sessionCookieName, deviceCookieName, 'lang', 'cookie_consent', 'account'])

test('every cookie the site sets is HttpOnly, SameSite=Lax and host-only; the session __Host- and Secure; short ones ≤ 10 minutes', async () => {
  const seen: Array<{ readonly from: string; readonly line: string }> = []
  const keep = (from: string, reply: Reply) => {
    expectNoServerError(from, reply)
    for (const line of reply.cookies) seen.push({ from, line })
  }
  const browser = guestClient()
  const formLogin = await send('POST', '/login', {
    client: browser,
    body: { form: { email: ownerEmail, password: demoPassword } },
  })
  expect(formLogin.status, 'the login form redirects').toBe(303)
  keep('the login form', formLogin)
  const session = cookieValue(formLogin, sessionCookieName)
  expect(session, 'the login form signs in').not.toBeNull()
  const signedIn: Client = { address: browser.address, session }
  keep(
    'a refused login form',
    await send('POST', '/login', {
      client: guestClient(),
      body: { form: { email: uniqueEmail('nobody'), password: 'Wrong!pass1' } },
    }),
  )
  keep(
    'the API login',
    await send('POST', '/api/v1/user/login', {
      client: guestClient(),
      body: { json: { email: ownerEmail, password: demoPassword } },
    }),
  )
  keep('the language switch', await send('GET', '/lang/pl', { client: guestClient() }))
  keep(
    'the cookie choice',
    await send('POST', '/cookie-consent', {
      client: guestClient(),
      body: { form: { choice: 'accept', to: '/' } },
    }),
  )
  keep(
    'the account switch',
    await send('POST', '/account-switch', {
      client: signedIn,
      body: { form: { account: 'organiser', to: '/' } },
    }),
  )
  keep('Google sign-in', await send('POST', '/auth/google', { client: guestClient(), body: { form: {} } }))
  keep('the logout form', await send('POST', '/logout', { client: signedIn, body: { form: { to: '/' } } }))

  const names = new Set(seen.map(({ line }) => parseSetCookie(line).name))
  for (const name of [...longLived, ...shortLived])
    expect.soft([...names], `some answer sets ${name}`).toContain(name)
  for (const { from, line } of seen) {
    const { name, attributes } = parseSetCookie(line)
    const label = `${from}: ${line}`
    expect
      .soft(longLived.has(name) || shortLived.has(name), `${label}: a cookie nobody classified`)
      .toBe(true)
    expect.soft(attributes.has('httponly'), `${label}: HttpOnly`).toBe(true)
    expect.soft(attributes.get('samesite')?.toLowerCase(), `${label}: SameSite`).toBe('lax')
    expect.soft(attributes.get('path'), `${label}: Path`).toBe('/')
    expect.soft(attributes.has('domain'), `${label}: host-only`).toBe(false)
    if (name === sessionCookieName || name === deviceCookieName)
      expect.soft(attributes.has('secure'), `${label}: Secure`).toBe(true)
    if (shortLived.has(name))
      expect
        .soft(Number(attributes.get('max-age') ?? Number.POSITIVE_INFINITY), `${label}: Max-Age`)
        .toBeLessThanOrEqual(600)
  }
})

// ---------------------------------------------------------------------------------------------------------
// 3. Cross-site requests

const crossSite: ReadonlyArray<{
  readonly name: string
  readonly headers: Readonly<Record<string, string>>
}> = [
  {
    name: 'cross-site (Origin and Sec-Fetch-Site)',
    headers: { origin: evil, 'sec-fetch-site': 'cross-site' },
  },
  { name: 'Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' } },
  { name: 'another Origin', headers: { origin: evil } },
]
const sameOrigin = { origin: new URL(baseUrl).origin, 'sec-fetch-site': 'same-origin' }

test.describe('cross-site requests', () => {
  test('every route handler that changes state refuses a cross-site request with 403', async () => {
    const s = await theSite()
    const routes = writeRoutes()
    expect(routes.length, 'route files with a POST handler').toBeGreaterThan(15)
    // A forged request carries the victim's cookies: here a session of the owner's own.
    const victim = await freshSession(s.owner)
    for (const route of routes) {
      const address = routeAddress(route.path, s)
      for (const method of route.methods) {
        for (const variant of crossSite) {
          const reply = await send(method, address, {
            client: victim,
            headers: variant.headers,
            body: { form: { to: '/' } },
          })
          expect.soft(reply.status, `${method} ${address}, ${variant.name}`).toBe(403)
        }
        const own = await send(method, address, {
          client: guestClient(),
          headers: sameOrigin,
          body: { form: {} },
        })
        expect
          .soft(own.status, `${method} ${address} from the site itself is not refused as cross-site`)
          .not.toBe(403)
        expectNoServerError(`${method} ${address} from the site itself`, own)
      }
    }
  })

  test('every write of the OpenAPI document refuses a cross-site request with 403; the Stripe webhook checks its signature instead', async () => {
    const s = await theSite()
    const writes = (await openApi()).filter((operation) => operation.method !== 'GET')
    expect(writes.length).toBeGreaterThan(30)
    // A forged request carries the victim's cookies: here a session of the owner's own.
    const victim = await freshSession(s.owner)
    for (const operation of writes) {
      const address = addressOf(operation, apiCases[operation.operationId], s)
      const label = `${operation.operationId} ${operation.method} ${address}`
      const webhook = apiCases[operation.operationId]?.access === 'webhook'
      for (const variant of crossSite) {
        const reply = await send(operation.method, address, {
          client: victim,
          headers: variant.headers,
          body: { json: {} },
        })
        if (webhook) expect.soft(reply.status, `${label}, ${variant.name}: no signature`).toBe(400)
        else expect.soft(reply.status, `${label}, ${variant.name}`).toBe(403)
      }
      const own = await send(operation.method, address, {
        client: guestClient(),
        headers: sameOrigin,
        body: { json: {} },
      })
      expect.soft(own.status, `${label} from the site itself is not refused as cross-site`).not.toBe(403)
      expectNoServerError(`${label} from the site itself`, own)
    }
  })

  test('every server function refuses a call that does not prove it comes from the site with 403', async () => {
    const s = await theSite()
    const functions = serverFunctions()
    expect(functions.length).toBeGreaterThan(30)
    const unproven = [...crossSite, { name: 'neither Origin nor Sec-Fetch-Site', headers: {} }]
    const victim = await freshSession(s.owner)
    for (const fn of functions) {
      const data = functionCases[fn.name]?.data?.(s)
      for (const variant of unproven) {
        const reply = await callServerFunction(fn, data, victim, {
          'x-tsr-serverFn': 'true',
          accept: 'application/json',
          ...variant.headers,
        })
        expect.soft(reply.status, `${fn.name} (${fn.method}), ${variant.name}`).toBe(403)
      }
      const own = await callServerFunction(fn, data, s.guest, {
        ...serverFunctionHeaders,
        origin: sameOrigin.origin,
      })
      expect.soft(own.status, `${fn.name} (${fn.method}) from the site itself`).toBe(200)
    }
  })
})

test('a server-function call that is not one (unknown function, payload not TanStack’s, data of the wrong shape) answers 4xx, never 500', async () => {
  const s = await theSite()
  const unknown = await send(
    'GET',
    '/_serverFn/server.nothing.functions.ts--nothing_createServerFn_handler',
    {
      client: s.guest,
      headers: serverFunctionHeaders,
    },
  )
  expect.soft(unknown.status, 'an unknown server function').toBe(404)
  for (const fn of serverFunctions()) {
    const target = `/_serverFn/${fn.id}`
    const malformed =
      fn.method === 'GET'
        ? await send('GET', `${target}?payload=not-json`, { client: s.guest, headers: serverFunctionHeaders })
        : await send('POST', target, {
            client: s.guest,
            headers: serverFunctionHeaders,
            body: { text: '{not json', type: 'application/json' },
          })
    expect.soft(malformed.status, `${fn.name} (${fn.method}) with a payload that is not JSON`).toBe(400)
    const wrong = await callServerFunction(fn, ['not', 'the', 'data', 'it', 'takes'], s.guest)
    expectNoServerError(`${fn.name} (${fn.method}) with data of the wrong shape`, wrong)
  }
})

// ---------------------------------------------------------------------------------------------------------
// 4. Roles × ownership
