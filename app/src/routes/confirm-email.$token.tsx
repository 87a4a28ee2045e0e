import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { FormCard, useCodeMessage } from '../components/Forms.tsx'
import { confirmEmailChange } from '../server/account.functions.ts'

/** The link mailed to a new address: the account's e-mail changes once it is opened. */
export const Route = createFileRoute('/confirm-email/$token')({
  loader: ({ params }) => confirmEmailChange({ data: { token: params.token } }),
  head: () => ({ meta: [{ title: 'Confirm your e-mail — Kibitz' }, { name: 'robots', content: 'noindex' }] }),
  component: ConfirmEmail,
})

function ConfirmEmail() {
  const outcome = Route.useLoaderData()
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  return (
    <FormCard title={outcome.ok ? t`Your e-mail address is changed` : t`The e-mail address was not changed`}>
      <p role={outcome.ok ? 'status' : 'alert'}>
        {outcome.ok ? (
          <Trans>From now on, log in with your new e-mail address.</Trans>
        ) : (
          codeMessage(outcome.code)
        )}
      </p>
      <Link to="/profile-settings" className="font-semibold text-brand-700 underline">
        <Trans>Profile settings</Trans>
      </Link>
    </FormCard>
  )
}
