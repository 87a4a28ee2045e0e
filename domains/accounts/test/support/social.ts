import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import { createServer } from 'node:net'
import { afterAll, beforeAll, expect } from '@effect/vitest'
import { completeLoginWithFetch, type OidcTestProvider, startOidcProvider } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import {
  SocialAuth,
  type SocialCallback,
  type SocialFailure,
  SocialProvider,
  type SocialProviderConfig,
  type SocialProviderId,
  type SocialTokenInfo,
  socialProviderName,
} from '../../src/Social.ts'

// The set-up the SocialAuth tests share (Social.*.test.ts): a test file calls useSocialServers() once.

// Facebook, Google and VK ID all point at one real OpenID provider on loopback, each with its own
// registered client, as they would be in an end-to-end run.
export const redirectUri = (provider: SocialProviderId) =>
  `http://127.0.0.1:3000/auth/social/${socialProviderName(provider)}/callback`
export const clientOf = (provider: SocialProviderId) => ({
  clientId: `${socialProviderName(provider)}-client`,
  clientSecret: `${socialProviderName(provider)}-secret`,
})
export const allProviders: ReadonlyArray<SocialProviderId> = [
  SocialProvider.facebook,
  SocialProvider.google,
  SocialProvider.vk,
]
// Another site's app, registered at the same provider: the tokens it obtains must not sign anyone in here.
const otherApp = {
  clientId: 'other-app',
  clientSecret: 'other-secret',
  redirectUri: 'http://127.0.0.1:4000/other/callback',
}

export let oidc: OidcTestProvider
let apis: { readonly server: Server; readonly url: string }
// A loopback port nothing listens on: the provider is down.
let downPort: number

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address !== null && typeof address !== 'string'
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })

/** Starts the OpenID provider and the provider APIs for the test file, and stops them after it. */
export const useSocialServers = () => {
  beforeAll(async () => {
    oidc = await startOidcProvider({
      accounts: [
        { id: 'ann', email: 'ann@example.test', givenName: 'Ann', familyName: 'Lee' },
        { id: 'bob' },
        { id: 'cid', email: 'cid@example.test', emailVerified: false, givenName: 'Cid' },
      ],
      clients: [
        ...allProviders.map((p) => ({ ...clientOf(p), redirectUris: [redirectUri(p)] })),
        {
          clientId: otherApp.clientId,
          clientSecret: otherApp.clientSecret,
          redirectUris: [otherApp.redirectUri],
        },
      ],
    })
    downPort = await freePort()
    apis = await startProviderApis()
  })

  afterAll(async () => {
    await oidc.close()
    await new Promise((resolve) => {
      apis.server.close(resolve)
      apis.server.closeAllConnections()
    })
  })
}

export const configFor = (provider: SocialProviderId): SocialProviderConfig => ({
  provider,
  ...clientOf(provider),
  authorizationUrl: oidc.authorizationUrl,
  tokenUrl: oidc.tokenUrl,
  // Facebook's documented /me call carries a fields query; the OpenID provider ignores it.
  userInfoUrl:
    provider === SocialProvider.facebook ? `${oidc.userInfoUrl}?fields=id,email` : oidc.userInfoUrl,
  scopes: ['openid', 'email', 'profile'],
  // The provider's RFC 7662 endpoint stands in for Google's tokeninfo and Facebook's debug_token.
  tokenInfo: { url: oidc.introspectionUrl, protocol: 'introspection' },
})

export const downUrl = (path: string) => `http://127.0.0.1:${downPort}${path}`

export const downConfig = (provider: SocialProviderId): SocialProviderConfig => ({
  ...configFor(provider),
  authorizationUrl: downUrl('/auth'),
  tokenUrl: downUrl('/token'),
  userInfoUrl: downUrl('/me'),
  tokenInfo: { url: downUrl('/token/introspection'), protocol: 'introspection' },
})

export const withSocial =
  (configs?: () => ReadonlyArray<SocialProviderConfig>) =>
  <A, E>(effect: Effect.Effect<A, E, SocialAuth>) =>
    Effect.suspend(() =>
      effect.pipe(
        Effect.provide(SocialAuth.layer(configs ? configs() : allProviders.map((p) => configFor(p)))),
      ),
    )

