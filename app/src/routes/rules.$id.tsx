import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { staticPage } from '../lib/render.ts'
import { storedFileHref } from '../lib/site.ts'
import { pageTitle } from '../lib/title.ts'
import { fetchRules } from '../server/registration.functions.ts'

// Spec section 2: /rules/{id}, a tournament's rules and regulations and how its registration works.
export const Route = createFileRoute('/rules/$id')({
  headers: staticPage,
  loader: async ({ params }) => {
    const id = /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : 0
    const data = id > 0 && id <= 2_147_483_647 ? await fetchRules({ data: { tournamentId: id } }) : null
    if (data === null) throw await notFoundWithMoreEvents()
    return data
  },
  head: ({ loaderData, matches }) => ({
    meta: loaderData
      ? [
          {
            title: pageTitle(
              matches,
              msg`Rules and regulations`,
              loaderData.tournament.name,
              loaderData.event.name,
            ),
          },
        ]
      : [],
  }),
  component: RulesPage,
})

function RulesPage() {
  const { event, tournament, paymentMethods, holdHours } = Route.useLoaderData()
  // t, not Trans: Trans would read markup in the organiser's tournament name as its own elements.
  const { t } = useLingui()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 rounded-card bg-surface p-6 shadow-card">
      <h1 className="text-2xl font-bold">{t`Rules and regulations: ${tournament.name}`}</h1>
      <p className="text-muted">{event.name}</p>
      {tournament.rulesFile ? (
        <p>
          <a href={storedFileHref(tournament.rulesFile)} className="font-semibold text-brand-700 underline">
            <Trans>The tournament’s rules and regulations (PDF)</Trans>
          </a>
        </p>
      ) : (
        <p>
          <Trans>The organiser has not published a rules document for this tournament.</Trans>
        </p>
      )}
      <h2 className="text-lg font-bold">
        <Trans>How registration works</Trans>
      </h2>
      <ul className="flex list-disc flex-col gap-2 pl-6">
        <li>
          <Trans>
            Each player’s ticket (and age category) sets the price. The total is shown before you register; if
            prices or places change meanwhile, you are told and nothing is registered.
          </Trans>
        </li>
        {tournament.verifyPlayer ? (
          <li>
            <Trans>Every player needs a national federation member number.</Trans>
          </li>
        ) : null}
        {paymentMethods === null ? null : paymentMethods.length === 0 ? (
          <li>
            <Trans>Entry fees are paid at the venue.</Trans>
          </li>
        ) : (
          <li>
            {paymentMethods.includes('bankTransfer') && paymentMethods.includes('card') ? (
              <Trans>Entry fees are paid online by bank transfer or by card.</Trans>
            ) : paymentMethods.includes('card') ? (
              <Trans>Entry fees are paid online by card.</Trans>
            ) : (
              <Trans>Entry fees are paid by bank transfer, with the payment reference you are given.</Trans>
            )}
          </li>
        )}
        <li>
          <Plural
            value={holdHours}
            one="An unpaid registration holds its places for # hour; then it expires and the places are freed."
            other="An unpaid registration holds its places for # hours; then it expires and the places are freed."
          />
        </li>
        <li>
          <Trans>
            Free registrations are confirmed at once. The organiser may cancel a registration or move it to
            another tournament of the event; you are told by e-mail.
          </Trans>
        </li>
      </ul>
      <p className="flex flex-wrap gap-4">
        {tournament.isOpenRegistration ? (
          <Link
            to="/event/$eventId/tournament/$tournamentId/register"
            params={{ eventId: event.alias, tournamentId: tournament.alias }}
            className="font-semibold text-brand-700 underline"
          >
            <Trans>Register</Trans>
          </Link>
        ) : null}
        <Link
          to="/event/$eventId"
          params={{ eventId: event.alias }}
          className="font-semibold text-brand-700 underline"
        >
          <Trans>Back to the event</Trans>
        </Link>
      </p>
    </section>
  )
}
