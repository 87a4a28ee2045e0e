import '../../testing/src/context.ts'
import { createHash, randomBytes } from 'node:crypto'
import {
  AccountService,
  CurrentUser,
  OrganiserApplicationView,
  SocialProvider,
  type SocialProviderId,
} from '@kibitz/accounts'
import { Schema } from 'effect'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { completeLoginWithFetch, type OidcTestProvider, startOidcProvider } from '../../testing/src/oidc.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { disposeApiHandler, handleApiRequest } from '../src/api/handler.server.ts'
import { RegisteredUser, UserProfile } from '../src/api/UserApi.ts'
import { sessionOf } from '../src/server/auth.server.ts'
import { disposeRuntime, runDomain } from '../src/server/runtime.server.ts'
import { Problem, readJson, request } from './support/api.ts'
import {
  cookieSet,
  deviceCookieName,
  openTestDatabase,
  sendJson,
  sessionCookieName,
  type TestDatabase,
  tokenOf,
  withSession,
} from './support/userApi.ts'

// The user calls of the REST API v1 against a real PostgreSQL and a real OpenID provider on loopback
// standing in for Facebook, Google and VK ID. The runtime reads its settings from the environment on
// first use, as behind the launcher, so beforeAll sets them before the first request.

const publicUrl = 'http://localhost'
const adminEmail = 'admin@example.test'
const password = 'Bridge!2026'
const names = { 1: 'facebook', 2: 'google', 3: 'vk' } as const
const redirectUri = (provider: SocialProviderId) => `${publicUrl}/auth/${names[provider]}/callback`
const otherAppRedirectUri = 'http://127.0.0.1:4000/other/callback'
const providers: ReadonlyArray<SocialProviderId> = [
  SocialProvider.facebook,
  SocialProvider.google,
  SocialProvider.vk,
]

let db: { url: string; drop: () => Promise<void> }
let sql: TestDatabase
let oidc: OidcTestProvider

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  sql = await openTestDatabase(db.url, publicUrl)
  oidc = await startOidcProvider({
    accounts: [
      { id: 'ann', email: 'ann@example.test', givenName: 'Ann', familyName: 'Lee' },
      { id: 'ona', email: 'ona@example.test', givenName: 'Ona', familyName: 'Jonaitė' },
      { id: 'carol', email: 'carol@example.test', givenName: 'Carol', familyName: 'King' },
    ],
    clients: [
      ...providers.map((p) => ({
        clientId: `${names[p]}-client`,
        clientSecret: `${names[p]}-secret`,
        redirectUris: [redirectUri(p)],
      })),
      // Another site's app at the same provider: its tokens must not sign anyone in here.
      { clientId: 'other-app', clientSecret: 'other-secret', redirectUris: [otherAppRedirectUri] },
    ],
  })
  process.env.DATABASE_URL = db.url
  process.env.PUBLIC_URL = publicUrl
  process.env.ADMIN_EMAIL = adminEmail
  for (const name of Object.values(names)) {
    const prefix = name.toUpperCase()
    process.env[`${prefix}_CLIENT_ID`] = `${name}-client`
    process.env[`${prefix}_CLIENT_SECRET`] = `${name}-secret`
    process.env[`${prefix}_AUTH_URL`] = oidc.authorizationUrl
    process.env[`${prefix}_TOKEN_URL`] = oidc.tokenUrl
    process.env[`${prefix}_USERINFO_URL`] = oidc.userInfoUrl
    // The provider's RFC 7662 endpoint stands in for Google's tokeninfo and Facebook's debug_token.
    process.env[`${prefix}_TOKENINFO_URL`] = oidc.introspectionUrl
    process.env[`${prefix}_SCOPES`] = 'openid email profile'
  }
})

afterAll(async () => {
  await disposeApiHandler()
  await disposeRuntime()
  await sql?.close()
  await oidc?.close()
  await db?.drop()
})

// Sign-ups and failed logins are counted per client address, and every test request comes from the same
// unknown address, so each test starts with fresh counters.
beforeEach(() => sql.execute('delete from auth_attempt'))

// ---------------------------------------------------------------------------------------------------------
// Helpers

