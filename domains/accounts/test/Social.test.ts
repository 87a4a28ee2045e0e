import { createHash } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@effect/vitest'
import {
  completeLoginWithFetch,
  type OidcTestProvider,
  refuseLoginWithFetch,
  startOidcProvider,
} from '@kibitz/testing'
import { Effect, Option, Schema } from 'effect'
import {
  SocialAuth,
  type SocialCallback,
  SocialFailure,
  SocialProvider,
  type SocialProviderConfig,
  type SocialProviderId,
  type SocialTokenInfo,
  socialCallbackFailure,
  socialProviderByName,
  socialProviderName,
  socialProvidersFromEnv,
} from '../src/Social.ts'

// Facebook, Google and VK ID all point at one real OpenID provider on loopback, each with its own
// registered client, as they would be in an end-to-end run.
const redirectUri = (provider: SocialProviderId) =>
  `http://127.0.0.1:3000/auth/social/${socialProviderName(provider)}/callback`
const clientOf = (provider: SocialProviderId) => ({
  clientId: `${socialProviderName(provider)}-client`,
  clientSecret: `${socialProviderName(provider)}-secret`,
})
const allProviders: ReadonlyArray<SocialProviderId> = [
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

let oidc: OidcTestProvider
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

const configFor = (provider: SocialProviderId): SocialProviderConfig => ({
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

const downUrl = (path: string) => `http://127.0.0.1:${downPort}${path}`

const downConfig = (provider: SocialProviderId): SocialProviderConfig => ({
  ...configFor(provider),
  authorizationUrl: downUrl('/auth'),
  tokenUrl: downUrl('/token'),
  userInfoUrl: downUrl('/me'),
  tokenInfo: { url: downUrl('/token/introspection'), protocol: 'introspection' },
})

const withSocial =
  (configs?: () => ReadonlyArray<SocialProviderConfig>) =>
  <A, E>(effect: Effect.Effect<A, E, SocialAuth>) =>
    Effect.suspend(() =>
      effect.pipe(
        Effect.provide(SocialAuth.layer(configs ? configs() : allProviders.map((p) => configFor(p)))),
      ),
    )

/** Begins a login, signs in at the provider as `accountId`, and returns what the callback would carry. */
const signIn = Effect.fnUntraced(function* (
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

const failureOf = <A>(effect: Effect.Effect<A, SocialFailure, SocialAuth>) =>
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
const exchangeAsClient = async (client: Client, callback: SocialCallback): Promise<string> => {
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
const otherAppToken = (provider: SocialProviderId, accountId: string) =>
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

const apiConfig = (provider: SocialProviderId, userInfoPath: string): SocialProviderConfig => ({
  ...configFor(provider),
  userInfoUrl: `${apis.url}${userInfoPath}`,
  tokenInfo: apiTokenInfo(provider),
})

describe(SocialAuth.name, () => {
  describe('complete', () => {
    it.effect.each(allProviders.map((p) => [socialProviderName(p), p] as const))(
      'returns the person from a full code flow through the %s adapter',
      ([, provider]) =>
        Effect.gen(function* () {
          const callback = yield* signIn(provider, 'ann')

          const profile = yield* SocialAuth.use((s) => s.complete(provider, callback))

          expect({ ...profile }).toEqual({
            provider,
            subject: 'ann',
            email: 'ann@example.test',
            firstName: 'Ann',
            lastName: 'Lee',
          })
        }).pipe(withSocial()),
    )

    it.effect('gives a null e-mail and names when the account has none', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.google, 'bob')

        const profile = yield* SocialAuth.use((s) => s.complete(SocialProvider.google, callback))

        expect([profile.subject, profile.email, profile.firstName, profile.lastName]).toEqual([
          'bob',
          null,
          null,
          null,
        ])
      }).pipe(withSocial()),
    )

    it.effect('gives a null e-mail when the provider says it is not verified', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.facebook, 'cid')

        const profile = yield* SocialAuth.use((s) => s.complete(SocialProvider.facebook, callback))

        expect([profile.subject, profile.email, profile.firstName]).toEqual(['cid', null, 'Cid'])
      }).pipe(withSocial()),
    )

    it.effect('fails with invalidCode for a code the provider never issued', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.google, 'ann')

        const failure = yield* failureOf(
          SocialAuth.use((s) => s.complete(SocialProvider.google, { ...callback, code: 'not-a-real-code' })),
        )

        expect(failure).toEqual({ provider: SocialProvider.google, reason: 'invalidCode' })
      }).pipe(withSocial()),
    )

    it.effect('fails with invalidCode when the code is used a second time', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.vk, 'ann')
        yield* SocialAuth.use((s) => s.complete(SocialProvider.vk, callback))

        const failure = yield* failureOf(SocialAuth.use((s) => s.complete(SocialProvider.vk, callback)))

        expect(failure).toEqual({ provider: SocialProvider.vk, reason: 'invalidCode' })
      }).pipe(withSocial()),
    )

    it.effect('fails with invalidCode when the PKCE verifier does not match the challenge', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.facebook, 'ann')

        const failure = yield* failureOf(
          SocialAuth.use((s) =>
            s.complete(SocialProvider.facebook, { ...callback, codeVerifier: 'x'.repeat(43) }),
          ),
        )

        expect(failure).toEqual({ provider: SocialProvider.facebook, reason: 'invalidCode' })
      }).pipe(withSocial()),
    )

    it.effect("needs no token check: the code flow's token comes from our own exchange", () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.google, 'ann')

        const profile = yield* SocialAuth.use((s) => s.complete(SocialProvider.google, callback))

        expect(profile.subject).toBe('ann')
      }).pipe(withSocial(() => [{ ...configFor(SocialProvider.google), tokenInfo: undefined }])),
    )

    it.effect('fails with providerError when the provider refuses the client secret', () =>
      Effect.gen(function* () {
        const social = yield* SocialAuth
        const started = yield* social.begin(SocialProvider.google, redirectUri(SocialProvider.google))
        const login = yield* Effect.promise(() => completeLoginWithFetch(started.url, 'ann'))
        const callback = {
          ...login,
          codeVerifier: started.codeVerifier,
          redirectUri: redirectUri(SocialProvider.google),
        }

        const failure = yield* failureOf(social.complete(SocialProvider.google, callback))

        expect(failure).toEqual({ provider: SocialProvider.google, reason: 'providerError' })
      }).pipe(withSocial(() => [{ ...configFor(SocialProvider.google), clientSecret: 'wrong-secret' }])),
    )

    it.effect('fails with providerError, quickly and without throwing, when the provider is down', () =>
      Effect.gen(function* () {
        const started = Date.now()

        const failure = yield* SocialAuth.use((s) =>
          s.complete(SocialProvider.vk, {
            code: 'c',
            codeVerifier: 'v'.repeat(43),
            redirectUri: redirectUri(SocialProvider.vk),
          }),
        ).pipe(Effect.flip)

        expect(failure).toBeInstanceOf(SocialFailure)
        expect([failure.provider, failure.reason]).toEqual([SocialProvider.vk, 'providerError'])
        expect(failure.detail).toContain('ECONNREFUSED')
        expect(Date.now() - started).toBeLessThan(2_000)
      }).pipe(withSocial(() => [downConfig(SocialProvider.vk)])),
    )

    it.effect('fails with notConfigured for a provider that is not enabled', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) =>
            s.complete(SocialProvider.facebook, {
              code: 'c',
              codeVerifier: 'v'.repeat(43),
              redirectUri: redirectUri(SocialProvider.facebook),
            }),
          ),
        )

        expect(failure).toEqual({ provider: SocialProvider.facebook, reason: 'notConfigured' })
      }).pipe(withSocial(() => [configFor(SocialProvider.google)])),
    )
  })

  describe('begin', () => {
    it.effect('sends the browser to the configured URL with state and an S256 PKCE challenge', () =>
      Effect.gen(function* () {
        const social = yield* SocialAuth

        const started = yield* social.begin(SocialProvider.vk, redirectUri(SocialProvider.vk))

        const url = new URL(started.url)
        expect(`${url.origin}${url.pathname}`).toBe(oidc.authorizationUrl)
        expect(Object.fromEntries(url.searchParams)).toEqual({
          response_type: 'code',
          client_id: 'vk-client',
          redirect_uri: redirectUri(SocialProvider.vk),
          scope: 'openid email profile',
          state: started.state,
          code_challenge: createHash('sha256').update(started.codeVerifier).digest('base64url'),
          code_challenge_method: 'S256',
        })
        // RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~].
        expect(started.codeVerifier).toMatch(/^[\w.~-]{43,128}$/)
        expect(started.state.length).toBeGreaterThanOrEqual(32)
      }).pipe(withSocial()),
    )

    it.effect('gives a fresh state and verifier to every login', () =>
      Effect.gen(function* () {
        const social = yield* SocialAuth

        const first = yield* social.begin(SocialProvider.google, redirectUri(SocialProvider.google))
        const second = yield* social.begin(SocialProvider.google, redirectUri(SocialProvider.google))

        expect(second.state).not.toBe(first.state)
        expect(second.codeVerifier).not.toBe(first.codeVerifier)
      }).pipe(withSocial()),
    )

    it.effect('keeps a query the configured authorization URL already has', () =>
      Effect.gen(function* () {
        const started = yield* SocialAuth.use((s) =>
          s.begin(SocialProvider.facebook, redirectUri(SocialProvider.facebook)),
        )

        const url = new URL(started.url)
        expect([url.searchParams.get('display'), url.searchParams.get('client_id')]).toEqual([
          'popup',
          'facebook-client',
        ])
      }).pipe(
        withSocial(() => [
          {
            ...configFor(SocialProvider.facebook),
            authorizationUrl: `${oidc.authorizationUrl}?display=popup`,
          },
        ]),
      ),
    )

    it.effect('fails with notConfigured for a provider that is not enabled', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.begin(SocialProvider.vk, redirectUri(SocialProvider.vk))),
        )

        expect(failure).toEqual({ provider: SocialProvider.vk, reason: 'notConfigured' })
      }).pipe(withSocial(() => [configFor(SocialProvider.google)])),
    )
  })

  // Token checks compare the provider's expiry times with the clock, so the tests that need a token to
  // be (or not be) expired run with the live clock instead of the test clock.
  describe('profileFromAccessToken', () => {
    it.live.each(allProviders.map((p) => [socialProviderName(p), p] as const))(
      'returns the person a real %s access token issued to our client belongs to',
      ([, provider]) =>
        Effect.gen(function* () {
          // The client (a mobile app, the Facebook JS SDK) ran the code flow itself and holds the token.
          const callback = yield* signIn(provider, 'ann')
          const accessToken = yield* Effect.promise(() => exchangeAsClient(clientOf(provider), callback))

          const profile = yield* SocialAuth.use((s) => s.profileFromAccessToken(provider, accessToken))

          expect([profile.provider, profile.subject, profile.email, profile.firstName]).toEqual([
            provider,
            'ann',
            'ann@example.test',
            'Ann',
          ])
        }).pipe(withSocial()),
    )

    it.effect.each(allProviders.map((p) => [socialProviderName(p), p] as const))(
      'refuses a real %s access token the provider issued to another app (token substitution)',
      ([, provider]) =>
        Effect.gen(function* () {
          const stolen = yield* otherAppToken(provider, 'ann')
          // The exploit: the provider's user info endpoint vouches for the person with this token.
          const userInfo = yield* Effect.promise(() =>
            fetch(oidc.userInfoUrl, { headers: { authorization: `Bearer ${stolen}` } }),
          )
          expect(userInfo.status).toBe(200)

          const failure = yield* SocialAuth.use((s) => s.profileFromAccessToken(provider, stolen)).pipe(
            Effect.flip,
          )

          expect([failure.provider, failure.reason]).toEqual([provider, 'invalidCode'])
          expect(failure.detail).toBe(
            `tokeninfo: the token was issued to other-app, not to ${clientOf(provider).clientId}`,
          )
        }).pipe(withSocial()),
    )

    it.effect('fails with invalidCode for a token our client revoked', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.google, 'ann')
        const client = clientOf(SocialProvider.google)
        const accessToken = yield* Effect.promise(() => exchangeAsClient(client, callback))
        const revoked = yield* Effect.promise(() =>
          fetch(oidc.revocationUrl, {
            method: 'POST',
            body: new URLSearchParams({
              token: accessToken,
              token_type_hint: 'access_token',
              client_id: client.clientId,
              client_secret: client.clientSecret,
            }),
          }),
        )
        expect(revoked.status).toBe(200)

        const failure = yield* SocialAuth.use((s) =>
          s.profileFromAccessToken(SocialProvider.google, accessToken),
        ).pipe(Effect.flip)

        expect([failure.reason, failure.detail]).toEqual([
          'invalidCode',
          'tokeninfo: the provider says the token is not valid',
        ])
      }).pipe(withSocial()),
    )

    it.effect('fails with invalidCode for a token the provider never issued', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.google, 'garbage')),
        )

        expect(failure).toEqual({ provider: SocialProvider.google, reason: 'invalidCode' })
      }).pipe(withSocial()),
    )

    it.effect('fails with providerError when the token check is down, though user info answers', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.facebook, 'ann')
        const accessToken = yield* Effect.promise(() =>
          exchangeAsClient(clientOf(SocialProvider.facebook), callback),
        )

        const failure = yield* SocialAuth.use((s) =>
          s.profileFromAccessToken(SocialProvider.facebook, accessToken),
        ).pipe(Effect.flip)

        expect([failure.reason, failure.detail]).toEqual([
          'providerError',
          expect.stringMatching(/^tokeninfo: .*ECONNREFUSED/),
        ])
      }).pipe(
        withSocial(() => [
          {
            ...configFor(SocialProvider.facebook),
            tokenInfo: { url: downUrl('/token/introspection'), protocol: 'introspection' },
          },
        ]),
      ),
    )

    it.effect('fails with providerError when the provider is down', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.facebook, 'token')),
        )

        expect(failure).toEqual({ provider: SocialProvider.facebook, reason: 'providerError' })
      }).pipe(withSocial(() => [downConfig(SocialProvider.facebook)])),
    )

    it.effect('refuses every token with notConfigured when no token check is configured', () =>
      Effect.gen(function* () {
        const callback = yield* signIn(SocialProvider.vk, 'ann')
        const accessToken = yield* Effect.promise(() =>
          exchangeAsClient(clientOf(SocialProvider.vk), callback),
        )

        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.vk, accessToken)),
        )

        expect(failure).toEqual({ provider: SocialProvider.vk, reason: 'notConfigured' })
      }).pipe(withSocial(() => [{ ...configFor(SocialProvider.vk), tokenInfo: undefined }])),
    )
  })

  describe("profileFromAccessToken with each provider's documented answer", () => {
    it.effect('maps Facebook Graph /me (id, email, first_name, last_name)', () =>
      Effect.gen(function* () {
        const profile = yield* SocialAuth.use((s) =>
          s.profileFromAccessToken(SocialProvider.facebook, 'fb-token'),
        )

        expect({ ...profile }).toEqual({
          provider: SocialProvider.facebook,
          subject: '10158000000000001',
          email: 'ann@example.test',
          firstName: 'Ann',
          lastName: 'Lee',
        })
      }).pipe(
        withSocial(() => [
          apiConfig(SocialProvider.facebook, '/graph/me?fields=id,email,first_name,last_name'),
        ]),
      ),
    )

    it.effect('fails with invalidCode when Facebook rejects the token (OAuthException 190)', () =>
      Effect.gen(function* () {
        const failure = yield* SocialAuth.use((s) =>
          s.profileFromAccessToken(SocialProvider.facebook, 'expired'),
        ).pipe(Effect.flip)

        expect([failure.reason, failure.detail]).toEqual([
          'invalidCode',
          'userinfo: HTTP 400 OAuthException 190 Invalid OAuth access token.',
        ])
      }).pipe(withSocial(() => [apiConfig(SocialProvider.facebook, '/graph/me')])),
    )

    it.effect(
      'maps VK ID user_info ({ user: { user_id, … } }), posting the token and client id as a form',
      () =>
        Effect.gen(function* () {
          const profile = yield* SocialAuth.use((s) =>
            s.profileFromAccessToken(SocialProvider.vk, 'vk-token'),
          )

          expect({ ...profile }).toEqual({
            provider: SocialProvider.vk,
            subject: '1234567',
            email: 'ann@example.test',
            firstName: 'Ann',
            lastName: 'Lee',
          })
        }).pipe(withSocial(() => [apiConfig(SocialProvider.vk, '/vkid/oauth2/user_info')])),
    )

    it.effect('fails with invalidCode when VK ID answers an OAuth error with status 200', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.vk, 'stale')),
        )

        expect(failure).toEqual({ provider: SocialProvider.vk, reason: 'invalidCode' })
      }).pipe(withSocial(() => [apiConfig(SocialProvider.vk, '/vkid/oauth2/user_info')])),
    )

    it.effect.each([
      {
        answer: 'email_verified "false" (a string, as some providers send it)',
        path: '/unverified/userinfo',
      },
      { answer: 'no email_verified at all', path: '/unflagged/userinfo' },
      {
        answer: 'email_verified "true" (a string, not the boolean Google sends)',
        path: '/stringly/userinfo',
      },
    ])('gives no e-mail for a Google answer with $answer', ({ path }) =>
      Effect.gen(function* () {
        const profile = yield* SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.google, 't'))

        expect([profile.subject, profile.email, profile.firstName]).toEqual(['42', null, 'Cid'])
      }).pipe(withSocial(() => [apiConfig(SocialProvider.google, path)])),
    )

    it.live.each([
      {
        check: "Google's tokeninfo",
        provider: SocialProvider.google,
        token: 't',
        userInfo: '/unflagged/userinfo',
        subject: '42',
      },
      {
        check: "Facebook's debug_token",
        provider: SocialProvider.facebook,
        token: 'fb-token',
        userInfo: '/graph/me',
        subject: '10158000000000001',
      },
      {
        check: 'RFC 7662 introspection',
        provider: SocialProvider.vk,
        token: 'vk-token',
        userInfo: '/vkid/oauth2/user_info',
        subject: '1234567',
      },
    ])('accepts a token $check says was issued to our client', ({ provider, token, userInfo, subject }) =>
      Effect.gen(function* () {
        const profile = yield* SocialAuth.use((s) => s.profileFromAccessToken(provider, token))

        expect([profile.provider, profile.subject]).toEqual([provider, subject])
      }).pipe(withSocial(() => [apiConfig(provider, userInfo)])),
    )

    it.live.each([
      {
        check: "Google's tokeninfo",
        provider: SocialProvider.google,
        token: 'other-app-token',
        why: 'the token was issued to other-app, not to google-client',
      },
      {
        check: "Google's tokeninfo",
        provider: SocialProvider.google,
        token: 'old-token',
        why: 'the token has expired',
      },
      {
        check: "Google's tokeninfo",
        provider: SocialProvider.google,
        token: 'dead-token',
        why: 'HTTP 400 invalid_token: Invalid Value',
      },
      {
        check: "Facebook's debug_token",
        provider: SocialProvider.facebook,
        token: 'other-app-token',
        why: 'the token was issued to 999000111, not to facebook-client',
      },
      {
        check: "Facebook's debug_token",
        provider: SocialProvider.facebook,
        token: 'dead-token',
        why: 'the provider says the token is not valid',
      },
      {
        check: 'RFC 7662 introspection',
        provider: SocialProvider.vk,
        token: 'other-app-token',
        why: 'the token was issued to other-app, not to vk-client',
      },
      {
        check: 'RFC 7662 introspection',
        provider: SocialProvider.vk,
        token: 'old-token',
        why: 'the token has expired',
      },
      {
        check: 'RFC 7662 introspection',
        provider: SocialProvider.vk,
        token: 'dead-token',
        why: 'the provider says the token is not valid',
      },
    ])('refuses $token with invalidCode when $check says so', ({ provider, token, why }) =>
      Effect.gen(function* () {
        const failure = yield* SocialAuth.use((s) => s.profileFromAccessToken(provider, token)).pipe(
          Effect.flip,
        )

        expect([failure.provider, failure.reason, failure.detail]).toEqual([
          provider,
          'invalidCode',
          `tokeninfo: ${why}`,
        ])
      }).pipe(withSocial(() => [apiConfig(provider, '/nameless/userinfo')])),
    )

    it.effect('fails with providerError when debug_token refuses our app credentials', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.facebook, 'fb-token')),
        )

        expect(failure).toEqual({ provider: SocialProvider.facebook, reason: 'providerError' })
      }).pipe(
        withSocial(() => [
          { ...apiConfig(SocialProvider.facebook, '/graph/me'), clientSecret: 'wrong-secret' },
        ]),
      ),
    )

    it.effect.each([
      { answer: 'names no user id', path: '/nameless/userinfo' },
      { answer: 'is an HTML error page', path: '/html/userinfo' },
      { answer: 'is not JSON', path: '/plain/userinfo' },
    ])('fails with providerError when the answer $answer', ({ path }) =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.google, 't')),
        )

        expect(failure).toEqual({ provider: SocialProvider.google, reason: 'providerError' })
      }).pipe(withSocial(() => [apiConfig(SocialProvider.google, path)])),
    )
  })

  describe('providers', () => {
    it.effect('lists the enabled providers in button order', () =>
      Effect.gen(function* () {
        expect(yield* SocialAuth.use((s) => Effect.succeed(s.providers()))).toEqual([
          SocialProvider.google,
          SocialProvider.vk,
        ])
      }).pipe(withSocial(() => [configFor(SocialProvider.vk), configFor(SocialProvider.google)])),
    )
  })
})

