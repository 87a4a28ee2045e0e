import { EventState, EventTransition, eventMessageMaxLength } from '@kibitz/events'
import { EventId } from '@kibitz/kernel'
import { Schema, SchemaTransformation } from 'effect'
import { HttpApiEndpoint, HttpApiError, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Forbidden, NotFound, ProblemCode } from './Problems.ts'
import { Authenticated } from './UserApi.ts'

// The event state changes of spec section 7 ("Event" calls): schemas and endpoints only. The events domain
// decides who may do what on which event; these calls only say who is asking (the session) and report
// its refusals as problems.

/**
 * The event's numeric id in the path: a positive whole number within PostgreSQL's integer (a larger one is
 * refused as invalid, not looked up), else 400 naming `id`; decoding brands it.
 */
export const EventIdParam = Schema.String.annotate({ description: 'The numeric event id.' }).pipe(
  Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
  Schema.decodeTo(EventId),
)

/** The organiser's message to the event's players, 1 to 2000 characters. */
const EventMessage = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(eventMessageMaxLength),
  Schema.makeFilter((value: string) => value.trim().length > 0, { expected: 'a non-blank message' }),
  // PostgreSQL text cannot hold NUL.
  Schema.makeFilter((value: string) => !value.includes('\u0000'), { expected: 'text without NUL' }),
).annotate({ description: 'The message to the event’s players, 1 to 2000 characters.' })

/** Spec section 7: the organiser's message to the event's players, 1 to 2000 characters. */
export const EventMessagePayload = Schema.Struct({ message: EventMessage })

/**
 * PUT v1/event/{id}/postpone: the message, and the new dates when they are known (both, YYYY-MM-DD); without them
 * the new dates are to be announced (docs/decisions/032).
 */
export const PostponePayload = Schema.Struct({
  message: EventMessage,
  dateStart: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(10)).annotate({
      description:
        'The new first day (YYYY-MM-DD), with dateEnd; left out, the new dates are to be announced.',
    }),
  ),
  dateEnd: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(10)).annotate({
      description: 'The new last day (YYYY-MM-DD), on or after dateStart.',
    }),
  ),
})

/** PUT v1/event/{id}/publish: an optional body. */
export const PublishPayload = Schema.Struct({
  notifyUsers: Schema.optionalKey(
    Schema.Boolean.annotate({
      description:
        'Only for an event published again after a postponement: true (the default) e-mails its registered ' +
        'players the new dates, false publishes it quietly. A first publication e-mails nobody either way.',
    }),
  ),
})

/** PUT v1/event/{id}/notify-event-users: the message, and the spec's notifyUsers flag. */
export const NotifyEventUsersPayload = Schema.Struct({
  message: EventMessage,
  notifyUsers: Schema.optionalKey(
    Schema.Boolean.annotate({
      description:
        'Defaults to true. false would send nothing and change nothing, so it is refused (400 naming ' +
        'notifyUsers) instead of answering a success that told nobody.',
    }),
  ),
})

/** 409: the event's state does not allow the action, or players have entered it. */
export class EventConflict extends HttpApiError.Problem<EventConflict>()(
  'EventConflict',
  { type: 'about:blank', status: 409, title: 'Conflict' },
  {
    code: ProblemCode,
    reason: Schema.Literals(['wrongState', 'hasEntries', 'notEditable']).annotate({
      description:
        'wrongState: the action does not start from the event’s state; hasEntries: players have entered ' +
        'the event, so it may only be postponed or canceled; notEditable: a postponed or canceled event ' +
        'cannot be edited.',
    }),
    state: Schema.optionalKey(EventState.annotate({ description: 'The event’s state when asked.' })),
  },
) {}

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

/** PUT/DELETE v1/event/{id}/*: the organiser's state changes of one event. */
export class EventActionsGroup extends HttpApiGroup.make('eventActions')
  .add(
    HttpApiEndpoint.put('publish', '/event/:id/publish', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      // Null: an empty body is allowed (the builder decodes an empty JSON body as null only then).
      payload: [Schema.Null, PublishPayload],
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Publishes a draft (or a postponed event taken back to draft): its state becomes accepted. An event ' +
          'with problems (see POST v1/event/validate) is refused with 400 naming each, its path being the ' +
          'wizard step then the field. Publishing a postponed event again e-mails its registered players ' +
          'the new dates unless `notifyUsers` is false (the reply’s `notified` counts the e-mails); a first ' +
          'publication e-mails nobody.',
      ),
    HttpApiEndpoint.put('unpublish', '/event/:id/un-publish', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Takes a published event back to draft; refused (409 hasEntries) once players have entered.',
      ),
    HttpApiEndpoint.put('postpone', '/event/:id/postpone', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: PostponePayload,
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Postpones a published event with a message to its players, to new dates (dateStart and dateEnd, which ' +
          'become its dates) or, without them, with its new dates to be announced.',
      ),
    HttpApiEndpoint.put('unpublishAfterPostpone', '/event/:id/un-publish-after-postpone', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: EventMessagePayload,
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Takes a postponed event back to draft (postponedToDraft) with a message; publish makes it public again.',
      ),
    HttpApiEndpoint.put('cancel', '/event/:id/cancel', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: EventMessagePayload,
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Cancels a published, postponed or postponed-to-draft event with a message to its players.',
      ),
    HttpApiEndpoint.put('notifyEventUsers', '/event/:id/notify-event-users', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: NotifyEventUsersPayload,
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'E-mails the organiser’s message to every registered player of a published, postponed or canceled ' +
          'event: one e-mail per address (contestants and the accounts that entered them, canceled entries ' +
          'left out), each in its reader’s language, with a link to the event page. The state does not ' +
          'change (`from` = `to`); `notified` says how many e-mails were queued, 0 when nobody has entered. ' +
          'A draft is refused with 409 wrongState: it has no public page to link to.',
      ),
    HttpApiEndpoint.delete('delete', '/event/:id/delete', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      success: EventTransition,
      error: [Forbidden, NotFound, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Deletes a draft nobody has entered (else 409); the reply’s `to` is null.',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Personal calls (`Cache-Control: no-store`) of a signed-in user acting as their own accepted ' +
        'organiser or as the super user; anyone else gets 403. Another organiser’s event answers 404 as a ' +
        'missing one does. Refusals carry code 0: 409 with `reason` and `state` when the event’s state or ' +
        'its entries forbid the action. Each answers the transition: the event id, action, and the state ' +
        'before and after.',
    }),
  ) {}
