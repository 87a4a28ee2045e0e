import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FormCard, FormProblem, Submit, useCodeMessage } from '../components/Forms.tsx'
import { organiserStatus } from '../lib/session.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchFormState, fetchOrganiserDecision } from '../server/account.functions.ts'

/**
 * The decision link e-mailed to super users (spec: status/{status}/{token}). Opening it only shows the
 * application; the decision needs a press of the button, so a mail scanner following links decides nothing.
 */
export const Route = createFileRoute('/register-organizer/status/$status/$token')({
  validateSearch: (search: Record<string, unknown>): { done?: boolean } => ({
    done: search.done === '1' ? true : undefined,
  }),
  loader: async ({ params }) => ({
    decision: await fetchOrganiserDecision({ data: { token: params.token } }),
    state: await fetchFormState({ data: { form: 'decision' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Organiser application`) }),
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/accountForms.server.ts')).organiserDecisionPost(
          request,
          params.status,
          params.token,
        ),
    },
  },
  component: Decision,
})

function Decision() {
  const { decision, state } = Route.useLoaderData()
  const { status, token } = Route.useParams()
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  if (!decision.ok) {
    return (
      <FormCard title={t`Organiser application`}>
        <p role="alert">{codeMessage(decision.code)}</p>
      </FormCard>
    )
  }
  const application = decision.application
  const accept = status === String(organiserStatus.accepted)
  const decided = application.status !== organiserStatus.pending
  return (
    <FormCard title={t`Organiser application`}>
      <FormProblem state={state} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">
          <Trans>Name</Trans>
        </dt>
        <dd>{application.name}</dd>
        <dt className="font-semibold">
          <Trans>E-mail</Trans>
        </dt>
        <dd>{application.applicantEmail}</dd>
        <dt className="font-semibold">
          <Trans>Country</Trans>
        </dt>
        <dd>{application.countryName ?? '—'}</dd>
        <dt className="font-semibold">
          <Trans>Phone</Trans>
        </dt>
        <dd>{application.phone ?? '—'}</dd>
        <dt className="font-semibold">
          <Trans>Website</Trans>
        </dt>
        <dd>{application.websiteUrl ?? '—'}</dd>
      </dl>
      {decided ? (
        <p role="status" className="font-semibold">
          {application.status === organiserStatus.accepted ? (
            <Trans>This application has been accepted.</Trans>
          ) : (
            <Trans>This application has been declined.</Trans>
          )}
        </p>
      ) : (
        <form
          method="post"
          action={`/register-organizer/status/${encodeURIComponent(status)}/${encodeURIComponent(token)}`}
        >
          <Submit>
            {accept ? <Trans>Accept the organiser</Trans> : <Trans>Decline the application</Trans>}
          </Submit>
        </form>
      )}
    </FormCard>
  )
}
