import { ResetInput } from '@kibitz/accounts/forms'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import {
  Field,
  FormCard,
  FormProblem,
  Submit,
  useCodeMessage,
  useValidatedForm,
} from '../components/Forms.tsx'
import { privatePageMeta } from '../lib/title.ts'
import { checkResetLink, fetchFormState } from '../server/account.functions.ts'

/** The e-mailed reset link: a new password, or 1013 when the link has expired or was used. */
export const Route = createFileRoute('/forgot-password/$token')({
  loader: async ({ params }) => ({
    link: await checkResetLink({ data: { token: params.token } }),
    state: await fetchFormState({ data: { form: 'reset' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Choose a new password`) }),
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/accountForms.server.ts')).resetPost(request, params.token),
    },
  },
  component: ResetPage,
})

function ResetPage() {
  const { link, state } = Route.useLoaderData()
  const { token } = Route.useParams()
  const { t } = useLingui()
  const codeMessage = useCodeMessage()
  const { errors, onSubmit, onChange } = useValidatedForm(ResetInput, state?.errors ?? {})
  if (!link.ok) {
    return (
      <FormCard title={t`Choose a new password`}>
        <p role="alert">{codeMessage(link.code)}</p>
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          <Trans>Send me a new link</Trans>
        </Link>
      </FormCard>
    )
  }
  return (
    <FormCard title={t`Choose a new password`}>
      <FormProblem state={state} />
      <form
        method="post"
        action={`/forgot-password/${encodeURIComponent(token)}`}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-col gap-4"
      >
        <Field
          name="password"
          type="password"
          label={<Trans>New password</Trans>}
          autoComplete="new-password"
          required
          maxLength={128}
          hint={<Trans>At least 8 characters: letters, digits and punctuation, no spaces.</Trans>}
          error={errors.password}
        />
        <Submit>
          <Trans>Save the password</Trans>
        </Submit>
      </form>
    </FormCard>
  )
}
