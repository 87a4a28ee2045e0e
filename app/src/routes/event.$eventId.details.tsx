import { formatLongDate, formatMoney, formatTime } from '@kibitz/kernel/format'
import { isFreeTicket } from '@kibitz/tournaments/pricing'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { useId } from 'react'
import { DateRange, LongDate } from '../components/Dates.tsx'
import { type DocumentData, DocumentList } from '../components/Documents.tsx'
import { type GalleryData, GalleryGrid } from '../components/Gallery.tsx'
import { PrizeIcon } from '../components/Icons.tsx'
import { TableScroller } from '../components/TableScroller.tsx'
import { scoringLabels, ticketTypeLabels, tournamentTypeLabels } from '../lib/labels.ts'
import { resultsHref, storedFileHref } from '../lib/site.ts'
import { eventName, pageTitle } from '../lib/title.ts'
import type { TournamentData } from '../lib/types.ts'

const eventRoute = getRouteApi('/event/$eventId')

export const Route = createFileRoute('/event/$eventId/details')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Details`, eventName(matches)) }] }),
  component: EventDetails,
})

/** A ticket a player can choose today: one without age categories, or with a category that can still be sold. */
const hasOffer = (ticket: TournamentData['tickets'][number]) =>
  ticket.ticketAgeCategories.length === 0 || ticket.ticketAgeCategories.some((c) => c.isAvailable)

function TournamentDetails({
  tournament,
  currency,
  timeZone,
  gallery,
  documents,
}: {
  tournament: TournamentData
  currency: string
  timeZone: string
  gallery: GalleryData | undefined
  documents: ReadonlyArray<DocumentData>
}) {
  const { i18n } = useLingui()
  const feesCaption = useId()
  const money = (minor: number) => formatMoney(minor, { code: currency }, i18n.locale)
  const typeLabel = tournamentTypeLabels[tournament.type]
  const scoring = scoringLabels[tournament.pointsScoreType]
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold uppercase text-muted">
            <Trans>Type</Trans>
          </dt>
          <dd>{typeLabel ? i18n._(typeLabel) : null}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-muted">
            <Trans>Scoring</Trans>
          </dt>
          <dd>{scoring ? i18n._(scoring) : tournament.pointsScoreType}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-muted">
            <Trans>When</Trans>
          </dt>
          <dd>
            <DateRange start={tournament.startDate} end={tournament.endDate} />
            {tournament.startTime ? ` · ${formatTime(tournament.startTime)}` : null}
          </dd>
        </div>
      </dl>
      {tournament.description ? <p className="whitespace-pre-line">{tournament.description}</p> : null}
      <section>
        <h3 className="mb-2 text-lg font-bold">
          <Trans>Entry fees</Trans>
        </h3>
        {!tournament.tickets.some(hasOffer) ? (
          <p className="text-muted">
            <Trans>No tickets are on sale.</Trans>
          </p>
        ) : (
          <TableScroller labelledBy={feesCaption}>
            <table className="w-full text-left text-sm">
              <caption id={feesCaption} className="sr-only">
                <Trans>Tickets and prices</Trans>
              </caption>
              <thead className="border-b border-line text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-2 md:pr-4">
                    <Trans>Ticket</Trans>
                  </th>
                  <th scope="col" className="py-2 pr-2 md:pr-4">
                    <Trans>Category</Trans>
                  </th>
                  <th scope="col" className="py-2 pr-2 md:pr-4">
                    <Trans>Price</Trans>
                  </th>
                  <th scope="col" className="py-2">
                    <Trans>Left</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tournament.tickets.flatMap((ticket) => {
                  const label = ticketTypeLabels[ticket.type]
                  const per = ticket.isPricePerTeam ? (
                    <Trans key="team">per team</Trans>
                  ) : (
                    <Trans key="person">per person</Trans>
                  )
                  const rows =
                    ticket.ticketAgeCategories.length > 0
                      ? ticket.ticketAgeCategories
                          // Only what a player can choose today: a category that ended or is full is not offered.
                          .filter((c) => c.isAvailable)
                          .map((c) => (
                            <tr
                              key={`${ticket.ticketId}-${c.ticketAgeCategoryId}`}
                              className="border-b border-line"
                            >
                              <th scope="row" className="py-2 pr-2 md:pr-4 font-semibold">
                                {label ? i18n._(label) : null}
                              </th>
                              <td className="py-2 pr-2 md:pr-4">
                                {c.name}
                                {c.ageFrom !== null || c.ageTo !== null ? (
                                  <span className="text-muted">
                                    {' '}
                                    ({c.ageFrom ?? 0}–{c.ageTo ?? '∞'})
                                  </span>
                                ) : null}
                              </td>
                              <td className="py-2 pr-2 md:pr-4">
                                {c.earlyBirdActive ? (
                                  <>
                                    <span className="font-semibold text-brand-700">
                                      {money(c.currentPriceMinor)}
                                    </span>{' '}
                                    <s className="text-muted">{money(c.priceMinor)}</s>{' '}
                                    <span className="rounded bg-warn-100 px-1.5 text-xs font-semibold text-warn-800">
                                      <Trans>Early bird</Trans>
                                      {c.earlyBirdSalesEndDate ? (
                                        <>
                                          {' '}
                                          ·{' '}
                                          <Trans>
                                            until {formatLongDate(c.earlyBirdSalesEndDate, i18n.locale)}
                                          </Trans>
                                        </>
                                      ) : null}
                                    </span>
                                  </>
                                ) : (
                                  money(c.currentPriceMinor)
                                )}{' '}
                                <span className="text-muted">{per}</span>
                                {c.discountPercent > 0 ? ' ' : null}
                                {c.discountPercent > 0 ? (
                                  <span className="ml-1 rounded bg-brand-50 px-1 text-xs text-brand-800">
                                    <Trans>−{c.discountPercent}%</Trans>
                                  </span>
                                ) : null}
                              </td>
                              <td className="py-2">{ticket.ticketsLeft}</td>
                            </tr>
                          ))
                      : [
                          <tr key={ticket.ticketId} className="border-b border-line">
                            <th scope="row" className="py-2 pr-2 md:pr-4 font-semibold">
                              {label ? i18n._(label) : null}
                            </th>
                            <td className="py-2 pr-2 md:pr-4 text-muted">—</td>
                            <td className="py-2 pr-2 md:pr-4">
                              {isFreeTicket(ticket) ? <Trans>Free</Trans> : money(ticket.priceMinor)}{' '}
                              <span className="text-muted">{per}</span>
                            </td>
                            <td className="py-2">{ticket.ticketsLeft}</td>
                          </tr>,
                        ]
                  return rows
                })}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
      {tournament.isPrizeInformationEnabled && (tournament.prizes.length > 0 || tournament.prizeSetup) ? (
        <section>
          <h3 className="mb-2 text-lg font-bold">
            <Trans>Prizes</Trans>
          </h3>
          {tournament.prizeSetup?.prizePoolMinor ? (
            <p className="mb-2 text-sm">
              <Trans>Prize pool: {money(tournament.prizeSetup.prizePoolMinor)}</Trans>
            </p>
          ) : null}
          {tournament.prizeSetup?.customPrizeText ? (
            <p className="mb-2 text-sm">{tournament.prizeSetup.customPrizeText}</p>
          ) : null}
          <ol className="flex flex-col gap-1 text-sm">
            {tournament.prizes.map((prize) => (
              <li key={prize.elementId} className="flex gap-2">
                <PrizeIcon medal={prize.medalIconKey} className="h-5 w-5" />
                <span className="font-semibold">
                  <Trans>Place {prize.placeNumber}</Trans>
                </span>
                <span>
                  {prize.prizeAmountMinor !== null ? money(prize.prizeAmountMinor) : null}
                  {prize.customPrize ? ` ${prize.customPrize}` : null}
                  {prize.additionalName ? (
                    <span className="text-muted"> ({prize.additionalName})</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {tournament.sessions.length > 0 ? (
        <section>
          <h3 className="mb-2 text-lg font-bold">
            <Trans>Sessions</Trans>
          </h3>
          <ul className="flex flex-col gap-1 text-sm">
            {tournament.sessions.map((session) => (
              <li key={`${session.startDate}-${session.startTime}-${session.text}`}>
                <LongDate date={session.startDate} />
                {session.startTime ? ` · ${formatTime(session.startTime)}` : null}
                {session.endTime ? `–${formatTime(session.endTime)}` : null}
                {session.text ? ` · ${session.text}` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {tournament.rulesAndRegulationsFile ? (
        <p>
          <a
            href={storedFileHref(tournament.rulesAndRegulationsFile)}
            className="font-semibold text-brand-700 hover:underline"
          >
            <Trans>Rules and regulations (PDF)</Trans>
          </a>
        </p>
      ) : null}
      {resultsHref(tournament) ? (
        <p id="results">
          <a
            href={resultsHref(tournament) ?? undefined}
            className="font-semibold text-brand-700 hover:underline"
            rel="noopener"
          >
            <Trans>See the results</Trans>
          </a>
        </p>
      ) : null}
      <DocumentList documents={documents} timeZone={timeZone} />
      {gallery ? <GalleryGrid gallery={gallery} heading={<Trans>Photos</Trans>} /> : null}
    </div>
  )
}

function EventDetails() {
  const { view, tournaments, documents } = eventRoute.useLoaderData()
  // Tournament names are written in the organiser's main content language.
  const lang = view.contents.find((c) => c.isMain)?.language
  const { t } = useLingui()
  const first = tournaments[0]
  if (!first) {
    return (
      <p className="rounded-card bg-surface p-6 text-muted shadow-card">
        <Trans>The organiser has not published the tournaments yet.</Trans>
      </p>
    )
  }
  // Tabs that work as plain sections without scripts: every panel is rendered, and the small enhancement
  // script shows one at a time (styles.css hides the others once scripts run).
  return (
    <div data-static-tabs="" className="rounded-card bg-surface p-6 shadow-card">
      <div role="tablist" aria-label={t`Tournaments`} className="tab-list mb-6 flex flex-wrap gap-2">
        {tournaments.map((tournament, index) => (
          <button
            key={tournament.tournamentId}
            type="button"
            role="tab"
            id={`tournament-tab-${tournament.tournamentId}`}
            aria-controls={`tournament-panel-${tournament.tournamentId}`}
            aria-selected={index === 0}
            data-state={index === 0 ? 'active' : 'inactive'}
            tabIndex={index === 0 ? 0 : -1}
            lang={lang}
            className="rounded-full border border-line px-3 py-1.5 text-sm font-semibold data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
          >
            {tournament.name}
          </button>
        ))}
      </div>
      {tournaments.map((tournament, index) => (
        <section
          key={tournament.tournamentId}
          role="tabpanel"
          id={`tournament-panel-${tournament.tournamentId}`}
          aria-labelledby={`tournament-tab-${tournament.tournamentId}`}
          data-state={index === 0 ? 'active' : 'inactive'}
          className="tab-panel mb-8"
        >
          <h2 className="mb-4 text-xl font-bold" lang={lang}>
            {tournament.name}
          </h2>
          <TournamentDetails
            tournament={tournament}
            currency={view.currencyCode}
            timeZone={view.timeZone}
            gallery={view.galleries.find((g) => g.tournamentId === tournament.tournamentId)}
            documents={documents.filter((d) => d.tournamentId === tournament.tournamentId)}
          />
        </section>
      ))}
    </div>
  )
}
