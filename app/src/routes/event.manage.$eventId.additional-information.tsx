import { msg } from '@lingui/core/macro'
import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router'
import { AdditionalForm } from '../components/editor/AdditionalForm.tsx'
import { useKeptDrafts } from '../components/editor/keptDrafts.tsx'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { saveEventPart } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** The additional-information step of event management. */
export const Route = createFileRoute('/event/manage/$eventId/additional-information')({
  head: ({ matches }) => ({
    meta: privatePageMeta(matches, msg`Additional information`, managedEventName(matches)),
  }),
  component: function AdditionalStep() {
    const { event } = manage.useLoaderData()
    const router = useRouter()
    const drafts = useKeptDrafts()
    return (
      <AdditionalForm
        key={event.updatedAt}
        initial={event.additional}
        readOnly={!event.permissions.includes('update')}
        onSave={async (input) => {
          const outcome = await saveEventPart({ data: { eventId: event.id, part: 'additional', input } })
          if (outcome.ok) {
            // Forgotten before the form is drawn again from what is now stored.
            drafts?.saved('additional')
            await router.invalidate()
          }
          return outcome
        }}
      />
    )
  },
})
