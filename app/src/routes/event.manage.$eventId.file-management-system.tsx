import { EventId, idFromText } from '@kibitz/kernel/ids'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, redirect } from '@tanstack/react-router'
import { EventDocumentForm } from '../components/files/EventDocumentForm.tsx'
import { FileManager } from '../components/files/FileManager.tsx'
import { confirmedIds, validateFileSearch } from '../components/files/fileSearch.ts'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'
import { fetchEditorFiles } from '../server/eventEditor.functions.ts'
import { fetchFileManager } from '../server/fileManager.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/**
 * Event management's file manager (spec section 2, file-management-system; issue 17): the organiser's file manager
 * opened at the event's folder (`event/event-{id}`), the whole tree a step up the breadcrumb. The same screen as
 * /file-management-system; its forms post here and come back here. Below it, the upload of a PDF with a purpose
 * (the event's documents, a tournament's documents, rules or results).
 */
export const Route = createFileRoute('/event/manage/$eventId/file-management-system')({
  validateSearch: validateFileSearch,
  loaderDeps: ({ search }) => ({
    folder: search.folder,
    page: search.page ?? 1,
    q: search.q ?? '',
    kind: search.kind ?? null,
    confirm: search.confirm,
  }),
  loader: async ({ params, deps }) => {
    const eventId = idFromText(EventId, params.eventId)
    if (eventId === null) throw await notFoundWithMoreEvents()
    const [answer, state, documents, documentState] = await Promise.all([
      fetchFileManager({
        data: {
          folder: deps.folder === undefined || deps.folder === 0 ? null : deps.folder,
          page: deps.page,
          q: deps.q,
          kind: deps.kind,
          confirm: confirmedIds(deps.confirm),
          eventId: deps.folder === undefined ? eventId : null,
        },
      }),
      fetchFormState({ data: { form: 'file-manager' } }),
      fetchEditorFiles({ data: { eventId, page: 1 } }),
      fetchFormState({ data: { form: 'event-files' } }),
    ])
    // A folder that is gone (or was never theirs): the event's own instead.
    if (!answer.ok && answer.reason === 'notFound')
      throw redirect({
        to: '/event/manage/$eventId/file-management-system',
        params: { eventId: String(eventId) },
      })
    return {
      eventId,
      // The super user without an organiser account of their own has no file tree: the PDF upload only.
      screen: answer.ok ? answer.screen : null,
      state,
      tournaments: documents?.tournaments ?? [],
      documentState,
    }
  },
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/fileManager.server.ts')).eventFileManagerPost(request, params.eventId),
    },
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Files`, managedEventName(matches)) }),
  component: EventFiles,
})

function EventFiles() {
  const { event } = manage.useLoaderData()
  const { eventId, screen, state, tournaments, documentState } = Route.useLoaderData()
  const search = Route.useSearch()
  const base = `/event/manage/${eventId}/file-management-system`
  const documentErrors =
    documentState && (documentState.errors.file || documentState.errors.target || documentState.errors.form)
      ? documentState
      : null
  return (
    <div className="flex min-w-0 flex-col gap-8">
      {screen ? (
        <FileManager
          screen={screen}
          search={search}
          base={base}
          state={state}
          eventId={eventId}
          heading={<Trans>Files</Trans>}
        />
      ) : (
        <p className="rounded-card border border-line bg-canvas p-4 text-sm">
          <Trans>The file manager works on an organiser account’s files; this account has none.</Trans>
        </p>
      )}
      {event.permissions.includes('update') ? (
        <EventDocumentForm
          action={base}
          tournaments={tournaments}
          errors={documentErrors}
          target={documentErrors?.values.target ?? 'event'}
        />
      ) : null}
    </div>
  )
}