describe('socialCallbackFailure', () => {
  it('classifies the person pressing Cancel at the provider as denied', async () => {
    const started = await Effect.runPromise(
      SocialAuth.use((s) => s.begin(SocialProvider.google, redirectUri(SocialProvider.google))).pipe(
        withSocial(),
      ),
    )

    const refusal = await refuseLoginWithFetch(started.url)

    expect(refusal).toEqual({ error: 'access_denied', state: started.state })
    const failure = socialCallbackFailure(SocialProvider.google, refusal.error)
    expect([failure.provider, failure.reason]).toEqual([SocialProvider.google, 'denied'])
  })

  it('classifies any other callback error as providerError', () => {
    expect(socialCallbackFailure(SocialProvider.vk, 'server_error', 'try later').reason).toBe('providerError')
  })
})

describe('social provider names', () => {
  it('maps names and spec ids both ways', () => {
    expect(allProviders.map(socialProviderName)).toEqual(['facebook', 'google', 'vk'])
    expect(
      ['facebook', 'google', 'vk', 'twitter'].map((n) => Option.getOrNull(socialProviderByName(n))),
    ).toEqual([1, 2, 3, null])
  })
})

describe('socialProvidersFromEnv', () => {
  it('enables nothing when no client is configured', () => {
    expect(socialProvidersFromEnv({ PATH: '/usr/bin', GOOGLE_CLIENT_ID: '' })).toEqual([])
  })

  it('enables a provider with its id and secret and the documented endpoints', () => {
    expect(
      socialProvidersFromEnv({
        VK_CLIENT_ID: 'vk-id',
        VK_CLIENT_SECRET: 'vk-secret',
        FACEBOOK_CLIENT_ID: 'fb-id',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
      }),
    ).toEqual([
      {
        provider: SocialProvider.facebook,
        clientId: 'fb-id',
        clientSecret: 'fb-secret',
        authorizationUrl: 'https://www.facebook.com/dialog/oauth',
        tokenUrl: 'https://graph.facebook.com/oauth/access_token',
        userInfoUrl: 'https://graph.facebook.com/me?fields=id,email,first_name,last_name',
        scopes: ['email', 'public_profile'],
        tokenInfo: { url: 'https://graph.facebook.com/debug_token', protocol: 'facebookDebugToken' },
      },
      {
        provider: SocialProvider.google,
        clientId: 'g-id',
        clientSecret: 'g-secret',
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
        scopes: ['openid', 'email', 'profile'],
        tokenInfo: { url: 'https://oauth2.googleapis.com/tokeninfo', protocol: 'googleTokenInfo' },
      },
      {
        provider: SocialProvider.vk,
        clientId: 'vk-id',
        clientSecret: 'vk-secret',
        authorizationUrl: 'https://id.vk.com/authorize',
        tokenUrl: 'https://id.vk.com/oauth2/auth',
        userInfoUrl: 'https://id.vk.com/oauth2/user_info',
        // VK ID documents no token check: access tokens stay refused until one is configured.
        scopes: ['vkid.personal_info', 'email'],
      },
    ])
  })

  it.each([
    ['GOOGLE', 'http://127.0.0.1:4000/token/introspection', 'introspection'],
    ['GOOGLE', 'https://www.googleapis.com/oauth2/v3/tokeninfo', 'googleTokenInfo'],
    ['FACEBOOK', 'https://graph.facebook.com/v19.0/debug_token', 'facebookDebugToken'],
    ['FACEBOOK', 'http://127.0.0.1:4000/token/introspection', 'introspection'],
    ['VK', 'http://127.0.0.1:4000/oauth2/introspect', 'introspection'],
  ])('takes %s_TOKENINFO_URL=%s as a %s check', (prefix, url, protocol) => {
    const [config] = socialProvidersFromEnv({
      [`${prefix}_CLIENT_ID`]: 'id',
      [`${prefix}_CLIENT_SECRET`]: 'secret',
      [`${prefix}_TOKENINFO_URL`]: url,
    })
    expect(config?.tokenInfo).toEqual({ url, protocol })
  })

  it('takes endpoints and scopes from the environment', () => {
    expect(
      socialProvidersFromEnv({
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        GOOGLE_AUTH_URL: 'http://127.0.0.1:4000/auth',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:4000/token',
        GOOGLE_USERINFO_URL: 'http://127.0.0.1:4000/me',
        GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:4000/token/introspection',
        GOOGLE_SCOPES: 'openid, email profile',
      }),
    ).toEqual([
      {
        provider: SocialProvider.google,
        clientId: 'g-id',
        clientSecret: 'g-secret',
        authorizationUrl: 'http://127.0.0.1:4000/auth',
        tokenUrl: 'http://127.0.0.1:4000/token',
        userInfoUrl: 'http://127.0.0.1:4000/me',
        scopes: ['openid', 'email', 'profile'],
        tokenInfo: { url: 'http://127.0.0.1:4000/token/introspection', protocol: 'introspection' },
      },
    ])
  })

  it.each([
    [{ GOOGLE_CLIENT_ID: 'g-id' }, 'GOOGLE_CLIENT_SECRET must be set when GOOGLE_CLIENT_ID is'],
    [
      { FACEBOOK_CLIENT_SECRET: 'fb-secret' },
      'FACEBOOK_CLIENT_ID must be set when FACEBOOK_CLIENT_SECRET is',
    ],
    [
      { VK_CLIENT_ID: 'vk-id', VK_CLIENT_SECRET: 'vk-secret', VK_TOKEN_URL: 'id.vk.com/oauth2/auth' },
      'VK_TOKEN_URL must be an http(s) URL, got "id.vk.com/oauth2/auth"',
    ],
    [
      { GOOGLE_USERINFO_URL: 'ftp://example.test/me' },
      'GOOGLE_USERINFO_URL must be an http(s) URL, got "ftp://example.test/me"',
    ],
    [
      { FACEBOOK_CLIENT_ID: 'fb-id', FACEBOOK_CLIENT_SECRET: 'fb', FACEBOOK_TOKENINFO_URL: 'debug_token' },
      'FACEBOOK_TOKENINFO_URL must be an http(s) URL, got "debug_token"',
    ],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => socialProvidersFromEnv(env)).toThrow(new Error(message))
  })
})
