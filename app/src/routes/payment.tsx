import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { PaymentDetails } from '../components/registration/PaymentDetails.tsx'
import {
  EntryStateText,
  EntrySummary,
  InvalidLink,
  RegisteredNotice,
} from '../components/registration/StatusView.tsx'
import { stringParam } from '../lib/search.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchEntry } from '../server/registration.functions.ts'

// Spec section 2: how to pay a registration, from its secret link; no login, never cached, never indexed.
export const Route = createFileRoute('/payment')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { token?: string; problem?: string; registered?: string } => ({
    token: stringParam(search.token),
    problem: stringParam(search.problem),
    registered: stringParam(search.registered),
  }),
  loaderDeps: ({ search }) => ({ token: search.token ?? '' }),
  loader: async ({ deps }) => {
    const data = await fetchEntry({ data: { token: deps.token.slice(0, 100) } })
    if (data === null) throw notFound()
    return data
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Payment`) }),
  headers: () => ({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }),
  notFoundComponent: InvalidLink,
  component: PaymentPage,
})

function PaymentPage() {
  const { entry } = Route.useLoaderData()
  const { problem, registered } = Route.useSearch()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-5 rounded-card bg-surface p-6 shadow-card">
      <h1 className="text-2xl font-bold">
        <Trans>Payment</Trans>
      </h1>
      {registered === '1' && entry.status === 'pending' ? <RegisteredNotice entry={entry} /> : null}
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-100 p-3 text-danger-700">
          {problem === 'tooLate' ? (
            <Trans>There is too little time left to pay by card. Please pay by bank transfer.</Trans>
          ) : problem === 'paymentUnavailable' ? (
            <Trans>Card payment is not available for this registration.</Trans>
          ) : (
            <Trans>The card payment could not be started. Please try again.</Trans>
          )}
        </p>
      ) : null}
      {entry.status === 'pending' ? (
        <>
          <p data-testid="entry-state" className="font-semibold">
            <EntryStateText entry={entry} />
          </p>
          <PaymentDetails entry={entry} />
        </>
      ) : (
        <p role="status" data-testid="entry-state" className="rounded-lg bg-canvas p-3 font-semibold">
          {entry.paid ? <Trans>This registration is already paid.</Trans> : <EntryStateText entry={entry} />}
        </p>
      )}
      <h2 className="text-lg font-bold">
        <Trans>Your registration</Trans>
      </h2>
      <EntrySummary entry={entry} />
      <p>
        <Link to="/status" search={{ token: entry.token }} className="font-semibold text-brand-700 underline">
          <Trans>Registration status</Trans>
        </Link>
      </p>
    </section>
  )
}
