import { createHash, randomBytes } from 'node:crypto'
import { AccountService, CurrentUser, SocialProvider, type SocialProviderId } from '@kibitz/accounts'
import { Schema } from 'effect'
import { afterAll, beforeAll, expect } from 'vitest'
import {
  completeLoginWithFetch,
  type OidcTestProvider,
  startOidcProvider,
} from '../../../testing/src/oidc.ts'
import { RegisteredUser } from '../../src/api/UserApi.ts'
import { runDomain } from '../../src/server/runtime.server.ts'
import { readJson, request } from './api.ts'
import { adminEmail, publicUrl, useApiWorld } from './apiWorld.ts'
import { cookieSet, sendJson, sessionCookieName, tokenOf, withSession } from './userApi.ts'

// The set-up the user API tests share (api-user*.test.ts): the API world and a real OpenID provider on loopback
// standing in for Facebook, Google and VK ID. The runtime reads its settings from the environment on first
// use, as behind the launcher, so beforeAll sets them before the first request.

export const password = 'Bridge!2026'
export const names = { 1: 'facebook', 2: 'google', 3: 'vk' } as const
export const redirectUri = (provider: SocialProviderId) => `${publicUrl}/auth/${names[provider]}/callback`
export const otherAppRedirectUri = 'http://127.0.0.1:4000/other/callback'
export const providers: ReadonlyArray<SocialProviderId> = [
  SocialProvider.facebook,
  SocialProvider.google,
  SocialProvider.vk,
]

const TokenAnswer = Schema.Struct({ access_token: Schema.String })

/** The set-up of a user API test file; call at the top level of the file. */
export const useUserApi = () => {
  const api = useApiWorld()
  let oidc: OidcTestProvider | undefined

  // After useApiWorld's beforeAll: the provider's settings join the environment before the first request.
  beforeAll(async () => {
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
    await oidc?.close()
  })

  const world = {
    get sql() {
      return api.sql
    },
    get oidc(): OidcTestProvider {
      if (!oidc) throw new Error('the OpenID provider starts in beforeAll')
      return oidc
    },
  }

  // -------------------------------------------------------------------------------------------------------
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
    const token = tokenOf(await world.sql.linkIn(email, 'accounts.activation'))
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
      await world.sql.execute('update app_user set role = 2 where id = ?', [adminId])
    }
    const response = await login(adminEmail)
    expect(await readJson(response, CurrentUser)).toMatchObject({ id: adminId, isSuper: true })
    return { id: adminId, token: cookieSet(response, sessionCookieName)?.value ?? '' }
  }

  const profileData = (token: string, headers: Record<string, string> = {}) =>
    request('/api/v1/user/profile-data', { headers: withSession(token, headers) })

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

  /** Exchanges a code at the provider as the client `clientId` (whose secret is `secret`). */
  const exchange = async (
    callback: { code: string; redirectUri: string; codeVerifier: string },
    clientId: string,
    secret: string,
  ): Promise<string> => {
    const response = await fetch(world.oidc.tokenUrl, {
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
    const authorization = new URL(world.oidc.authorizationUrl)
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

  return {
    world,
    signUp,
    login,
    activeUser,
    signedIn,
    signedInAdmin,
    profileData,
    expectSessionCleared,
    codeFrom,
    exchange,
    accessTokenFor,
    otherAppTokenFor,
  }
}