const signUp = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  sendJson(
    '/api/v1/user/register',
    { user: { email, password, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: true, ...extra } },
    { headers },
  )

const login = (email: string, headers: Record<string, string> = {}, secret = password) =>
  sendJson('/api/v1/user/login', { email, password: secret }, { headers })

/** Signs up through the API and follows the e-mailed activation link through the domain; returns the id. */
const activeUser = async (email: string): Promise<number> => {
  const response = await signUp(email)
  expect(response.status).toBe(201)
  const { userId } = await readJson(response, RegisteredUser)
  const token = tokenOf(await sql.linkIn(email, 'accounts.activation'))
  await runDomain(AccountService.use((accounts) => accounts.activate(token)))
  return userId
}

/** An active user signed in through the API: its id and session token. */
const signedIn = async (email: string): Promise<{ id: number; token: string }> => {
  const id = await activeUser(email)
  const response = await login(email)
  expect(response.status).toBe(200)
  const token = cookieSet(response, sessionCookieName)?.value
  if (!token) throw new Error('login set no session cookie')
  return { id, token }
}

let adminId: number | undefined

/** The super user (ADMIN_EMAIL with the admin role, as bootstrap makes it in production), signed in anew. */
const signedInAdmin = async (): Promise<{ id: number; token: string }> => {
  if (adminId === undefined) {
    adminId = await activeUser(adminEmail)
    await sql.execute('update app_user set role = 2 where id = ?', [adminId])
  }
  const response = await login(adminEmail)
  expect(await readJson(response, CurrentUser)).toMatchObject({ id: adminId, isSuper: true })
  return { id: adminId, token: cookieSet(response, sessionCookieName)?.value ?? '' }
}

const profileData = (token: string, headers: Record<string, string> = {}) =>
  request('/api/v1/user/profile-data', { headers: withSession(token, headers) })

/** Expects a problem with `status` and catalogue `code`; returns it. */
const expectProblem = async (response: Response, status: number, code: number) => {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  expect(response.headers.get('cache-control')).toBe('no-store')
  const problem = await readJson(response, Problem)
  expect(problem).toMatchObject({ status, code })
  return problem
}

/** Expects the reply to clear the session cookie (Max-Age=0, same attributes as when it was set). */
const expectSessionCleared = (response: Response) => {
  const cookie = cookieSet(response, sessionCookieName)
  expect(cookie?.value).toBe('')
  expect(cookie?.attributes.get('max-age')).toBe('0')
  expect(cookie?.attributes.get('path')).toBe('/')
}

/** Runs the provider's login page as `account`: the code its redirect carries, with the PKCE verifier. */
const codeFrom = async (provider: SocialProviderId, account: string) => {
  const begun = await runDomain(
    AccountService.use((accounts) => accounts.beginSocial(provider, redirectUri(provider))),
  )
  const { code, state } = await completeLoginWithFetch(begun.url, account)
  return { code, state, codeVerifier: begun.codeVerifier, redirectUri: redirectUri(provider) }
}

const TokenAnswer = Schema.Struct({ access_token: Schema.String })

/** Exchanges a code at the provider as the client `clientId` (whose secret is `secret`). */
const exchange = async (
  callback: { code: string; redirectUri: string; codeVerifier: string },
  clientId: string,
  secret: string,
): Promise<string> => {
  const response = await fetch(oidc.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.code,
      redirect_uri: callback.redirectUri,
      code_verifier: callback.codeVerifier,
      client_id: clientId,
      client_secret: secret,
    }),
  })
  expect(response.status).toBe(200)
  return Schema.decodeUnknownSync(TokenAnswer)(await response.json()).access_token
}

/** What a client running the provider's SDK holds: an access token for `account`. */
const accessTokenFor = async (provider: SocialProviderId, account: string): Promise<string> =>
  exchange(await codeFrom(provider, account), `${names[provider]}-client`, `${names[provider]}-secret`)

