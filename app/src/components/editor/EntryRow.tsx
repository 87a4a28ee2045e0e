import { formatMoney } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ticketTypeLabels } from '../../lib/labels.ts'
import type { RegistrationRow } from '../../server/registrations.functions.ts'
import { ConfirmAction, MoveDialog, stickyEnd } from './RegistrationDialogs.tsx'
import {
  type Action,
  canMarkPaid,
  isActive,
  type RegistrationsTournament,
  when,
} from './registrationsQuery.ts'

// One entry of the organiser's registrations: its players, tickets, payment and state, and the actions it allows.

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

export function EntryRow(props: {
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
