import { addDays } from '@kibitz/kernel/format'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { LongDate } from '../components/Dates.tsx'
import { EventGrid } from '../components/EventCard.tsx'
import { Pagination } from '../components/Pagination.tsx'
import { staticPage } from '../lib/render.ts'
import { pageParam } from '../lib/search.ts'
import { pageTitle } from '../lib/title.ts'
import { loadLiveScore } from '../server/catalogue.functions.ts'

export const Route = createFileRoute('/live-score/{-$date}')({
  headers: staticPage,
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({
    page: search.page === undefined ? undefined : pageParam(search.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ params, deps }) => loadLiveScore({ date: params.date, page: deps.page }),
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Live bridge results`) }] }),
  component: LiveScore,
})

function LiveScore() {
  const { date, page, pageNumber, pageSize } = Route.useLoaderData()
  const { t } = useLingui()
  const previous = addDays(date, -1)
  const next = addDays(date, 1)
  const nav =
    'inline-flex h-10 items-center rounded-lg border border-line bg-surface px-3 text-sm font-semibold hover:bg-canvas'
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold">
            <Trans>Live scores</Trans>
          </h1>
          <p className="text-muted">
            <LongDate date={date} /> ·{' '}
            <Plural
              value={page.totalEventsCount}
              _0="no events with live results"
              one="# event with live results"
              other="# events with live results"
            />
          </p>
        </div>
        <nav aria-label={t`Days`} className="flex gap-2">
          {previous ? (
            <Link to="/live-score/{-$date}" params={{ date: previous }} className={nav}>
              <Trans>Previous day</Trans>
            </Link>
          ) : null}
          <Link to="/live-score/{-$date}" params={{ date: undefined }} className={nav}>
            <Trans>Today</Trans>
          </Link>
          {next ? (
            <Link to="/live-score/{-$date}" params={{ date: next }} className={nav}>
              <Trans>Next day</Trans>
            </Link>
          ) : null}
        </nav>
      </div>
      {page.events.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-muted shadow-card">
          <Trans>No event publishes live results on this day.</Trans>
        </p>
      ) : (
        <EventGrid events={page.events} />
      )}
      <Pagination
        page={pageNumber}
        pageSize={pageSize}
        total={page.totalEventsCount}
        href={(p) => `/live-score/${date}?page=${p}`}
      />
    </div>
  )
}
