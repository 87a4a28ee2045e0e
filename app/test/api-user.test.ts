import '../../testing/src/context.ts'
import { AccountService, CurrentUser } from '@kibitz/accounts'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { handleApiRequest } from '../src/api/handler.server.ts'
import { RegisteredUser, UserProfile } from '../src/api/UserApi.ts'
import { sessionOf } from '../src/server/auth.server.ts'
import { runDomain } from '../src/server/runtime.server.ts'
import { Problem, readJson, request } from './support/api.ts'
import { publicUrl } from './support/apiWorld.ts'
import { expectProblem } from './support/eventActors.ts'
import {
  cookieSet,
  deviceCookieName,
  sendJson,
  sessionCookieName,
  tokenOf,
  withSession,
} from './support/userApi.ts'
import { password, useUserApi } from './support/userWorld.ts'

// The user calls of the REST API v1 against a real PostgreSQL: sign-up, login and logout, the login-required
// calls, forgotten passwords and the OpenAPI document (the set-up is support/userWorld.ts).

const { world, signUp, login, activeUser, signedIn, signedInAdmin, profileData, expectSessionCleared } =
  useUserApi()

describe('POST /api/v1/user/register', () => {
  it('creates an inactive account and e-mails the activation link in the Accept-Language language', async () => {
    const response = await signUp('jonas@example.test', {}, { 'accept-language': 'lt-LT,lt;q=0.9,en;q=0.5' })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { userId } = await readJson(response, RegisteredUser)
    expect(userId).toBeGreaterThan(0)
    const mail = (await world.sql.mails()).filter((m) => m.recipient === 'jonas@example.test')
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
    expect((await world.sql.mails()).some((m) => m.recipient === 'norules@example.test')).toBe(false)
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
    const before = (await world.sql.mails()).length
    const response = await sendJson('/api/v1/user/forgot', { email: 'nobody@example.test' })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(await sendQueuedResets()).toBe(1)
    expect((await world.sql.mails()).length).toBe(before)
  })

  it('e-mails a reset link that sets a new password and ends the sessions', async () => {
    const { token: session } = await signedIn('forgetful@example.test')
    expect((await sendJson('/api/v1/user/forgot', { email: 'forgetful@example.test' })).status).toBe(204)
    await sendQueuedResets()
    const token = tokenOf(await world.sql.linkIn('forgetful@example.test', 'accounts.passwordReset'))
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
