import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link, Outlet } from '@tanstack/react-router'
import { DateRange } from '../components/Dates.tsx'
import { PinIcon } from '../components/Icons.tsx'
import { RegisterButton, TournamentPicker } from '../components/registration/TournamentPicker.tsx'
import { SuitRow } from '../components/Suits.tsx'
import { eventTypeLabel } from '../lib/labels.ts'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { staticPage } from '../lib/render.ts'
import { fetchEventPreview, loadEvent } from '../server/eventPage.functions.ts'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/event/$eventId')({
  headers: staticPage,
  // `?register` opens the tournament picker (server-rendered, so it works without JavaScript). `?preview` shows
  // the organiser's own event in any state as its public page will look (docs/decisions/032): never cached, not
  // indexed, and missing for anyone else.
  validateSearch: (search: Record<string, unknown>): { register?: boolean; preview?: boolean } => ({
    register: search.register === undefined || search.register === 'false' ? undefined : true,
    preview: search.preview === undefined || search.preview === 'false' ? undefined : true,
  }),
  loaderDeps: ({ search }) => ({ preview: search.preview === true }),
  loader: async ({ params, deps }) => {
    const data = deps.preview
      ? await fetchEventPreview({ data: { aliasOrId: params.eventId } })
      : await loadEvent(params.eventId)
    if (data === null) throw await notFoundWithMoreEvents()
    return data
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [
          { title: `${loaderData.view.card.name} — Kibitz` },
          ...(loaderData.preview ? [{ name: 'robots', content: 'noindex' }] : []),
          {
            name: 'description',
            content: (loaderData.view.description ?? loaderData.view.card.name).slice(0, 160),
          },
          { property: 'og:title', content: loaderData.view.card.name },
        ]
      : [],
  }),
  component: EventLayout,
})

