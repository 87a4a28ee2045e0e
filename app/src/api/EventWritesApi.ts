import { DocumentKind, EventEditorView } from '@kibitz/events'
import { EventDocument, maxDocumentBytes, maxEventImageBytes } from '@kibitz/files'
import { EventId, rule, TournamentId, ValidationRule } from '@kibitz/kernel'
import { TournamentForEdit, TournamentInput } from '@kibitz/tournaments'
import { Schema, SchemaTransformation } from 'effect'
import { Multipart } from 'effect/http'
import { HttpApiEndpoint, HttpApiError, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { EventConflict, EventIdParam } from './EventActionsApi.ts'
import { Forbidden, InvalidRequest, NotFound, ProblemCode } from './Problems.ts'
import { Authenticated } from './UserApi.ts'

// The organiser's remaining event writes of spec section 7: the event's tournaments (create, edit data, update,
// remove, set-tournaments-ordering, program), its picture (upload-image, remove) and its PDF documents
// (upload-pdf).
// Schemas and endpoints only; the events domain's editor decides who may edit which event.

/** The largest id PostgreSQL's integer column holds. */
const maximumId = 2147483647

/** The tournament's numeric id in the path: a positive whole number, else 400 naming `tournamentId`. */
export const TournamentIdParam = Schema.String.annotate({ description: 'The numeric tournament id.' }).pipe(
  Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
  Schema.decodeTo(TournamentId),
)

/** An id in a JSON body: a positive whole number within PostgreSQL's integer, else `outOfRange`. */
export const BodyId = Schema.Number.check(
  rule(
    ValidationRule.outOfRange,
    (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= maximumId,
  ).annotate({
    toJsonSchema: () => ({ type: 'integer', minimum: 1, maximum: maximumId }),
  }),
  // Never reached (the range check aborts first); it keeps the JSON schema a number, whose bounds then show.
  Schema.isFinite(),
)

/**
 * POST v1/event/program: one tournament's program days, which replace the ones it has. Decoded with every
 * problem at once, each named by its dotted path (`programs.0.tours.1.time`).
 */
export const ProgramPayload = Schema.Struct({
  eventId: BodyId.pipe(Schema.decodeTo(EventId)).annotate({
    description: 'The numeric id of the caller’s event.',
  }),
  tournamentId: BodyId.pipe(Schema.decodeTo(TournamentId)).annotate({
    description: 'The numeric id of one of that event’s tournaments.',
  }),
  programs: TournamentInput.fields.programs.annotate({
    description:
      'The program, a day at most once: `date` YYYY-MM-DD and its `tours`, each a `time` HH:mm and a `name`.',
  }),
})
export type ProgramPayload = typeof ProgramPayload.Type

/** Multipart framing and the small text fields around an uploaded file. */
const uploadOverheadBytes = 64 * 1024

/**
 * The body limit of each upload path (the rest of the API reads at most 1 MB): the files domain's largest
 * image or document, plus the multipart framing.
 */
export const uploadBodyLimits: Readonly<Record<string, number>> = {
  '/api/v1/event/upload-image': maxEventImageBytes + uploadOverheadBytes,
  '/api/v1/event/upload-pdf': maxDocumentBytes + uploadOverheadBytes,
}

/** POST v1/event/{id}/set-tournaments-ordering: every tournament of the event once, in the new order. */
export const TournamentsOrderingPayload = Schema.Struct({
  tournamentIds: Schema.Array(TournamentId)
    .check(Schema.isMaxLength(500))
    .annotate({ description: 'Each of the event’s tournament ids exactly once, first to last.' }),
})

const textPart = (description: string) => Schema.String.annotate({ description })

/**
 * A form field holding an id, as the upload handlers check it (a positive whole number, at most 10 digits). The
 * form's schema documents the parts; the handlers read them from the multipart stream.
 */
const idPart = (description: string) =>
  Schema.String.check(Schema.isPattern(/^[1-9]\d{0,9}$/u)).annotate({ description })

/** POST v1/event/upload-image: the event and its picture, as multipart/form-data. */
export const UploadImagePayload = Schema.Struct({
  eventId: idPart('The numeric id of the caller’s event.'),
  file: Multipart.PersistedFileSchema.annotate({
    description: 'The picture (JPEG, PNG, WebP, AVIF, GIF…; at most 10 MB), stored re-encoded as WebP.',
  }),
  alt: Schema.optionalKey(textPart('The picture’s alternative text, at most 250 characters.')),
  thumbWidth: Schema.optionalKey(
    Schema.String.check(Schema.isPattern(/^\d{1,6}$/u)).annotate({
      description: 'The thumbnail’s width in pixels, 50 to 2000 (default 500); never wider than the picture.',
    }),
  ),
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: 16, maxFieldSize: '16 KiB' }))

/** POST v1/event/upload-pdf: the event (and tournament) and a PDF document, as multipart/form-data. */
export const UploadPdfPayload = Schema.Struct({
  eventId: idPart('The numeric id of the caller’s event.'),
  tournamentId: Schema.optionalKey(
    idPart('A tournament of that event: the document is the tournament’s, not the event’s.'),
  ),
  kind: DocumentKind.annotate({
    description: '`documents` (rules, programme…) or `results` (needs `tournamentId`).',
  }),
  file: Multipart.PersistedFileSchema.annotate({ description: 'The PDF document, at most 20 MB.' }),
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: 16, maxFieldSize: '16 KiB' }))

