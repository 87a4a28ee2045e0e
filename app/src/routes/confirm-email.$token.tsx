import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FormCard, FormProblem, Submit, useCodeMessage } from '../components/Forms.tsx'
import { privatePageMeta } from '../lib/title.ts'
import { fetchEmailChange, fetchFormState } from '../server/account.functions.ts'

/**
 * The link mailed to a new address. Opening it only shows what would change; the change needs a press of
 * the button, so a mail scanner following links changes nothing.
 */
export const Route = createFileRoute('/confirm-email/$token')({
  loader: async ({ params }) => ({
    change: await fetchEmailChange({ data: { token: params.token } }),
    state: await fetchFormState({ data: { form: 'confirm-email' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Confirm your new e-mail address`) }),
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/accountForms.server.ts')).confirmEmailPost(request, params.token),
    },
  },
  component: ConfirmEmail,
})

function ConfirmEmail() {
  const { change, state } = Route.useLoaderData()
  const { token } = Route.useParams()
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  if (!change.ok) {
    return (
      <FormCard title={t`The e-mail address was not changed`}>
        <p role="alert">{codeMessage(change.code)}</p>
      </FormCard>
    )
  }
  const address = change.newEmail
  return (
    <FormCard title={t`Confirm your new e-mail address`}>
      <FormProblem state={state} />
      <p>
        <Trans>Make {address} the e-mail address of your Kibitz account?</Trans>
      </p>
      <form method="post" action={`/confirm-email/${encodeURIComponent(token)}`}>
        <Submit>
          <Trans>Confirm the new address</Trans>
        </Submit>
      </form>
    </FormCard>
  )
}
