import { Effect, Option, Schema } from 'effect'

/** Why a call to a provider failed; Social.ts adds the provider and turns it into a SocialFailure. */
export const OAuthProblemReason = Schema.Literals(['denied', 'invalidCode', 'providerError'])

/** A failed call to a social provider, with a log-only detail. */
export class OAuthProblem extends Schema.TaggedError<OAuthProblem>()('OAuthProblem', {
  reason: OAuthProblemReason,
  detail: Schema.String,
}) {}

// The providers answer within a second or two when they are healthy; past ten seconds the person
// has given up waiting anyway.
const timeoutMillis = 10_000

// RFC 6749 §5.2 / RFC 6750 §3.1 errors are strings; Facebook's Graph API (and the classic VK API)
// answer with an object instead.
const ErrorBody = Schema.Struct({
  error: Schema.Union([
    Schema.String,
    Schema.Struct({
      code: Schema.optionalKey(Schema.Number),
      error_code: Schema.optionalKey(Schema.Number),
      type: Schema.optionalKey(Schema.String),
      message: Schema.optionalKey(Schema.String),
      error_msg: Schema.optionalKey(Schema.String),
    }),
  ]),
  error_description: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
type ErrorBody = typeof ErrorBody.Type

const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Unknown))
const decodeError = Schema.decodeUnknownOption(ErrorBody)

const reasonOf = (status: number, body: ErrorBody | undefined): typeof OAuthProblemReason.Type => {
  if (body !== undefined) {
    const error = body.error
    if (typeof error === 'string') {
      // invalid_grant: a bad, used or expired code (or a PKCE mismatch); invalid_token: a bad token.
      if (error === 'invalid_grant' || error === 'invalid_token') return 'invalidCode'
      if (error === 'access_denied') return 'denied'
      return 'providerError'
    }
    // Facebook: 100 is how the Graph API rejects a bad, used or expired code, 190 a bad token.
    if (error.code === 100 || error.code === 190) return 'invalidCode'
    return 'providerError'
  }
  return status === 401 ? 'invalidCode' : 'providerError'
}

const describeError = (body: ErrorBody): string => {
  const error = body.error
  if (typeof error === 'string') return body.error_description ? `${error}: ${body.error_description}` : error
  return [error.type, error.code ?? error.error_code, error.message ?? error.error_msg]
    .filter((part) => part !== undefined)
    .join(' ')
}

const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // fetch wraps the interesting part (ECONNREFUSED, a DNS failure) in `cause`.
  return cause.cause instanceof Error ? `${cause.message}: ${cause.cause.message}` : cause.message
}

/**
 * Calls a provider endpoint and returns its JSON body. Network failures, timeouts, non-JSON answers,
 * HTTP errors and OAuth error bodies (some providers send them with status 200) all become an
 * OAuthProblem.
 */
export const callJson = Effect.fnUntraced(function* (step: string, url: string, init: RequestInit) {
  const response = yield* Effect.tryPromise({
    try: async (signal) => {
      const r = await fetch(url, {
        ...init,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMillis)]),
      })
      return { status: r.status, text: await r.text() }
    },
    catch: (cause) =>
      new OAuthProblem({ reason: 'providerError', detail: `${step}: ${describeCause(cause)}` }),
  })
  const json = decodeJson(response.text)
  const error = Option.flatMap(json, decodeError)
  const failed = response.status < 200 || response.status > 299
  if (Option.isSome(error) || failed) {
    return yield* new OAuthProblem({
      reason: reasonOf(response.status, Option.getOrUndefined(error)),
      detail: `${step}: HTTP ${response.status} ${Option.match(error, {
        onNone: () => response.text.slice(0, 200),
        onSome: describeError,
      })}`,
    })
  }
  if (Option.isNone(json)) {
    return yield* new OAuthProblem({
      reason: 'providerError',
      detail: `${step}: HTTP ${response.status} answer is not JSON: ${response.text.slice(0, 200)}`,
    })
  }
  return json.value
})

/** Decodes a provider's JSON answer; an unexpected shape is the provider's fault. */
export const decodeAnswer = <S extends Schema.ConstraintDecoder<unknown>>(step: string, schema: S) => {
  const decode = Schema.decodeUnknownEffect(schema)
  return (body: unknown) =>
    decode(body).pipe(
      Effect.mapError(
        (error) =>
          new OAuthProblem({
            reason: 'providerError',
            detail: `${step}: unexpected answer: ${error.message}`,
          }),
      ),
    )
}
