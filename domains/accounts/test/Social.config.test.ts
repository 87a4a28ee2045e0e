import { describe, expect, it } from '@effect/vitest'
import { refuseLoginWithFetch } from '@kibitz/testing'
import { Effect, Option } from 'effect'
import {
  SocialAuth,
  SocialProvider,
  socialCallbackFailure,
  socialProviderByName,
  socialProviderName,
  socialProvidersFromEnv,
} from '../src/Social.ts'
import { allProviders, redirectUri, useSocialServers, withSocial } from './support/social.ts'

useSocialServers()

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
