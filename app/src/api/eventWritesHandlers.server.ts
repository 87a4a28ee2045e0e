import { DocumentKind, EventEditor, type EventEditRefused, EventInputInvalid } from '@kibitz/events'
import { decodeWithProblems, EventId, FieldProblem, rule, TournamentId, ValidationRule } from '@kibitz/kernel'
import { TournamentEditor } from '@kibitz/tournaments'
import { Effect, Schema, SchemaTransformation, type Stream } from 'effect'
import type { HttpServerRequest, Multipart } from 'effect/http'
import { HttpApiBuilder } from 'effect/http-api'
import { Api } from './Api.ts'
import { type ContentTooLarge, ProgramPayload } from './EventWritesApi.ts'
import { editRefusal, invalidInput, sessionEventActor } from './eventEditorHandlers.server.ts'
import { readParts } from './multipartParts.server.ts'
import { InvalidRequest, NotFound, unknownCode } from './Problems.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// The organiser's tournament, program, picture and document writes over the events domain's editor; the actor
// comes from the session only. Tournament bodies are decoded by the domain (every problem at once, by dotted
// path), uploads are read from the multipart stream within the body limit handler.server.ts sets for their paths.

const maximumId = 2147483647

/** A positive whole number within PostgreSQL's integer, as a form field carries it; decoding brands it. */
const idText = <Id extends Schema.Decoder<number>>(id: Id) =>
  Schema.String.check(
    rule(ValidationRule.outOfRange, (s: string) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= maximumId),
  ).pipe(Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString), Schema.decodeTo(id))

/** The text fields of upload-image (`file` is read apart). */
const ImageFields = Schema.Struct({
  eventId: idText(EventId),
  alt: Schema.optionalKey(Schema.String),
  thumbWidth: Schema.optionalKey(
    Schema.String.check(rule(ValidationRule.outOfRange, (s: string) => /^\d{1,6}$/.test(s))),
  ),
})

/** The text fields of upload-pdf. */
const PdfFields = Schema.Struct({
  eventId: idText(EventId),
  tournamentId: Schema.optionalKey(idText(TournamentId)),
  kind: DocumentKind,
})

/** What a multipart body held: the first value of each text field, and each file's name and bytes. */
interface Upload {
  readonly fields: Readonly<Record<string, string>>
  readonly files: ReadonlyMap<string, { readonly name: string; readonly bytes: Uint8Array }>
}

/** A 400 naming each of `problems` under the payload. */
const invalidFields = (problems: ReadonlyArray<FieldProblem>) =>
  invalidInput(new EventInputInvalid({ problems }), ['payload'])

/** Reads every part of an upload; the first value of each field and the first file of each name count. */
const readUpload = (
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>,
): Effect.Effect<Upload, InvalidRequest | ContentTooLarge> =>
  Effect.map(readParts(parts), (read) => {
    const fields: Record<string, string> = {}
    for (const [key, [first]] of read.fields) if (first !== undefined) fields[key] = first
    const files = new Map<string, { name: string; bytes: Uint8Array }>()
    for (const file of read.files) if (!files.has(file.key)) files.set(file.key, file)
    return { fields, files }
  })

/** Decodes an upload's text fields with `schema`, naming every bad field (a missing file counts too). */
const uploadFields = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, upload: Upload) => {
  const decoded = decodeWithProblems(schema, upload.fields)
  const file = upload.files.get('file')
  const problems = [
    ...(decoded.ok ? [] : decoded.problems),
    ...(file === undefined ? [new FieldProblem({ field: 'file', rule: ValidationRule.required })] : []),
  ]
  return decoded.ok && file !== undefined
    ? Effect.succeed({ fields: decoded.value, file })
    : Effect.fail(invalidFields(problems))
}

/** The API's names for the editor's upload fields: the picture is `file`, its alt text `alt`. */
const uploadFieldNames: Readonly<Record<string, string>> = { image: 'file', imageAlt: 'alt' }

const uploadProblem = (eventId: EventId) => (failure: EventEditRefused | EventInputInvalid) =>
  failure._tag === 'EventEditRefused'
    ? editRefusal(eventId, failure)
    : invalidFields(
        failure.problems.map(
          (p) => new FieldProblem({ field: uploadFieldNames[p.field] ?? p.field, rule: p.rule }),
        ),
      )

/** Editor failures of a tournament call: a missing tournament is named as such, invalid fields under payload. */
const tournamentProblem =
  (eventId: EventId, tournamentId: TournamentId | null) =>
  (failure: EventEditRefused | EventInputInvalid) => {
    if (failure._tag === 'EventInputInvalid') return invalidInput(failure, ['payload'])
    if (failure.reason === 'notFound' && tournamentId !== null)
      return new NotFound({
        code: unknownCode,
        detail: `No tournament ${tournamentId} in an event ${eventId} of yours`,
      })
    return editRefusal(eventId, failure)
  }

const notJson = new InvalidRequest({
  code: unknownCode,
  detail: 'Expected a valid JSON body',
  errors: [{ path: ['payload'], field: 'payload', message: 'Expected a valid JSON body' }],
})

