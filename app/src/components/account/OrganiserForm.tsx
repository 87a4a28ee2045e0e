import { CompanyApplication, IndividualApplication } from '@kibitz/accounts/forms'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FormState } from '../../lib/session.ts'
import { Field, FormCard, FormProblem, Submit, useValidatedForm } from '../Forms.tsx'
import { CountrySelect } from './CountrySelect.tsx'

/** The organiser application (spec: company and individual variants). */
export function OrganiserForm(props: {
  kind: 'company' | 'individual'
  state: FormState | null
  countries: ReadonlyArray<{ code: string; name: string }>
}) {
  const { t } = useLingui()
  const { kind, state } = props
  const { errors, onSubmit, onChange } = useValidatedForm(
    kind === 'company' ? CompanyApplication : IndividualApplication,
    state?.errors ?? {},
  )
  const values = state?.values ?? {}
  return (
    <FormCard
      title={kind === 'company' ? t`Apply as a company organiser` : t`Apply as an individual organiser`}
    >
      <p className="text-sm text-muted">
        <Trans>We review every application and e-mail you the answer, usually within two working days.</Trans>
      </p>
      <FormProblem state={state} />
      <form
        method="post"
        action={`/register-organizer/${kind}`}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="flex flex-col gap-4"
      >
        {kind === 'company' ? (
          <>
            <Field
              name="companyName"
              label={<Trans>Company name</Trans>}
              required
              maxLength={200}
              defaultValue={values.companyName}
              error={errors.companyName}
            />
            <Field
              name="companyCode"
              label={<Trans>Company code</Trans>}
              required
              maxLength={40}
              defaultValue={values.companyCode}
              error={errors.companyCode}
            />
            <Field
              name="vatNumber"
              label={<Trans>VAT number (optional)</Trans>}
              maxLength={40}
              defaultValue={values.vatNumber}
              error={errors.vatNumber}
            />
          </>
        ) : (
          <>
            <Field
              name="firstName"
              label={<Trans>First name</Trans>}
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={values.firstName}
              error={errors.firstName}
            />
            <Field
              name="lastName"
              label={<Trans>Last name</Trans>}
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={values.lastName}
              error={errors.lastName}
            />
          </>
        )}
        <CountrySelect
          countries={props.countries}
          defaultValue={values.countryCode}
          error={errors.countryCode}
        />
        <Field
          name="phone"
          type="tel"
          label={<Trans>Phone</Trans>}
          autoComplete="tel"
          required
          maxLength={21}
          hint={<Trans>For example +37060012345</Trans>}
          defaultValue={values.phone}
          error={errors.phone}
        />
        <Field
          name="websiteUrl"
          type="url"
          label={<Trans>Website (optional)</Trans>}
          maxLength={500}
          defaultValue={values.websiteUrl}
          error={errors.websiteUrl}
        />
        <Submit>
          <Trans>Send the application</Trans>
        </Submit>
      </form>
    </FormCard>
  )
}