function EventLayout() {
  const { view, tournaments, preview } = Route.useLoaderData()
  const { register } = Route.useSearch()
  const tabSearch = preview ? { preview: true } : {}
  const unpublished = view.card.state === 'draft' || view.card.state === 'postponedToDraft'
  const { user } = root.useLoaderData()
  const { t, i18n } = useLingui()
  const card = view.card
  const halted = card.state === 'canceled' || card.state === 'postponed'
  // Spec section 2: the edit-event button for the event's organiser or the super user while the event may be
  // edited (neither postponed nor canceled). The server decides again on every save.
  const canEdit =
    user !== null &&
    !halted &&
    (user.isSuper || (user.isOrganizer && user.organizer?.organizerId === card.organiserId))
  const tab =
    'rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-muted hover:text-ink [&.active]:border-brand-700 [&.active]:text-brand-800'
  return (
    <article className="flex flex-col gap-6">
      {preview ? (
        <div
          role="status"
          data-testid="preview-banner"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card border-2 border-dashed border-warn-800 bg-warn-100 p-4"
        >
          <p>
            <strong className="block font-bold">
              {unpublished ? (
                <Trans>Preview — not published yet</Trans>
              ) : (
                <Trans>Preview of the public page</Trans>
              )}
            </strong>
            <span className="text-sm">
              {unpublished ? (
                <Trans>Only you see this page. Players see it once you publish the event.</Trans>
              ) : (
                <Trans>This is how visitors see the event now.</Trans>
              )}
            </span>
          </p>
          <Link
            to="/event/manage/$eventId"
            params={{ eventId: String(view.card.id) }}
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Trans>Back to the editor</Trans>
          </Link>
        </div>
      ) : null}
      <header className="overflow-hidden rounded-card bg-surface shadow-card">
        <div className="relative h-40 bg-gradient-to-br from-brand-700 to-brand-800 md:h-56">
          {view.imageUrl ? (
            <img src={view.imageUrl} alt={card.imageAlt ?? ''} className="h-full w-full object-cover" />
          ) : (
            <div className="grid h-full place-items-center">
              <SuitRow className="rounded-lg bg-white/90 px-4 py-1 text-4xl" />
            </div>
          )}
        </div>
        <div className="flex flex-col gap-2 p-6">
          {halted ? (
            <div role="status" className="rounded-lg bg-danger-100 p-3 text-danger-700">
              <p className="font-bold uppercase">
                {card.state === 'canceled' ? (
                  <Trans>This event is canceled</Trans>
                ) : (
                  <Trans>This event is postponed</Trans>
                )}
              </p>
              {card.state === 'postponed' ? (
                <p className="mt-1 text-sm font-semibold" data-testid="postponed-dates">
                  {view.datesToBeAnnounced ? (
                    <Trans>New dates to be announced</Trans>
                  ) : (
                    <Trans>
                      New dates: <DateRange start={card.dateStart} end={card.dateEnd} />
                    </Trans>
                  )}
                </p>
              ) : null}
              {view.stateMessage ? (
                <p className="mt-1 text-sm" lang={view.contents.find((c) => c.isMain)?.language}>
                  {view.stateMessage}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="flex flex-wrap gap-x-2 text-sm text-muted">
              <span className="font-semibold text-brand-700">{i18n._(eventTypeLabel(card.type))}</span>
              <span aria-hidden="true">·</span>
              <DateRange start={card.dateStart} end={card.dateEnd} />
              {card.isOnline ? (
                <>
                  <span aria-hidden="true">·</span>
                  <Trans>Online</Trans>
                </>
              ) : null}
            </p>
          )}
          <h1 className="text-3xl font-extrabold leading-tight" lang={card.language}>
            {card.name}
          </h1>
          {card.nativeName ? <p className="text-muted">{card.nativeName}</p> : null}
          {card.shortAddresses.length > 0 ? (
            <p className="text-sm text-muted">
              <a href="#location" className="hover:underline">
                <PinIcon className="mr-1 h-3.5 w-3.5 align-[-2px]" />
                {card.shortAddresses.join(' · ')}
              </a>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            {canEdit ? (
              <Link
                to="/event/manage/$eventId"
                params={{ eventId: String(card.id) }}
                className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800"
              >
                <Trans>Edit event</Trans>
              </Link>
            ) : null}
            {!halted && card.isOpenRegistration ? (
              <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
                <Trans>Registration open</Trans>
              </span>
            ) : null}
            {tournaments.some((x) => x.isOpenRegistration) ? (
              <RegisterButton eventAlias={card.alias} />
            ) : null}
            {!halted && card.timeState === 'running' && card.hasLiveResults && card.liveResultsUrl ? (
              <a
                href={card.liveResultsUrl}
                className="rounded-full bg-accent-600 px-3 py-1 text-sm font-semibold text-white hover:bg-accent-500"
              >
                <Trans>Live results</Trans>
              </a>
            ) : null}
            {view.homePageUrl ? (
              <a
                href={view.homePageUrl}
                className="rounded-full border border-line px-3 py-1 text-sm font-semibold hover:bg-canvas"
                rel="noopener"
              >
                {card.isOnline ? <Trans>Play online</Trans> : <Trans>Event website</Trans>}
              </a>
            ) : null}
            {!halted && !preview && card.timeState === 'future' ? (
              <a
                href={`/api/v1/event/ical?ids=${card.id}`}
                download={`${card.alias}.ics`}
                className="rounded-full border border-line px-3 py-1 text-sm font-semibold hover:bg-canvas"
              >
                <Trans>Add to calendar</Trans>
              </a>
            ) : null}
          </div>
        </div>
        <nav aria-label={t`Event sections`} className="flex gap-1 border-t border-line px-4">
          <Link
            to="/event/$eventId"
            params={{ eventId: preview ? String(card.id) : card.alias }}
            search={tabSearch}
            activeOptions={{ exact: true }}
            className={tab}
          >
            <Trans>Overview</Trans>
          </Link>
          <Link
            to="/event/$eventId/details"
            params={{ eventId: preview ? String(card.id) : card.alias }}
            search={tabSearch}
            className={tab}
          >
            <Trans>Tournaments and prices</Trans>
          </Link>
          <Link
            to="/event/$eventId/program"
            params={{ eventId: preview ? String(card.id) : card.alias }}
            search={tabSearch}
            className={tab}
          >
            <Trans>Program</Trans>
          </Link>
        </nav>
      </header>
      <Outlet />
      <TournamentPicker
        open={register === true}
        eventAlias={card.alias}
        tournaments={tournaments}
        lang={view.contents.find((c) => c.isMain)?.language}
      />
    </article>
  )
}
