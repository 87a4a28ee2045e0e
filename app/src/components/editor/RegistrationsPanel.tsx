import { formatMoney, formatZonedDateTime } from '@kibitz/kernel/format'
import type { EntryFilter } from '@kibitz/registration/input'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { AlertDialog, Dialog } from 'radix-ui'
import { type ReactNode, useId, useState } from 'react'
import { ticketTypeLabels, tournamentTypeLabels } from '../../lib/labels.ts'
import type {
  EntryActionOutcome,
  MarkSelectedOutcome,
  RegistrationRow,
} from '../../server/registrations.server.ts'
import { Pagination } from '../Pagination.tsx'
import { TableScroller } from '../TableScroller.tsx'
import { inputClass } from './kit.tsx'

// The organiser's registrations (issues 5 and 14): the event's entries with their players, tickets (by name),
// payment and state; the search and the filters by tournament and state (a GET form, so they work without
// JavaScript and stay in the address), the CSV of what is shown, the row actions (mark paid, cancel, move) and
// "mark selected paid", each confirmed in a dialog (decision 034).

export interface RegistrationsTournament {
  readonly tournamentId: number
  readonly name: string
  readonly type: number
  readonly tickets: ReadonlyArray<{
    readonly ticketId: number
    readonly type: number
    readonly priceMinor: number
    readonly ticketsLeft: number
    readonly isForSale: boolean
  }>
}

export interface RegistrationsListing {
  readonly page: number
  readonly pageSize: number
  readonly total: number
  readonly tournamentId: number | null
  readonly status: EntryFilter | null
  readonly search: string | null
  readonly entries: ReadonlyArray<RegistrationRow>
  readonly tournaments: ReadonlyArray<RegistrationsTournament>
}

type Action =
  | { readonly action: 'markPaid' }
  | { readonly action: 'cancel' }
  | { readonly action: 'move'; readonly tournamentId: number; readonly ticketId: number }

/** What the list shows: the tournament, the state and the searched text (each null: any). */
export interface RegistrationsQuery {
  readonly tournamentId: number | null
  readonly status: EntryFilter | null
  readonly search: string | null
}

/** The query string of a list query and page (each left out when default), as the filter form sends it. */
const queryString = (query: RegistrationsQuery, page = 1) => {
  const params = new URLSearchParams()
  if (query.search) params.set('q', query.search)
  if (query.status) params.set('status', query.status)
  if (query.tournamentId !== null) params.set('tournament', String(query.tournamentId))
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The screen's address for a query and a page. */
export const registrationsHref = (eventId: number, page: number, query: RegistrationsQuery) =>
  `/event/manage/${eventId}/registrations${queryString(query, page)}`

/** The CSV of what the screen shows (every page). */
const csvHref = (eventId: number, query: RegistrationsQuery) =>
  `/event/manage/${eventId}/registrations.csv${queryString(query)}`

/** A moment as the organiser reads it: the short date and the time in the event's time zone. */
const when = (instant: string, timeZone: string, locale: string) => {
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return instant
  try {
    return formatZonedDateTime(at, timeZone, locale, 'short')
  } catch {
    return instant
  }
}

const canMarkPaid = (e: RegistrationRow) =>
  e.status === 'pending' ||
  e.status === 'expired' ||
  (e.status === 'confirmed' && !e.paid && e.totalMinor > 0)
const isActive = (e: RegistrationRow) => e.status === 'pending' || e.status === 'confirmed'

/** The refusal of an action in the organiser's words. */
function useRefusalMessage(): (reason: string, action: Action['action']) => string {
  const { t } = useLingui()
  return (reason, action) => {
    switch (reason) {
      case 'notFound':
        return t`This registration or tournament no longer exists. Reload the page.`
      case 'wrongState':
        return t`This cannot be done in the registration’s current state.`
      case 'incompatible':
        return t`That tournament takes a different number of players, or it is the entry’s own tournament.`
      case 'soldOut':
        return action === 'markPaid'
          ? t`No places are left, so the expired entry cannot come back.`
          : t`No places are left on that ticket.`
      case 'notForSale':
        return action === 'markPaid'
          ? t`Its ticket is no longer for sale, so the expired entry cannot come back.`
          : t`That ticket is not for sale.`
      case 'outsideSalesWindow':
        return action === 'markPaid'
          ? t`Its ticket is no longer on sale, so the expired entry cannot come back.`
          : t`That ticket is not on sale now.`
      case 'unknown':
        return t`That ticket does not exist any more.`
      case 'signedOut':
        return t`Your session has ended. Please log in again.`
      default:
        return t`Something went wrong. Please try again.`
    }
  }
}

function StateBadge({ entry, timeZone }: { entry: RegistrationRow; timeZone: string }) {
  const { i18n } = useLingui()
  const until = entry.expiresAt ? when(entry.expiresAt, timeZone, i18n.locale) : null
  const [text, tone]: [ReactNode, string] = (() => {
    switch (entry.status) {
      case 'pending':
        return [
          until ? <Trans>Waiting for payment until {until}</Trans> : <Trans>Waiting for payment</Trans>,
          'bg-warn-100 text-warn-800',
        ]
      case 'confirmed':
        return entry.paid
          ? [<Trans key="paid">Paid</Trans>, 'bg-brand-100 text-brand-800']
          : entry.totalMinor > 0
            ? [<Trans key="unpaid">Confirmed, not paid yet</Trans>, 'bg-brand-100 text-brand-800']
            : [<Trans key="confirmed">Confirmed</Trans>, 'bg-brand-100 text-brand-800']
      case 'canceled':
        return [<Trans key="canceled">Canceled</Trans>, 'bg-danger-100 text-danger-700']
      default:
        return [<Trans key="expired">Expired</Trans>, 'bg-canvas text-muted']
    }
  })()
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
      suppressHydrationWarning
    >
      {text}
    </span>
  )
}

