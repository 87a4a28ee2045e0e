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
    clients: allProviders.map((p) => ({ ...clientOf(p), redirectUris: [redirectUri(p)] })),
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
})

const downConfig = (provider: SocialProviderId): SocialProviderConfig => {
  const down = `http://127.0.0.1:${downPort}`
  return {
    ...configFor(provider),
    authorizationUrl: `${down}/auth`,
    tokenUrl: `${down}/token`,
    userInfoUrl: `${down}/me`,
  }
}

const withSocial =
  (configs?: () => ReadonlyArray<SocialProviderConfig>) =>
  <A, E>(effect: Effect.Effect<A, E, SocialAuth>) =>
    Effect.suspend(() =>
      effect.pipe(
        Effect.provide(SocialAuth.layer(configs ? configs() : allProviders.map((p) => configFor(p)))),
      ),
    )

/** Begins a login, signs in at the provider as `accountId`, and returns what the callback would carry. */
const signIn = Effect.fnUntraced(function* (provider: SocialProviderId, accountId: string) {
  const social = yield* SocialAuth
  const started = yield* social.begin(provider, redirectUri(provider))
  const login = yield* Effect.promise(() => completeLoginWithFetch(started.url, accountId))
  expect(login.state).toBe(started.state)
  return {
    code: login.code,
    codeVerifier: started.codeVerifier,
    redirectUri: redirectUri(provider),
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

/** What a client holding its own code does (client_secret_post, PKCE): returns the access token. */
const exchangeAsClient = async (provider: SocialProviderId, callback: SocialCallback): Promise<string> => {
  const response = await fetch(oidc.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.code,
      redirect_uri: callback.redirectUri,
      code_verifier: callback.codeVerifier,
      client_id: clientOf(provider).clientId,
      client_secret: clientOf(provider).clientSecret,
    }),
  })
  expect(response.status).toBe(200)
  return Schema.decodeUnknownSync(TokenAnswer)(await response.json()).access_token
}

const bodyOf = async (req: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of req) chunks.push(Buffer.from(chunk))
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

// The OpenID provider answers in OpenID Connect's shape only. To check the mapping of Facebook's and
// VK ID's own answers, this loopback server answers user info calls exactly as their documentation
// shows (success and failure), checking the request the way each provider expects it.
const startProviderApis = async () => {
  const server = createHttpServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const bearer = req.headers.authorization
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
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

const apiConfig = (provider: SocialProviderId, userInfoPath: string): SocialProviderConfig => ({
  ...configFor(provider),
  userInfoUrl: `${apis.url}${userInfoPath}`,
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

  describe('profileFromAccessToken', () => {
    it.effect.each(allProviders.map((p) => [socialProviderName(p), p] as const))(
      'returns the person a real %s access token belongs to',
      ([, provider]) =>
        Effect.gen(function* () {
          // The client (a mobile app, the Facebook JS SDK) ran the code flow itself and holds the token.
          const callback = yield* signIn(provider, 'ann')
          const accessToken = yield* Effect.promise(() => exchangeAsClient(provider, callback))

          const profile = yield* SocialAuth.use((s) => s.profileFromAccessToken(provider, accessToken))

          expect([profile.provider, profile.subject, profile.email, profile.firstName]).toEqual([
            provider,
            'ann',
            'ann@example.test',
            'Ann',
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

    it.effect('fails with providerError when the provider is down', () =>
      Effect.gen(function* () {
        const failure = yield* failureOf(
          SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.facebook, 'token')),
        )

        expect(failure).toEqual({ provider: SocialProvider.facebook, reason: 'providerError' })
      }).pipe(withSocial(() => [downConfig(SocialProvider.facebook)])),
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

    it.effect('treats email_verified "false" (a string, as some providers send it) as no e-mail', () =>
      Effect.gen(function* () {
        const profile = yield* SocialAuth.use((s) => s.profileFromAccessToken(SocialProvider.google, 't'))

        expect([profile.subject, profile.email, profile.firstName]).toEqual(['42', null, 'Cid'])
      }).pipe(withSocial(() => [apiConfig(SocialProvider.google, '/unverified/userinfo')])),
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
      },
      {
        provider: SocialProvider.google,
        clientId: 'g-id',
        clientSecret: 'g-secret',
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
        scopes: ['openid', 'email', 'profile'],
      },
      {
        provider: SocialProvider.vk,
        clientId: 'vk-id',
        clientSecret: 'vk-secret',
        authorizationUrl: 'https://id.vk.com/authorize',
        tokenUrl: 'https://id.vk.com/oauth2/auth',
        userInfoUrl: 'https://id.vk.com/oauth2/user_info',
        scopes: ['vkid.personal_info', 'email'],
      },
    ])
  })

  it('takes endpoints and scopes from the environment', () => {
    expect(
      socialProvidersFromEnv({
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        GOOGLE_AUTH_URL: 'http://127.0.0.1:4000/auth',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:4000/token',
        GOOGLE_USERINFO_URL: 'http://127.0.0.1:4000/me',
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
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => socialProvidersFromEnv(env)).toThrow(new Error(message))
  })
})
