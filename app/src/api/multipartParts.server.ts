import { Effect, Stream } from 'effect'
import type { Multipart } from 'effect/http'
import { ContentTooLarge } from './EventWritesApi.ts'
import { InvalidRequest, unknownCode } from './Problems.ts'

// A multipart upload read whole: every text field's values and every file, in the order sent. The body was
// already bounded by the path's limit (handler.server.ts); each file's bytes are held in memory within it.

/** What a multipart body held: each text field's values in order, and every file part in order. */
export interface UploadParts {
  readonly fields: ReadonlyMap<string, ReadonlyArray<string>>
  readonly files: ReadonlyArray<{ readonly key: string; readonly name: string; readonly bytes: Uint8Array }>
}

const notMultipart = new InvalidRequest({
  code: unknownCode,
  detail: 'The body is not a valid multipart/form-data form',
  errors: [{ path: ['payload'], field: 'payload', message: 'Send the fields as multipart/form-data' }],
})

/** Reads every part of an upload; a malformed body is 400, a part over its limit 413. */
export const readParts = (
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>,
): Effect.Effect<UploadParts, InvalidRequest | ContentTooLarge> => {
  const fields = new Map<string, Array<string>>()
  const files: Array<{ key: string; name: string; bytes: Uint8Array }> = []
  return Stream.runForEach(parts, (part) => {
    if (part._tag === 'Field') {
      // NUL has no business in a form field (PostgreSQL text cannot hold it).
      const values = fields.get(part.key) ?? []
      values.push(part.value.replaceAll('\u0000', ''))
      fields.set(part.key, values)
      return Effect.void
    }
    return Effect.map(part.contentEffect, (bytes) => {
      files.push({ key: part.key, name: part.name, bytes })
    })
  }).pipe(
    Effect.as<UploadParts>({ fields, files }),
    Effect.catchTag('MultipartError', (error): Effect.Effect<never, InvalidRequest | ContentTooLarge> => {
      switch (error.reason._tag) {
        case 'Parse':
          return Effect.fail(notMultipart)
        case 'InternalError':
          return Effect.die(error)
        default:
          return Effect.fail(
            new ContentTooLarge({
              code: unknownCode,
              detail: 'The upload or one of its fields is too large',
            }),
          )
      }
    }),
  )
}
