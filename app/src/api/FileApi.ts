import { GalleryUploadResult } from '@kibitz/events'
import { EventDocument, maxDocumentBytes, maxEventImageBytes } from '@kibitz/files'
import { EventId, TournamentId } from '@kibitz/kernel'
import { Schema } from 'effect'
import { Multipart } from 'effect/http'
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { EventConflict } from './EventActionsApi.ts'
import { BodyId, ContentTooLarge } from './EventWritesApi.ts'
import { Forbidden, InvalidRequest, NotFound } from './Problems.ts'
import { Authenticated } from './UserApi.ts'

// The file calls of spec section 7 (Files) that put an event's images and documents where they are used
// (docs/decisions/040): image-upload/{kind} into an event's or a tournament's gallery, image-save/{kind} of images
// already in the file manager, document-upload/{kind} into the event's or a tournament's documents or results.

/** Where images go: the event's gallery or one of its tournaments'. */
export const ImageKind = Schema.Literals(['event', 'tournament']).annotate({
  description:
    '`event`: the event’s gallery; `tournament`: the gallery of the tournament named by `tournamentId`.',
})

/** Where a document goes: the event's documents, a tournament's documents, or a tournament's results. */
export const DocumentUploadKind = Schema.Literals(['event', 'tournament', 'results']).annotate({
  description:
    '`event`: the event’s documents; `tournament`: the documents of `tournamentId`; `results`: its results.',
})

/** The most images one image-upload takes (a gallery holds more, in several calls). */
export const maxImagesPerUpload = 20

/** The body limit of image-upload: its images and the framing. */
export const imageUploadBodyBytes = maxImagesPerUpload * maxEventImageBytes + 1024 * 1024

/** The body limit of document-upload. */
export const documentUploadBodyBytes = maxDocumentBytes + 64 * 1024

const idPart = (description: string) =>
  Schema.String.check(Schema.isPattern(/^[1-9]\d{0,9}$/u)).annotate({ description })

/** POST v1/file/image-upload/{kind}: the event, its tournament for `tournament`, and the images. */
export const ImageUploadPayload = Schema.Struct({
  eventId: idPart('The numeric id of the caller’s event.'),
  tournamentId: Schema.optionalKey(idPart('For `tournament`: one of that event’s tournaments.')),
  file: Multipart.FilesSchema.annotate({
    description: `The images (JPEG, PNG, WebP, AVIF, GIF; 10 MB each, at most ${maxImagesPerUpload}).`,
  }),
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: maxImagesPerUpload + 8, maxFieldSize: '16 KiB' }))

/** POST v1/file/document-upload/{kind}: the event, its tournament for `tournament` and `results`, the document. */
export const DocumentUploadPayload = Schema.Struct({
  eventId: idPart('The numeric id of the caller’s event.'),
  tournamentId: Schema.optionalKey(
    idPart('For `tournament` and `results`: one of that event’s tournaments.'),
  ),
  file: Multipart.PersistedFileSchema.annotate({ description: 'The PDF document, at most 20 MB.' }),
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: 16, maxFieldSize: '16 KiB' }))

/** POST v1/file/image-save/{kind}: images already in the caller's file manager, by their `path`. */
export const ImageSavePayload = Schema.Struct({
  eventId: BodyId.pipe(Schema.decodeTo(EventId)).annotate({
    description: 'The numeric id of the caller’s event.',
  }),
  tournamentId: Schema.optionalKey(
    Schema.NullOr(BodyId.pipe(Schema.decodeTo(TournamentId))).annotate({
      description: 'For `tournament`: one of that event’s tournaments.',
    }),
  ),
  paths: Schema.Array(Schema.String.check(Schema.isMaxLength(500)))
    .check(Schema.isMinLength(1), Schema.isMaxLength(100))
    .annotate({ description: 'The images’ `path` as the file manager lists them (1 to 100).' }),
})

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

const errors = [Forbidden, NotFound, EventConflict, InvalidRequest]

/** POST v1/file/*: an event's images and documents put where they are used. */
export class FileGroup extends HttpApiGroup.make('file')
  .add(
    HttpApiEndpoint.post('imageUpload', '/file/image-upload/:kind', {
      params: { kind: ImageKind },
      query: {
        thumbWidth: Schema.optionalKey(
          Schema.String.check(Schema.isPattern(/^\d{1,6}$/u)).annotate({
            description:
              'The thumbnail’s width in pixels, 50 to 2000 (default 500); 320, 640 and 1280 are made too.',
          }),
        ),
      },
      headers: userIdHeader,
      payload: ImageUploadPayload,
      success: GalleryUploadResult.pipe(HttpApiSchema.status(201)),
      error: [...errors, ContentTooLarge],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Adds images to the gallery of the caller’s event or of one of its tournaments (made on the first image), ' +
          'each re-encoded as WebP with its thumbnails and kept in the file manager (`event/event-{id}/gallery`). ' +
          'A refused image is named in `refused` with its rule; the others are added.',
      ),
    HttpApiEndpoint.post('imageSave', '/file/image-save/:kind', {
      params: { kind: ImageKind },
      headers: userIdHeader,
      payload: ImageSavePayload,
      success: GalleryUploadResult,
      error: errors,
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Adds images already in the caller’s file manager (their `path`) to the gallery of the event or of one ' +
          'of its tournaments, without copying them; anything not an image of the event’s organiser is refused.',
      ),
    HttpApiEndpoint.post('documentUpload', '/file/document-upload/:kind', {
      params: { kind: DocumentUploadKind },
      headers: userIdHeader,
      payload: DocumentUploadPayload,
      success: EventDocument.pipe(HttpApiSchema.status(201)),
      error: [...errors, ContentTooLarge],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Stores a PDF in the event’s documents, a tournament’s documents or its results (spec section 9 folders), ' +
          'listed on the public event and tournament pages with its type, size and date.',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Personal calls of an accepted organiser (on their events) or the super user; others get 403.',
    }),
  ) {}
