import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { GeneralForm, generalDraftOf } from '../components/editor/GeneralForm.tsx'
import { requireOrganiser } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchAccountLookups } from '../server/account.functions.ts'
import { createEventDraft, fetchEventCreators } from '../server/eventEditor.functions.ts'

/**
 * Spec section 2: /event/create, the wizard's first step (general information). Saving it makes a draft; the
 * wizard then goes on at /event/manage/{id} with the same steps (docs/decisions/017-event-editor-screens.md).
 */
export const Route = createFileRoute('/event/create/')({
  beforeLoad: ({ context, location }) => {
    requireOrganiser(context, location.href)
  },
  loader: async () => ({ lookups: await fetchAccountLookups(), creators: await fetchEventCreators() }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Create an event`) }),
  component: CreateEvent,
})

function CreateEvent() {
  const { lookups, creators } = Route.useLoaderData()
  const { i18n } = useLingui()
  const navigate = useNavigate()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">
          <Trans>Create an event</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            Step 1 of 6: the general information. Your event is saved as a draft; nobody sees it until you
            publish it, and you can come back to it any time from My events.
          </Trans>
        </p>
      </header>
      <GeneralForm
        initial={generalDraftOf(null, i18n.locale)}
        lookups={lookups}
        creators={creators}
        submitLabel={<Trans>Save and continue</Trans>}
        onSave={async (general) => {
          const outcome = await createEventDraft({ data: { general } })
          if (outcome.ok)
            await navigate({
              to: '/event/manage/$eventId/tournaments',
              params: { eventId: String(outcome.event.id) },
            })
          return outcome
        }}
      />
    </section>
  )
}
