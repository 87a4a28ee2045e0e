import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EventGrid } from '../components/EventCard.tsx'
import { KeysetPagination } from '../components/Pagination.tsx'
import { SearchForm } from '../components/SearchForm.tsx'
import { staticPage } from '../lib/render.ts'
import { type PageStart, pageStartParams, stringParam } from '../lib/search.ts'
import { headI18n, pageTitle } from '../lib/title.ts'
import { loadSearch } from '../server/catalogue.functions.ts'

export const Route = createFileRoute('/search-filter')({
  headers: staticPage,
  validateSearch: (search: Record<string, unknown>): { q?: string } & PageStart => ({
    q: stringParam(search.q) || undefined,
    ...pageStartParams(search),
  }),
  loaderDeps: ({ search }) => ({ q: search.q, after: search.after, before: search.before }),
  loader: ({ deps }) => loadSearch(deps),
  // The plain catalogue is a page search engines may list; its filtered and later pages are not.
  head: ({ match, matches }) => ({
    meta: [
      { title: pageTitle(matches, msg`Search bridge events`) },
      {
        name: 'description',
        content: headI18n(matches)._(
          msg`Every bridge tournament and festival on Kibitz: search by name, place, date and type.`,
        ),
      },
      ...(match.search.q || match.search.after || match.search.before
        ? [{ name: 'robots', content: 'noindex' }]
        : []),
    ],
  }),
  component: SearchPage,
})

function SearchPage() {
  const { listing, countries, filter, canonicalQ, error } = Route.useLoaderData()
  const { t, i18n } = useLingui()
  const count = i18n.number(listing.total)
  return (
    <div className="flex flex-col gap-8">
      <section className="rounded-card bg-surface p-6 shadow-card">
        <h1 className="mb-4 text-2xl font-bold">
          <Trans>Search events</Trans>
        </h1>
        <SearchForm key={canonicalQ} filter={filter} error={error} countries={countries} />
      </section>
      <section aria-labelledby="results-title">
        {/* The cards are h3: the results need their h2, even if only screen readers show it. */}
        <h2 id="results-title" className="sr-only">
          {t`Results`}
        </h2>
        <p className="mb-4 text-sm text-muted" role="status">
          {listing.totalIsLowerBound ? (
            <Trans>More than {count} events found</Trans>
          ) : (
            <Plural
              value={listing.total}
              _0="No events match these filters."
              one="# event found"
              other="# events found"
            />
          )}
          {listing.similarText ? (
            <>
              {' '}
              <Trans>Nothing matched the words as typed; these events have similar words.</Trans>
            </>
          ) : null}
        </p>
        <EventGrid events={listing.events} />
        <KeysetPagination
          previous={listing.previous}
          next={listing.next}
          href={(start) =>
            `/search-filter?${new URLSearchParams({ ...(canonicalQ ? { q: canonicalQ } : {}), ...start })}`
          }
        />
      </section>
    </div>
  )
}
