import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { OwnEvents } from '../components/account/OwnEvents.tsx'
import { requireOrganiser } from '../lib/guards.ts'
import { pageParam } from '../lib/search.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchOwnEvents } from '../server/account.functions.ts'

const pageSize = 18

/** Organiser-only (spec sections 2 and 4): the organiser's own events. */
export const Route = createFileRoute('/user/events/')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({
    page: search.page === undefined ? undefined : pageParam(search.page),
  }),
  beforeLoad: ({ context, location }) => {
    requireOrganiser(context, location.href)
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps }) => fetchOwnEvents({ data: { draftsOnly: false, page: deps.page } }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`My events`) }),
  component: () => {
    const data = Route.useLoaderData()
    const { page } = Route.useSearch()
    return data ? <OwnEvents draftsOnly={false} page={page ?? 1} pageSize={pageSize} data={data} /> : null
  },
})
