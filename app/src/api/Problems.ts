import { ErrorCode, type ErrorCodeValue, ValidationRuleSchema } from '@kibitz/kernel'
import { Effect, Schema } from 'effect'
import { HttpEffect, HttpServerResponse } from 'effect/http'
import { HttpApiError, HttpApiMiddleware } from 'effect/http-api'

// Every error of the public API is an RFC 9457 problem (application/problem+json). Each carries a `code`
// extension from the error catalogue of spec section 8; 0 ('unknown') is the only generic code there, so
// the problems below use it unless a catalogue code applies. The HTTP status says what kind of refusal it
// is; the code says which one, so a client maps the code, never the title or detail, to its message.

/** The error catalogue code of spec section 8 that a problem carries. */
export const ProblemCode = Schema.Int.annotate({
  description: 'Error catalogue code (spec section 8); 0 is the generic "unknown" code.',
})

/** Spec section 8: code 0, 'unknown'. */
export const unknownCode = 0

/** The meaning of each catalogue code (spec section 8), sent as the problem's `detail`. */
export const catalogueMeaning: Readonly<Record<ErrorCodeValue, string>> = {
  [ErrorCode.unknown]: 'Unknown error',
  [ErrorCode.badCredentials]: 'Bad credentials',
  [ErrorCode.emailExists]: 'E-mail already exists',
  [ErrorCode.emailExistsSocial]: 'E-mail already exists (social)',
  [ErrorCode.notActivated]: 'Not activated',
  [ErrorCode.banned]: 'Banned',
  [ErrorCode.socialLoginFailed]: 'Unable to log in with social',
  [ErrorCode.socialEmailMissing]: 'E-mail not set by social',
  [ErrorCode.rulesNotAccepted]: 'Rules not accepted',
  [ErrorCode.initialPasswordIncorrect]: 'Initial password incorrect',
  [ErrorCode.socialConnectEmailExists]: 'Social connect: e-mail exists',
  [ErrorCode.socialAlreadyConnected]: 'Social connect: already connected',
  [ErrorCode.socialConnectFailed]: 'Social connect: unable to add',
  [ErrorCode.facebookNoEmail]: 'Facebook connect: no e-mail associated',
  [ErrorCode.resetTokenExpired]: 'Reset password token expired',
  [ErrorCode.userNotFound]: 'User not found',
  [ErrorCode.emailChangeNotAllowed]: 'User cannot change e-mail',
  [ErrorCode.sessionEnded]: 'Session ended',
  [ErrorCode.userIdMismatch]: 'User id mismatch',
  [ErrorCode.ticketsUpdated]: 'Tournament tickets updated',
}

/** One invalid request value: where it was (slot, then field), the field's name, and why. */
export const InvalidField = Schema.Struct({
  path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
  field: Schema.String,
  message: Schema.String,
  rule: Schema.optionalKey(
    ValidationRuleSchema.annotate({
      description: 'The validation rule of spec section 5 the value broke, when a form rule decided it.',
    }),
  ),
})
export type InvalidField = typeof InvalidField.Type

/** 400: a request value failed validation; `errors` names every offending field. */
export class InvalidRequest extends HttpApiError.Problem<InvalidRequest>()(
  'InvalidRequest',
  { type: 'about:blank', status: 400, title: 'Bad Request' },
  { code: ProblemCode, errors: Schema.Array(InvalidField) },
) {}

/** 401: the call needs a signed-in user, or the credentials or session were refused. */
export class Unauthorized extends HttpApiError.Problem<Unauthorized>()(
  'Unauthorized',
  { type: 'about:blank', status: 401, title: 'Unauthorized' },
  { code: ProblemCode },
) {}

/** 403: the caller is known but may not do this. */
export class Forbidden extends HttpApiError.Problem<Forbidden>()(
  'Forbidden',
  { type: 'about:blank', status: 403, title: 'Forbidden' },
  { code: ProblemCode },
) {}

/** 404: no public resource answers to this path. */
export class NotFound extends HttpApiError.Problem<NotFound>()(
  'NotFound',
  { type: 'about:blank', status: 404, title: 'Not Found' },
  { code: ProblemCode },
) {}

/** 409: the request clashes with what already exists (an e-mail address, a connected account). */
export class Conflict extends HttpApiError.Problem<Conflict>()(
  'Conflict',
  { type: 'about:blank', status: 409, title: 'Conflict' },
  { code: ProblemCode },
) {}