/**
 * The raw JSON body of a tournament call: the events domain decodes it, so each problem is named by its dotted
 * path with its rule, and the rules that need the stored sales run in the same pass.
 */
const jsonBody = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<unknown, InvalidRequest> =>
  request.text.pipe(
    Effect.mapError(() => notJson),
    Effect.flatMap((text) => Effect.try({ try: (): unknown => JSON.parse(text), catch: () => notJson })),
  )

/** POST/PUT/DELETE v1/event/{id}/tournaments*, set-tournaments-ordering, program, upload-image, upload-pdf. */
export const EventWritesHandlers = HttpApiBuilder.group(Api, 'eventWrites', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const editor = yield* EventEditor
    const tournamentEditor = yield* TournamentEditor

    const actor = sessionEventActor

    /** Saves a tournament (new when `tournamentId` is null), then answers it as its edit data. */
    const saveTournament = (
      request: HttpServerRequest.HttpServerRequest,
      eventId: EventId,
      tournamentId: TournamentId | null,
    ) =>
      Effect.gen(function* () {
        const who = yield* actor
        const input = yield* jsonBody(request)
        const saved = yield* run(tournamentEditor.saveTournament(who, eventId, tournamentId, input)).pipe(
          Effect.mapError(tournamentProblem(eventId, tournamentId)),
        )
        // A fresh unit of work: the reply reads the tournament as stored, tickets' new ids included.
        return yield* run(tournamentEditor.tournament(who, eventId, saved)).pipe(
          Effect.mapError(tournamentProblem(eventId, saved)),
        )
      })

    /**
     * Replaces one tournament's program (the domain checks it with the rest of the tournament; a day outside the
     * tournament is only reported for publishing). Answers the tournament as its edit data.
     */
    const saveProgram = (request: HttpServerRequest.HttpServerRequest) =>
      Effect.gen(function* () {
        const who = yield* actor
        const decoded = decodeWithProblems(ProgramPayload, yield* jsonBody(request))
        if (!decoded.ok) return yield* Effect.fail(invalidFields(decoded.problems))
        const { eventId, tournamentId, programs } = decoded.value
        const refused = tournamentProblem(eventId, tournamentId)
        // Read and written under the event's lock: an edit of the tournament landing meanwhile is not lost.
        yield* run(tournamentEditor.saveProgram(who, eventId, tournamentId, programs)).pipe(
          Effect.mapError(refused),
        )
        return yield* run(tournamentEditor.tournament(who, eventId, tournamentId)).pipe(
          Effect.mapError(refused),
        )
      })

    return handlers
      .handleRaw('createTournament', ({ params, request }) => saveTournament(request, params.id, null))
      .handleRaw('updateTournament', ({ params, request }) =>
        saveTournament(request, params.id, params.tournamentId),
      )
      .handleRaw('saveProgram', ({ request }) => saveProgram(request))
      .handle('tournamentEditData', ({ params }) =>
        Effect.gen(function* () {
          const who = yield* actor
          return yield* run(tournamentEditor.tournament(who, params.id, params.tournamentId)).pipe(
            Effect.mapError(tournamentProblem(params.id, params.tournamentId)),
          )
        }),
      )
      .handle('removeTournament', ({ params }) =>
        Effect.gen(function* () {
          const who = yield* actor
          yield* run(tournamentEditor.removeTournament(who, params.id, params.tournamentId)).pipe(
            Effect.mapError(tournamentProblem(params.id, params.tournamentId)),
          )
        }),
      )
      .handle('setTournamentsOrdering', ({ params, payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          yield* run(tournamentEditor.reorderTournaments(who, params.id, payload.tournamentIds)).pipe(
            Effect.mapError((refused) => editRefusal(params.id, refused)),
          )
        }),
      )
      .handle('uploadImage', ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const { fields, file } = yield* Effect.flatMap(readUpload(payload), (upload) =>
            uploadFields(ImageFields, upload),
          )
          const eventId = fields.eventId
          return yield* run(
            editor.setImage(who, eventId, {
              bytes: file.bytes,
              filename: file.name,
              alt: fields.alt ?? null,
              thumbWidth: fields.thumbWidth === undefined ? undefined : Number(fields.thumbWidth),
            }),
          ).pipe(Effect.mapError(uploadProblem(eventId)))
        }),
      )
      .handle('removeImage', ({ params }) =>
        Effect.gen(function* () {
          const who = yield* actor
          return yield* run(editor.removeImage(who, params.id)).pipe(
            Effect.mapError((refused) => editRefusal(params.id, refused)),
          )
        }),
      )
      .handle('uploadPdf', ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const { fields, file } = yield* Effect.flatMap(readUpload(payload), (upload) =>
            uploadFields(PdfFields, upload),
          )
          const eventId = fields.eventId
          return yield* run(
            editor.storeDocument(who, eventId, {
              tournamentId: fields.tournamentId ?? null,
              kind: fields.kind,
              bytes: file.bytes,
              filename: file.name,
            }),
          ).pipe(Effect.mapError(uploadProblem(eventId)))
        }),
      )
  }),
)
