import { ForgotInput } from '@kibitz/accounts/forms'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Field, FormCard, FormProblem, Submit, useValidatedForm } from '../components/Forms.tsx'
import { guestOnly } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'

export const Route = createFileRoute('/forgot-password/')({
  beforeLoad: ({ context }) => guestOnly(context),
  loader: () => fetchFormState({ data: { form: 'forgot' } }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Forgot your password?`) }),
  server: {
    handlers: {
      POST: async ({ request }) => (await import('../server/accountForms.server.ts')).forgotPost(request),
    },
  },
  component: ForgotPage,
})

function ForgotPage() {
  const state = Route.useLoaderData()
  const { t } = useLingui()
  const { errors, onSubmit, onChange } = useValidatedForm(ForgotInput, state?.errors ?? {})
  return (
    <FormCard title={t`Forgot your password?`}>
      <p className="text-sm text-muted">
        <Trans>Enter the e-mail of your account and we will send you a link to choose a new password.</Trans>
      </p>
      <FormProblem state={state} />
      <form
        method="post"
        action="/forgot-password"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-col gap-4"
      >
        <Field
          name="email"
          type="email"
          label={<Trans>E-mail</Trans>}
          autoComplete="email"
          required
          defaultValue={state?.values.email}
          error={errors.email}
        />
        <Submit>
          <Trans>Send the link</Trans>
        </Submit>
      </form>
      <Link to="/login" className="text-sm font-semibold text-brand-700 underline">
        <Trans>Back to login</Trans>
      </Link>
    </FormCard>
  )
}
