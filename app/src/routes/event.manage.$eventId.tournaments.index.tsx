import { formatMoney, formatTime } from '@kibitz/kernel/format'
import { EventId, idFromText } from '@kibitz/kernel/ids'
import { isFreeTicket } from '@kibitz/tournaments/pricing'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { DateRange } from '../components/Dates.tsx'
import { ticketTypeLabels, tournamentTypeLabels } from '../lib/labels.ts'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { managedEventName, privatePageMeta } from '../lib/title.ts'
import {
  fetchEditorTournaments,
  removeTournamentFn,
  reorderTournamentsFn,
} from '../server/eventEditor.functions.ts'

const manage = getRouteApi('/event/manage/$eventId')

/** The tournaments step of event management: the event's tournaments in their order. */
export const Route = createFileRoute('/event/manage/$eventId/tournaments/')({
  loader: async ({ params }) => {
    const eventId = idFromText(EventId, params.eventId)
    const tournaments = eventId === null ? null : await fetchEditorTournaments({ data: { eventId } })
    if (!tournaments) throw await notFoundWithMoreEvents()
    return { tournaments }
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Tournaments`, managedEventName(matches)) }),
  component: TournamentsStep,
})

type Summary = NonNullable<Awaited<ReturnType<typeof fetchEditorTournaments>>>[number]

/** Why removing or moving did not happen, in the organiser's words. */
function useRefusalText(): (refused: string) => string {
  const { t } = useLingui()
  return (refused) =>
    refused === 'hasEntries'
      ? t`Players have entered this tournament or bought tickets for it, so it cannot be removed.`
      : refused === 'notEditable'
        ? t`A postponed or canceled event cannot be edited.`
        : t`This could not be done. Reload the page and try again.`
}

function TournamentsStep() {
  const { event } = manage.useLoaderData()
  const { tournaments } = Route.useLoaderData()
  const { t } = useLingui()
  const router = useRouter()
  const refusalText = useRefusalText()
  const canEdit = event.permissions.includes('update')
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<number | null>(null)
  /** The button to focus once the list has been reloaded in its new order. */
  const [focusAfter, setFocusAfter] = useState<string | null>(null)
  const section = useRef<HTMLElement>(null)

  // The reloaded list may render a moment after the save answers: focus once the element is there and usable.
  useEffect(() => {
    if (focusAfter === null || busy) return
    const target = section.current?.querySelector<HTMLElement>(`[data-focus-key="${focusAfter}"]`)
    if (!target || target.matches(':disabled')) return
    target.focus()
    setFocusAfter(null)
  }, [focusAfter, busy, tournaments])

  const move = async (index: number, by: -1 | 1) => {
    const order = tournaments.map((x) => x.tournamentId)
    const other = order[index + by]
    const moved = order[index]
    if (other === undefined || moved === undefined) return
    order[index] = other
    order[index + by] = moved
    setBusy(true)
    const outcome = await reorderTournamentsFn({ data: { eventId: event.id, tournamentIds: order } })
    if (outcome.ok) {
      await router.invalidate()
      setNotice({ tone: 'ok', text: t`The order is saved.` })
      // Keep the focus on the moved tournament: the same button, or the other one at the end of the list.
      const atEdge = (by === -1 && index + by === 0) || (by === 1 && index + by === order.length - 1)
      setFocusAfter(`${moved}-${atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`)
    } else setNotice({ tone: 'error', text: refusalText(outcome.refused) })
    setBusy(false)
  }

  const remove = async (tournament: Summary) => {
    setBusy(true)
    const outcome = await removeTournamentFn({
      data: { eventId: event.id, tournamentId: tournament.tournamentId },
    })
    setConfirming(null)
    if (outcome.ok) {
      await router.invalidate()
      const name = tournament.name
      setNotice({ tone: 'ok', text: t`“${name}” is removed.` })
      setFocusAfter('new')
    } else {
      setNotice({ tone: 'error', text: refusalText(outcome.refused) })
      setFocusAfter(`${tournament.tournamentId}-remove`)
    }
    setBusy(false)
  }

  return (
    <section ref={section} aria-labelledby="tournaments-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tournaments-heading" className="text-xl font-bold">
          <Trans>Tournaments</Trans>
        </h2>
        {canEdit ? (
          <Link
            to="/event/manage/$eventId/tournaments/new-tournament"
            params={{ eventId: String(event.id) }}
            data-focus-key="new"
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Trans>New tournament</Trans>
          </Link>
        ) : null}
      </div>
      {notice ? (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={notice.tone === 'error' ? 'text-sm text-danger-700' : 'text-sm text-brand-800'}
        >
          {notice.text}
        </p>
      ) : null}
      {tournaments.length === 0 ? (
        <p className="rounded-card border border-line p-6 text-muted">
          {canEdit ? (
            <Trans>This event has no tournaments yet. Add the first one with “New tournament”.</Trans>
          ) : (
            <Trans>This event has no tournaments.</Trans>
          )}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {tournaments.map((tournament, index) => (
            <TournamentItem
              key={tournament.tournamentId}
              eventId={event.id}
              currencyCode={event.general.currencyCode}
              tournament={tournament}
              canEdit={canEdit}
              busy={busy}
              isFirst={index === 0}
              isLast={index === tournaments.length - 1}
              confirming={confirming === tournament.tournamentId}
              onMove={(by) => move(index, by)}
              onAskRemove={() => setConfirming(tournament.tournamentId)}
              onCancelRemove={() => {
                setConfirming(null)
                setFocusAfter(`${tournament.tournamentId}-remove`)
              }}
              onRemove={() => remove(tournament)}
            />
          ))}
        </ol>
      )}
      {canEdit && tournaments.length > 0 ? (
        <p>
          <Link
            to="/event/manage/$eventId/tournaments/new-tournament"
            params={{ eventId: String(event.id) }}
            className="text-sm font-semibold text-brand-700 underline"
          >
            <Trans>Add another tournament</Trans>
          </Link>
        </p>
      ) : null}
    </section>
  )
}

const actionClass =
  'inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand-800 disabled:opacity-40'

function TournamentItem(props: {
  readonly eventId: number
  readonly currencyCode: string
  readonly tournament: Summary
  readonly canEdit: boolean
  readonly busy: boolean
  readonly isFirst: boolean
  readonly isLast: boolean
  readonly confirming: boolean
  readonly onMove: (by: -1 | 1) => void
  readonly onAskRemove: () => void
  readonly onCancelRemove: () => void
  readonly onRemove: () => void
}) {
  const { i18n } = useLingui()
  const { tournament } = props
  const confirmButton = useRef<HTMLButtonElement>(null)
  const typeLabel = tournamentTypeLabels[tournament.type]
  const name = tournament.name
  const key = (action: string) => `${tournament.tournamentId}-${action}`

  // The confirmation takes the focus, so a keyboard user answers it at once.
  useEffect(() => {
    if (props.confirming) confirmButton.current?.focus()
  }, [props.confirming])

  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-bold">{name}</h3>
        <p className="text-sm text-muted">
          {typeLabel ? i18n._(typeLabel) : null} ·{' '}
          <DateRange start={tournament.startDate} end={tournament.endDate} />
          {tournament.startTime ? ` · ${formatTime(tournament.startTime)}` : null}
          {' · '}
          {tournament.isRegistrationEnabled ? (
            <Trans>Registration on</Trans>
          ) : (
            <Trans>Registration off</Trans>
          )}
        </p>
        {tournament.tickets.length === 0 ? (
          <p className="text-sm">
            <Trans>No tickets</Trans>
          </p>
        ) : (
          <ul className="text-sm">
            {tournament.tickets.map((ticket, i) => {
              const label = ticketTypeLabels[ticket.type]
              const kind = label ? i18n._(label) : String(ticket.type)
              const price = isFreeTicket(ticket)
                ? null
                : formatMoney(ticket.priceMinor, { code: props.currencyCode }, i18n.locale)
              const left = ticket.ticketsLeft
              const quantity = ticket.quantity
              return (
                // Tickets have no id in the summary; it lists them in their stored order.
                <li key={i}>
                  {price === null ? (
                    <Trans>
                      {kind}: free, {left} of {quantity} left
                    </Trans>
                  ) : (
                    <Trans>
                      {kind}: {price}, {left} of {quantity} left
                    </Trans>
                  )}
                </li>
              )
            })}
          </ul>
        )}
        {tournament.prizesCount > 0 ? (
          <p className="text-sm text-muted">
            <Plural value={tournament.prizesCount} one="# prize" other="# prizes" />
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/event/manage/$eventId/tournaments/edit-tournament/$tournamentId"
          params={{ eventId: String(props.eventId), tournamentId: String(tournament.tournamentId) }}
          className={actionClass}
        >
          {props.canEdit ? <Trans>Edit</Trans> : <Trans>Details</Trans>}
          <span className="sr-only"> {name}</span>
        </Link>
        {props.canEdit ? (
          <>
            <button
              type="button"
              className={actionClass}
              data-focus-key={key('up')}
              disabled={props.busy || props.isFirst}
              onClick={() => props.onMove(-1)}
            >
              <Trans>Move up</Trans>
              <span className="sr-only"> {name}</span>
            </button>
            <button
              type="button"
              className={actionClass}
              data-focus-key={key('down')}
              disabled={props.busy || props.isLast}
              onClick={() => props.onMove(1)}
            >
              <Trans>Move down</Trans>
              <span className="sr-only"> {name}</span>
            </button>
            {props.confirming ? null : (
              <button
                type="button"
                className={`${actionClass} border-danger-700/40 text-danger-700`}
                data-focus-key={key('remove')}
                disabled={props.busy}
                onClick={props.onAskRemove}
              >
                <Trans>Remove</Trans>
                <span className="sr-only"> {name}</span>
              </button>
            )}
          </>
        ) : null}
      </div>
      {props.confirming ? (
        <div className="flex flex-col gap-2 rounded-lg border border-danger-700/40 p-3">
          <p className="text-sm">
            <Trans>Remove “{name}” with its tickets, prizes and program? This cannot be undone.</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              ref={confirmButton}
              type="button"
              disabled={props.busy}
              onClick={props.onRemove}
              className="inline-flex h-9 items-center rounded-lg bg-danger-700 px-3 text-sm font-semibold text-white disabled:opacity-60"
            >
              <Trans>Remove the tournament</Trans>
            </button>
            <button type="button" onClick={props.onCancelRemove} className={actionClass}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </div>
      ) : null}
    </li>
  )
}
