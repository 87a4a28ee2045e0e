import { formatTime } from '@kibitz/kernel/format'
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { scoringLabels, tournamentTypeLabels } from '../lib/labels.ts'
import { resultsHref, tournamentPath } from '../lib/site.ts'
import type { ParticipantsData, TournamentData } from '../lib/types.ts'
import { DateRange } from './Dates.tsx'
import { Kept } from './Kept.tsx'

/** What a row shows of its tournament: its key is these and nothing else. */
type RowTournament = Pick<
  TournamentData,
  | 'alias'
  | 'name'
  | 'additionalName'
  | 'type'
  | 'pointsScoreType'
  | 'startDate'
  | 'endDate'
  | 'startTime'
  | 'boards'
  | 'isOpenRegistration'
  | 'isPlayerListViewEnabled'
  | 'resultsSource'
  | 'resultsFile'
  | 'resultsUrl'
>

interface RowProps {
  eventAlias: string
  /** The language the organiser wrote the tournament's names in. */
  lang: string | undefined
  tournament: TournamentData
  participants: ParticipantsData | undefined
}

interface RowContentProps extends Omit<RowProps, 'tournament'> {
  tournament: RowTournament
}

/** The fields of `t` a row shows (its HTML is kept by them: the whole tournament would be a key of kilobytes). */
const shownOf = (t: TournamentData): RowTournament => ({
  alias: t.alias,
  name: t.name,
  additionalName: t.additionalName,
  type: t.type,
  pointsScoreType: t.pointsScoreType,
  startDate: t.startDate,
  endDate: t.endDate,
  startTime: t.startTime,
  boards: t.boards,
  isOpenRegistration: t.isOpenRegistration,
  isPlayerListViewEnabled: t.isPlayerListViewEnabled,
  resultsSource: t.resultsSource,
  resultsFile: t.resultsFile,
  resultsUrl: t.resultsUrl,
})

/**
 * One tournament as a row of the event overview. A row shows its data in the visitor's language and nothing
 * else, so its HTML is kept (Kept.tsx), as a catalogue card's is: a festival's page has a dozen or more.
 */
export function TournamentRow({ tournament, ...props }: RowProps) {
  const shown = shownOf(tournament)
  return (
    <Kept
      as="li"
      className="flex flex-col gap-2 rounded-card border border-line bg-surface p-4 md:flex-row md:items-center md:justify-between"
      of={JSON.stringify([props.eventAlias, props.lang, shown, props.participants ?? null])}
    >
      <TournamentRowContent {...props} tournament={shown} />
    </Kept>
  )
}

function TournamentRowContent({ eventAlias, tournament, participants, lang }: RowContentProps) {
  const { t, i18n } = useLingui()
  const typeLabel = tournamentTypeLabels[tournament.type]
  const scoring = scoringLabels[tournament.pointsScoreType]
  const entries = participants?.entries ?? 0
  return (
    <>
      <div>
        <h3 className="font-bold" lang={lang}>
          {tournament.name}
          {tournament.additionalName ? (
            <span className="font-normal text-muted"> — {tournament.additionalName}</span>
          ) : null}
        </h3>
        <p className="text-sm text-muted">
          {typeLabel ? i18n._(typeLabel) : null}
          {scoring ? ` · ${i18n._(scoring)}` : null} ·{' '}
          <DateRange start={tournament.startDate} end={tournament.endDate} />
          {tournament.startTime ? ` · ${formatTime(tournament.startTime)}` : null}
          {tournament.boards
            ? ` · ${t`${plural(tournament.boards, { one: '# board', other: '# boards' })}`}`
            : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {tournament.isOpenRegistration ? (
          <>
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              {t`Registration open`}
            </span>
            <a
              href={`${tournamentPath(eventAlias, tournament.alias)}/register`}
              className="rounded-lg bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-800"
              aria-label={t`Register for ${tournament.name}`}
            >
              {t`Register`}
            </a>
          </>
        ) : null}
        {tournament.isPlayerListViewEnabled ? (
          <a
            href={`${tournamentPath(eventAlias, tournament.alias)}/player-list`}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {tournament.type === 2
              ? t`${plural(entries, { 0: 'Player list', one: '# team registered', other: '# teams registered' })}`
              : tournament.type === 1
                ? t`${plural(entries, { 0: 'Player list', one: '# pair registered', other: '# pairs registered' })}`
                : t`${plural(participants?.players ?? 0, {
                    0: 'Player list',
                    one: '# player registered',
                    other: '# players registered',
                  })}`}
          </a>
        ) : null}
        {resultsHref(tournament) ? (
          <a
            href={resultsHref(tournament) ?? undefined}
            className="text-sm font-semibold text-brand-700 hover:underline"
            rel="noopener"
          >
            {t`Results`}
          </a>
        ) : null}
      </div>
    </>
  )
}