function FederationMark({ verified }: { verified: boolean | null }) {
  const { t } = useLingui()
  if (verified === null)
    return (
      <span className="text-muted" title={t`Not checked`}>
        <span aria-hidden="true">?</span>
        <span className="sr-only">{t`not checked`}</span>
      </span>
    )
  return verified ? (
    <span className="text-brand-700" title={t`Verified by the federation`}>
      <span aria-hidden="true">✓</span>
      <span className="sr-only">{t`verified`}</span>
    </span>
  ) : (
    <span className="text-danger-700" title={t`Not found at the federation`}>
      <span aria-hidden="true">✗</span>
      <span className="sr-only">{t`not verified`}</span>
    </span>
  )
}

const dialogOverlay = 'fixed inset-0 z-40 bg-ink/40'
const dialogContent =
  'fixed top-1/2 left-1/2 z-50 flex w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-card bg-surface p-6 shadow-card'
const primaryButton =
  'inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
const dangerButton =
  'inline-flex h-10 items-center rounded-lg bg-danger-700 px-4 text-sm font-semibold text-white disabled:opacity-60'
const quietButton = 'inline-flex h-10 items-center px-3 text-sm'
/**
 * The actions column sticks to the right edge of the table's scroller, so "Mark paid" and "Cancel entry" stay in
 * view however wide the other columns are (issue 14); its own background and a left rule cover what scrolls under.
 */
const stickyEnd = 'sticky right-0 border-l border-line bg-surface pl-3'
const smallTrigger =
  'inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand-800'

