import {
  type EventActor,
  EventEditor,
  type EventEditRefused,
  type EventInputInvalid,
  EventProblem,
} from '@kibitz/events'
import { type EventId, inTransaction, ruleMessages } from '@kibitz/kernel'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { eventActorOf } from '../server/actor.server.ts'
import { Api } from './Api.ts'
import { EventConflict } from './EventActionsApi.ts'
import { EventForEdit, ValidationReport } from './EventEditorApi.ts'
import { Forbidden, InvalidRequest, NotFound, unknownCode } from './Problems.ts'
import { CurrentSession } from './UserApi.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// The organiser's event writes over the events domain's editor; the actor comes from the session only.

const notOrganiser = new Forbidden({
  code: unknownCode,
  detail: 'Only an accepted organiser or the super user may create or edit events',
})

/** The caller as the events domain's actor: an accepted organiser's account in use, or the super user; else 403. */
export const sessionEventActor: Effect.Effect<EventActor, Forbidden, CurrentSession> = Effect.flatMap(
  CurrentSession,
  ({ user }) => {
    const found = eventActorOf(user)
    return found === null ? Effect.fail(notOrganiser) : Effect.succeed(found)
  },
)

/** The problem for an editor refusal. */
export const editRefusal = (eventId: EventId | null, refused: EventEditRefused) => {
  switch (refused.reason) {
    case 'notFound':
      return new NotFound({
        code: unknownCode,
        detail: `No event ${eventId ?? ''} of yours`.replace('  ', ' '),
      })
    case 'notEditable':
      return new EventConflict({
        code: unknownCode,
        detail: 'A postponed or canceled event cannot be edited',
        reason: 'notEditable',
      })
    case 'notOrganiser':
      return notOrganiser
    case 'hasEntries':
      return new EventConflict({
        code: unknownCode,
        detail: 'Players have entered this tournament: it cannot be removed',
        reason: 'hasEntries',
      })
    case 'badOrder':
      return new InvalidRequest({
        code: unknownCode,
        detail: 'The order must name each of the event’s tournaments once',
        errors: [
          {
            path: ['payload', 'tournamentIds'],
            field: 'tournamentIds',
            message: 'Name each tournament once',
          },
        ],
      })
  }
}

/** 400 naming every invalid field by its dotted path under `at` (e.g. payload.generalInformation). */
export const invalidInput = (invalid: EventInputInvalid, at: ReadonlyArray<string>) =>
  new InvalidRequest({
    code: unknownCode,
    detail: `Invalid fields: ${invalid.problems.map((p) => p.field || 'form').join(', ')}`,
    errors: invalid.problems.map((p) => ({
      path: [
        ...at,
        ...p.field
          .split('.')
          .filter((s) => s !== '')
          .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
      ],
      field: p.field,
      message: ruleMessages[p.rule].replace('{field}', () => p.field || 'form'),
      rule: p.rule,
    })),
  })

/** POST/PUT v1/event, GET v1/event/{id}/edit-data and event-preview-data, POST v1/event/validate. */
export const EventEditorHandlers = HttpApiBuilder.group(Api, 'eventEditor', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const editor = yield* EventEditor

    const actor = sessionEventActor

    /** Editor failures as problems; invalid fields are named under payload.<at>. */
    const problemOf =
      (eventId: EventId | null, at: string) => (failure: EventEditRefused | EventInputInvalid) =>
        failure._tag === 'EventEditRefused'
          ? editRefusal(eventId, failure)
          : invalidInput(failure, ['payload', at])

    return handlers
      .handle('create', ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          // One transaction: invalid additional information leaves no draft behind.
          return yield* run(
            inTransaction(
              Effect.gen(function* () {
                const created = yield* editor
                  .create(who, payload.generalInformation)
                  .pipe(Effect.mapError(problemOf(null, 'generalInformation')))
                if (payload.additionalInformation === undefined) return created
                return yield* editor
                  .updateAdditional(who, created.id, payload.additionalInformation)
                  .pipe(Effect.mapError(problemOf(created.id, 'additionalInformation')))
              }),
            ),
          )
        }),
      )
      .handle('update', ({ params, payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          // One transaction: an invalid second part leaves the first unsaved too.
          return yield* run(
            inTransaction(
              Effect.gen(function* () {
                let view = yield* editor
                  .view(who, params.id)
                  .pipe(Effect.mapError((refused) => editRefusal(params.id, refused)))
                if (payload.generalInformation !== undefined)
                  view = yield* editor
                    .updateGeneral(who, params.id, payload.generalInformation)
                    .pipe(Effect.mapError(problemOf(params.id, 'generalInformation')))
                if (payload.additionalInformation !== undefined)
                  view = yield* editor
                    .updateAdditional(who, params.id, payload.additionalInformation)
                    .pipe(Effect.mapError(problemOf(params.id, 'additionalInformation')))
                return view
              }),
            ),
          )
        }),
      )
      .handle('editData', ({ params }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const view = yield* run(editor.view(who, params.id)).pipe(
            Effect.mapError((refused) => editRefusal(params.id, refused)),
          )
          return new EventForEdit({
            generalInformation: view.general,
            additionalInformation: view.additional,
          })
        }),
      )
      .handle('previewData', ({ params }) =>
        Effect.gen(function* () {
          const who = yield* actor
          return yield* run(editor.view(who, params.id)).pipe(
            Effect.mapError((refused) => editRefusal(params.id, refused)),
          )
        }),
      )
      .handle('validate', ({ payload }) =>
        Effect.gen(function* () {
          const who = yield* actor
          const problems = yield* run(editor.problems(who, payload.id)).pipe(
            Effect.mapError((refused) => editRefusal(payload.id, refused)),
          )
          return new ValidationReport({
            valid: problems.length === 0,
            problems: problems.map((p) => new EventProblem(p)),
          })
        }),
      )
  }),
)
