import { EventId, idFromText } from '@kibitz/kernel/ids'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { GalleryManager } from '../components/editor/GalleryManager.tsx'
import { Field, FormProblem, Submit } from '../components/Forms.tsx'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'
import { fetchEditorGalleries } from '../server/galleries.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/**
 * The gallery step: the event's picture (shown on its card and page) with its alt text, then the gallery manager
 * (docs/decisions/041): the event's gallery and one per tournament. Plain multipart forms, so it works without
 * JavaScript too; the server re-encodes each image once, with its thumbnails. Posts with `?gallery` are the
 * galleries' (galleries.server.ts), the others the picture's (eventEditor.server.ts).
 */
export const Route = createFileRoute('/event/manage/$eventId/event-gallery')({
  loader: async ({ params }) => {
    const eventId = idFromText(EventId, params.eventId)
    const [state, galleries] = await Promise.all([
      fetchFormState({ data: { form: 'event-gallery*' } }),
      eventId === null ? null : fetchEditorGalleries({ data: { eventId } }),
    ])
    if (!galleries) throw await notFoundWithMoreEvents()
    return { state, ...galleries }
  },
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/galleries.server.ts')).galleryScreenPost(request, params.eventId),
    },
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Gallery`, managedEventName(matches)) }),
  component: GalleryStep,
})

function GalleryStep() {
  const { event } = manage.useLoaderData()
  const { state: anyState, galleries, tournaments, images } = Route.useLoaderData()
  // One form state at a time: the picture's here, a gallery's in its manager.
  const state = anyState?.form === 'event-gallery' ? anyState : null
  const editable = event.permissions.includes('update')
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h2 className="text-lg font-bold">
        <Trans>Event picture</Trans>
      </h2>
      {event.imageUrl ? (
        <figure className="flex flex-col gap-2">
          <img
            src={event.thumbUrl ?? event.imageUrl}
            alt={event.imageAlt ?? ''}
            width={500}
            className="h-auto w-full max-w-md rounded-card"
          />
          <figcaption className="text-sm text-muted">
            {event.imageAlt ? event.imageAlt : <Trans>The picture has no description yet.</Trans>}
          </figcaption>
        </figure>
      ) : (
        <p className="text-muted">
          <Trans>
            The event has no picture yet. Event cards show a picture of the game until you add one.
          </Trans>
        </p>
      )}
      {editable ? (
        <form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <FormProblem state={state} />
          <Field
            name="image"
            type="file"
            label={<Trans>Event picture</Trans>}
            hint={<Trans>JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. Wide pictures look best.</Trans>}
            error={state?.errors.image}
          />
          <Field
            name="alt"
            label={<Trans>What the picture shows (for screen readers)</Trans>}
            maxLength={250}
            defaultValue={state?.values.alt ?? event.imageAlt ?? ''}
            error={state?.errors.alt}
          />
          <div className="flex flex-wrap gap-3">
            <Submit>
              <Trans>Upload the picture</Trans>
            </Submit>
            {event.imageUrl ? (
              <button
                type="submit"
                name="remove"
                value="1"
                className="inline-flex h-11 items-center rounded-lg border border-danger-700/40 px-4 font-semibold text-danger-700"
              >
                <Trans>Remove the picture</Trans>
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      <GalleryManager
        target="event"
        heading={<Trans>Event gallery</Trans>}
        gallery={galleries.find((g) => g.tournamentId === null) ?? null}
        state={anyState}
        editable={editable}
        images={images}
      />
      {tournaments.map((tournament) => {
        const name = tournament.name
        return (
          <GalleryManager
            key={tournament.tournamentId}
            target={`tournament-${tournament.tournamentId}`}
            heading={<Trans>Gallery of {name}</Trans>}
            gallery={galleries.find((g) => g.tournamentId === tournament.tournamentId) ?? null}
            state={anyState}
            editable={editable}
            images={images}
          />
        )
      })}
    </div>
  )
}
