import { createHash } from 'node:crypto'
import { describe, expect, it } from '@effect/vitest'
import { completeLoginWithFetch } from '@kibitz/testing'
import { Effect } from 'effect'
import { SocialAuth, SocialFailure, SocialProvider, socialProviderName } from '../src/Social.ts'
import {
  allProviders,
  configFor,
  downConfig,
  failureOf,
  oidc,
  redirectUri,
  signIn,
  useSocialServers,
  withSocial,
} from './support/social.ts'

useSocialServers()

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
})
