import { Schema } from 'effect'
import { HttpApiError, HttpApiMiddleware } from 'effect/http-api'

// Every error of the public API is an RFC 9457 problem (application/problem+json). Each carries a `code`
// extension from the error catalogue of spec section 8; 0 ('unknown') is the only generic code there, so
// the problems below use it unless a catalogue code applies.

/** The error catalogue code of spec section 8 that a problem carries. */
export const ProblemCode = Schema.Int.annotate({
  description: 'Error catalogue code (spec section 8); 0 is the generic "unknown" code.',
})

/** Spec section 8: code 0, 'unknown'. */
export const unknownCode = 0

/** One invalid request value: where it was (slot, then field), the field's name, and why. */
export const InvalidField = Schema.Struct({
  path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
  field: Schema.String,
  message: Schema.String,
})
export type InvalidField = typeof InvalidField.Type

/** 400: a request value failed validation; `errors` names every offending field. */
export class InvalidRequest extends HttpApiError.Problem<InvalidRequest>()(
  'InvalidRequest',
  { type: 'about:blank', status: 400, title: 'Bad Request' },
  { code: ProblemCode, errors: Schema.Array(InvalidField) },
) {}

/** 404: no public resource answers to this path. */
export class NotFound extends HttpApiError.Problem<NotFound>()(
  'NotFound',
  { type: 'about:blank', status: 404, title: 'Not Found' },
  { code: ProblemCode },
) {}

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

/**
 * Turns request decoding failures into InvalidRequest problems that name the field, and response encoding
 * failures into ServerError problems. Declared on the whole API so OpenAPI documents both responses.
 */
export class Problems extends HttpApiMiddleware.Service<Problems>()('@kibitz/app/api/Problems', {
  error: [InvalidRequest, ServerError],
}) {}
