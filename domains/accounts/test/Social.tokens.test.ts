import { describe, expect, it } from '@effect/vitest'
import { Effect } from 'effect'
import { SocialAuth, SocialProvider, socialProviderName } from '../src/Social.ts'
import {
  allProviders,
  apiConfig,
  clientOf,
  configFor,
  downConfig,
  downUrl,
  exchangeAsClient,
  failureOf,
  oidc,
  otherAppToken,
  signIn,
  useSocialServers,
  withSocial,
} from './support/social.ts'

useSocialServers()

describe(SocialAuth.name, () => {
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
