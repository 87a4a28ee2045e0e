import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useId } from 'react'
import { TableScroller } from '../components/TableScroller.tsx'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { pageTitle } from '../lib/title.ts'
import { loadPlayerList } from '../server/eventPage.functions.ts'

export const Route = createFileRoute('/event/$eventId/tournament/$tournamentId/player-list')({
  loader: async ({ params }) => {
    const data = await loadPlayerList({ event: params.eventId, tournament: params.tournamentId })
    if (data === null) throw await notFoundWithMoreEvents()
    return data
  },
  head: ({ loaderData, matches }) => ({
    meta: loaderData
      ? [{ title: pageTitle(matches, msg`Players`, loaderData.tournament.name, loaderData.view.card.name) }]
      : [],
  }),
  component: PlayerListPage,
})

const flag = (code: string | null) =>
  code && /^[A-Z]{2}$/.test(code)
    ? String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))
    : ''

function PlayerListPage() {
  const { tournament, playerList } = Route.useLoaderData()
  const { t, i18n } = useLingui()
  const regionNames = new Intl.DisplayNames([i18n.locale], { type: 'region' })
  const tableCaption = useId()
  return (
    <section className="rounded-card bg-surface p-6 shadow-card" aria-labelledby="player-list-title">
      <h2 id="player-list-title" className="text-xl font-bold">
        {t`Player list: ${tournament.name}`}
      </h2>
      {playerList === null ? (
        <p className="mt-2 text-muted">
          <Trans>The organiser keeps this player list private.</Trans>
        </p>
      ) : playerList.entries.length === 0 ? (
        <p className="mt-2 text-muted">
          <Trans>Nobody has registered yet.</Trans>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            <Plural value={playerList.playersCount} one="# player" other="# players" />
          </p>
          <div className="mt-4">
            <TableScroller labelledBy={tableCaption}>
              <table className="w-full text-left text-sm">
                <caption id={tableCaption} className="sr-only">
                  {t`Registered players`}
                </caption>
                <thead className="border-b border-line text-xs uppercase text-muted">
                  <tr>
                    <th scope="col" className="w-12 py-2">
                      #
                    </th>
                    <th scope="col" className="py-2">
                      {tournament.type === 2 ? (
                        <Trans>Team</Trans>
                      ) : tournament.type === 1 ? (
                        <Trans>Pair</Trans>
                      ) : (
                        <Trans>Player</Trans>
                      )}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {playerList.entries.map((entry) => (
                    <tr key={entry.entryId} className="border-b border-line align-top">
                      <td className="py-2 tabular-nums text-muted">{entry.number}</td>
                      <td className="py-2">
                        {entry.teamName ? <p className="font-semibold">{entry.teamName}</p> : null}
                        <ul className={entry.teamName ? 'text-muted' : ''}>
                          {entry.contestants.map((c) => (
                            <li key={`${c.firstName} ${c.lastName}`}>
                              {c.countryCode ? (
                                <span role="img" aria-label={regionNames.of(c.countryCode) ?? c.countryCode}>
                                  {flag(c.countryCode)}
                                </span>
                              ) : null}{' '}
                              {c.firstName} {c.lastName}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          </div>
        </>
      )}
    </section>
  )
}
