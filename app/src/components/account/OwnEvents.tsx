import { isPublicState } from '@kibitz/events/states'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { DateRange } from '../Dates.tsx'
import { Pagination } from '../Pagination.tsx'

export interface OwnEvent {
  readonly id: number
  readonly alias: string
  readonly name: string
  readonly state: string
  readonly dateStart: string
  readonly dateEnd: string
  readonly tournamentsCount: number
}

export function StateBadge({ state }: { state: string }) {
  const text = (() => {
    switch (state) {
      case 'draft':
        return <Trans>Draft</Trans>
      case 'postponedToDraft':
        return <Trans>Postponed, unpublished</Trans>
      case 'pending':
        return <Trans>Awaiting acceptance</Trans>
      case 'postponed':
        return <Trans>Postponed</Trans>
      case 'canceled':
        return <Trans>Canceled</Trans>
      default:
        return <Trans>Published</Trans>
    }
  })()
  const tone =
    state === 'accepted'
      ? 'bg-brand-100 text-brand-800'
      : state === 'canceled'
        ? 'bg-danger-100 text-danger-700'
        : 'bg-warn-100 text-warn-800'
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>
}

/** My events (spec: /user/events): the all and drafts tabs as links, the events, pages. */
export function OwnEvents(props: {
  draftsOnly: boolean
  page: number
  pageSize: number
  data: { readonly total: number; readonly events: ReadonlyArray<OwnEvent> }
}) {
  const { t } = useLingui()
  const tab = 'rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold'
  const base = props.draftsOnly ? '/user/events/drafts' : '/user/events'
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>My events</Trans>
        </h1>
        <Link
          to="/event/create"
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Create an event</Trans>
        </Link>
      </div>
      <nav aria-label={t`Event lists`} className="flex gap-1 border-b border-line">
        <Link
          to="/user/events"
          aria-current={props.draftsOnly ? undefined : 'page'}
          className={`${tab} ${props.draftsOnly ? 'border-transparent text-muted' : 'border-brand-700 text-brand-800'}`}
        >
          <Trans>All</Trans>
        </Link>
        <Link
          to="/user/events/drafts"
          aria-current={props.draftsOnly ? 'page' : undefined}
          className={`${tab} ${props.draftsOnly ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted'}`}
        >
          <Trans>Drafts</Trans>
        </Link>
      </nav>
      <p className="text-sm text-muted" role="status">
        <Plural value={props.data.total} _0="No events here yet." one="# event" other="# events" />
      </p>
      <ul className="flex flex-col gap-3">
        {props.data.events.map((event) => (
          <li
            key={event.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-surface p-4 shadow-card"
          >
            <div className="flex flex-col gap-1">
              <span className="font-semibold">
                <Link
                  to="/event/manage/$eventId"
                  params={{ eventId: String(event.id) }}
                  className="text-brand-800 underline-offset-2 hover:underline"
                >
                  {event.name}
                </Link>
              </span>
              <span className="text-sm text-muted">
                <DateRange start={event.dateStart} end={event.dateEnd} />
                {' · '}
                <Plural
                  value={event.tournamentsCount}
                  _0="No tournaments yet"
                  one="# tournament"
                  other="# tournaments"
                />
              </span>
            </div>
            <div className="flex items-center gap-3">
              {isPublicState(event.state) ? (
                <Link
                  to="/event/$eventId"
                  params={{ eventId: event.alias }}
                  className="text-sm text-brand-700 underline"
                  aria-label={t`Public page of ${event.name}`}
                >
                  <Trans>Public page</Trans>
                </Link>
              ) : null}
              <StateBadge state={event.state} />
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        page={props.page}
        pageSize={props.pageSize}
        total={props.data.total}
        href={(p) => `${base}?page=${p}`}
      />
    </section>
  )
}