/** What another site holds after `account` signed in there with Google: a token issued to its app. */
const otherAppTokenFor = async (account: string): Promise<string> => {
  const codeVerifier = randomBytes(32).toString('base64url')
  const authorization = new URL(oidc.authorizationUrl)
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: 'other-app',
    redirect_uri: otherAppRedirectUri,
    scope: 'openid email profile',
    state: 'other-state',
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorization.searchParams.set(name, value)
  const { code } = await completeLoginWithFetch(authorization.toString(), account)
  return exchange({ code, redirectUri: otherAppRedirectUri, codeVerifier }, 'other-app', 'other-secret')
}

// ---------------------------------------------------------------------------------------------------------

describe('POST /api/v1/user/register', () => {
  it('creates an inactive account and e-mails the activation link in the Accept-Language language', async () => {
    const response = await signUp('jonas@example.test', {}, { 'accept-language': 'lt-LT,lt;q=0.9,en;q=0.5' })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { userId } = await readJson(response, RegisteredUser)
    expect(userId).toBeGreaterThan(0)
    const mail = (await sql.mails()).filter((m) => m.recipient === 'jonas@example.test')
    expect(mail.map((m) => [m.kind, m.language])).toEqual([['accounts.activation', 'lt']])
    expect(mail[0]?.text_body).toContain(`${publicUrl}/activate-user/`)
  })

  it('refuses a taken e-mail address with 409 and code 1001', async () => {
    expect((await signUp('twice@example.test')).status).toBe(201)
    const problem = await expectProblem(await signUp('Twice@Example.test'), 409, 1001)
    expect(problem.title).toBe('Conflict')
  })

  it('refuses a sign-up without the accepted rules with 400 and code 1007 naming acceptRules', async () => {
    const response = await sendJson('/api/v1/user/register', {
      user: { email: 'norules@example.test', password, firstName: 'No', lastName: 'Rules' },
    })
    const problem = await expectProblem(response, 400, 1007)
    expect(problem.errors?.map((e) => [e.field, e.path])).toEqual([
      ['acceptRules', ['payload', 'user', 'acceptRules']],
    ])
    expect((await sql.mails()).some((m) => m.recipient === 'norules@example.test')).toBe(false)
  })

  it('names every invalid field with its rule and code 0', async () => {
    const response = await signUp('not-an-email', { password: 'short', acceptRules: false })
    const problem = await expectProblem(response, 400, 0)
    const byField = new Map((problem.errors ?? []).map((e) => [e.field, e]))
    expect([...byField.keys()].sort()).toEqual(['acceptRules', 'email', 'password'])
    expect(byField.get('password')).toMatchObject({
      path: ['payload', 'user', 'password'],
      message: 'The password must be at least 8 characters long',
    })
    expect(await readJson(await signUp('x@example.test', { email: 5 }), Problem)).toMatchObject({
      status: 400,
      code: 0,
      errors: [expect.objectContaining({ field: 'email', path: ['payload', 'user', 'email'] })],
    })
  })
})

