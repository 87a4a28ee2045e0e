import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { PaymentDetails } from '../components/registration/PaymentDetails.tsx'
import { EntrySummary, InvalidLink, RegisteredNotice } from '../components/registration/StatusView.tsx'
import { stringParam } from '../lib/search.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchEntry } from '../server/registration.functions.ts'

// Spec section 2: a registration's status from its secret link (after a card checkout, the payment is
// confirmed with the provider first). An unknown link is a plain 404 that tells nothing more.
export const Route = createFileRoute('/status')({
  validateSearch: (
    search: Record<string, unknown>,
  ): { token?: string; session_id?: string; registered?: string } => ({
    token: stringParam(search.token),
    session_id: stringParam(search.session_id),
    registered: stringParam(search.registered),
  }),
  loaderDeps: ({ search }) => ({ token: search.token ?? '', sessionId: search.session_id }),
  loader: async ({ deps }) => {
    const data = await fetchEntry({
      data: {
        token: deps.token.slice(0, 100),
        ...(deps.sessionId === undefined ? {} : { sessionId: deps.sessionId.slice(0, 100) }),
      },
    })
    if (data === null) throw notFound()
    return data
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Registration status`) }),
  headers: () => ({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }),
  notFoundComponent: InvalidLink,
  component: StatusPage,
})

function StatusPage() {
  const { entry, cardNotConfirmed } = Route.useLoaderData()
  const { registered } = Route.useSearch()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-5 rounded-card bg-surface p-6 shadow-card">
      <h1 className="text-2xl font-bold">
        <Trans>Registration status</Trans>
      </h1>
      {registered === '1' && entry.status !== 'canceled' && entry.status !== 'expired' ? (
        <RegisteredNotice entry={entry} />
      ) : null}
      {cardNotConfirmed ? (
        <p role="alert" className="rounded-lg bg-danger-100 p-3 text-danger-700">
          <Trans>We could not confirm the card payment yet. If you paid, it will show here shortly.</Trans>
        </p>
      ) : null}
      <EntrySummary entry={entry} />
      {entry.status === 'pending' ? (
        <>
          <PaymentDetails entry={entry} />
          <p>
            <Link
              to="/payment"
              search={{ token: entry.token }}
              className="font-semibold text-brand-700 underline"
            >
              <Trans>How to pay</Trans>
            </Link>
          </p>
        </>
      ) : null}
    </section>
  )
}
