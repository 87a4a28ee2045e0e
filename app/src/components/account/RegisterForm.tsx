import { SignUpInput } from '@kibitz/accounts/forms'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { FormState } from '../../lib/session.ts'
import { Checkbox, Field, FormCard, FormProblem, Submit, useValidatedForm } from '../Forms.tsx'
import { SocialButtons } from '../SocialButtons.tsx'

/** E-mail sign-up (spec: /register-user and its /site variant post to their own path). */
export function RegisterForm({
  action,
  state,
  social,
}: {
  action: string
  state: FormState | null
  social: FormState | null
}) {
  const { t } = useLingui()
  const { errors, onSubmit, onChange } = useValidatedForm(SignUpInput, state?.errors ?? {})
  const formState = state
  return (
    <FormCard title={t`Create an account`}>
      <FormProblem state={formState} />
      <form
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-col gap-4"
      >
        <Field
          name="firstName"
          label={<Trans>First name</Trans>}
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={formState?.values.firstName}
          error={errors.firstName}
        />
        <Field
          name="lastName"
          label={<Trans>Last name</Trans>}
          autoComplete="family-name"
          required
          maxLength={100}
          defaultValue={formState?.values.lastName}
          error={errors.lastName}
        />
        <Field
          name="email"
          type="email"
          label={<Trans>E-mail</Trans>}
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={formState?.values.email}
          error={errors.email}
        />
        <Field
          name="password"
          type="password"
          label={<Trans>Password</Trans>}
          autoComplete="new-password"
          required
          maxLength={128}
          hint={<Trans>At least 8 characters: letters, digits and punctuation, no spaces.</Trans>}
          error={errors.password}
        />
        <Checkbox
          name="acceptRules"
          defaultChecked={formState?.values.acceptRules === 'on'}
          label={
            <Trans>
              I accept the{' '}
              <Link to="/terms-and-conditions" className="underline">
                terms and conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy-policy" className="underline">
                privacy policy
              </Link>
              .
            </Trans>
          }
          error={errors.acceptRules}
        />
        <Submit>
          <Trans>Sign up</Trans>
        </Submit>
      </form>
      <SocialButtons intent="login" state={social} withRules />
      <p className="text-sm">
        <Trans>Already have an account?</Trans>{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </FormCard>
  )
}
