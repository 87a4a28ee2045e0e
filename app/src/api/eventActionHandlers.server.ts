import {
  type EventAction,
  type EventActionOptions,
  type EventActionRefused,
  EventActions,
  type EventTransition,
} from '@kibitz/events'
import { type EventId, ruleMessages } from '@kibitz/kernel'
import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { eventActorOf } from '../server/actor.server.ts'
import { Api } from './Api.ts'
import { EventConflict } from './EventActionsApi.ts'
import { Forbidden, InvalidRequest, NotFound, unknownCode } from './Problems.ts'
import { CurrentSession } from './UserApi.ts'
import { unitOfWork } from './unitOfWork.server.ts'

// The event state changes of spec section 7 over the events domain. The actor is taken from the session
// only: nothing a client sends can name an organiser account.

const notOrganiser = new Forbidden({
  code: unknownCode,
  detail: 'Only an accepted organiser or the super user may change events',
})

/** The problem for a refusal of the events domain. */
const refusal = (
  eventId: EventId,
  refused: EventActionRefused,
): NotFound | EventConflict | InvalidRequest => {
  switch (refused.reason) {
    case 'notFound':
      return new NotFound({ code: unknownCode, detail: `No event ${eventId} of yours` })
    case 'wrongState':
      return new EventConflict({
        code: unknownCode,
        detail: `Cannot ${refused.action} an event in state ${refused.state ?? 'unknown'}`,
        reason: 'wrongState',
        ...(refused.state === undefined ? {} : { state: refused.state }),
      })
    case 'hasEntries':
      return new EventConflict({
        code: unknownCode,
        detail: `Cannot ${refused.action} an event players have entered: postpone or cancel it`,
        reason: 'hasEntries',
        ...(refused.state === undefined ? {} : { state: refused.state }),
      })
    case 'incomplete': {
      // Every problem the validate call reports, by step and field (POST v1/event/validate gives the same).
      const problems = refused.problems ?? []
      return new InvalidRequest({
        code: unknownCode,
        detail: `Event ${eventId} is not ready to publish: fix ${problems.map((p) => `${p.step} ${p.field}`).join(', ')}`,
        errors: problems.map((p) => ({
          path: [p.step, ...p.field.split('.')],
          field: p.field,
          message: ruleMessages[p.rule].replace('{field}', () => p.field),
          rule: p.rule,
        })),
      })
    }
    case 'invalidInput': {
      // The API's schemas refuse these first; the domain's own check answers the same way.
      const fields = refused.fields ?? []
      return new InvalidRequest({
        code: unknownCode,
        detail: `Invalid request value: ${fields.map((f) => f.field).join(', ')}`,
        errors: fields.map((f) => ({
          path: ['payload', f.field],
          field: f.field,
          message: ruleMessages[f.rule].replace('{field}', () => f.field),
          rule: f.rule,
        })),
      })
    }
  }
}

/** PUT/DELETE v1/event/{id}/*. */
export const EventActionHandlers = HttpApiBuilder.group(Api, 'eventActions', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const actions = yield* EventActions

    const act = (
      eventId: EventId,
      action: EventAction,
      options: EventActionOptions = {},
    ): Effect.Effect<
      EventTransition,
      Forbidden | NotFound | EventConflict | InvalidRequest,
      CurrentSession
    > =>
      Effect.gen(function* () {
        const { user } = yield* CurrentSession
        const actor = eventActorOf(user)
        if (actor === null) return yield* Effect.fail(notOrganiser)
        return yield* run(actions.perform(actor, eventId, action, options)).pipe(
          Effect.mapError((refused) => refusal(eventId, refused)),
        )
      })

    return (
      handlers
        // An empty body decodes as null: a republication then tells the players (notifyUsers defaults to true).
        .handle('publish', ({ params, payload }) =>
          act(params.id, 'publish', { notifyUsers: payload?.notifyUsers }),
        )
        .handle('unpublish', ({ params }) => act(params.id, 'unpublish'))
        .handle('postpone', ({ params, payload }) =>
          act(params.id, 'postpone', {
            message: payload.message,
            // One date without the other is refused by the domain (invalidDate on the one left out).
            ...(payload.dateStart === undefined && payload.dateEnd === undefined
              ? {}
              : { newDates: { dateStart: payload.dateStart ?? '', dateEnd: payload.dateEnd ?? '' } }),
          }),
        )
        .handle('unpublishAfterPostpone', ({ params, payload }) =>
          act(params.id, 'unpublishAfterPostpone', { message: payload.message }),
        )
        .handle('cancel', ({ params, payload }) => act(params.id, 'cancel', { message: payload.message }))
        .handle('notifyEventUsers', ({ params, payload }) =>
          act(params.id, 'notifyEventUsers', { message: payload.message, notifyUsers: payload.notifyUsers }),
        )
        .handle('delete', ({ params }) => act(params.id, 'delete'))
    )
  }),
)
