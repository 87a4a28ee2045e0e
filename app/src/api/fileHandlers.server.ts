import { EventEditor, type EventEditRefused, EventGalleries, EventInputInvalid } from '@kibitz/events'
import { EventId, FieldProblem, type RuleId, TournamentId, ValidationRule } from '@kibitz/kernel'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { Api } from './Api.ts'
import { editRefusal, invalidInput, sessionEventActor } from './eventEditorHandlers.server.ts'
import { maxImagesPerUpload } from './FileApi.ts'
import { readParts } from './multipartParts.server.ts'
import { NotFound, unknownCode } from './Problems.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// POST v1/file/*: an event's images into its galleries and its documents into their folders, over the events
// domain's galleries and editor (docs/decisions/040, 041); the actor comes from the session only.

/** A 400 naming `field` with `rule` in the payload. */
const problem = (field: string, rule: RuleId) =>
  invalidInput(new EventInputInvalid({ problems: [new FieldProblem({ field, rule })] }), ['payload'])

/** The ids of a form's text fields: the event's, and the tournament's when there is one. */
const idsOf = (fields: ReadonlyMap<string, ReadonlyArray<string>>) => {
  const number = (name: string) => {
    const [text] = fields.get(name) ?? []
    return text !== undefined && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2147483647
      ? Number(text)
      : null
  }
  return { eventId: number('eventId'), tournamentId: number('tournamentId') }
}

/** The event's refusal, a tournament of another event read as missing like the event itself. */
const refusal =
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

export const FileHandlers = HttpApiBuilder.group(Api, 'file', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const galleries = yield* EventGalleries
    const editor = yield* EventEditor

    const actor = sessionEventActor

    /** The event and (required for `needsTournament`) the tournament a form names, else a 400 naming the field. */
    const target = (fields: ReadonlyMap<string, ReadonlyArray<string>>, needsTournament: boolean) => {
      const { eventId, tournamentId } = idsOf(fields)
      if (eventId === null) return Effect.fail(problem('eventId', ValidationRule.required))
      if (needsTournament && tournamentId === null)
        return Effect.fail(problem('tournamentId', ValidationRule.required))
      return Effect.succeed({
        eventId: EventId.make(eventId),
        tournamentId: needsTournament && tournamentId !== null ? TournamentId.make(tournamentId) : null,
      })
    }

    return handlers
      .handle('imageUpload', ({ params, query, payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const { fields, files } = yield* readParts(payload)
          const at = yield* target(fields, params.kind === 'tournament')
          const images = files.filter((file) => file.key === 'file')
          if (images.length === 0) return yield* problem('file', ValidationRule.required)
          if (images.length > maxImagesPerUpload) return yield* problem('file', ValidationRule.outOfRange)
          const thumbWidth = query.thumbWidth === undefined ? undefined : Number(query.thumbWidth)
          return yield* run(
            galleries.addImages(
              who,
              at,
              images.map((image) => ({ bytes: image.bytes, filename: image.name, thumbWidth })),
            ),
          ).pipe(Effect.mapError(refusal(at.eventId, at.tournamentId)))
        }),
      )
      .handle('imageSave', ({ params, payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const tournamentId = params.kind === 'tournament' ? (payload.tournamentId ?? null) : null
          if (params.kind === 'tournament' && tournamentId === null)
            return yield* problem('tournamentId', ValidationRule.required)
          return yield* run(
            galleries.addStoredImages(who, { eventId: payload.eventId, tournamentId }, payload.paths),
          ).pipe(Effect.mapError(refusal(payload.eventId, tournamentId)))
        }),
      )
      .handle('documentUpload', ({ params, payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const { fields, files } = yield* readParts(payload)
          const at = yield* target(fields, params.kind !== 'event')
          const file = files.find((part) => part.key === 'file')
          if (file === undefined) return yield* problem('file', ValidationRule.required)
          return yield* run(
            editor.storeDocument(who, at.eventId, {
              tournamentId: at.tournamentId,
              kind: params.kind === 'results' ? 'results' : 'documents',
              bytes: file.bytes,
              filename: file.name,
            }),
          ).pipe(Effect.mapError(refusal(at.eventId, at.tournamentId)))
        }),
      )
  }),
)
