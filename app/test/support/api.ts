import { Schema } from 'effect'
import { handleApiRequest } from '../../src/api/handler.server.ts'

/** Sends a request for `path` (e.g. '/api/v1/country/') straight to the API's web handler. */
export const request = (path: string, init?: RequestInit): Promise<Response> =>
  handleApiRequest(new Request(`http://localhost${path}`, init))

/** Reads a JSON body and decodes it with `schema`, so the reply's shape is checked as well. */
export const readJson = async <S extends Schema.ConstraintDecoder<unknown>>(
  response: Response,
  schema: S,
): Promise<S['Type']> => Schema.decodeUnknownSync(schema)(await response.json())

/** The RFC 9457 problem body every API error carries. */
export const Problem = Schema.Struct({
  type: Schema.String,
  status: Schema.Number,
  title: Schema.String,
  detail: Schema.optionalKey(Schema.String),
  code: Schema.Number,
  errors: Schema.optionalKey(
    Schema.Array(
      Schema.Struct({
        path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
        field: Schema.String,
        message: Schema.String,
        rule: Schema.optionalKey(Schema.String),
      }),
    ),
  ),
  reason: Schema.optionalKey(Schema.String),
  state: Schema.optionalKey(Schema.String),
})