/** 413: the upload (or one of its parts) is larger than the call takes. */
export class ContentTooLarge extends HttpApiError.Problem<ContentTooLarge>()(
  'ContentTooLarge',
  { type: 'about:blank', status: 413, title: 'Content Too Large' },
  { code: ProblemCode },
) {}

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

const tournamentPath = { id: EventIdParam, tournamentId: TournamentIdParam }
const errors = [Forbidden, NotFound, EventConflict, InvalidRequest]

/** POST/PUT/DELETE v1/event/{id}/tournaments*, set-tournaments-ordering, program, upload-image, upload-pdf. */
export class EventWritesGroup extends HttpApiGroup.make('eventWrites')
  .add(
    HttpApiEndpoint.post('createTournament', '/event/:id/tournaments', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: TournamentInput,
      success: TournamentForEdit,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Adds a tournament (with its tickets, age categories, prizes, prize setup, sessions, stages and program) ' +
          'after the event’s others. Every invalid field is named at once: 400 with `errors[].field` the dotted ' +
          'path (e.g. `tickets.0.ageCategories.1.quantity`) and `rule` the broken rule. Answers the tournament ' +
          'as GET …/edit-data does.',
      ),
    HttpApiEndpoint.get('tournamentEditData', '/event/:id/tournaments/:tournamentId/edit-data', {
      params: tournamentPath,
      headers: userIdHeader,
      success: TournamentForEdit,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'One tournament of the caller’s event as the edit form takes it: its input (registration times as ' +
          'wall-clock `YYYY-MM-DDTHH:mm` in the event’s zone), the tickets sold per ticket id, and whether ' +
          'players have entered it.',
      ),
    HttpApiEndpoint.put('updateTournament', '/event/:id/tournaments/:tournamentId', {
      params: tournamentPath,
      headers: userIdHeader,
      payload: TournamentInput,
      success: TournamentForEdit,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Replaces a tournament of the caller’s event; the body is the `input` GET …/edit-data answers, so a ' +
          'client reads it, changes fields and sends it back. Tickets and age categories are matched by id; one with ' +
          'sales cannot be left out nor its quantity put below what is sold (400 naming the field). The alias ' +
          'never changes.',
      ),
    HttpApiEndpoint.delete('removeTournament', '/event/:id/tournaments/:tournamentId', {
      params: tournamentPath,
      headers: userIdHeader,
      success: HttpApiSchema.NoContent,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Removes a tournament nobody has entered or bought a ticket for (else 409 hasEntries), with its ' +
          'tickets, prizes and program.',
      ),
    HttpApiEndpoint.post('setTournamentsOrdering', '/event/:id/set-tournaments-ordering', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      payload: TournamentsOrderingPayload,
      success: HttpApiSchema.NoContent,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Orders the event’s tournaments; `tournamentIds` must name each of them exactly once (else 400 naming ' +
          'tournamentIds).',
      ),
    HttpApiEndpoint.post('saveProgram', '/event/program', {
      headers: userIdHeader,
      payload: ProgramPayload,
      success: TournamentForEdit,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Replaces the program of one tournament of the caller’s event and leaves the rest of the tournament ' +
          'as it is. Every invalid field is named at once: 400 with `errors[].field` the dotted path (e.g. ' +
          '`programs.0.tours.1.time`) and `rule` the broken rule. A tournament of another event is 404. ' +
          'Answers the tournament as GET …/edit-data does.',
      ),
    HttpApiEndpoint.post('uploadImage', '/event/upload-image', {
      headers: userIdHeader,
      payload: UploadImagePayload,
      success: EventEditorView,
      error: [...errors, ContentTooLarge],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Sets the picture of the caller’s event (multipart/form-data, at most 10 MB): re-encoded as WebP ' +
          'within 2560 px, with a thumbnail `thumbWidth` wide. The previous picture is removed. A file that is ' +
          'not a picture is 400 naming `file` (rule notAnImage); a larger body is 413. Answers the event as the ' +
          'editor shows it (`imageUrl`, `thumbUrl`, `imageAlt`).',
      ),
    HttpApiEndpoint.delete('removeImage', '/event/:id/image', {
      params: { id: EventIdParam },
      headers: userIdHeader,
      success: EventEditorView,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(OpenApi.Description, 'Removes the picture of the caller’s event and its files.'),
    HttpApiEndpoint.post('uploadPdf', '/event/upload-pdf', {
      headers: userIdHeader,
      payload: UploadPdfPayload,
      success: EventDocument,
      error: [...errors, ContentTooLarge],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Stores a PDF (multipart/form-data, at most 20 MB) among the documents of the caller’s event, or of ' +
          'one of its tournaments (`tournamentId`), or as a tournament’s results (`kind` results). Anything ' +
          'without the PDF signature is 400 naming `file` (rule notAPdf); a tournament of another event is 404.',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Personal calls (`Cache-Control: no-store`) of an accepted organiser or the super user; anyone else ' +
        'gets 403. Another organiser’s event, or a tournament of another event, answers 404 as a missing one ' +
        'does. A postponed or canceled event cannot be edited (409 notEditable).',
    }),
  ) {}
