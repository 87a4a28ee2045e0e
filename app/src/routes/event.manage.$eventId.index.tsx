import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router'
import { GeneralForm, generalDraftOf } from '../components/editor/GeneralForm.tsx'
import { useKeptDrafts } from '../components/editor/keptDrafts.tsx'
import { saveEventPart } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** Step 1 of event management: the general information. */
export const Route = createFileRoute('/event/manage/$eventId/')({
  component: function GeneralStep() {
    const { event, lookups } = manage.useLoaderData()
    const router = useRouter()
    const drafts = useKeptDrafts()
    return (
      <GeneralForm
        key={event.updatedAt}
        initial={generalDraftOf(event.general, event.general.contents[0]?.language ?? 'en')}
        lookups={lookups}
        readOnly={!event.permissions.includes('update')}
        step="general"
        onSave={async (input) => {
          const outcome = await saveEventPart({ data: { eventId: event.id, part: 'general', input } })
          if (outcome.ok) {
            // Forgotten before the form is drawn again from what is now stored.
            drafts?.saved('general')
            await router.invalidate()
          }
          return outcome
        }}
      />
    )
  },
})