/** Begins a login, signs in at the provider as `accountId`, and returns what the callback would carry. */
export const signIn = Effect.fnUntraced(function* (
  provider: SocialProviderId,
  accountId: string,
  uri = redirectUri(provider),
) {
  const social = yield* SocialAuth
  const started = yield* social.begin(provider, uri)
  const login = yield* Effect.promise(() => completeLoginWithFetch(started.url, accountId))
  expect(login.state).toBe(started.state)
  return {
    code: login.code,
    codeVerifier: started.codeVerifier,
    redirectUri: uri,
    state: login.state,
    deviceId: 'device-1',
  } satisfies SocialCallback
})

export const failureOf = <A>(effect: Effect.Effect<A, SocialFailure, SocialAuth>) =>
  effect.pipe(
    Effect.flip,
    Effect.map((failure) => ({ provider: failure.provider, reason: failure.reason })),
  )

const TokenAnswer = Schema.Struct({ access_token: Schema.String })

interface Client {
  readonly clientId: string
  readonly clientSecret: string
}

/** What a client holding its own code does (client_secret_post, PKCE): returns the access token. */
export const exchangeAsClient = async (client: Client, callback: SocialCallback): Promise<string> => {
  const response = await fetch(oidc.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.code,
      redirect_uri: callback.redirectUri,
      code_verifier: callback.codeVerifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  })
  expect(response.status).toBe(200)
  return Schema.decodeUnknownSync(TokenAnswer)(await response.json()).access_token
}

/**
 * What the other site holds after `accountId` signed in there: an access token the same provider
 * issued to the other app.
 */
export const otherAppToken = (provider: SocialProviderId, accountId: string) =>
  signIn(provider, accountId, otherApp.redirectUri).pipe(
    Effect.provide(
      SocialAuth.layer([
        { ...configFor(provider), clientId: otherApp.clientId, clientSecret: otherApp.clientSecret },
      ]),
    ),
    Effect.flatMap((callback) => Effect.promise(() => exchangeAsClient(otherApp, callback))),
  )

const bodyOf = async (req: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of req) chunks.push(Buffer.from(chunk))
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

// What the token checks below say about a token: `other-app-token` was issued to the other app,
// `dead-token` is invalid (revoked), `old-token` expired an hour ago; any other token was issued to
// the asking provider's client, so the user info answers behind the check can be reached.
const tokenFate = (token: string | null) =>
  token === 'other-app-token'
    ? 'other'
    : token === 'dead-token'
      ? 'dead'
      : token === 'old-token'
        ? 'old'
        : 'ours'
const hourAgo = () => Math.floor(Date.now() / 1000) - 3600
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

