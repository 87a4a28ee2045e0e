import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { FileManager } from '../components/files/FileManager.tsx'
import { confirmedIds, validateFileSearch } from '../components/files/fileSearch.ts'
import { requireOrganiser } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'
import { fetchFileManager } from '../server/fileManager.functions.ts'

/**
 * The organiser's own file manager (spec section 2, file-management-system; issue 17): their whole file tree, from
 * the organiser menu. Organiser-only; a user without an organiser account in use has no tree (access-forbidden).
 */
export const Route = createFileRoute('/file-management-system')({
  validateSearch: validateFileSearch,
  beforeLoad: ({ context, location }) => {
    requireOrganiser(context, location.href)
  },
  loaderDeps: ({ search }) => ({
    folder: search.folder,
    page: search.page ?? 1,
    q: search.q ?? '',
    kind: search.kind ?? null,
    confirm: search.confirm,
  }),
  loader: async ({ deps }) => {
    const [answer, state] = await Promise.all([
      fetchFileManager({
        data: {
          folder: deps.folder === undefined || deps.folder === 0 ? null : deps.folder,
          page: deps.page,
          q: deps.q,
          kind: deps.kind,
          confirm: confirmedIds(deps.confirm),
          eventId: null,
        },
      }),
      fetchFormState({ data: { form: 'file-manager' } }),
    ])
    // A folder that is gone (or was never theirs): the root instead.
    if (!answer.ok && answer.reason === 'notFound') throw redirect({ to: '/file-management-system' })
    if (!answer.ok) throw redirect({ to: '/access-forbidden' })
    return { screen: answer.screen, state }
  },
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/fileManager.server.ts')).fileManagerPost(request, '/file-management-system'),
    },
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Files`) }),
  component: OwnFiles,
})

function OwnFiles() {
  const { screen, state } = Route.useLoaderData()
  const search = Route.useSearch()
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <FileManager
        screen={screen}
        search={search}
        base="/file-management-system"
        state={state}
        heading={<Trans>My files</Trans>}
        pageHeading
      />
    </div>
  )
}
