import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useState } from 'react'
import type {
  EntryActionOutcome,
  MarkSelectedOutcome,
  RegistrationRow,
} from '../../server/registrations.functions.ts'
import { Pagination } from '../Pagination.tsx'
import { TableScroller } from '../TableScroller.tsx'
import { EntryRow } from './EntryRow.tsx'
import { ConfirmDialog, primaryButton, stickyEnd } from './RegistrationDialogs.tsx'
import { RegistrationsFilter } from './RegistrationsFilter.tsx'
import { MarkedMessage, useRefusalMessage } from './RegistrationsMessages.tsx'
import {
  type Action,
  csvHref,
  type RegistrationsListing,
  type RegistrationsQuery,
  registrationsHref,
} from './registrationsQuery.ts'

// The organiser's registrations (issues 5 and 14): the event's entries with their players, tickets (by name),
// payment and state; the search and the filters by tournament and state (a GET form, so they work without
// JavaScript and stay in the address), the CSV of what is shown, the row actions (mark paid, cancel, move) and
// "mark selected paid", each confirmed in a dialog (decision 034).

export {
  type RegistrationsListing,
  type RegistrationsQuery,
  type RegistrationsTournament,
  registrationsHref,
} from './registrationsQuery.ts'

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
      <RegistrationsFilter
        eventId={props.eventId}
        listing={listing}
        filtered={filtered}
        onFilter={props.onFilter}
      />
      {listing.entries.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            triggerClassName={primaryButton}
            triggerDisabled={count === 0}
            trigger={
              count === 0 ? (
                <Trans>Mark selected paid</Trans>
              ) : (
                <Plural value={count} one="Mark # selected paid" other="Mark # selected paid" />
              )
            }
            title={<Plural value={count} one="Mark # entry paid?" other="Mark # entries paid?" />}
            description={
              <Trans>
                You received the payment of each selected entry. Each is confirmed and its contact is
                e-mailed. Entries already paid, canceled or expired are left as they are.
              </Trans>
            }
            confirm={<Plural value={count} one="Mark # entry paid" other="Mark # entries paid" />}
            confirmClassName={primaryButton}
            busy={busy}
            onConfirm={markSelected}
          />
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
                <ColumnHead>
                  <Trans>Entry</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Tournament</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Players</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Team</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Contact e-mail</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Tickets</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Total</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Payment</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>State</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Reference</Trans>
                </ColumnHead>
                <ColumnHead>
                  <Trans>Registered</Trans>
                </ColumnHead>
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

/** A column of the registrations table. */
function ColumnHead(props: { readonly children: ReactNode }) {
  return (
    <th scope="col" className="py-2 pr-3 font-semibold">
      {props.children}
    </th>
  )
}
