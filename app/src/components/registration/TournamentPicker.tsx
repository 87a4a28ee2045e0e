import { formatTime } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { Dialog } from 'radix-ui'
import type { TournamentData } from '../../lib/types.ts'
import { DateRange } from '../Dates.tsx'
import { CloseIcon } from '../Icons.tsx'

// Spec section 2 shell: the tournament picker. Open while the page's `?register` search is set, so it is
// server-rendered and works without JavaScript (the button is a link; closing links back without it).
// Rendered without a portal for the same reason; radix still traps focus and closes on Escape or a click
// on the background.

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
  const navigate = useNavigate()
  const close = () =>
    navigate({ to: '/event/$eventId', params: { eventId: props.eventAlias }, search: {}, resetScroll: false })
  const open = props.tournaments.filter((x) => x.isOpenRegistration)
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(next) => {
        if (!next) void close()
      }}
    >
      {props.open ? (
        <>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[85vh] w-[min(36rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-6 shadow-card">
            <div className="flex items-center justify-between gap-4">
              <Dialog.Title className="text-xl font-bold">
                <Trans>Choose a tournament</Trans>
              </Dialog.Title>
              <Dialog.Close asChild>
                <Link
                  to="/event/$eventId"
                  params={{ eventId: props.eventAlias }}
                  search={{}}
                  resetScroll={false}
                  className="grid h-10 w-10 place-items-center rounded-lg"
                  aria-label={t`Close`}
                >
                  <CloseIcon className="h-5 w-5" />
                </Link>
              </Dialog.Close>
            </div>
            <Dialog.Description className="text-sm text-muted">
              <Trans>The tournaments of this event that take registrations now.</Trans>
            </Dialog.Description>
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
          </Dialog.Content>
        </>
      ) : null}
    </Dialog.Root>
  )
}
