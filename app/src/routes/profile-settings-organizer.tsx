import { profileChangeForms } from '@kibitz/accounts/forms'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { CountrySelect } from '../components/account/CountrySelect.tsx'
import { ChangeForm } from '../components/account/SettingsTabs.tsx'
import { Field, FormProblem, useValidatedForm } from '../components/Forms.tsx'
import { requireOrganiser } from '../lib/guards.ts'
import type { FormState } from '../lib/session.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchAccountLookups, fetchFormState, fetchProfileData } from '../server/account.functions.ts'

/** Organiser settings: change kinds 8–14 of spec section 8. Organiser-only (spec section 4). */
export const Route = createFileRoute('/profile-settings-organizer')({
  beforeLoad: ({ context, location }) => {
    requireOrganiser(context, location.href)
  },
  loader: async () => ({
    profile: await fetchProfileData(),
    lookups: await fetchAccountLookups(),
    state: await fetchFormState({ data: { form: 'profile-*' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Organiser settings`) }),
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).profileChangePost(
          request,
          '/profile-settings-organizer',
        ),
    },
  },
  component: OrganiserSettings,
})

const stateFor = (state: FormState | null, kind: number) => (state?.form === `profile-${kind}` ? state : null)

function OrganiserSettings() {
  const { profile, lookups, state } = Route.useLoaderData()
  const organiser = profile?.organizer
  if (!organiser) {
    return (
      <section className="mx-auto flex max-w-2xl flex-col gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>Organiser settings</Trans>
        </h1>
        <p>
          <Trans>This account has no organiser account of its own.</Trans>
        </p>
        <Link to="/register-organizer" className="font-semibold text-brand-700 underline">
          <Trans>Apply as an organiser</Trans>
        </Link>
      </section>
    )
  }
  const company = organiser.type === 2
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">
          <Trans>Organiser settings</Trans>
        </h1>
        <Link
          to="/profile/organizer/{-$id}"
          params={{ id: String(organiser.organizerId) }}
          className="text-sm underline"
        >
          <Trans>See the public profile</Trans>
        </Link>
      </div>
      {company ? (
        <>
          <TextChange
            kind={8}
            field="companyName"
            label={<Trans>Company name</Trans>}
            value={organiser.name}
            state={state}
            max={200}
          />
          <TextChange
            kind={9}
            field="companyCode"
            label={<Trans>Company code</Trans>}
            value={organiser.companyCode}
            state={state}
            max={40}
          />
          <TextChange
            kind={11}
            field="vatNumber"
            label={<Trans>VAT number</Trans>}
            value={organiser.vatNumber}
            state={state}
            max={40}
          />
        </>
      ) : (
        <>
          <TextChange
            kind={13}
            field="firstName"
            label={<Trans>First name</Trans>}
            value={organiser.firstName}
            state={state}
            max={100}
          />
          <TextChange
            kind={14}
            field="lastName"
            label={<Trans>Last name</Trans>}
            value={organiser.lastName}
            state={state}
            max={100}
          />
        </>
      )}
      <ChangeForm
        action="/profile-settings-organizer"
        kind={10}
        title={<Trans>Country</Trans>}
        submit={<Trans>Save</Trans>}
      >
        <FormProblem state={stateFor(state, 10)} />
        <CountrySelect
          countries={lookups.countries}
          defaultValue={stateFor(state, 10)?.values.countryCode ?? organiser.countryCode ?? undefined}
          error={stateFor(state, 10)?.errors.countryCode}
        />
      </ChangeForm>
      <TextChange
        kind={12}
        field="websiteUrl"
        type="url"
        label={<Trans>Website</Trans>}
        value={organiser.websiteUrl}
        state={state}
        max={500}
      />
    </section>
  )
}

function TextChange(props: {
  kind: 8 | 9 | 11 | 12 | 13 | 14
  field: string
  label: ReactNode
  value: string | null
  state: FormState | null
  max: number
  type?: string
}) {
  const own = stateFor(props.state, props.kind)
  const { errors, onSubmit, onChange } = useValidatedForm(profileChangeForms[props.kind], own?.errors ?? {})
  return (
    <ChangeForm
      action="/profile-settings-organizer"
      kind={props.kind}
      title={props.label}
      onSubmit={onSubmit}
      onChange={onChange}
      submit={<Trans>Save</Trans>}
    >
      <FormProblem state={own} />
      <Field
        name={props.field}
        type={props.type}
        label={props.label}
        maxLength={props.max}
        defaultValue={own?.values[props.field] ?? props.value ?? ''}
        error={errors[props.field]}
      />
    </ChangeForm>
  )
}
