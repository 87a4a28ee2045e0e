import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EventCount, EventGrid } from '../components/EventCard.tsx'
import { KeysetPagination } from '../components/Pagination.tsx'
import { SearchForm } from '../components/SearchForm.tsx'
import { SuitRow } from '../components/Suits.tsx'
import { staticPage } from '../lib/render.ts'
import { type PageStart, pageStartParams } from '../lib/search.ts'
import { loadHome } from '../server/catalogue.functions.ts'

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): PageStart => pageStartParams(search),
  loaderDeps: ({ search }) => ({ after: search.after, before: search.before }),
  loader: ({ deps }) => loadHome(deps),
  headers: staticPage,
  component: Home,
})

function Home() {
  const { listing } = Route.useLoaderData()
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-card bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-10 text-white shadow-card md:px-10">
        <SuitRow className="rounded-md bg-white px-2 py-0.5 text-lg" />
        <h1 className="mt-3 max-w-2xl text-3xl font-extrabold leading-tight md:text-display">
          <Trans>Find your next bridge tournament</Trans>
        </h1>
        <p className="mt-2 max-w-2xl text-brand-100">
          <Trans>
            Festivals, championships and club events across Europe and online — register in a minute.
          </Trans>
        </p>
        <div className="mt-6 rounded-card bg-surface p-4 text-ink">
          <SearchForm compact />
        </div>
      </section>
      <section aria-labelledby="upcoming-title">
        <div className="mb-4 flex items-baseline justify-between gap-4">
          <h2 id="upcoming-title" className="text-2xl font-bold">
            <Trans>Upcoming and running events</Trans>
          </h2>
          <p className="text-sm text-muted">
            <EventCount total={listing.total} lowerBound={listing.totalIsLowerBound} />
          </p>
        </div>
        <EventGrid events={listing.events} />
        <KeysetPagination
          previous={listing.previous}
          next={listing.next}
          href={(start) => `/?${new URLSearchParams(start)}`}
        />
      </section>
    </div>
  )
}
