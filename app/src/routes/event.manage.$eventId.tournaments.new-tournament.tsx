import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { TournamentForm } from '../components/editor/TournamentForm.tsx'
import { newTournamentInput } from '../components/editor/tournamentDraft.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { saveTournamentFn } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** A new tournament of the event: its own fields first; tickets, prizes and program on their steps. */
export const Route = createFileRoute('/event/manage/$eventId/tournaments/new-tournament')({
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`New tournament`, managedEventName(matches)) }),
  component: function NewTournament() {
    const { event } = manage.useLoaderData()
    const navigate = useNavigate()
    const eventId = String(event.id)
    return (
      <section aria-labelledby="new-tournament-heading" className="flex flex-col gap-4">
        <p className="text-sm">
          <Link
            to="/event/manage/$eventId/tournaments"
            params={{ eventId }}
            className="text-brand-700 underline"
          >
            <Trans>All tournaments</Trans>
          </Link>
        </p>
        <h2 id="new-tournament-heading" className="text-xl font-bold">
          <Trans>New tournament</Trans>
        </h2>
        <TournamentForm
          initial={newTournamentInput(event.general.dateStart)}
          reloadAfterSave={false}
          publishProblems={{}}
          readOnly={!event.permissions.includes('update')}
          timeZone={event.general.timeZone}
          eventStart={event.general.dateStart}
          locationNames={event.general.locations.flatMap((l) => (l.name ? [l.name] : []))}
          onSave={async (input) => {
            const outcome = await saveTournamentFn({ data: { eventId: event.id, tournamentId: null, input } })
            // Created: go on editing it at its own address (the layout's loader then refreshes the problems).
            if (outcome.ok)
              await navigate({
                to: '/event/manage/$eventId/tournaments/edit-tournament/$tournamentId',
                params: { eventId, tournamentId: String(outcome.tournamentId) },
              })
            return outcome
          }}
        />
      </section>
    )
  },
})