/** A confirmed action on one entry: the question, then the action. */
function ConfirmAction(props: {
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
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={props.danger ? `${smallTrigger} text-danger-700` : smallTrigger}>
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
              disabled={busy}
              className={props.danger ? dangerButton : primaryButton}
              onClick={async () => {
                setBusy(true)
                await props.onConfirm()
                setBusy(false)
                setOpen(false)
              }}
            >
              {props.confirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** The move: a target tournament of the same event and one of its tickets. */
function MoveDialog(props: {
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
  const tournamentField = useId()
  const ticketField = useId()
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
          <div className="flex flex-col gap-1">
            <label htmlFor={tournamentField} className="text-sm font-semibold">
              <Trans>Tournament</Trans>
            </label>
            <select
              id={tournamentField}
              className={inputClass}
              value={tournamentId}
              onChange={(e) => {
                setTournamentId(e.currentTarget.value)
                setTicketId('')
              }}
            >
              <option value="">{t`Choose a tournament`}</option>
              {targets.map((x) => {
                const type = tournamentTypeLabels[x.type]
                return (
                  <option key={x.tournamentId} value={x.tournamentId}>
                    {x.name}
                    {type ? ` (${i18n._(type)})` : ''}
                  </option>
                )
              })}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ticketField} className="text-sm font-semibold">
              <Trans>Ticket</Trans>
            </label>
            <select
              id={ticketField}
              className={inputClass}
              value={ticketId}
              disabled={!target}
              onChange={(e) => setTicketId(e.currentTarget.value)}
            >
              <option value="">{t`Choose a ticket`}</option>
              {(target?.tickets ?? []).map((k) => {
                const type = ticketTypeLabels[k.type]
                const left = k.ticketsLeft
                return (
                  <option key={k.ticketId} value={k.ticketId}>
                    {type ? i18n._(type) : `#${k.ticketId}`} ·{' '}
                    {formatMoney(k.priceMinor, { code: props.entry.currencyCode }, i18n.locale)} ·{' '}
                    {k.isForSale ? t`${left} left` : t`not for sale`}
                  </option>
                )
              })}
            </select>
          </div>
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

function EntryRow(props: {
  readonly entry: RegistrationRow
  readonly timeZone: string
  readonly tournaments: ReadonlyArray<RegistrationsTournament>
  readonly act: (entry: RegistrationRow, action: Action) => Promise<void>
  readonly selected: boolean
  readonly onSelect: (selected: boolean) => void
}) {
  const { t, i18n } = useLingui()
  const { entry } = props
  const money = (minor: number) => formatMoney(minor, { code: entry.currencyCode }, i18n.locale)
  /** A ticket by its type's name (the tournament's own ticket, or the number of one removed since). */
  const ticketName = (ticketType: number | null, ticketId: number | null) => {
    const label = ticketType === null ? undefined : ticketTypeLabels[ticketType]
    if (label) return i18n._(label)
    return ticketId === null ? '' : t`Ticket #${ticketId}`
  }
  const methods: Record<string, string> = {
    free: t`Free`,
    bankTransfer: t`Bank transfer`,
    card: t`Card`,
    atVenue: t`At the venue`,
  }
  const who = entry.contestants.map((c) => `${c.firstName} ${c.lastName}`).join(', ')
  const entryId = entry.entryId
  const total = money(entry.totalMinor)
  return (
    <tr className="border-b border-line align-top">
      <td className="py-2 pr-2">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          aria-label={t`Select entry #${entryId}`}
          checked={props.selected}
          onChange={(e) => props.onSelect(e.currentTarget.checked)}
        />
      </td>
      <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap">
        #{entry.entryId}
      </th>
      <td className="py-2 pr-3">{entry.tournament.name}</td>
      <td className="py-2 pr-3">
        <ul className="flex flex-col gap-1">
          {entry.contestants.map((c, i) => (
            <li key={i}>
              {c.firstName} {c.lastName}
              {c.countryCode ? <span className="text-muted"> · {c.countryCode}</span> : null}
              {c.federationId ? (
                <span className="text-muted">
                  {' '}
                  · {c.federationId} <FederationMark verified={c.federationVerified} />
                </span>
              ) : null}
              {c.ticketId !== null ? (
                <span className="block text-xs text-muted">
                  {ticketName(c.ticketType, c.ticketId)}
                  {c.ageCategoryName ? ` · ${c.ageCategoryName}` : ''}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </td>
      <td className="py-2 pr-3">{entry.teamName ?? ''}</td>
      <td className="py-2 pr-3 break-all">
        {entry.contactEmail ? (
          <a href={`mailto:${entry.contactEmail}`} className="text-brand-700 underline">
            {entry.contactEmail}
          </a>
        ) : null}
      </td>
      <td className="py-2 pr-3">
        <ul>
          {entry.lines.map((l) => (
            <li key={`${l.ticketId}-${l.ageCategoryId ?? ''}`} className="whitespace-nowrap">
              {l.units} × {ticketName(l.ticketType, l.ticketId)}
              {l.ageCategoryName ? ` · ${l.ageCategoryName}` : ''}{' '}
              {l.unitPriceMinor > 0 ? `· ${money(l.unitPriceMinor)}` : ''}
              {l.earlyBird ? <span className="text-muted"> ({t`early bird`})</span> : null}
            </li>
          ))}
        </ul>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">{money(entry.totalMinor)}</td>
      <td className="py-2 pr-3">{methods[entry.paymentMethod] ?? entry.paymentMethod}</td>
      <td className="py-2 pr-3">
        <StateBadge entry={entry} timeZone={props.timeZone} />
      </td>
      <td className="py-2 pr-3 font-mono text-xs whitespace-nowrap">{entry.reference ?? ''}</td>
      <td className="py-2 pr-3 whitespace-nowrap" suppressHydrationWarning>
        <time dateTime={entry.createdAt}>{when(entry.createdAt, props.timeZone, i18n.locale)}</time>
      </td>
      <td className={`py-2 ${stickyEnd}`}>
        <div className="flex flex-col items-start gap-2 whitespace-nowrap">
          {canMarkPaid(entry) ? (
            <ConfirmAction
              trigger={<Trans>Mark paid</Trans>}
              title={<Trans>Mark entry #{entryId} paid?</Trans>}
              description={
                entry.status === 'expired' ? (
                  <Trans>
                    The entry of {who} expired. It comes back, confirmed and paid, if places are still left.
                  </Trans>
                ) : (
                  <Trans>
                    You received {total} from {who}. The entry is confirmed and the contact is e-mailed.
                  </Trans>
                )
              }
              confirm={<Trans>Mark paid</Trans>}
              onConfirm={() => props.act(entry, { action: 'markPaid' })}
            />
          ) : null}
          {isActive(entry) ? (
            <MoveDialog
              entry={entry}
              tournaments={props.tournaments}
              onMove={(tournamentId, ticketId) =>
                props.act(entry, { action: 'move', tournamentId, ticketId })
              }
            />
          ) : null}
          {isActive(entry) ? (
            <ConfirmAction
              danger
              trigger={<Trans>Cancel entry</Trans>}
              title={<Trans>Cancel entry #{entryId}?</Trans>}
              description={
                <Trans>
                  The places of {who} go back on sale and the contact is e-mailed. This cannot be undone.
                </Trans>
              }
              confirm={<Trans>Cancel the entry</Trans>}
              onConfirm={() => props.act(entry, { action: 'cancel' })}
            />
          ) : null}
        </div>
      </td>
    </tr>
  )
}

/** The state filter's choices in the organiser's words. */
function useStatusChoices(): ReadonlyArray<{ readonly value: EntryFilter; readonly label: string }> {
  const { t } = useLingui()
  return [
    { value: 'pending', label: t`Waiting for payment` },
    { value: 'unpaid', label: t`To be paid at the venue` },
    { value: 'paid', label: t`Paid` },
    { value: 'confirmed', label: t`Confirmed (paid or not)` },
    { value: 'canceled', label: t`Canceled` },
    { value: 'expired', label: t`Expired` },
  ]
}

/** What "mark selected paid" did, one sentence per kind of outcome. */
function MarkedMessage({ outcome }: { readonly outcome: Extract<MarkSelectedOutcome, { ok: true }> }) {
  const count = (reason: string) => outcome.skipped.filter((s) => s.reason === reason).length
  const paid = count('alreadyPaid')
  const canceled = count('canceled')
  const expired = count('expired')
  const free = count('nothingToPay')
  const gone = count('notFound')
  return (
    <>
      <Plural
        value={outcome.marked.length}
        one="# entry is marked paid; its contact is e-mailed."
        other="# entries are marked paid; their contacts are e-mailed."
      />
      {paid > 0 ? (
        <>
          {' '}
          <Plural value={paid} one="# was already paid." other="# were already paid." />
        </>
      ) : null}
      {canceled > 0 ? (
        <>
          {' '}
          <Plural
            value={canceled}
            one="# is canceled and was left out."
            other="# are canceled and were left out."
          />
        </>
      ) : null}
      {expired > 0 ? (
        <>
          {' '}
          <Plural
            value={expired}
            one="# expired: mark it paid on its own row; it comes back only if places are left."
            other="# expired: mark each paid on its own row; they come back only if places are left."
          />
        </>
      ) : null}
      {free > 0 ? (
        <>
          {' '}
          <Plural value={free} one="# is free: nothing to pay." other="# are free: nothing to pay." />
        </>
      ) : null}
      {gone > 0 ? (
        <>
          {' '}
          <Plural value={gone} one="# no longer exists." other="# no longer exist." />
        </>
      ) : null}
    </>
  )
}

export function RegistrationsPanel(props: {
  readonly eventId: number
  readonly timeZone: string
  readonly listing: RegistrationsListing
  readonly onFilter: (query: RegistrationsQuery) => void
  readonly onAction: (entryId: number, action: Action) => Promise<EntryActionOutcome>
  readonly onMarkPaid: (entryIds: ReadonlyArray<number>) => Promise<MarkSelectedOutcome>
}) {
  const { t } = useLingui()
  const refusal = useRefusalMessage()
  const statusChoices = useStatusChoices()
  const searchField = useId()
  const statusField = useId()
  const filterField = useId()
  const tableCaption = useId()
  const { listing } = props
  const query: RegistrationsQuery = {
    tournamentId: listing.tournamentId,
    status: listing.status,
    search: listing.search,
  }
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: ReactNode } | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const first = (listing.page - 1) * listing.pageSize + 1
  const last = first + listing.entries.length - 1
  const total = listing.total
  const filtered = query.tournamentId !== null || query.status !== null || query.search !== null
  // Only the entries on this page can stay selected (the list changes under a new page or filter).
  const chosen = listing.entries.filter((e) => selected.has(e.entryId)).map((e) => e.entryId)
  const count = chosen.length
  const allChosen = listing.entries.length > 0 && count === listing.entries.length
  const select = (entryId: number, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now)
      if (on) next.add(entryId)
      else next.delete(entryId)
      return next
    })

  const act = async (entry: RegistrationRow, action: Action) => {
    const outcome = await props.onAction(entry.entryId, action)
    const id = entry.entryId
    if (outcome.ok)
      setNotice({
        tone: 'ok',
        text:
          action.action === 'markPaid'
            ? t`Entry #${id} is marked paid.`
            : action.action === 'cancel'
              ? t`Entry #${id} is canceled; its places are back on sale.`
              : t`Entry #${id} is moved to ${outcome.entry.tournament.name}.`,
      })
    else setNotice({ tone: 'error', text: refusal(outcome.reason, action.action) })
  }

  const markSelected = async () => {
    setBusy(true)
    const outcome = await props.onMarkPaid(chosen)
    setBusy(false)
    setConfirming(false)
    if (outcome.ok) {
      setSelected(new Set())
      setNotice({ tone: 'ok', text: <MarkedMessage outcome={outcome} /> })
    } else setNotice({ tone: 'error', text: refusal(outcome.reason, 'markPaid') })
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold">
            <Trans>Registrations</Trans>
          </h2>
          <p className="text-sm text-muted">
            {listing.total === 0 ? (
              filtered ? (
                <Trans>No registration matches.</Trans>
              ) : (
                <Trans>No registrations yet.</Trans>
              )
            ) : listing.entries.length === 0 ? (
              <Plural value={listing.total} one="# registration" other="# registrations" />
            ) : (
              <Trans>
                Showing {first}–{last} of {total}
              </Trans>
            )}
          </p>
        </div>
        {listing.total > 0 ? (
          <a
            href={csvHref(props.eventId, query)}
            download
            className="inline-flex h-10 items-center rounded-lg border border-line px-4 text-sm font-semibold text-brand-800"
          >
            {filtered ? <Trans>Download these as CSV</Trans> : <Trans>Download CSV</Trans>}
          </a>
        ) : null}
      </div>
      <form
        method="get"
        aria-label={t`Find registrations`}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          const form = new FormData(e.currentTarget)
          const text = (name: string) => {
            const raw = form.get(name)
            return typeof raw === 'string' ? raw.trim() : ''
          }
          const status = statusChoices.find((c) => c.value === text('status'))?.value ?? null
          const tournament = text('tournament')
          props.onFilter({
            search: text('q') === '' ? null : text('q'),
            status,
            tournamentId: tournament === '' ? null : Number(tournament),
          })
        }}
      >
        <div className="flex min-w-0 grow basis-56 flex-col gap-1">
          <label htmlFor={searchField} className="text-sm font-semibold">
            <Trans>Search</Trans>
          </label>
          <input
            id={searchField}
            name="q"
            type="search"
            maxLength={100}
            defaultValue={listing.search ?? ''}
            placeholder={t`Name, e-mail, team, federation ID or reference`}
            className={inputClass}
          />
        </div>
        <div className="flex min-w-0 basis-60 flex-col gap-1">
          <label htmlFor={statusField} className="text-sm font-semibold">
            <Trans>State</Trans>
          </label>
          <select
            id={statusField}
            name="status"
            className={inputClass}
            defaultValue={listing.status ?? ''}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{t`All states`}</option>
            {statusChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        {listing.tournaments.length > 1 ? (
          <div className="flex min-w-0 basis-44 flex-col gap-1">
            <label htmlFor={filterField} className="text-sm font-semibold">
              <Trans>Tournament</Trans>
            </label>
            <select
              id={filterField}
              name="tournament"
              className={inputClass}
              defaultValue={listing.tournamentId === null ? '' : String(listing.tournamentId)}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              <option value="">{t`All tournaments`}</option>
              {listing.tournaments.map((x) => (
                <option key={x.tournamentId} value={x.tournamentId}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className={primaryButton}>
          <Trans>Search</Trans>
        </button>
        {filtered ? (
          <a
            href={registrationsHref(props.eventId, 1, { tournamentId: null, status: null, search: null })}
            className={`${quietButton} text-brand-700 underline`}
          >
            <Trans>Show all</Trans>
          </a>
        ) : null}
      </form>
      {listing.entries.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
            <AlertDialog.Trigger className={primaryButton} disabled={count === 0}>
              {count === 0 ? (
                <Trans>Mark selected paid</Trans>
              ) : (
                <Plural value={count} one="Mark # selected paid" other="Mark # selected paid" />
              )}
            </AlertDialog.Trigger>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className={dialogOverlay} />
              <AlertDialog.Content className={dialogContent}>
                <AlertDialog.Title className="text-lg font-bold">
                  <Plural value={count} one="Mark # entry paid?" other="Mark # entries paid?" />
                </AlertDialog.Title>
                <AlertDialog.Description className="text-sm">
                  <Trans>
                    You received the payment of each selected entry. Each is confirmed and its contact is
                    e-mailed. Entries already paid, canceled or expired are left as they are.
                  </Trans>
                </AlertDialog.Description>
                <div className="flex flex-wrap justify-end gap-2">
                  <AlertDialog.Cancel className={quietButton}>
                    <Trans>Back</Trans>
                  </AlertDialog.Cancel>
                  <button type="button" disabled={busy} className={primaryButton} onClick={markSelected}>
                    <Plural value={count} one="Mark # entry paid" other="Mark # entries paid" />
                  </button>
                </div>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
          <span className="text-sm text-muted" aria-live="polite">
            {count > 0 ? <Plural value={count} one="# selected" other="# selected" /> : null}
          </span>
        </div>
      ) : null}
      {notice ? (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={notice.tone === 'error' ? 'text-sm text-danger-700' : 'text-sm text-brand-800'}
        >
          {notice.text}
        </p>
      ) : null}
      {listing.entries.length > 0 ? (
        <TableScroller labelledBy={tableCaption}>
          <table className="w-full text-left text-sm">
            <caption id={tableCaption} className="sr-only">
              <Trans>The event’s registrations, newest first</Trans>
            </caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    aria-label={t`Select all on this page`}
                    checked={allChosen}
                    onChange={(e) => {
                      const on = e.currentTarget.checked
                      setSelected(new Set(on ? listing.entries.map((x) => x.entryId) : []))
                    }}
                  />
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Entry</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Tournament</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Players</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Team</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Contact e-mail</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Tickets</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Total</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Payment</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>State</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Reference</Trans>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <Trans>Registered</Trans>
                </th>
                <th scope="col" className={`py-2 font-semibold ${stickyEnd}`}>
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.entries.map((entry) => (
                <EntryRow
                  key={entry.entryId}
                  entry={entry}
                  timeZone={props.timeZone}
                  tournaments={listing.tournaments}
                  act={act}
                  selected={selected.has(entry.entryId)}
                  onSelect={(on) => select(entry.entryId, on)}
                />
              ))}
            </tbody>
          </table>
        </TableScroller>
      ) : listing.total > 0 ? (
        <p className="rounded-card border border-line p-6 text-muted">
          <Trans>
            There are no registrations on this page.{' '}
            <a href={registrationsHref(props.eventId, 1, query)} className="text-brand-700 underline">
              Go to the first page
            </a>
          </Trans>
        </p>
      ) : null}
      <Pagination
        page={listing.page}
        pageSize={listing.pageSize}
        total={listing.total}
        href={(page) => registrationsHref(props.eventId, page, query)}
      />
    </section>
  )
}
