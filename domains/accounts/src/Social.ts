// Social login (Facebook, Google, VK ID): the port the accounts service uses, its DTOs, and the
// production adapter built from configuration. Every endpoint comes from configuration, so tests and
// end-to-end runs point all three at a real OpenID provider on loopback.
import { Context, Effect, Layer, Option, Schema } from 'effect'
import type { OAuthProblem } from './internal/social/OAuthClient.ts'
import {
  authorizationUrl,
  exchangeCode,
  fetchProfile,
  type ProfileClaims,
  pkceAndState,
  protocols,
} from './internal/social/ProviderProtocols.ts'
import { checkTokenIssuedToUs } from './internal/social/TokenInfo.ts'

/** Spec: social providers Facebook 1, Google 2, VK 3. */
export const SocialProvider = { facebook: 1, google: 2, vk: 3 } as const

/** A social provider's spec id. */
export const SocialProviderId = Schema.Literals([
  SocialProvider.facebook,
  SocialProvider.google,
  SocialProvider.vk,
])
/** A social provider's spec id. */
export type SocialProviderId = typeof SocialProviderId.Type

/** A social provider's name, as used in URLs and environment variables (lower case). */
export const SocialProviderName = Schema.Literals(['facebook', 'google', 'vk'])
/** A social provider's name, as used in URLs and environment variables (lower case). */
export type SocialProviderName = typeof SocialProviderName.Type

const names: Record<SocialProviderId, SocialProviderName> = { 1: 'facebook', 2: 'google', 3: 'vk' }

/** The name of a provider id. */
export const socialProviderName = (id: SocialProviderId): SocialProviderName => names[id]

/** The provider id of a name, e.g. from a URL segment; none for anything else. */
export const socialProviderByName = (name: string): Option.Option<SocialProviderId> =>
  Option.map(Schema.decodeUnknownOption(SocialProviderName)(name), (known) => SocialProvider[known])

/** The person a provider vouched for. */
export class SocialProfile extends Schema.Class<SocialProfile>('@kibitz/accounts/SocialProfile')({
  provider: SocialProviderId,
  /** The provider's stable id of the person. */
  subject: Schema.String,
  /** Null when the provider gives none or says it is not verified. */
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
}) {}

/**
 * Why a social login failed: `notConfigured` the provider is not enabled here (or, for an access
 * token, no token check is configured for it); `denied` the person refused at the provider;
 * `invalidCode` the provider rejected the code or access token presented (bad, used, expired,
 * revoked, PKCE mismatch, or issued to another client); `providerError` anything else (unreachable,
 * timeout, HTTP or JSON trouble, misconfiguration).
 */
export const SocialFailureReason = Schema.Literals([
  'notConfigured',
  'denied',
  'invalidCode',
  'providerError',
])

/** A social login that did not produce a profile; `detail` is for logs only, never for users. */
export class SocialFailure extends Schema.TaggedError<SocialFailure>()('SocialFailure', {
  provider: SocialProviderId,
  reason: SocialFailureReason,
  detail: Schema.optionalKey(Schema.String),
}) {}

/**
 * How a token check endpoint is asked which client an access token was issued to: Google's
 * tokeninfo (GET `?access_token=`), Facebook's debug_token (GET `?input_token=` with the app access
 * token `{app-id}|{app-secret}`), or RFC 7662 token introspection (POST `token` with the client id
 * and secret).
 */
export type TokenInfoProtocol = 'googleTokenInfo' | 'facebookDebugToken' | 'introspection'

/** Where and how `profileFromAccessToken` checks that an access token was issued to our client. */
export interface SocialTokenInfo {
  readonly url: string
  readonly protocol: TokenInfoProtocol
}

/** One enabled provider: the OAuth client registered there and its endpoints. */
export interface SocialProviderConfig {
  readonly provider: SocialProviderId
  readonly clientId: string
  readonly clientSecret: string
  readonly authorizationUrl: string
  readonly tokenUrl: string
  readonly userInfoUrl: string
  readonly scopes: ReadonlyArray<string>
  /**
   * The token check for access tokens API clients present; without one `profileFromAccessToken`
   * refuses every token (the code flow does not need it: its token comes from our own exchange).
   */
  readonly tokenInfo?: SocialTokenInfo
}

/** What `begin` hands back: where to send the browser, and what to keep until the callback. */
export interface SocialAuthorization {
  readonly url: string
  /** Compare with the callback's `state` before calling `complete`. */
  readonly state: string
  readonly codeVerifier: string
}

/** What the provider's redirect to the callback carried, with what `begin` gave. */
export interface SocialCallback {
  readonly code: string
  readonly codeVerifier: string
  /** The same redirect URI `begin` was given. */
  readonly redirectUri: string
  /** VK ID only: its redirect's `state`, which its token request repeats. */
  readonly state?: string
  /** VK ID only: its redirect's `device_id`, which its token request requires. */
  readonly deviceId?: string
}

