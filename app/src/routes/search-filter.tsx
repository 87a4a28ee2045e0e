import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EventGrid } from '../components/EventCard.tsx'
import { Pagination } from '../components/Pagination.tsx'
import { SearchForm } from '../components/SearchForm.tsx'
import { staticPage } from '../lib/render.ts'
import { pageParam, stringParam } from '../lib/search.ts'
import { fetchSearch } from '../server/catalogue.functions.ts'

export const Route = createFileRoute('/search-filter')({
  headers: staticPage,
  validateSearch: (search: Record<string, unknown>): { q?: string; page?: number } => ({
    ...(stringParam(search.q) ? { q: stringParam(search.q) } : {}),
    ...(search.page === undefined ? {} : { page: pageParam(search.page) }),
  }),
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page ?? 1 }),
  loader: ({ deps }) => fetchSearch({ data: { q: deps.q, page: deps.page } }),
  head: () => ({
    meta: [{ title: 'Search bridge events — Kibitz' }, { name: 'robots', content: 'noindex' }],
  }),
  component: SearchPage,
})

function SearchPage() {
  const { page, pageNumber, pageSize, filter, canonicalQ, error } = Route.useLoaderData()
  const { t } = useLingui()
  return (
    <div className="flex flex-col gap-8">
      <section className="rounded-card bg-surface p-6 shadow-card">
        <h1 className="mb-4 text-2xl font-bold">
          <Trans>Search events</Trans>
        </h1>
        <SearchForm key={canonicalQ} filter={filter} error={error} />
      </section>
      <section aria-label={t`Results`}>
        <p className="mb-4 text-sm text-muted" role="status">
          <Plural
            value={page.totalEventsCount}
            _0="No events match these filters."
            one="# event found"
            other="# events found"
          />
        </p>
        <EventGrid events={page.events} />
        <Pagination
          page={pageNumber}
          pageSize={pageSize}
          total={page.totalEventsCount}
          href={(p) =>
            `/search-filter?${new URLSearchParams({ ...(canonicalQ ? { q: canonicalQ } : {}), page: String(p) })}`
          }
        />
      </section>
    </div>
  )
}
