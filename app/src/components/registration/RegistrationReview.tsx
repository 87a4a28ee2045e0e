import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { RefObject } from 'react'
import type { PriceLine, TicketData } from './pricing.ts'

// What the registration form shows before it registers: the price as the players' tickets make it, and
// (decision 033) the review of the whole entry that the visitor confirms.

export function PriceSummary(props: {
  price: { readonly lines: ReadonlyArray<PriceLine>; readonly totalMinor: number } | null
  money: (minor: number) => string
  ticketLabel: (k: TicketData) => string
}) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="price-title" className="rounded-card bg-canvas p-4">
      <h2 id="price-title" className="mb-2 text-lg font-bold">
        <Trans>Price</Trans>
      </h2>
      <div aria-live="polite">
        {props.price === null ? (
          <p className="text-sm text-muted">
            <Trans>Choose a ticket for every player to see the price.</Trans>
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-1 text-sm">
              {props.price.lines.map((l) => (
                <li key={`${l.ticket.ticketId}:${l.category?.ticketAgeCategoryId ?? ''}`}>
                  {l.ticket.isPricePerTeam
                    ? t`${props.ticketLabel(l.ticket)}: ${props.money(l.totalMinor)}`
                    : `${l.persons} × ${l.category ? l.category.name : props.ticketLabel(l.ticket)} (${props.money(l.unitMinor)})${
                        l.earlyBird ? ` — ${t`early bird`}` : ''
                      } = ${props.money(l.totalMinor)}`}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-lg font-bold" data-testid="registration-total">
              <Trans>Total: {props.money(props.price.totalMinor)}</Trans>
            </p>
          </>
        )}
      </div>
    </section>
  )
}

/** Decision 033: what will be registered, for whom, at what price and how it is paid, before it is. */
export function ReviewSummary(props: {
  reviewRef: RefObject<HTMLElement | null>
  eventName: string
  tournamentName: string
  teamName: string
  contactEmail: string
  players: ReadonlyArray<{ name: string; country: string; ticket: string; category: string }>
  price: { readonly lines: ReadonlyArray<PriceLine>; readonly totalMinor: number } | null
  money: (minor: number) => string
  method: string
}) {
  return (
    <section
      ref={props.reviewRef}
      tabIndex={-1}
      aria-labelledby="review-title"
      data-testid="registration-review"
      className="flex scroll-mt-24 flex-col gap-3 rounded-card border-2 border-brand-600 bg-surface p-4"
    >
      <h2 id="review-title" className="text-lg font-bold">
        <Trans>Check your registration</Trans>
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">
          <Trans>Tournament</Trans>
        </dt>
        <dd>
          {props.tournamentName} — {props.eventName}
        </dd>
        {props.teamName ? (
          <>
            <dt className="font-semibold">
              <Trans>Team</Trans>
            </dt>
            <dd>{props.teamName}</dd>
          </>
        ) : null}
        <dt className="font-semibold">
          <Plural value={props.players.length} one="Player" other="Players" />
        </dt>
        <dd>
          <ul className="flex flex-col gap-1">
            {props.players.map((p, i) => (
              <li key={i}>
                <span className="font-semibold">{p.name}</span>
                {p.country ? ` (${p.country})` : ''}
                {p.ticket ? ` — ${p.ticket}` : ''}
                {p.category ? `, ${p.category}` : ''}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-semibold">
          <Trans>Contact e-mail</Trans>
        </dt>
        <dd className="break-all">{props.contactEmail}</dd>
        <dt className="font-semibold">
          <Trans>Total</Trans>
        </dt>
        <dd className="text-base font-bold" data-testid="review-total">
          {props.price ? props.money(props.price.totalMinor) : '—'}
        </dd>
        <dt className="font-semibold">
          <Trans>Payment</Trans>
        </dt>
        <dd data-testid="review-payment">
          {props.method === 'free' ? (
            <Trans>Free of charge: the entry is confirmed at once.</Trans>
          ) : props.method === 'atVenue' ? (
            <Trans>Paid at the venue: the entry is confirmed at once.</Trans>
          ) : props.method === 'card' ? (
            <Trans>By card: after you confirm, you pay on the card payment page.</Trans>
          ) : (
            <Trans>
              By bank transfer: after you confirm, you get the bank details and a payment reference on the
              next page and by e-mail. The places are held until the payment deadline shown there.
            </Trans>
          )}
        </dd>
      </dl>
      <p className="text-sm text-muted">
        <Trans>Nothing is registered yet. Press “Change” to correct something, or confirm.</Trans>
      </p>
    </section>
  )
}

/** Register (after a review), or go back and change something while reviewing. */
export function RegisterButtons(props: {
  reviewing: boolean
  confirming: boolean
  busy: boolean
  onChange: () => void
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {props.reviewing ? (
        <button
          type="button"
          onClick={props.onChange}
          className="inline-flex h-11 items-center justify-center rounded-lg border border-line px-5 font-semibold text-brand-800"
        >
          <Trans>Change</Trans>
        </button>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="register"
        disabled={props.busy}
        className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {props.confirming ? <Trans>Confirm and register</Trans> : <Trans>Review and register</Trans>}
      </button>
    </div>
  )
}