interface ProviderDefaults {
  readonly authorizationUrl: string
  readonly tokenUrl: string
  readonly userInfoUrl: string
  readonly scopes: ReadonlyArray<string>
  readonly tokenInfo: SocialTokenInfo | undefined
}

// The providers' documented endpoints. Facebook's are unversioned: Graph then uses the app's
// default API version, so no release is needed when a version expires.
const providerDefaults: Record<SocialProviderName, ProviderDefaults> = {
  facebook: {
    authorizationUrl: 'https://www.facebook.com/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,email,first_name,last_name',
    scopes: ['email', 'public_profile'],
    tokenInfo: { url: 'https://graph.facebook.com/debug_token', protocol: 'facebookDebugToken' },
  },
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    tokenInfo: { url: 'https://oauth2.googleapis.com/tokeninfo', protocol: 'googleTokenInfo' },
  },
  vk: {
    authorizationUrl: 'https://id.vk.com/authorize',
    tokenUrl: 'https://id.vk.com/oauth2/auth',
    userInfoUrl: 'https://id.vk.com/oauth2/user_info',
    scopes: ['vkid.personal_info', 'email'],
    // VK ID's user_info takes our client_id, but its documentation does not say that it refuses
    // tokens issued to other apps, and VK ID documents no token-info or introspection endpoint. So
    // access tokens are refused for VK unless VK_TOKENINFO_URL names an RFC 7662 endpoint; the code
    // flow (login-vk, the VK button) is unaffected.
    tokenInfo: undefined,
  },
}

const providerOrder: ReadonlyArray<SocialProviderName> = ['facebook', 'google', 'vk']

// The last path segment of a URL ("tokeninfo", "debug_token").
const lastSegment = (url: string): string => new URL(url).pathname.split('/').at(-1) ?? ''

// Another address of the provider's own endpoint (another API version, a proxy) speaks its protocol;
// any other endpoint can only be expected to speak the standard one.
const tokenInfoAt = (url: string, documented: SocialTokenInfo | undefined): SocialTokenInfo => ({
  url,
  protocol:
    documented !== undefined && lastSegment(url) === lastSegment(documented.url)
      ? documented.protocol
      : 'introspection',
})

/**
 * The enabled providers from the environment: `<P>_CLIENT_ID` and `<P>_CLIENT_SECRET` (both, or
 * neither), optional `<P>_AUTH_URL`, `<P>_TOKEN_URL`, `<P>_USERINFO_URL`, `<P>_TOKENINFO_URL` and
 * `<P>_SCOPES` (space or comma separated) for P in FACEBOOK, GOOGLE, VK. A token-info URL ending in
 * the provider's own endpoint name (`/tokeninfo` for Google, `/debug_token` for Facebook) is asked
 * the provider's way, any other as an RFC 7662 introspection endpoint. Throws an Error whose
 * one-line message names the offending variable.
 */
