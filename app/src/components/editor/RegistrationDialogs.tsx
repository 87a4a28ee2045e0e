import { formatMoney } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { AlertDialog, Dialog } from 'radix-ui'
import { type ComponentProps, type ReactNode, useId, useState } from 'react'
import { ticketTypeLabels, tournamentTypeLabels } from '../../lib/labels.ts'
import type { RegistrationRow } from '../../server/registrations.functions.ts'
import { inputClass } from './kit.tsx'
import type { RegistrationsTournament } from './registrationsQuery.ts'

// The organiser's registration actions, each confirmed in a dialog (decision 034): mark paid, cancel, move, and
// mark the selected entries paid.

export const dialogOverlay = 'fixed inset-0 z-40 bg-ink/40'
const dialogContent =
  'fixed top-1/2 left-1/2 z-50 flex w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-card bg-surface p-6 shadow-card'
export const primaryButton =
  'inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
const dangerButton =
  'inline-flex h-10 items-center rounded-lg bg-danger-700 px-4 text-sm font-semibold text-white disabled:opacity-60'
export const quietButton = 'inline-flex h-10 items-center px-3 text-sm'
/**
 * The actions column sticks to the right edge of the table's scroller, so "Mark paid" and "Cancel entry" stay in
 * view however wide the other columns are (issue 14); its own background and a left rule cover what scrolls under.
 */
export const stickyEnd = 'sticky right-0 border-l border-line bg-surface pl-3'
const smallTrigger =
  'inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand-800'

/** A question in a dialog, then the action: Back closes it, the action runs `onConfirm`. */
export function ConfirmDialog(props: {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly trigger: ReactNode
  readonly triggerClassName: string
  readonly triggerDisabled?: boolean
  readonly title: ReactNode
  readonly description: ReactNode
  readonly confirm: ReactNode
  readonly confirmClassName: string
  readonly busy: boolean
  readonly onConfirm: () => void
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Trigger className={props.triggerClassName} disabled={props.triggerDisabled}>
        {props.trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlay} />
        <AlertDialog.Content className={dialogContent}>
          <AlertDialog.Title className="text-lg font-bold">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm">{props.description}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={quietButton}>
              <Trans>Back</Trans>
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={props.busy}
              className={props.confirmClassName}
              onClick={props.onConfirm}
            >
              {props.confirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** A confirmed action on one entry: the question, then the action. */
export function ConfirmAction(props: {
  readonly trigger: ReactNode
  readonly title: ReactNode
  readonly description: ReactNode
  readonly confirm: ReactNode
  readonly danger?: boolean
  readonly onConfirm: () => Promise<void>
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={props.trigger}
      triggerClassName={props.danger ? `${smallTrigger} text-danger-700` : smallTrigger}
      title={props.title}
      description={props.description}
      confirm={props.confirm}
      confirmClassName={props.danger ? dangerButton : primaryButton}
      busy={busy}
      onConfirm={async () => {
        setBusy(true)
        await props.onConfirm()
        setBusy(false)
        setOpen(false)
      }}
    />
  )
}

/** The move: a target tournament of the same event and one of its tickets. */
export function MoveDialog(props: {
  readonly entry: RegistrationRow
  readonly tournaments: ReadonlyArray<RegistrationsTournament>
  readonly onMove: (tournamentId: number, ticketId: number) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const targets = props.tournaments.filter((x) => x.tournamentId !== props.entry.tournament.tournamentId)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [tournamentId, setTournamentId] = useState('')
  const [ticketId, setTicketId] = useState('')
  const target = targets.find((x) => String(x.tournamentId) === tournamentId)
  const players = props.entry.contestants.map((c) => `${c.firstName} ${c.lastName}`).join(', ')
  const entryId = props.entry.entryId
  if (targets.length === 0) return null
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) {
          setTournamentId('')
          setTicketId('')
        }
      }}
    >
      <Dialog.Trigger className={smallTrigger}>
        <Trans>Move</Trans>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content className={dialogContent}>
          <Dialog.Title className="text-lg font-bold">
            <Trans>Move entry #{entryId} to another tournament</Trans>
          </Dialog.Title>
          <Dialog.Description className="text-sm">
            <Trans>
              {players} keep the price they agreed; the places move to the chosen ticket and the contact is
              e-mailed.
            </Trans>
          </Dialog.Description>
          <LabelledSelect
            label={<Trans>Tournament</Trans>}
            empty={t`Choose a tournament`}
            value={tournamentId}
            onChange={(e) => {
              setTournamentId(e.currentTarget.value)
              setTicketId('')
            }}
            options={targets.map((x) => {
              const type = tournamentTypeLabels[x.type]
              return { value: x.tournamentId, label: `${x.name}${type ? ` (${i18n._(type)})` : ''}` }
            })}
          />
          <LabelledSelect
            label={<Trans>Ticket</Trans>}
            empty={t`Choose a ticket`}
            value={ticketId}
            disabled={!target}
            onChange={(e) => setTicketId(e.currentTarget.value)}
            options={(target?.tickets ?? []).map((k) => {
              const type = ticketTypeLabels[k.type]
              const left = k.ticketsLeft
              const price = formatMoney(k.priceMinor, { code: props.entry.currencyCode }, i18n.locale)
              return {
                value: k.ticketId,
                label: `${type ? i18n._(type) : `#${k.ticketId}`} · ${price} · ${k.isForSale ? t`${left} left` : t`not for sale`}`,
              }
            })}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close className={quietButton}>
              <Trans>Back</Trans>
            </Dialog.Close>
            <button
              type="button"
              className={primaryButton}
              disabled={busy || !target || ticketId === ''}
              onClick={async () => {
                if (!target || ticketId === '') return
                setBusy(true)
                await props.onMove(target.tournamentId, Number(ticketId))
                setBusy(false)
                setOpen(false)
              }}
            >
              <Trans>Move the entry</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A labelled select whose first choice is none (`empty`). */
export function LabelledSelect(
  props: {
    /** The label and select's box. */
    readonly className?: string
    readonly label: ReactNode
    readonly empty: string
    readonly options: ReadonlyArray<{ readonly value: string | number; readonly label: string }>
  } & Omit<ComponentProps<'select'>, 'id' | 'className' | 'children'>,
) {
  const id = useId()
  const { className = 'flex flex-col gap-1', label, empty, options, ...select } = props
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} className={inputClass} {...select}>
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}