describe('POST /api/v1/user/login and logout', () => {
  it('refuses an account that is not activated yet with 403 and code 1003', async () => {
    expect((await signUp('early@example.test')).status).toBe(201)
    await expectProblem(await login('early@example.test'), 403, 1003)
  })

  it('signs in with the web session cookie and clears the account switch', async () => {
    const id = await activeUser('signin@example.test')
    const response = await login('signin@example.test')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const user = await readJson(response, CurrentUser)
    expect(user).toMatchObject({ id, email: 'signin@example.test', isSuper: false, isOrganizer: false })
    const cookie = cookieSet(response, sessionCookieName)
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect([...(cookie?.attributes.keys() ?? [])].sort()).toEqual([
      'httponly',
      'max-age',
      'path',
      'samesite',
      'secure',
    ])
    expect(cookieSet(response, 'account')?.attributes.get('max-age')).toBe('0')
    // A long-lived device cookie names the account as known on this client (decision 028).
    const device = cookieSet(response, deviceCookieName)
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(device?.attributes.get('max-age')).toBe(String(365 * 86_400))
    expect([...(device?.attributes.keys() ?? [])].sort()).toEqual([
      'httponly',
      'max-age',
      'path',
      'samesite',
      'secure',
    ])
    // The web pages read the same cookie: the API's login signed the browser in.
    const web = await sessionOf(new Request(`${publicUrl}/`, { headers: withSession(cookie?.value ?? '') }))
    expect(web.user?.id).toBe(id)
  })

  it('names the plain cookie on a non-TLS host that is not loopback', async () => {
    await activeUser('plain@example.test')
    const response = await handleApiRequest(
      new Request('http://kibitz.example/api/v1/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'plain@example.test', password }),
      }),
    )
    expect(response.status).toBe(200)
    expect(cookieSet(response, 'kibitz_session')?.attributes.has('secure')).toBe(false)
  })

  it('refuses a wrong password with 401 and code 1000, and the sixth try with 429 and Retry-After', async () => {
    await activeUser('guess@example.test')
    await expectProblem(await login('guess@example.test', {}, 'Wrong!2026'), 401, 1000)
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await login('guess@example.test', {}, 'Wrong!2026')).status).toBe(401)
    }
    // Throttled before the password is checked: the right password does not help now.
    const sixth = await login('guess@example.test')
    const body = Schema.decodeUnknownSync(Schema.Struct({ retryAfter: Schema.Int }))(
      await sixth.clone().json(),
    )
    await expectProblem(sixth, 429, 0)
    const retryAfter = Number(sixth.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(body.retryAfter).toBe(retryAfter)
  })

  it('lets a client that signed in before through with its device cookie while the address is refused', async () => {
    await activeUser('known@example.test')
    const first = await login('known@example.test')
    const device = cookieSet(first, deviceCookieName)?.value ?? ''
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login('known@example.test', {}, 'Wrong!2026')).status).toBe(401)
    }
    await expectProblem(await login('known@example.test'), 429, 0)
    const known = await login('known@example.test', { cookie: `${deviceCookieName}=${device}` })
    expect(known.status).toBe(200)
    // The client keeps its device token.
    expect(cookieSet(known, deviceCookieName)?.value).toBe(device)
  })

  it('logs out: 204, both cookies cleared, and the old cookie then answers 401 2001 clearing it', async () => {
    const { token } = await signedIn('leaving@example.test')
    const out = await request('/api/v1/user/logout', { method: 'POST', headers: withSession(token) })
    expect(out.status).toBe(204)
    expectSessionCleared(out)
    expect(cookieSet(out, 'account')?.attributes.get('max-age')).toBe('0')
    const after = await profileData(token)
    await expectProblem(after, 401, 2001)
    expectSessionCleared(after)
  })
})

