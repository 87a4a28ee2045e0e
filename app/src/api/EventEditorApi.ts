import {
  AdditionalInformationInput,
  EventEditorView,
  EventProblem,
  GeneralInformationInput,
} from '@kibitz/events'
import { EventId } from '@kibitz/kernel'
import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { EventConflict, EventIdParam } from './EventActionsApi.ts'
import { Forbidden, InvalidRequest, NotFound } from './Problems.ts'
import { Authenticated } from './UserApi.ts'

// The organiser's writes of spec section 7 ("Event" calls): create, update, the draft's preview data and the
// validate call. The events domain decides who may edit which event; these calls say who asks (the session).

/** POST v1/event: a new draft from its general information, optionally with the additional information. */
export const CreateEventPayload = Schema.Struct({
  generalInformation: GeneralInformationInput,
  additionalInformation: Schema.optionalKey(AdditionalInformationInput),
})

/** PUT v1/event/{id}: either part or both. */
export const UpdateEventPayload = Schema.Struct({
  generalInformation: Schema.optionalKey(GeneralInformationInput),
  additionalInformation: Schema.optionalKey(AdditionalInformationInput),
})

/**
 * GET v1/event/{id}/edit-data: both parts as they are stored, in the shape PUT v1/event/{id} takes, so a client
 * can read the event, change a field and send it back.
 */
export class EventForEdit extends Schema.Class<EventForEdit>('@kibitz/app/EventForEdit')({
  generalInformation: GeneralInformationInput,
  additionalInformation: AdditionalInformationInput,
}) {}

/** POST v1/event/validate: which saved event to check. */
export const ValidatePayload = Schema.Struct({
  id: EventId,
})

/** The validate call's answer: every problem at once, per step and field; `valid` when there is none. */
export class ValidationReport extends Schema.Class<ValidationReport>('@kibitz/app/ValidationReport')({
  valid: Schema.Boolean,
  problems: Schema.Array(EventProblem),
}) {}

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

export class EventEditorGroup extends HttpApiGroup.make('eventEditor')
  .add(
    HttpApiEndpoint.post('create', '/event', {
      headers: userIdHeader,
      payload: CreateEventPayload,
      success: EventEditorView,
      error: [Forbidden, NotFound, InvalidRequest, EventConflict],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Creates a draft owned by the caller’s accepted organiser account (the super user names the organiser ' +
          'in `generalInformation.organiserId`, one of v1/user/event-creators). Every invalid field is named ' +
          'at once (400, `errors[].field` is the dotted path, e.g. `contents.0.name`).',
      ),
    HttpApiEndpoint.put('update', '/event/:id', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: UpdateEventPayload,
      success: EventEditorView,
      error: [Forbidden, NotFound, EventConflict, InvalidRequest],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Replaces the general and/or additional information of the caller’s event (GET …/edit-data answers ' +
          'both in this shape). A postponed or canceled event cannot be edited (409 notEditable).',
      ),
    HttpApiEndpoint.get('editData', '/event/:id/edit-data', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      success: EventForEdit,
      error: [Forbidden, NotFound, EventConflict, InvalidRequest],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'The general and additional information of the caller’s event in any state, exactly as ' +
          'PUT v1/event/{id} takes them: sending the answer back unchanged changes nothing.',
      ),
    HttpApiEndpoint.get('previewData', '/event/:id/event-preview-data', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      success: EventEditorView,
      error: [Forbidden, NotFound, EventConflict, InvalidRequest],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'The caller’s event in any state (drafts included) as the editor shows it, with its permissions.',
      ),
    HttpApiEndpoint.post('validate', '/event/validate', {
      headers: userIdHeader,
      payload: ValidatePayload,
      success: ValidationReport,
      error: [Forbidden, NotFound, EventConflict, InvalidRequest],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Every problem that stops the caller’s event from being published, per wizard step and field, at once. ' +
          'Publish refuses an event with problems (400 naming them).',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Personal calls (`Cache-Control: no-store`) of an accepted organiser or the super user; anyone else ' +
        'gets 403. Another organiser’s event answers 404 as a missing one does.',
    }),
  ) {}
