import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { ProgramForm } from '../components/editor/ProgramForm.tsx'
import { tournamentSearch } from '../components/editor/tournamentDraft.ts'
import {
  loadChosenTournament,
  publishProblemsOf,
  TournamentPicker,
} from '../components/editor/tournamentStep.tsx'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { saveTournamentFn } from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** The program (days of play with their tours) of one of the event's tournaments. */
export const Route = createFileRoute('/event/manage/$eventId/event-program')({
  validateSearch: tournamentSearch,
  loaderDeps: ({ search }) => ({ tournament: search.tournament }),
  loader: ({ params, deps }) => loadChosenTournament(params.eventId, deps.tournament),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Program`, managedEventName(matches)) }),
  component: ProgramStep,
})

function ProgramStep() {
  const { event, problems } = manage.useLoaderData()
  const { tournaments, tournament } = Route.useLoaderData()
  const navigate = useNavigate()
  // While another tournament loads, the form on screen is the previous one's: it takes no typing meanwhile.
  const switching = useRouterState({ select: (s) => s.status === 'pending' })
  const eventId = String(event.id)
  return (
    <section aria-labelledby="program-heading" className="flex flex-col gap-4">
      <h2 id="program-heading" className="text-xl font-bold">
        <Trans>Program</Trans>
      </h2>
      {tournament === null ? (
        <p className="rounded-card border border-line p-6 text-muted">
          <Trans>
            The program lists each tournament’s days and tours, and this event has no tournament yet.{' '}
            <Link
              to="/event/manage/$eventId/tournaments/new-tournament"
              params={{ eventId }}
              className="text-brand-700 underline"
            >
              Add a tournament
            </Link>
          </Trans>
        </p>
      ) : (
        <>
          <TournamentPicker
            tournaments={tournaments}
            selected={tournament.tournamentId}
            onChoose={(id) =>
              navigate({
                to: '/event/manage/$eventId/event-program',
                params: { eventId },
                search: { tournament: id },
              })
            }
          />
          <div inert={switching} aria-busy={switching} className={switching ? 'opacity-60' : undefined}>
            <ProgramForm
              key={tournament.tournamentId}
              initial={tournament.input}
              publishProblems={publishProblemsOf(problems, tournament.tournamentId, ['event-program'])}
              readOnly={!event.permissions.includes('update')}
              onSave={(input) =>
                saveTournamentFn({
                  data: { eventId: event.id, tournamentId: tournament.tournamentId, input },
                })
              }
            />
          </div>
        </>
      )}
    </section>
  )
}