describe('login-required calls', () => {
  it('answer profile-data for the session, never cached', async () => {
    const { id, token } = await signedIn('player@example.test')
    const response = await profileData(token, { 'x-user-id': String(id) })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('etag')).toBeNull()
    const profile = await readJson(response, UserProfile)
    expect(profile).toMatchObject({ hasPassword: true, canChangeEmail: true, account: 'player' })
    expect(profile.user).toMatchObject({ id, email: 'player@example.test' })
  })

  it('answer 401 with code 0 and no cookie change without a session cookie', async () => {
    const response = await request('/api/v1/user/profile-data')
    await expectProblem(response, 401, 0)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('answer 401 2002 and sign the browser out when X-User-Id names another user', async () => {
    const { id, token } = await signedIn('mismatch@example.test')
    const response = await profileData(token, { 'x-user-id': String(id + 1000) })
    await expectProblem(response, 401, 2002)
    expectSessionCleared(response)
    // The session itself ended with the cookie.
    await expectProblem(await profileData(token), 401, 2001)
  })

  it('answer 401 2001 for a cookie that names no session', async () => {
    const response = await profileData('not-a-token')
    await expectProblem(response, 401, 2001)
    expectSessionCleared(response)
  })

  it('tell the organiser account from the player one with X-Is-Organizer', async () => {
    const player = await signedIn('switcher@example.test')
    const asked = await readJson(await profileData(player.token, { 'x-is-organizer': 'true' }), UserProfile)
    expect(asked.account).toBe('player')
    const admin = await signedInAdmin()
    const organiser = await readJson(
      await profileData(admin.token, { 'x-is-organizer': 'true' }),
      UserProfile,
    )
    expect(organiser.account).toBe('organiser')
    const declined = await readJson(
      await profileData(admin.token, { 'x-is-organizer': 'false' }),
      UserProfile,
    )
    expect(declined.account).toBe('player')
    const cookie = await readJson(
      await request('/api/v1/user/profile-data', {
        headers: { cookie: `${sessionCookieName}=${admin.token}; account=organiser` },
      }),
      UserProfile,
    )
    expect(cookie.account).toBe('organiser')
    await expectProblem(await profileData(admin.token, { 'x-is-organizer': 'maybe' }), 400, 0)
  })
})

describe('POST /api/v1/user/forgot and reset/{token}', () => {
  /** The worker's step that turns queued forgot-password requests into e-mails. */
  const sendQueuedResets = () => runDomain(AccountService.use((accounts) => accounts.sendRequestedResets(10)))

  it('answers 204 for an unknown e-mail and sends nothing', async () => {
    const before = (await sql.mails()).length
    const response = await sendJson('/api/v1/user/forgot', { email: 'nobody@example.test' })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(await sendQueuedResets()).toBe(1)
    expect((await sql.mails()).length).toBe(before)
  })

  it('e-mails a reset link that sets a new password and ends the sessions', async () => {
    const { token: session } = await signedIn('forgetful@example.test')
    expect((await sendJson('/api/v1/user/forgot', { email: 'forgetful@example.test' })).status).toBe(204)
    await sendQueuedResets()
    const token = tokenOf(await sql.linkIn('forgetful@example.test', 'accounts.passwordReset'))
    const reset = await sendJson(`/api/v1/user/reset/${token}`, { password: 'New!Pass2026' })
    expect(reset.status).toBe(204)
    expectSessionCleared(reset)
    // The reset proved the mailbox: the client becomes a known device of the account.
    expect(cookieSet(reset, deviceCookieName)?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    await expectProblem(await profileData(session), 401, 2001)
    expect((await login('forgetful@example.test', {}, 'New!Pass2026')).status).toBe(200)
    await expectProblem(await sendJson(`/api/v1/user/reset/${token}`, { password: 'Other!2026' }), 410, 1013)
  })

  it('refuses a bogus token with 410 and code 1013', async () => {
    await expectProblem(
      await sendJson('/api/v1/user/reset/bogus-token', { password: 'New!Pass2026' }),
      410,
      1013,
    )
  })
})

describe('PUT /api/v1/user/profile', () => {
  it('changes the phone and answers the profile', async () => {
    const { token } = await signedIn('phone@example.test')
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 2, phone: '+37060000000' },
      { method: 'PUT', headers: withSession(token) },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await readJson(response, UserProfile)).phone).toBe('+37060000000')
  })

  it('refuses a password change with a wrong current password with 400 and code 1008', async () => {
    const { token } = await signedIn('secret@example.test')
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 1, currentPassword: 'Wrong!2026', newPassword: 'New!Pass2026' },
      { method: 'PUT', headers: withSession(token) },
    )
    const problem = await expectProblem(response, 400, 1008)
    expect(problem.errors?.map((e) => e.field)).toEqual(['currentPassword'])
  })

  it('refuses an e-mail change of the configured super user with 403 and code 1015', async () => {
    const admin = await signedInAdmin()
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 7, email: 'other@example.test', currentPassword: password },
      { method: 'PUT', headers: withSession(admin.token) },
    )
    await expectProblem(response, 403, 1015)
  })

  it('refuses an unknown kind with 400 and code 0', async () => {
    const { token } = await signedIn('kind@example.test')
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 15 },
      { method: 'PUT', headers: withSession(token) },
    )
    await expectProblem(response, 400, 0)
  })
})

