import { EventEditor, EventGalleries, Gallery, GalleryId, GalleryItemId } from '@kibitz/events'
import { EventId } from '@kibitz/kernel'
import { TournamentEditor } from '@kibitz/tournaments'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { Schema } from 'effect'
import { currentEventActor } from './actor.server.ts'
import { attempt, Result } from './forms.server.ts'

// The gallery manager of event management (/event/manage/{id}/event-gallery, docs/decisions/041): each server
// function right after the server code it runs, which names the events domain's EventGalleries. The screen's form
// posts (uploads, titles, moves, removals; no JavaScript needed) are in galleries.server.ts, the API's
// POST v1/gallery/create in api/galleryHandlers.server.ts. The actor comes from the session only.

const encodeGalleries = Schema.encodeSync(Schema.Array(Gallery))

/**
 * The manager's screen: every gallery of the event (encoded), the event's tournaments by name, in order, and the
 * images stored under the event's folders (the newest 100, to pick into a gallery); null when the event is not
 * the signed-in organiser's (or the super user's).
 */
export const editorGalleries = createServerOnlyFn(async (eventId: EventId) => {
  const actor = await currentEventActor()
  if (!actor) return null
  const galleries = await attempt(EventGalleries.use((g) => g.ofEvent(actor, eventId)))
  if (Result.isFailure(galleries)) return null
  const tournaments = await attempt(TournamentEditor.use((e) => e.tournaments(actor, eventId)))
  const files = await attempt(EventEditor.use((e) => e.files(actor, eventId, { offset: 0, limit: 100 })))
  return {
    images: Result.isSuccess(files)
      ? files.success.files
          .filter((f) => f.file.isImage)
          .map((f) => ({
            key: f.file.path,
            filename: f.file.filename,
            thumbUrl: f.file.thumbUrl ?? f.file.url,
          }))
      : [],
    galleries: encodeGalleries(galleries.success),
    tournaments: Result.isSuccess(tournaments)
      ? tournaments.success.map((t) => ({ tournamentId: t.tournamentId, name: t.name }))
      : [],
  }
})

/** The event's galleries and tournaments for the gallery step (null: not the signed-in organiser's event). */
export const fetchEditorGalleries = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: EventId })))
  .handler(({ data }) => editorGalleries(data.eventId))

/** What reordering answers: done, or why not (the screen says it and reloads the gallery). */
export type ReorderOutcome = { readonly ok: true } | { readonly ok: false; readonly refused: string }

/** A gallery's items in a new order (drag and drop); the order must name each item once. */
export const reorderGallery = createServerOnlyFn(
  async (galleryId: GalleryId, order: ReadonlyArray<GalleryItemId>): Promise<ReorderOutcome> => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, refused: 'signedOut' }
    const result = await attempt(EventGalleries.use((g) => g.reorder(actor, galleryId, order)))
    if (Result.isSuccess(result)) return { ok: true }
    return {
      ok: false,
      refused: result.failure._tag === 'GalleryNotFound' ? 'notFound' : result.failure.reason,
    }
  },
)

/** Drag and drop's save: the gallery's items in the order dropped. */
export const reorderGalleryFn = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        galleryId: GalleryId,
        order: Schema.Array(GalleryItemId).check(Schema.isMaxLength(500)),
      }),
    ),
  )
  .handler(({ data }) => reorderGallery(data.galleryId, data.order))
