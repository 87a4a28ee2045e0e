import { msg } from '@lingui/core/macro'
import { createFileRoute, getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { RegistrationsPanel, registrationsHref } from '../components/editor/RegistrationsPanel.tsx'
import { pathId } from '../components/editor/tournamentDraft.ts'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchRegistrations, runEntryAction } from '../server/registrations.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** `?page=` from 1 and `?tournament=` a tournament id; anything else is left out. */
const registrationsSearch = (search: Record<string, unknown>): { page?: number; tournament?: number } => {
  const number = (raw: unknown) =>
    typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  const page = number(search.page)
  const tournament = number(search.tournament)
  return {
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
    tournament:
      Number.isInteger(tournament) && tournament >= 1 && tournament <= 2_147_483_647 ? tournament : undefined,
  }
}

/**
 * Event management's registrations (issue 5, /event/manage/{id}/registrations): the event's entries, 50 a page,
 * newest first, filtered by tournament, with the CSV and the organiser's actions (mark paid, cancel, move).
 * The event's organiser or the super user only; to anyone else the event is not found.
 */
export const Route = createFileRoute('/event/manage/$eventId/registrations')({
  validateSearch: registrationsSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, tournament: search.tournament ?? null }),
  loader: async ({ params, deps }) => {
    const eventId = pathId(params.eventId)
    const listing =
      eventId === null
        ? null
        : await fetchRegistrations({ data: { eventId, tournamentId: deps.tournament, page: deps.page } })
    if (!listing) throw await notFoundWithMoreEvents()
    return { listing }
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Registrations`, managedEventName(matches)) }),
  component: RegistrationsScreen,
})

function RegistrationsScreen() {
  const { event } = manage.useLoaderData()
  const { listing } = Route.useLoaderData()
  const navigate = useNavigate()
  const router = useRouter()
  return (
    <RegistrationsPanel
      eventId={event.id}
      timeZone={event.general.timeZone}
      listing={listing}
      onFilter={(tournamentId) => void navigate({ href: registrationsHref(event.id, 1, tournamentId) })}
      onAction={async (entryId, action) => {
        const outcome = await runEntryAction({ data: { entryId, action } })
        // The row shows its new state, and the counts and filters stay true.
        await router.invalidate()
        return outcome
      }}
    />
  )
}