// The OpenID provider answers in OpenID Connect's shape only. To check the mapping of Google's,
// Facebook's and VK ID's own answers, this loopback server answers user info and token check calls
// exactly as their documentation shows (success and failure), checking the request the way each
// provider expects it.
const startProviderApis = async () => {
  const server = createHttpServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const bearer = req.headers.authorization
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    // Google's tokeninfo: GET ?access_token=…; a bad token is an HTTP 400.
    if (req.method === 'GET' && path === '/google/tokeninfo') {
      const fate = tokenFate(url.searchParams.get('access_token'))
      if (fate === 'dead') return json(400, { error: 'invalid_token', error_description: 'Invalid Value' })
      const client = fate === 'other' ? otherApp.clientId : 'google-client'
      const exp = fate === 'old' ? hourAgo() : inAnHour()
      return json(200, {
        azp: client,
        aud: client,
        sub: '42',
        scope: 'openid https://www.googleapis.com/auth/userinfo.email',
        exp: String(exp),
        expires_in: String(Math.max(0, exp - Math.floor(Date.now() / 1000))),
        access_type: 'online',
      })
    }
    // Graph API debug_token: GET ?input_token=…&access_token={app-id}|{app-secret}.
    if (req.method === 'GET' && path === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== 'facebook-client|facebook-secret')
        return json(400, {
          error: { message: 'Invalid OAuth access token signature.', type: 'OAuthException', code: 190 },
        })
      const fate = tokenFate(url.searchParams.get('input_token'))
      if (fate === 'dead' || fate === 'old')
        return json(200, {
          data: {
            error: { code: 190, message: 'Error validating access token: Session has expired.' },
            is_valid: false,
            scopes: [],
          },
        })
      return json(200, {
        data: {
          app_id: fate === 'other' ? '999000111' : 'facebook-client',
          type: 'USER',
          application: 'Some app',
          data_access_expires_at: inAnHour(),
          expires_at: 0,
          is_valid: true,
          scopes: ['email', 'public_profile'],
          user_id: '10158000000000001',
        },
      })
    }
    // RFC 7662 introspection, as a gateway in front of VK ID would offer it: POST with client credentials.
    if (req.method === 'POST' && path === '/vkid/introspect') {
      bodyOf(req).then((form) => {
        if (form.get('client_id') !== 'vk-client' || form.get('client_secret') !== 'vk-secret')
          return json(401, { error: 'invalid_client' })
        const fate = tokenFate(form.get('token'))
        if (fate === 'dead') return json(200, { active: false })
        return json(200, {
          active: true,
          client_id: fate === 'other' ? otherApp.clientId : 'vk-client',
          sub: '1234567',
          exp: fate === 'old' ? hourAgo() : inAnHour(),
        })
      })
      return
    }
    if (req.method === 'GET' && path === '/graph/me') {
      if (bearer === 'Bearer fb-token')
        return json(200, {
          id: '10158000000000001',
          email: 'ann@example.test',
          first_name: 'Ann',
          last_name: 'Lee',
        })
      return json(400, {
        error: {
          message: 'Invalid OAuth access token.',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: 'A1',
        },
      })
    }
    if (req.method === 'POST' && path === '/vkid/oauth2/user_info') {
      bodyOf(req).then((form) => {
        if (
          form.get('access_token') === 'vk-token' &&
          form.get('client_id') === 'vk-client' &&
          bearer === undefined
        )
          return json(200, {
            user: {
              user_id: 1234567,
              first_name: 'Ann',
              last_name: 'Lee',
              email: 'ann@example.test',
              sex: 1,
            },
          })
        // VK answers an OAuth error in the body, whatever the status.
        return json(200, { error: 'invalid_token', error_description: 'invalid access_token' })
      })
      return
    }
    if (path === '/unverified/userinfo')
      return json(200, { sub: '42', email: 'cid@example.test', email_verified: 'false', given_name: 'Cid' })
    if (path === '/unflagged/userinfo')
      return json(200, { sub: '42', email: 'cid@example.test', given_name: 'Cid' })
    if (path === '/stringly/userinfo')
      return json(200, { sub: '42', email: 'cid@example.test', email_verified: 'true', given_name: 'Cid' })
    if (path === '/nameless/userinfo') return json(200, { name: 'Nobody' })
    if (path === '/html/userinfo') {
      res.writeHead(502, { 'content-type': 'text/html' })
      return res.end('<html><body>Bad gateway</body></html>')
    }
    if (path === '/plain/userinfo') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      return res.end('ok')
    }
    return json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return { server, url: `http://127.0.0.1:${address.port}` }
}

// Each provider's own token check: Google's tokeninfo, Facebook's debug_token, and for VK ID (which
// documents none) an RFC 7662 endpoint.
const apiTokenInfo = (provider: SocialProviderId): SocialTokenInfo =>
  provider === SocialProvider.google
    ? { url: `${apis.url}/google/tokeninfo`, protocol: 'googleTokenInfo' }
    : provider === SocialProvider.facebook
      ? { url: `${apis.url}/graph/debug_token`, protocol: 'facebookDebugToken' }
      : { url: `${apis.url}/vkid/introspect`, protocol: 'introspection' }

export const apiConfig = (provider: SocialProviderId, userInfoPath: string): SocialProviderConfig => ({
  ...configFor(provider),
  userInfoUrl: `${apis.url}${userInfoPath}`,
  tokenInfo: apiTokenInfo(provider),
})