describe('organiser applications', () => {
  it('registers a pending organiser, and the e-mailed link accepts it', async () => {
    await signedInAdmin()
    const { token } = await signedIn('club@example.test')
    const applied = await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'individual',
          firstName: 'Ona',
          lastName: 'Club',
          countryCode: 'LT',
          phone: '+37060000001',
        },
      },
      { headers: withSession(token) },
    )
    expect(applied.status).toBe(200)
    expect(await readJson(applied, CurrentUser)).toMatchObject({
      hasOrganizer: true,
      isOrganizer: false,
      organizerStatus: 1,
    })
    const link = await sql.linkIn(adminEmail, 'accounts.organiserApplication')
    expect(link).toMatch(/^\/register-organizer\/status\/3\//)
    const decision = tokenOf(link)
    const decided = await request(`/api/v1/user/organizer/${decision}/3`)
    expect(decided.status).toBe(200)
    expect(decided.headers.get('cache-control')).toBe('no-store')
    expect(await readJson(decided, OrganiserApplicationView)).toMatchObject({ status: 3, name: 'Ona Club' })
    const profile = await readJson(await profileData(token, { 'x-is-organizer': 'true' }), UserProfile)
    expect(profile.user.isOrganizer).toBe(true)
    expect(profile.account).toBe('organiser')
    // The first decision stands.
    const again = await readJson(
      await request(`/api/v1/user/organizer/${decision}/2`),
      OrganiserApplicationView,
    )
    expect(again.status).toBe(3)
  })

  it('names invalid application fields under user', async () => {
    const { token } = await signedIn('badclub@example.test')
    const response = await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'company',
          companyName: 'Club',
          companyCode: '123',
          countryCode: 'Lithuania',
          phone: 'x',
        },
      },
      { headers: withSession(token) },
    )
    const problem = await expectProblem(response, 400, 0)
    expect(problem.errors?.map((e) => e.path.join('.')).sort()).toEqual([
      'payload.user.countryCode',
      'payload.user.phone',
    ])
  })

  it('refuses an unknown decision link with 410 and code 1013, and a status other than 2 or 3 with 400', async () => {
    await expectProblem(await request('/api/v1/user/organizer/unknown-token/3'), 410, 1013)
    await expectProblem(await request('/api/v1/user/organizer/unknown-token/1'), 400, 0)
  })

  it('needs a session to apply', async () => {
    const response = await sendJson('/api/v1/user/register-organizer', {
      user: { kind: 'individual', firstName: 'A', lastName: 'B', countryCode: 'LT', phone: '+37060000001' },
    })
    await expectProblem(response, 401, 0)
  })
})

describe('GET /api/v1/user/event-creators', () => {
  it('is refused with 403 to anyone but the super user', async () => {
    const { token } = await signedIn('creator@example.test')
    await expectProblem(
      await request('/api/v1/user/event-creators/', { headers: withSession(token) }),
      403,
      0,
    )
    await expectProblem(await request('/api/v1/user/event-creators/'), 401, 0)
  })

  it('lists the accepted organisers to the super user', async () => {
    const admin = await signedInAdmin()
    const { token } = await signedIn('creator-club@example.test')
    await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'individual',
          firstName: 'Rūta',
          lastName: 'Creator',
          countryCode: 'LT',
          phone: '+37060000002',
        },
      },
      { headers: withSession(token) },
    )
    const listed = async () => {
      const response = await request('/api/v1/user/event-creators', { headers: withSession(admin.token) })
      expect(response.status).toBe(200)
      const body: unknown = await response.json()
      return Array.isArray(body)
        ? body.map((c: unknown) => (typeof c === 'object' && c && 'name' in c ? c.name : null))
        : []
    }
    // A pending application does not create events yet.
    expect(await listed()).not.toContain('Rūta Creator')
    const link = await sql.linkIn(adminEmail, 'accounts.organiserApplication')
    await request(`/api/v1/user/organizer/${tokenOf(link)}/3`)
    expect(await listed()).toContain('Rūta Creator')
  })
})

