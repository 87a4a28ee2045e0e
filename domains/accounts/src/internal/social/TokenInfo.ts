// An access token an API client presents (login-google, login-fb, connect-social) did not come from
// our own code exchange. The user info endpoints (OpenID Connect userinfo, Graph /me) accept tokens
// issued to ANY app, so a site that got someone's token could sign in here as them. Before trusting
// such a token we ask the provider which client it was issued to, and refuse it unless that is ours.
import { Clock, Effect, Schema } from 'effect'
import type { SocialProviderConfig, SocialTokenInfo } from '../../Social.ts'
import { callJson, decodeAnswer, OAuthProblem } from './OAuthClient.ts'

// Epoch seconds and lifetimes: Google's tokeninfo sends them as strings ("1700000000").
const Seconds = Schema.Union([Schema.Number, Schema.NumberFromString])

// https://developers.google.com/identity/protocols/oauth2 (tokeninfo): `azp` is the client the token
// was issued to, `aud` its audience (the same client, or a client of the same Google project).
const GoogleTokenInfo = Schema.Struct({
  aud: Schema.optionalKey(Schema.String),
  azp: Schema.optionalKey(Schema.String),
  exp: Schema.optionalKey(Seconds),
  expires_in: Schema.optionalKey(Seconds),
})

// https://developers.facebook.com/docs/graph-api/reference/debug_token: an invalid or expired token
// is answered with status 200 and `is_valid: false` (the error sits inside `data`). `expires_at` is
// not checked: it is 0 for tokens that never expire, and `is_valid` already covers expiry.
const FacebookDebugToken = Schema.Struct({
  data: Schema.Struct({
    app_id: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
    is_valid: Schema.optionalKey(Schema.Boolean),
  }),
})

// RFC 7662 §2.2: only `active` is required; `client_id` names the client the token was issued to.
const Introspection = Schema.Struct({
  active: Schema.Boolean,
  client_id: Schema.optionalKey(Schema.String),
  aud: Schema.optionalKey(Schema.Union([Schema.String, Schema.Array(Schema.String)])),
  exp: Schema.optionalKey(Schema.Number),
})

const decodeGoogle = decodeAnswer('tokeninfo', GoogleTokenInfo)
const decodeFacebook = decodeAnswer('tokeninfo', FacebookDebugToken)
const decodeIntrospection = decodeAnswer('tokeninfo', Introspection)

/** What a token check says about a token, whatever the provider's words. */
interface Verdict {
  /** False when the provider says the token is invalid, revoked or expired. */
  readonly valid: boolean
  /** The client ids the token was issued to; ours must be among them. */
  readonly issuedTo: ReadonlyArray<string>
  /** Epoch seconds, when the answer gives one. */
  readonly expiresAt: number | undefined
}

const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }

const withQuery = (url: string, params: Record<string, string>) =>
  Effect.try({
    try: () => {
      const target = new URL(url)
      for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
      return target.toString()
    },
    catch: () => new OAuthProblem({ reason: 'providerError', detail: 'tokeninfo: invalid URL' }),
  })

const ask = Effect.fnUntraced(function* (
  config: SocialProviderConfig,
  check: SocialTokenInfo,
  accessToken: string,
) {
  switch (check.protocol) {
    case 'googleTokenInfo': {
      const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const url = yield* withQuery(check.url, { access_token: accessToken })
      const answer = yield* decodeGoogle(
        yield* callJson('tokeninfo', url, { headers: { accept: 'application/json' } }),
      )
      return {
        // Google answers a bad or expired token with an HTTP error, which callJson has turned into a failure.
        valid: true,
        issuedTo: [...new Set([answer.azp, answer.aud])].filter((id) => id !== undefined),
        expiresAt: answer.exp ?? (answer.expires_in === undefined ? undefined : now + answer.expires_in),
      } satisfies Verdict
    }
    case 'facebookDebugToken': {
      // The app access token `{app-id}|{app-secret}` is how Graph API documents asking about a token.
      const url = yield* withQuery(check.url, {
        input_token: accessToken,
        access_token: `${config.clientId}|${config.clientSecret}`,
      })
      // debug_token reports a bad input token inside `data`; an error of its own (even OAuthException
      // 190) is about the app access token, that is our configuration, not the person's token.
      const answer = yield* callJson('tokeninfo', url, { headers: { accept: 'application/json' } }).pipe(
        Effect.mapError((problem) =>
          problem.reason === 'invalidCode'
            ? new OAuthProblem({ reason: 'providerError', detail: problem.detail })
            : problem,
        ),
      )
      const { data } = yield* decodeFacebook(answer)
      return {
        valid: data.is_valid === true,
        issuedTo: data.app_id === undefined ? [] : [String(data.app_id)],
        expiresAt: undefined,
      } satisfies Verdict
    }
    case 'introspection': {
      const answer = yield* decodeIntrospection(
        yield* callJson('tokeninfo', check.url, {
          method: 'POST',
          headers: form,
          body: new URLSearchParams({
            token: accessToken,
            token_type_hint: 'access_token',
            client_id: config.clientId,
            client_secret: config.clientSecret,
          }).toString(),
        }),
      )
      const audience =
        answer.aud === undefined ? [] : typeof answer.aud === 'string' ? [answer.aud] : answer.aud
      return {
        valid: answer.active,
        // `client_id` is the authoritative answer; `aud` only stands in for a server that omits it.
        issuedTo: answer.client_id === undefined ? audience : [answer.client_id],
        expiresAt: answer.exp,
      } satisfies Verdict
    }
  }
})

/**
 * Fails unless the provider's token check says `accessToken` is valid and was issued to our client:
 * `invalidCode` for a refused token (invalid, revoked, expired, another client's), `providerError`
 * when the check cannot be made.
 */
export const checkTokenIssuedToUs = Effect.fnUntraced(function* (
  config: SocialProviderConfig,
  check: SocialTokenInfo,
  accessToken: string,
) {
  const verdict = yield* ask(config, check, accessToken)
  const refuse = (why: string) => new OAuthProblem({ reason: 'invalidCode', detail: `tokeninfo: ${why}` })
  if (!verdict.valid) return yield* refuse('the provider says the token is not valid')
  if (verdict.expiresAt !== undefined && verdict.expiresAt * 1000 <= (yield* Clock.currentTimeMillis)) {
    return yield* refuse('the token has expired')
  }
  if (!verdict.issuedTo.includes(config.clientId)) {
    const others = verdict.issuedTo.length === 0 ? 'no client' : verdict.issuedTo.join(', ')
    return yield* refuse(`the token was issued to ${others}, not to ${config.clientId}`)
  }
})