/** 422: the request is well formed but cannot be done as asked (an Idempotency-Key reused for another request). */
export class UnprocessableContent extends HttpApiError.Problem<UnprocessableContent>()(
  'UnprocessableContent',
  { type: 'about:blank', status: 422, title: 'Unprocessable Content' },
  { code: ProblemCode },
) {}

/** 410: an e-mailed link is unknown, used or expired. */
export class Gone extends HttpApiError.Problem<Gone>()(
  'Gone',
  { type: 'about:blank', status: 410, title: 'Gone' },
  { code: ProblemCode },
) {}

/** 429: too many attempts; the Retry-After header and `retryAfter` say how many seconds to wait. */
export class TooManyRequests extends HttpApiError.Problem<TooManyRequests>()(
  'TooManyRequests',
  { type: 'about:blank', status: 429, title: 'Too Many Requests' },
  {
    code: ProblemCode,
    retryAfter: Schema.Int.annotate({ description: 'Seconds to wait, as in the Retry-After header.' }),
  },
) {}

/** Fails with 429 and sets Retry-After: a throttled account call or a rate-limited registration. */
export const tooManyRequests = (limited: { readonly retryAfterSeconds: number }) =>
  Effect.andThen(
    HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.succeed(
        HttpServerResponse.setHeader(response, 'retry-after', String(limited.retryAfterSeconds)),
      ),
    ),
    Effect.fail(
      new TooManyRequests({
        code: unknownCode,
        detail: 'Too many attempts; try again later',
        retryAfter: limited.retryAfterSeconds,
      }),
    ),
  )

/** 500: the server failed; the body never carries internals. */
export class ServerError extends HttpApiError.Problem<ServerError>()(
  'ServerError',
  { type: 'about:blank', status: 500, title: 'Internal Server Error' },
  { code: ProblemCode },
) {}

/** A 404 problem with a human-readable detail. */
export const notFound = (detail: string): NotFound => new NotFound({ code: unknownCode, detail })

/** A 400 problem naming one field of the query string. */
export const invalidQueryField = (field: string, message: string): InvalidRequest =>
  new InvalidRequest({
    code: unknownCode,
    detail: message,
    errors: [{ path: ['query', field], field, message }],
  })

/** Every problem a catalogue code can be answered with. */
export type CatalogueProblem = InvalidRequest | Unauthorized | Forbidden | NotFound | Conflict | Gone

/**
 * The problem for a catalogue code: 1000, 2001 and 2002 are 401; 1003, 1004 and 1015 are 403; 1001, 1002,
 * 1009 and 1010 are 409; 1013 is 410; 1014 is 404; every other code (0, 1005–1008, 1011, 1012) is a 400
 * whose `errors` name `field` (under the request path `at`) when the refusal is about one. Social provider failures (1005, 1011) are 400
 * too, not 502: the provider's answer cannot tell a refused token from an outage.
 */
export const problemForCode = (
  code: ErrorCodeValue,
  field?: string,
  at: ReadonlyArray<string> = ['payload'],
): CatalogueProblem => {
  const detail = catalogueMeaning[code]
  switch (code) {
    case ErrorCode.badCredentials:
    case ErrorCode.sessionEnded:
    case ErrorCode.userIdMismatch:
      return new Unauthorized({ code, detail })
    case ErrorCode.notActivated:
    case ErrorCode.banned:
    case ErrorCode.emailChangeNotAllowed:
      return new Forbidden({ code, detail })
    case ErrorCode.emailExists:
    case ErrorCode.emailExistsSocial:
    case ErrorCode.socialConnectEmailExists:
    case ErrorCode.socialAlreadyConnected:
      return new Conflict({ code, detail })
    case ErrorCode.resetTokenExpired:
      return new Gone({ code, detail })
    case ErrorCode.userNotFound:
      return new NotFound({ code, detail })
    default:
      return refusedField(code, field, at)
  }
}

/** A 400 problem with a catalogue code, naming `field` (under the request path `at`) when it is about one. */
export const refusedField = (
  code: ErrorCodeValue,
  field?: string,
  at: ReadonlyArray<string> = ['payload'],
): InvalidRequest => {
  const detail = catalogueMeaning[code]
  return new InvalidRequest({
    code,
    detail,
    errors: field === undefined ? [] : [{ path: [...at, field], field, message: detail }],
  })
}

/**
 * Turns request decoding failures into InvalidRequest problems that name the field, and response encoding
 * failures into ServerError problems. Declared on the whole API so OpenAPI documents both responses.
 */
export class Problems extends HttpApiMiddleware.Service<Problems>()('@kibitz/app/api/Problems', {
  error: [InvalidRequest, ServerError],
}) {}
