import { EventId, idFromText } from '@kibitz/kernel/ids'
import { EntryFilter } from '@kibitz/registration/input'
import { msg } from '@lingui/core/macro'
import { createFileRoute, getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { Schema } from 'effect'
import { RegistrationsPanel, registrationsHref } from '../components/editor/RegistrationsPanel.tsx'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchRegistrations, markEntriesPaid, runEntryAction } from '../server/registrations.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

const isFilter = Schema.is(EntryFilter)

/**
 * `?page=` from 1, `?tournament=` a tournament id, `?status=` a state of the list and `?q=` the searched text (up
 * to 100 characters); anything else is left out (decision 027), so the filter form works without JavaScript.
 */
const registrationsSearch = (
  search: Record<string, unknown>,
): { page?: number; tournament?: number; status?: EntryFilter; q?: string } => {
  const number = (raw: unknown) =>
    typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  const page = number(search.page)
  const tournament = number(search.tournament)
  const q = typeof search.q === 'string' ? search.q.trim() : ''
  return {
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
    tournament:
      Number.isInteger(tournament) && tournament >= 1 && tournament <= 2_147_483_647 ? tournament : undefined,
    status: isFilter(search.status) ? search.status : undefined,
    q: q !== '' && q.length <= 100 && !/\p{Cc}/u.test(q) ? q : undefined,
  }
}

/**
 * Event management's registrations (issues 5 and 14, /event/manage/{id}/registrations): the event's entries, 50 a
 * page, newest first, searched and filtered by tournament and state, with the CSV of what is shown and the
 * organiser's actions (mark paid, one or the selected ones; cancel; move). The event's organiser or the super user
 * only; to anyone else the event is not found.
 */
export const Route = createFileRoute('/event/manage/$eventId/registrations')({
  validateSearch: registrationsSearch,
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    tournament: search.tournament ?? null,
    status: search.status ?? null,
    q: search.q ?? null,
  }),
  loader: async ({ params, deps }) => {
    const eventId = idFromText(EventId, params.eventId)
    const listing =
      eventId === null
        ? null
        : await fetchRegistrations({
            data: {
              eventId,
              tournamentId: deps.tournament,
              status: deps.status,
              search: deps.q,
              page: deps.page,
            },
          })
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
      // A new page or query starts with nothing selected.
      key={`${listing.page}|${listing.tournamentId}|${listing.status}|${listing.search}`}
      eventId={event.id}
      timeZone={event.general.timeZone}
      listing={listing}
      onFilter={(query) => void navigate({ href: registrationsHref(event.id, 1, query) })}
      onAction={async (entryId, action) => {
        const outcome = await runEntryAction({ data: { entryId, action } })
        // The row shows its new state, and the counts and filters stay true.
        await router.invalidate()
        return outcome
      }}
      onMarkPaid={async (entryIds) => {
        const outcome = await markEntriesPaid({ data: { eventId: event.id, entryIds: [...entryIds] } })
        await router.invalidate()
        return outcome
      }}
    />
  )
}
