import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { RegistrationFormView } from '../components/registration/RegistrationForm.tsx'
import { hydratedPage } from '../lib/render.ts'
import { tournamentPath } from '../lib/site.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchAccountLookups } from '../server/account.functions.ts'
import { fetchRegistrationForm } from '../server/registration.functions.ts'

const root = getRouteApi('__root__')

// Spec section 2: a tournament's registration form. Closed or unknown tournaments get a plain page that
// leads back to the event, never an error screen.
export const Route = createFileRoute('/event/$eventId/tournament/$tournamentId/register')({
  headers: hydratedPage,
  loader: async ({ params }) => {
    const [data, lookups] = await Promise.all([
      fetchRegistrationForm({ data: { event: params.eventId, tournament: params.tournamentId } }),
      fetchAccountLookups(),
    ])
    return { data, countries: lookups.countries }
  },
  head: ({ loaderData, matches }) => ({
    meta:
      loaderData?.data.ok === true
        ? privatePageMeta(
            matches,
            msg`Registration`,
            loaderData.data.form.tournament.name,
            loaderData.data.form.event.name,
          )
        : privatePageMeta(matches, msg`Registration`),
  }),
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/registration.server.ts')).registerPost(
          request,
          params.eventId,
          params.tournamentId,
        ),
    },
  },
  component: RegisterPage,
})

function RegisterPage() {
  const { data, countries } = Route.useLoaderData()
  const { eventId, tournamentId } = Route.useParams()
  const { locale } = root.useLoaderData()
  const { t } = useLingui()
  if (!data.ok)
    return (
      <section className="rounded-card bg-surface p-6 shadow-card" aria-labelledby="register-title">
        <h2 id="register-title" className="text-xl font-bold">
          {data.reason === 'notFound' ? (
            <Trans>This tournament was not found</Trans>
          ) : (
            <Trans>Registration is closed</Trans>
          )}
        </h2>
        <p className="mt-2 text-muted">
          {data.reason === 'notFound' ? (
            <Trans>The tournament may have been removed or renamed.</Trans>
          ) : (
            <Trans>This tournament does not take registrations now.</Trans>
          )}
        </p>
        <p className="mt-4">
          <Link to="/event/$eventId" params={{ eventId }} className="font-semibold text-brand-700 underline">
            <Trans>Back to the event</Trans>
          </Link>
        </p>
      </section>
    )
  const form = data.form
  return (
    <section className="rounded-card bg-surface p-6 shadow-card" aria-labelledby="register-title">
      <h2 id="register-title" className="text-xl font-bold">
        {t`Register for ${form.tournament.name}`}
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted">
        {t`Fields marked * are required.`}{' '}
        <a href={`/rules/${form.tournament.tournamentId}`} className="font-semibold text-brand-700 underline">
          <Trans>Rules and regulations</Trans>
        </a>
      </p>
      <RegistrationFormView
        form={form}
        countries={countries}
        prefill={data.prefill}
        state={data.state}
        requestKey={data.requestKey}
        locale={locale}
        action={`${tournamentPath(eventId, tournamentId)}/register`}
      />
    </section>
  )
}
