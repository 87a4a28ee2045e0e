// What differs between Facebook, Google and VK ID: the extra token request parameters, the shape of
// the user info call and of its answer. Everything else is plain OAuth 2 with PKCE.
import { createHash, randomBytes } from 'node:crypto'
import { Effect, Schema } from 'effect'
import type { SocialCallback, SocialProviderConfig, SocialProviderName } from '../../Social.ts'
import { callJson, decodeAnswer, OAuthProblem } from './OAuthClient.ts'

/** The person as a provider describes them, before the provider id is attached. */
export interface ProfileClaims {
  readonly subject: string
  readonly email: string | null
  readonly firstName: string | null
  readonly lastName: string | null
}

/** How one provider departs from plain OAuth 2. */
export interface Protocol {
  /** Parameters of the token request beyond RFC 6749 §4.1.3 and PKCE. */
  readonly tokenExtras: (callback: SocialCallback) => Record<string, string>
  readonly userInfoRequest: (config: SocialProviderConfig, accessToken: string) => RequestInit
  /**
   * Whether an e-mail counts only with `email_verified: true`. Whatever this says, an answer that
   * carries `email_verified` must have it exactly true.
   */
  readonly emailNeedsVerifiedClaim: boolean
}

const bearer = (_config: SocialProviderConfig, accessToken: string): RequestInit => ({
  headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
})

/** Per provider, as each documents it. */
export const protocols: Record<SocialProviderName, Protocol> = {
  // Graph API: GET /me?fields=… with the user access token. It sends no email_verified: its
  // User.email is "the User's primary email address listed on their profile. This field will not be
  // returned if no valid email address is available" (Graph API reference, User), so one it sends
  // is taken as confirmed.
  facebook: { tokenExtras: () => ({}), userInfoRequest: bearer, emailNeedsVerifiedClaim: false },
  // OpenID Connect userinfo with a Bearer token. Google always sends email_verified with email, so an
  // answer without it has no confirmed address.
  google: { tokenExtras: () => ({}), userInfoRequest: bearer, emailNeedsVerifiedClaim: true },
  // VK ID wants the device_id and state its redirect carried on the token request, and takes the
  // token and client id in a form body on user_info (a header would trigger CORS preflights there).
  // Its user_info sends no email_verified either: it returns the e-mail linked in the person's VK ID
  // account settings (and only when there is one), which is accepted as the account's address.
  vk: {
    emailNeedsVerifiedClaim: false,
    tokenExtras: (callback) => ({
      ...(callback.deviceId === undefined ? {} : { device_id: callback.deviceId }),
      ...(callback.state === undefined ? {} : { state: callback.state }),
    }),
    userInfoRequest: (config, accessToken) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: config.clientId, access_token: accessToken }).toString(),
    }),
  },
}

/** A fresh `state` and PKCE verifier with its S256 challenge (RFC 7636 §4.1–4.2). */
export const pkceAndState = () => {
  // 32 random bytes give 43 base64url characters: the minimum verifier length, 256 bits of entropy.
  const codeVerifier = randomBytes(32).toString('base64url')
  return {
    state: randomBytes(32).toString('base64url'),
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
  }
}

/** The authorization request URL (RFC 6749 §4.1.1 plus PKCE), keeping any query the configured URL has. */
export const authorizationUrl = (
  config: SocialProviderConfig,
  request: { readonly redirectUri: string; readonly state: string; readonly codeChallenge: string },
): string => {
  const url = new URL(config.authorizationUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', config.clientId)
  url.searchParams.set('redirect_uri', request.redirectUri)
  url.searchParams.set('scope', config.scopes.join(' '))
  url.searchParams.set('state', request.state)
  url.searchParams.set('code_challenge', request.codeChallenge)
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

const TokenAnswer = Schema.Struct({ access_token: Schema.NonEmptyString })
const decodeToken = decodeAnswer('token', TokenAnswer)

/**
 * Exchanges the code for an access token. All three providers document client_secret_post (the
 * client id and secret in the form body); VK ID ignores the secret, as RFC 6749 §3.2 lets it.
 */
export const exchangeCode = Effect.fnUntraced(function* (
  config: SocialProviderConfig,
  protocol: Protocol,
  callback: SocialCallback,
) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: callback.code,
    redirect_uri: callback.redirectUri,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    code_verifier: callback.codeVerifier,
    ...protocol.tokenExtras(callback),
  })
  const answer = yield* callJson('token', config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: body.toString(),
  })
  const token = yield* decodeToken(answer)
  return token.access_token
})

const Id = Schema.Union([Schema.String, Schema.Number])
const Text = Schema.optionalKey(Schema.NullOr(Schema.String))
// The fields every provider may send: Facebook's and VK's names, and OpenID Connect's
// (email_verified is a string in some older OpenID providers).
const PersonFields = {
  email: Text,
  email_verified: Schema.optionalKey(Schema.Union([Schema.Boolean, Schema.String])),
  first_name: Text,
  last_name: Text,
  given_name: Text,
  family_name: Text,
}
const UserInfoAnswer = Schema.Struct({
  sub: Schema.optionalKey(Id),
  id: Schema.optionalKey(Id),
  // VK ID wraps the person in `user`.
  user: Schema.optionalKey(Schema.Struct({ user_id: Schema.optionalKey(Id), ...PersonFields })),
  ...PersonFields,
})
const decodeUserInfo = decodeAnswer('userinfo', UserInfoAnswer)

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === '' ? null : trimmed
}

/** Calls the provider's user info endpoint with an access token and maps the person it describes. */
export const fetchProfile = Effect.fnUntraced(function* (
  config: SocialProviderConfig,
  protocol: Protocol,
  accessToken: string,
) {
  const answer = yield* decodeUserInfo(
    yield* callJson('userinfo', config.userInfoUrl, protocol.userInfoRequest(config, accessToken)),
  )
  const person = answer.user ?? answer
  const subject = answer.user?.user_id ?? answer.sub ?? answer.id
  if (subject === undefined || String(subject) === '') {
    return yield* new OAuthProblem({
      reason: 'providerError',
      detail: 'userinfo: the answer names no user id',
    })
  }
  // Only a boolean true counts: a string "true" (some older OpenID providers) is not what Google sends,
  // and doubt means no e-mail rather than an unconfirmed one taken as confirmed.
  const verified = person.email_verified
  const confirmed = verified === undefined ? !protocol.emailNeedsVerifiedClaim : verified === true
  return {
    subject: String(subject),
    email: confirmed ? text(person.email) : null,
    firstName: text(person.first_name ?? person.given_name),
    lastName: text(person.last_name ?? person.family_name),
  } satisfies ProfileClaims
})