describe('social accounts', () => {
  it('signs in with VK ID, creating the account when the rules are accepted', async () => {
    const response = await sendJson('/api/v1/user/login-vk', {
      ...(await codeFrom(SocialProvider.vk, 'ann')),
      acceptRules: true,
    })
    expect(response.status).toBe(200)
    expect(await readJson(response, CurrentUser)).toMatchObject({
      email: 'ann@example.test',
      firstName: 'Ann',
    })
    const token = cookieSet(response, sessionCookieName)?.value ?? ''
    expect((await readJson(await profileData(token), UserProfile)).socialProviders).toEqual([
      SocialProvider.vk,
    ])
    // Known now: no rules needed to sign in again.
    const again = await sendJson('/api/v1/user/login-vk', await codeFrom(SocialProvider.vk, 'ann'))
    expect(again.status).toBe(200)
  })

  it('needs the rules for a new account (1007) and refuses a token the provider never issued (1005)', async () => {
    const authToken = await accessTokenFor(SocialProvider.google, 'ona')
    await expectProblem(await sendJson('/api/v1/user/login-google', { authToken }), 400, 1007)
    const created = await sendJson('/api/v1/user/login-google', { authToken, acceptRules: true })
    expect(created.status).toBe(200)
    expect(cookieSet(created, sessionCookieName)?.value).toMatch(/\S/)
    await expectProblem(
      await sendJson('/api/v1/user/login-fb', { fbData: { accessToken: 'forged' } }),
      400,
      1005,
    )
  })

  it('refuses (1005) a Google token the provider issued to another app, though its userinfo accepts it', async () => {
    // Ona signs in here with Google; another site she also signed in to holds a token for her.
    const own = await accessTokenFor(SocialProvider.google, 'ona')
    expect((await sendJson('/api/v1/user/login-google', { authToken: own, acceptRules: true })).status).toBe(
      200,
    )
    const stolen = await otherAppTokenFor('ona')
    const userInfo = await fetch(oidc.userInfoUrl, { headers: { authorization: `Bearer ${stolen}` } })
    expect(userInfo.status).toBe(200)

    const response = await sendJson('/api/v1/user/login-google', { authToken: stolen })

    await expectProblem(response, 400, 1005)
    expect(cookieSet(response, sessionCookieName)).toBeUndefined()
  })

  it('connects and disconnects a provider for the signed-in user', async () => {
    const { token } = await signedIn('carol@example.test')
    const headers = withSession(token)
    const accessToken = await accessTokenFor(SocialProvider.google, 'carol')
    const body = { token: accessToken, provider: SocialProvider.google }
    expect((await sendJson('/api/v1/user/connect-social', body, { headers })).status).toBe(204)
    expect((await readJson(await profileData(token), UserProfile)).socialProviders).toEqual([
      SocialProvider.google,
    ])
    await expectProblem(await sendJson('/api/v1/user/connect-social', body, { headers }), 409, 1010)
    const out = await sendJson(
      '/api/v1/user/disconnect-social',
      { provider: SocialProvider.google },
      { headers },
    )
    expect(out.status).toBe(204)
    expect((await readJson(await profileData(token), UserProfile)).socialProviders).toEqual([])
    await expectProblem(
      await sendJson('/api/v1/user/disconnect-social', { provider: 4 }, { headers }),
      400,
      0,
    )
  })
})

describe('GET /api/v1/openapi.json', () => {
  it('documents the user calls, their problems and the session cookie', async () => {
    const document = await readJson(
      await request('/api/v1/openapi.json'),
      Schema.Struct({
        paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)),
        components: Schema.Struct({ securitySchemes: Schema.Record(Schema.String, Schema.Unknown) }),
      }),
    )
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/user/register',
        '/api/v1/user/login',
        '/api/v1/user/logout',
        '/api/v1/user/login-vk',
        '/api/v1/user/login-fb',
        '/api/v1/user/login-google',
        '/api/v1/user/forgot',
        '/api/v1/user/reset/{token}',
        '/api/v1/user/connect-social',
        '/api/v1/user/disconnect-social',
        '/api/v1/user/register-organizer',
        '/api/v1/user/organizer/{token}/{status}',
        '/api/v1/user/profile-data',
        '/api/v1/user/profile',
        '/api/v1/user/event-creators',
      ]),
    )
    const Operation = Schema.Struct({
      responses: Schema.Record(Schema.String, Schema.Unknown),
      security: Schema.optionalKey(Schema.Array(Schema.Record(Schema.String, Schema.Unknown))),
    })
    const profile = Schema.decodeUnknownSync(Operation)(document.paths['/api/v1/user/profile-data']?.get)
    expect(Object.keys(profile.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']))
    expect(profile.security).toEqual([{ session: [] }])
    const register = Schema.decodeUnknownSync(Operation)(document.paths['/api/v1/user/register']?.post)
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '429']))
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: '__Host-kibitz_session' },
    })
  })
})
