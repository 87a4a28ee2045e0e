import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { FormCard, useCodeMessage } from '../components/Forms.tsx'
import { privatePageMeta } from '../lib/title.ts'
import { activateAccount } from '../server/account.functions.ts'

/** The e-mailed activation link: activates, then offers to log in. */
export const Route = createFileRoute('/activate-user/$token')({
  loader: ({ params }) => activateAccount({ data: { token: params.token } }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Activate your account`) }),
  component: ActivatePage,
})

function ActivatePage() {
  const outcome = Route.useLoaderData()
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  return (
    <FormCard title={outcome.ok ? t`Your account is active` : t`Activation failed`}>
      <p role={outcome.ok ? 'status' : 'alert'}>
        {outcome.ok ? <Trans>Thank you! Your e-mail address is confirmed.</Trans> : codeMessage(outcome.code)}
      </p>
      {outcome.ok ? null : (
        <p className="text-sm text-muted">
          <Trans>Log in with your e-mail and password and we will send you a new activation link.</Trans>
        </p>
      )}
      <Link
        to="/login"
        className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white"
      >
        <Trans>Log in</Trans>
      </Link>
    </FormCard>
  )
}
