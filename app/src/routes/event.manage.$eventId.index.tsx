import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router'
import { GeneralForm, generalDraftOf } from '../components/editor/GeneralForm.tsx'
import { useKeptDrafts } from '../components/editor/keptDrafts.tsx'
import { fetchAccountLookups } from '../server/account.functions.ts'
import { saveEventPart } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/**
 * Step 1 of event management: the general information. Only this step's form picks countries, currencies and
 * languages, so only it reads them (the other steps would otherwise read and ship some 400 of them for nothing).
 */
export const Route = createFileRoute('/event/manage/$eventId/')({
  loader: async () => ({ lookups: await fetchAccountLookups() }),
  component: function GeneralStep() {
    const { event } = manage.useLoaderData()
    const { lookups } = Route.useLoaderData()
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
