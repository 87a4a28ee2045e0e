import { EventId, idFromText, TournamentId } from '@kibitz/kernel/ids'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { TournamentForm } from '../components/editor/TournamentForm.tsx'
import { publishProblemsOf } from '../components/editor/tournamentStep.tsx'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchEditorTournament, saveTournamentFn } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** One tournament's own fields; an unknown id, or another event's tournament, is simply not found. */
export const Route = createFileRoute('/event/manage/$eventId/tournaments/edit-tournament/$tournamentId')({
  loader: async ({ params }) => {
    const eventId = idFromText(EventId, params.eventId)
    const tournamentId = idFromText(TournamentId, params.tournamentId)
    const found =
      eventId === null || tournamentId === null
        ? null
        : await fetchEditorTournament({ data: { eventId, tournamentId } })
    if (!found) throw await notFoundWithMoreEvents()
    return found
  },
  head: ({ matches }) => ({
    meta: privatePageMeta(matches, msg`Edit tournament`, managedEventName(matches)),
  }),
  component: EditTournament,
})

function EditTournament() {
  const { event, problems } = manage.useLoaderData()
  const found = Route.useLoaderData()
  const eventId = String(event.id)
  const search = { tournament: found.tournamentId }
  return (
    <section aria-labelledby="edit-tournament-heading" className="flex flex-col gap-4">
      <p className="text-sm">
        <Link
          to="/event/manage/$eventId/tournaments"
          params={{ eventId }}
          className="text-brand-700 underline"
        >
          <Trans>All tournaments</Trans>
        </Link>
      </p>
      <h2 id="edit-tournament-heading" className="text-xl font-bold">
        {found.input.name}
      </h2>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link
          to="/event/manage/$eventId/registration-entry-fees-and-prizes"
          params={{ eventId }}
          search={search}
          className="text-brand-700 underline"
        >
          <Trans>Entry fees and prizes of this tournament</Trans>
        </Link>
        <Link
          to="/event/manage/$eventId/event-program"
          params={{ eventId }}
          search={search}
          className="text-brand-700 underline"
        >
          <Trans>Program of this tournament</Trans>
        </Link>
      </p>
      {found.hasEntries ? (
        <p className="rounded-lg bg-warn-100 p-3 text-sm text-warn-800">
          <Trans>Players have entered this tournament, so it cannot be removed.</Trans>
        </p>
      ) : null}
      <TournamentForm
        key={found.tournamentId}
        initial={found.input}
        publishProblems={publishProblemsOf(problems, found.tournamentId, ['tournaments'])}
        readOnly={!event.permissions.includes('update')}
        timeZone={event.general.timeZone}
        eventStart={event.general.dateStart}
        locationNames={event.general.locations.flatMap((l) => (l.name ? [l.name] : []))}
        onSave={(input) =>
          saveTournamentFn({ data: { eventId: event.id, tournamentId: found.tournamentId, input } })
        }
      />
    </section>
  )
}
