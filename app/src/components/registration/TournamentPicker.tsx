import { formatTime } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { TournamentData } from '../../lib/types.ts'
import { DateRange } from '../Dates.tsx'
import { CloseIcon } from '../Icons.tsx'

// Spec section 2 shell: the tournament picker. Open while the page's `?register` search is set, so it is
// server-rendered and works without JavaScript (the button is a link; closing links back without it). It is a
// native <dialog> rendered open; the enhancement script makes it modal (focus kept inside, the page behind
// inert) and closes it on Escape or a click on the background by following its close link.

export function RegisterButton({ eventAlias }: { eventAlias: string }) {
  return (
    <Link
      to="/event/$eventId"
      params={{ eventId: eventAlias }}
      search={{ register: true }}
      resetScroll={false}
      className="rounded-full bg-accent-600 px-3 py-1 text-sm font-semibold text-white hover:bg-accent-500"
    >
      <Trans>Register</Trans>
    </Link>
  )
}

export function TournamentPicker(props: {
  open: boolean
  eventAlias: string
  tournaments: ReadonlyArray<TournamentData>
  lang: string | undefined
}) {
  const { t } = useLingui()
  const id = useId()
  const open = props.tournaments.filter((x) => x.isOpenRegistration)
  if (!props.open) return null
  return (
    <div data-dialog-root="">
      <div data-dialog-overlay="" className="fixed inset-0 z-40 bg-ink/40" />
      <dialog
        open
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="fixed left-1/2 top-1/2 z-50 m-0 flex max-h-[85vh] w-[min(36rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-6 text-ink shadow-card backdrop:bg-ink/40"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-bold">
            <Trans>Choose a tournament</Trans>
          </h2>
          <Link
            to="/event/$eventId"
            params={{ eventId: props.eventAlias }}
            search={{}}
            resetScroll={false}
            data-dialog-close=""
            className="grid h-10 w-10 place-items-center rounded-lg"
            aria-label={t`Close`}
          >
            <CloseIcon className="h-5 w-5" />
          </Link>
        </div>
        <p id={`${id}-description`} className="text-sm text-muted">
          <Trans>The tournaments of this event that take registrations now.</Trans>
        </p>
        {open.length === 0 ? (
          <p>
            <Trans>There are no tournaments available for registration.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {open.map((x) => (
              <li
                key={x.tournamentId}
                className="flex items-center justify-between gap-4 rounded-card border border-line p-3"
              >
                <div>
                  <p className="font-bold" lang={props.lang}>
                    {x.name}
                  </p>
                  <p className="text-sm text-muted">
                    <DateRange start={x.startDate} end={x.endDate} />
                    {x.startTime ? ` · ${formatTime(x.startTime)}` : null}
                  </p>
                </div>
                <Link
                  to="/event/$eventId/tournament/$tournamentId/register"
                  params={{ eventId: props.eventAlias, tournamentId: x.alias }}
                  className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  aria-label={t`Choose ${x.name}`}
                >
                  <Trans>Choose</Trans>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </div>
  )
}
