import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { EntryPageData } from '../../server/registration.functions.ts'

// A registration as its secret link shows it (spec section 2: /status and /payment).

/** The state of a registration in words. */
export function EntryStateText({ entry }: { entry: EntryPageData }) {
  switch (entry.status) {
    case 'pending':
      return <Trans>Waiting for payment</Trans>
    case 'confirmed':
      return entry.paid || entry.paymentMethod === 'free' ? (
        <Trans>Confirmed</Trans>
      ) : (
        <Trans>Confirmed, to be paid at the venue</Trans>
      )
    case 'canceled':
      return <Trans>Canceled by the organiser</Trans>
    case 'expired':
      return <Trans>Expired: not paid in time</Trans>
  }
}

export function EntrySummary({ entry }: { entry: EntryPageData }) {
  const { t, i18n } = useLingui()
  const regionNames = (code: string) => {
    try {
      // The page's language, the same on the server and in the browser.
      return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code
    } catch {
      return code
    }
  }
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">
        <Trans>Event</Trans>
      </dt>
      <dd>
        <Link
          to="/event/$eventId"
          params={{ eventId: entry.event.alias }}
          className="text-brand-700 underline"
        >
          {entry.event.name}
        </Link>
      </dd>
      <dt className="font-semibold">
        <Trans>Tournament</Trans>
      </dt>
      <dd>
        {entry.tournament.name}{' '}
        {entry.status === 'pending' || entry.status === 'confirmed' ? (
          <a
            className="text-brand-700 underline"
            href={`/api/v1/tournament/ical/generate?ids[]=${entry.tournament.tournamentId}&event=${encodeURIComponent(entry.event.alias)}`}
            download
          >
            <Trans>Add to calendar</Trans>
          </a>
        ) : null}
      </dd>
      {entry.teamName ? (
        <>
          <dt className="font-semibold">
            <Trans>Team</Trans>
          </dt>
          <dd>{entry.teamName}</dd>
        </>
      ) : null}
      <dt className="font-semibold">
        <Plural value={entry.contestants.length} one="Player" other="Players" />
      </dt>
      <dd>
        <ul>
          {entry.contestants.map((c) => (
            <li key={`${c.firstName} ${c.lastName}`}>
              {c.firstName} {c.lastName}
              {c.countryCode ? <span className="text-muted"> ({regionNames(c.countryCode)})</span> : null}
              {c.ageCategory ? <span data-testid="player-age-category"> — {c.ageCategory}</span> : null}
            </li>
          ))}
        </ul>
      </dd>
      <dt className="font-semibold">
        <Trans>Tickets</Trans>
      </dt>
      <dd>
        <ul>
          {entry.lines.map((l, i) => (
            <li key={i}>
              {l.units === 1 && l.persons > 1
                ? t`${l.persons} players, per team: ${l.total}`
                : `${l.persons} × ${l.unit} = ${l.total}`}
              {l.earlyBird ? <span className="text-muted"> ({t`early bird`})</span> : null}
            </li>
          ))}
        </ul>
      </dd>
      <dt className="font-semibold">
        <Trans>Total</Trans>
      </dt>
      <dd className="font-bold">{entry.total}</dd>
      <dt className="font-semibold">
        <Trans>State</Trans>
      </dt>
      <dd data-testid="entry-state">
        <EntryStateText entry={entry} />
      </dd>
      <dt className="font-semibold">
        <Trans>Paid</Trans>
      </dt>
      <dd>{entry.paid ? (entry.paidAt ? t`Yes, on ${entry.paidAt}` : t`Yes`) : t`No`}</dd>
      {entry.reference ? (
        <>
          <dt className="font-semibold">
            <Trans>Payment reference</Trans>
          </dt>
          <dd className="font-mono">{entry.reference}</dd>
        </>
      ) : null}
      {entry.dueBy ? (
        <>
          <dt className="font-semibold">
            <Trans>Pay by</Trans>
          </dt>
          <dd>
            {entry.dueBy}
            {entry.dueByZone ? <span className="text-muted"> ({entry.dueByZone})</span> : null}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

/** Right after registering (`?registered=1`): that it worked, what happens next and where the e-mail went. */
export function RegisteredNotice({ entry }: { entry: EntryPageData }) {
  const email = entry.contactEmail ?? ''
  const tournament = entry.tournament.name
  const total = entry.total
  const dueBy = entry.dueBy
  return (
    <div
      role="status"
      data-testid="registered-notice"
      className="flex flex-col gap-1 rounded-lg border border-brand-600/40 bg-brand-100 p-4 text-brand-800"
    >
      <p className="text-lg font-bold">
        {entry.status === 'pending' ? (
          <Trans>Thank you! Your registration for {tournament} is received.</Trans>
        ) : (
          <Trans>Thank you! You are registered for {tournament}.</Trans>
        )}
      </p>
      <p className="text-sm">
        {entry.status === 'pending' && dueBy ? (
          <Trans>
            It is confirmed when your payment of {total} arrives; the places are held until {dueBy}. We have
            sent these details and your personal status link to {email}.
          </Trans>
        ) : (
          <Trans>We have sent the confirmation and your personal status link to {email}.</Trans>
        )}
      </p>
    </div>
  )
}

/** A status or payment link that opens nothing: a plain page that tells nothing more (spec section 2). */
export function InvalidLink() {
  return (
    <section className="mx-auto flex max-w-md flex-col gap-3 rounded-card bg-surface p-6 shadow-card">
      <h1 className="text-2xl font-bold">
        <Trans>This link is not valid</Trans>
      </h1>
      <p className="text-muted">
        <Trans>Check that you copied the whole link from the e-mail.</Trans>
      </p>
      <p>
        <Link to="/" className="font-semibold text-brand-700 underline">
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </section>
  )
}
