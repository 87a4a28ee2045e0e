import { LoginInput } from '@kibitz/accounts/forms'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Field, FormCard, FormProblem, Submit, useValidatedForm } from '../components/Forms.tsx'
import { SocialButtons } from '../components/SocialButtons.tsx'
import { guestOnly, redirectSearch } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'

export const Route = createFileRoute('/login')({
  validateSearch: redirectSearch,
  beforeLoad: ({ context }) => guestOnly(context),
  loader: async () => ({
    state: await fetchFormState({ data: { form: 'login' } }),
    social: await fetchFormState({ data: { form: 'social' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Log in`) }),
  server: {
    handlers: {
      POST: async ({ request }) => (await import('../server/accountForms.server.ts')).loginPost(request),
    },
  },
  component: LoginPage,
})

function LoginPage() {
  const { state, social } = Route.useLoaderData()
  const { redirect } = Route.useSearch()
  const { t } = useLingui()
  const { errors, onSubmit, onChange } = useValidatedForm(LoginInput, state?.errors ?? {})
  return (
    <FormCard title={t`Log in`}>
      <FormProblem state={state} />
      <form
        method="post"
        action="/login"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-col gap-4"
      >
        {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
        <Field
          name="email"
          type="email"
          label={<Trans>E-mail</Trans>}
          autoComplete="email"
          required
          defaultValue={state?.values.email}
          error={errors.email}
        />
        <Field
          name="password"
          type="password"
          label={<Trans>Password</Trans>}
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Submit>
          <Trans>Log in</Trans>
        </Submit>
      </form>
      <p className="text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <SocialButtons intent="login" redirect={redirect} state={social} />
      <p className="text-sm">
        <Trans>New to Kibitz?</Trans>{' '}
        <Link to="/register-user" className="font-semibold text-brand-700 underline">
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </FormCard>
  )
}