export const socialProvidersFromEnv = (
  env: Record<string, string | undefined>,
): ReadonlyArray<SocialProviderConfig> => {
  // An empty value (`GOOGLE_CLIENT_ID=` in an env file) counts as not set.
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }
  const url = (name: string, fallback: string): string => {
    const value = read(name)
    if (value === undefined) return fallback
    const protocol = URL.canParse(value) ? new URL(value).protocol : undefined
    if (protocol !== 'https:' && protocol !== 'http:') {
      throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(value)}`)
    }
    return value
  }
  return providerOrder.flatMap((name) => {
    const prefix = name.toUpperCase()
    const defaults = providerDefaults[name]
    const urls = {
      authorizationUrl: url(`${prefix}_AUTH_URL`, defaults.authorizationUrl),
      tokenUrl: url(`${prefix}_TOKEN_URL`, defaults.tokenUrl),
      userInfoUrl: url(`${prefix}_USERINFO_URL`, defaults.userInfoUrl),
    }
    const tokenInfo =
      read(`${prefix}_TOKENINFO_URL`) === undefined
        ? defaults.tokenInfo
        : tokenInfoAt(url(`${prefix}_TOKENINFO_URL`, ''), defaults.tokenInfo)
    const scopes =
      read(`${prefix}_SCOPES`)
        ?.split(/[\s,]+/)
        .filter((s) => s !== '') ?? defaults.scopes
    const clientId = read(`${prefix}_CLIENT_ID`)
    const clientSecret = read(`${prefix}_CLIENT_SECRET`)
    if (clientId === undefined && clientSecret === undefined) return []
    if (clientId === undefined) {
      throw new Error(`${prefix}_CLIENT_ID must be set when ${prefix}_CLIENT_SECRET is`)
    }
    if (clientSecret === undefined) {
      throw new Error(`${prefix}_CLIENT_SECRET must be set when ${prefix}_CLIENT_ID is`)
    }
    return [
      {
        provider: SocialProvider[name],
        clientId,
        clientSecret,
        ...urls,
        scopes,
        ...(tokenInfo === undefined ? {} : { tokenInfo }),
      },
    ]
  })
}

/**
 * Classifies an `error` the provider put on the callback instead of a code: `access_denied` (the
 * person pressed cancel; Facebook, Google and VK ID all use it) is `denied`, anything else
 * `providerError`.
 */
export const socialCallbackFailure = (
  provider: SocialProviderId,
  error: string,
  description?: string | null,
): SocialFailure =>
  new SocialFailure({
    provider,
    reason: error === 'access_denied' ? 'denied' : 'providerError',
    detail: description ? `callback: ${error}: ${description}` : `callback: ${error}`,
  })

/** Social login through Facebook, Google and VK ID (OAuth 2 authorization code flow with PKCE). */
export class SocialAuth extends Context.Service<
  SocialAuth,
  {
    /** Anyone: the enabled providers, in the order their buttons are shown. */
    providers(): ReadonlyArray<SocialProviderId>
    /**
     * Server code starting a login: the provider URL to redirect the browser to, with a fresh `state`
     * and PKCE verifier the caller keeps (e.g. in a short-lived cookie) until the callback.
     */
    begin(provider: SocialProviderId, redirectUri: string): Effect.Effect<SocialAuthorization, SocialFailure>
    /**
     * Server code handling the callback, after it checked `state`: exchanges the code and returns the
     * person the provider vouches for; never throws or dies on provider trouble.
     */
    complete(
      provider: SocialProviderId,
      callback: SocialCallback,
    ): Effect.Effect<SocialProfile, SocialFailure>
    /**
     * Server code for API clients that already hold a provider access token (login-fb, login-google,
     * connect-social): the person that token belongs to, only once the provider's token check says it
     * was issued to our client (userinfo alone would accept a token any other app obtained).
     */
    profileFromAccessToken(
      provider: SocialProviderId,
      accessToken: string,
    ): Effect.Effect<SocialProfile, SocialFailure>
  }
>()('@kibitz/accounts/SocialAuth') {
  /** The production adapter for the given enabled providers (see `socialProvidersFromEnv`). */
  static layer(configs: ReadonlyArray<SocialProviderConfig>): Layer.Layer<SocialAuth> {
    const byId = new Map(configs.map((c) => [c.provider, c]))

    const configFor = (provider: SocialProviderId) => {
      const config = byId.get(provider)
      return config === undefined
        ? Effect.fail(new SocialFailure({ provider, reason: 'notConfigured' }))
        : Effect.succeed({ config, protocol: protocols[socialProviderName(provider)] })
    }

    const toFailure =
      (provider: SocialProviderId) =>
      (problem: OAuthProblem): SocialFailure =>
        new SocialFailure({ provider, reason: problem.reason, detail: problem.detail })

    const toProfile = (provider: SocialProviderId, claims: ProfileClaims): SocialProfile =>
      new SocialProfile({ provider, ...claims })

    return Layer.succeed(
      SocialAuth,
      SocialAuth.of({
        providers: () => providerOrder.map((name) => SocialProvider[name]).filter((id) => byId.has(id)),

        begin: Effect.fn('SocialAuth.begin')(function* (provider: SocialProviderId, redirectUri: string) {
          const { config } = yield* configFor(provider)
          const { state, codeVerifier, codeChallenge } = pkceAndState()
          const url = yield* Effect.try({
            try: () => authorizationUrl(config, { redirectUri, state, codeChallenge }),
            catch: () =>
              new SocialFailure({
                provider,
                reason: 'providerError',
                detail: 'begin: invalid authorization URL',
              }),
          })
          return { url, state, codeVerifier }
        }),

        complete: Effect.fn('SocialAuth.complete')(function* (
          provider: SocialProviderId,
          callback: SocialCallback,
        ) {
          const { config, protocol } = yield* configFor(provider)
          const claims = yield* exchangeCode(config, protocol, callback).pipe(
            Effect.flatMap((accessToken) => fetchProfile(config, protocol, accessToken)),
            Effect.mapError(toFailure(provider)),
          )
          return toProfile(provider, claims)
        }),

        profileFromAccessToken: Effect.fn('SocialAuth.profileFromAccessToken')(function* (
          provider: SocialProviderId,
          accessToken: string,
        ) {
          const { config, protocol } = yield* configFor(provider)
          if (config.tokenInfo === undefined) {
            return yield* new SocialFailure({
              provider,
              reason: 'notConfigured',
              detail: 'tokeninfo: no token check configured, so access tokens are refused',
            })
          }
          const claims = yield* checkTokenIssuedToUs(config, config.tokenInfo, accessToken).pipe(
            Effect.andThen(fetchProfile(config, protocol, accessToken)),
            Effect.mapError(toFailure(provider)),
          )
          return toProfile(provider, claims)
        }),
      }),
    )
  }
}
