import { formatTime } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { DateRange } from '../components/Dates.tsx'
import { DocumentList } from '../components/Documents.tsx'
import { GalleryGrid } from '../components/Gallery.tsx'
import { TournamentRow } from '../components/TournamentSummary.tsx'

const eventRoute = getRouteApi('/event/$eventId')

export const Route = createFileRoute('/event/$eventId/')({ component: EventHome })

function EventHome() {
  const { view, tournaments, organisers, hotels, participants, documents } = eventRoute.useLoaderData()
  const eventGallery = view.galleries.find((g) => g.tournamentId === null)
  const eventDocuments = documents.filter((d) => d.tournamentId === null)
  const { t } = useLingui()
  const card = view.card
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-2">
        {view.description ? (
          <section className="rounded-card bg-surface p-6 shadow-card">
            <h2 className="mb-2 text-xl font-bold">
              <Trans>About the event</Trans>
            </h2>
            <p className="whitespace-pre-line leading-relaxed" lang={card.language}>
              {view.description}
            </p>
          </section>
        ) : null}
        <section aria-labelledby="tournaments-title">
          <h2 id="tournaments-title" className="mb-3 text-xl font-bold">
            <Trans>Tournaments</Trans>
          </h2>
          {tournaments.length === 0 ? (
            <p className="text-muted">
              <Trans>The organiser has not published the tournaments yet.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {tournaments.map((tournament) => (
                <TournamentRow
                  key={tournament.tournamentId}
                  lang={view.contents.find((c) => c.isMain)?.language}
                  eventAlias={card.alias}
                  tournament={tournament}
                  participants={participants.find((p) => p.tournamentId === tournament.tournamentId)}
                />
              ))}
            </ul>
          )}
        </section>
        {eventGallery ? (
          <div className="rounded-card bg-surface p-6 shadow-card">
            <GalleryGrid gallery={eventGallery} heading={<Trans>Photos</Trans>} />
          </div>
        ) : null}
      </div>
      <aside className="flex flex-col gap-6">
        {eventDocuments.length > 0 ? (
          <div className="rounded-card bg-surface p-6 shadow-card">
            <DocumentList documents={eventDocuments} timeZone={view.timeZone} />
          </div>
        ) : null}
        <section id="location" className="scroll-mt-24 rounded-card bg-surface p-6 shadow-card">
          <h2 className="mb-2 text-lg font-bold">
            {card.isOnline ? <Trans>Where to play</Trans> : <Trans>Location</Trans>}
          </h2>
          <ul className="flex flex-col gap-3">
            {view.locations.map((location) => (
              <li key={location.locationId}>
                <p className="font-semibold">{location.name ?? location.shortAddressLine}</p>
                {location.formattedAddress ? (
                  <p className="text-sm text-muted">{location.formattedAddress}</p>
                ) : null}
                {location.dateStart && location.dateEnd ? (
                  <p className="text-sm text-muted">
                    <DateRange start={location.dateStart} end={location.dateEnd} />
                    {location.startTime ? ` · ${formatTime(location.startTime)}` : null}
                  </p>
                ) : null}
                {location.externalUrl ? (
                  <a
                    href={location.externalUrl}
                    className="text-sm font-semibold text-brand-700 hover:underline"
                    rel="noopener"
                  >
                    {location.externalUrl.replace(/^https?:\/\//, '')}
                  </a>
                ) : location.lat !== null && location.long !== null ? (
                  <a
                    href={`https://www.openstreetmap.org/?mlat=${location.lat}&mlon=${location.long}#map=16/${location.lat}/${location.long}`}
                    className="text-sm font-semibold text-brand-700 hover:underline"
                    rel="noopener"
                  >
                    <Trans>Open the map</Trans>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
        {organisers.length > 0 ? (
          <section className="rounded-card bg-surface p-6 shadow-card">
            <h2 className="mb-2 text-lg font-bold">
              <Trans>Organiser</Trans>
            </h2>
            {organisers.map((organiser) => (
              <div key={organiser.organiserId} className="text-sm">
                <p className="font-semibold">{organiser.name}</p>
                {organiser.websiteUrl ? (
                  <a className="text-brand-700 hover:underline" href={organiser.websiteUrl} rel="noopener">
                    {organiser.websiteUrl.replace(/^https?:\/\//, '')}
                  </a>
                ) : null}
                {(view.organiserEmail ?? organiser.email) ? (
                  <p>
                    <a
                      className="text-brand-700 hover:underline"
                      href={`mailto:${view.organiserEmail ?? organiser.email}`}
                    >
                      {view.organiserEmail ?? organiser.email}
                    </a>
                  </p>
                ) : null}
              </div>
            ))}
          </section>
        ) : null}
        {hotels.length > 0 ? (
          <section className="rounded-card bg-surface p-6 shadow-card">
            <h2 className="mb-2 text-lg font-bold">
              <Trans>Hotels nearby</Trans>
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              {hotels.map((hotel) => (
                <li key={hotel.eventHotelId}>
                  <p className="font-semibold">
                    {hotel.websiteUrl ? (
                      <a href={hotel.websiteUrl} className="hover:underline" rel="noopener">
                        {hotel.name}
                      </a>
                    ) : (
                      hotel.name
                    )}{' '}
                    {hotel.stars ? (
                      <span role="img" aria-label={t`${hotel.stars} stars`} className="text-diamond">
                        {'★'.repeat(hotel.stars)}
                      </span>
                    ) : null}
                  </p>
                  {hotel.addressLine ? <p className="text-muted">{hotel.addressLine}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </aside>
    </div>
  )
}
