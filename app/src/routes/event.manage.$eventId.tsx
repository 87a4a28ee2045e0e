import { EventId, idFromText } from '@kibitz/kernel/ids'
import { msg } from '@lingui/core/macro'
import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router'
import { EditorShell, type EditorStepKey } from '../components/editor/EditorShell.tsx'
import { requireOrganiser } from '../lib/guards.ts'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchEditorData } from '../server/eventEditor.functions.ts'

/** The event id in the path: a positive whole number, else the event is simply not found. */
export const editorEventId = (raw: string): EventId | null => idFromText(EventId, raw)

const stepOf = (pathname: string): EditorStepKey => {
  const step = pathname.split('/')[4] ?? ''
  switch (step) {
    case 'tournaments':
    case 'registration-entry-fees-and-prizes':
    case 'additional-information':
    case 'event-program':
    case 'event-gallery':
    case 'file-management-system':
      return step
    default:
      return 'general-information'
  }
}

/**
 * Event management (spec section 2, /event/manage/{id}): organiser-only; another organiser's event, a missing
 * one and a malformed id all read as not found.
 */
export const Route = createFileRoute('/event/manage/$eventId')({
  beforeLoad: ({ context, location }) => {
    requireOrganiser(context, location.href)
  },
  loader: async ({ params }) => {
    const eventId = editorEventId(params.eventId)
    const data = eventId === null ? null : await fetchEditorData({ data: { eventId } })
    if (!data) throw await notFoundWithMoreEvents()
    return data
  },
  head: ({ matches }) => ({
    meta: privatePageMeta(matches, msg`General information`, managedEventName(matches)),
  }),
  component: ManageEvent,
})

function ManageEvent() {
  const { event, problems } = Route.useLoaderData()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const main = event.general.contents.find((c) => c.isMain) ?? event.general.contents[0]
  return (
    <EditorShell
      eventId={event.id}
      alias={event.alias}
      name={main?.name ?? event.alias}
      state={event.state}
      permissions={event.permissions}
      dateStart={event.general.dateStart}
      dateEnd={event.general.dateEnd}
      datesToBeAnnounced={event.datesToBeAnnounced}
      problems={problems}
      current={stepOf(pathname)}
    >
      <Outlet />
    </EditorShell>
  )
}
