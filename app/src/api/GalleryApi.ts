import { Gallery, galleryTitleMax } from '@kibitz/events'
import { EventId, TournamentId } from '@kibitz/kernel'
import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { EventConflict } from './EventActionsApi.ts'
import { BodyId } from './EventWritesApi.ts'
import { Forbidden, InvalidRequest, NotFound } from './Problems.ts'
import { Authenticated } from './UserApi.ts'

// POST v1/gallery/create of spec section 7 (Files): a gallery for the caller's event or one of its tournaments
// (docs/decisions/041). Schemas and the endpoint only; the events domain's EventGalleries decides who may.

/** POST v1/gallery/create's body. */
export const GalleryCreatePayload = Schema.Struct({
  eventId: BodyId.pipe(Schema.decodeTo(EventId)).annotate({
    description: 'The numeric id of the caller’s event.',
  }),
  tournamentId: Schema.optionalKey(
    Schema.NullOr(BodyId.pipe(Schema.decodeTo(TournamentId))).annotate({
      description:
        'One of that event’s tournaments: the gallery is the tournament’s. Absent or null: the event’s.',
    }),
  ),
  title: Schema.optionalKey(
    Schema.NullOr(Schema.String).annotate({
      description: `The gallery’s title, at most ${galleryTitleMax} characters (trimmed; empty is none).`,
    }),
  ),
  isActive: Schema.optionalKey(
    Schema.Boolean.annotate({ description: 'Whether the public pages show it (default true).' }),
  ),
})

const userIdHeader = {
  'x-user-id': Schema.optionalKey(
    Schema.String.annotate({
      description: 'The id of the user the client believes is signed in; a different user answers 2002.',
    }),
  ),
}

/** POST v1/gallery/create. */
export class GalleryGroup extends HttpApiGroup.make('gallery')
  .add(
    HttpApiEndpoint.post('createGallery', '/gallery/create', {
      headers: userIdHeader,
      payload: GalleryCreatePayload,
      success: Gallery,
      error: [Forbidden, NotFound, EventConflict, InvalidRequest],
    })
      .middleware(Authenticated)
      .annotate(
        OpenApi.Description,
        'Creates the gallery of the caller’s event, or of one of its tournaments (spec section 3 Gallery), empty ' +
          'and active unless `isActive` is false; images are added in event management. An event or a ' +
          'tournament has one gallery: a second is 400 naming `tournamentId` (rule duplicate). Another ' +
          'organiser’s event, or a tournament of another event, is 404; a postponed or canceled event 409 ' +
          'notEditable; a title over 200 characters 400 naming `title` (tooLong).',
      ),
  )
  .prefix('/api/v1')
  .annotateMerge(
    OpenApi.annotations({
      description:
        'Galleries (issue 17): personal calls of an accepted organiser or the super user; anyone else gets 403.',
    }),
  ) {}
