import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { Field, FormProblem, Submit } from '../components/Forms.tsx'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/**
 * The gallery step: the event's picture (shown on its card and page) with its alt text. A plain multipart form,
 * so it works without JavaScript too; the server re-encodes the picture and makes a 500 px thumbnail.
 */
export const Route = createFileRoute('/event/manage/$eventId/event-gallery')({
  loader: () => fetchFormState({ data: { form: 'event-gallery' } }),
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/eventEditor.server.ts')).galleryPost(request, params.eventId),
    },
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Gallery`, managedEventName(matches)) }),
  component: GalleryStep,
})

function GalleryStep() {
  const { event } = manage.useLoaderData()
  const state = Route.useLoaderData()
  const editable = event.permissions.includes('update')
  return (
    <div className="flex max-w-2xl flex-col gap-6">
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
    </div>
  )
}
