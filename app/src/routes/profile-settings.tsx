import { profileChangeForms } from '@kibitz/accounts/forms'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ChangeForm, SettingsTabs } from '../components/account/SettingsTabs.tsx'
import { Field, FormProblem, useFieldMessage, useValidatedForm } from '../components/Forms.tsx'
import { SocialButtons } from '../components/SocialButtons.tsx'
import { requireUser } from '../lib/guards.ts'
import type { FormState } from '../lib/session.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchAccountLookups, fetchFormState, fetchProfileData } from '../server/account.functions.ts'

const root = getRouteApi('__root__')

export const Route = createFileRoute('/profile-settings')({
  beforeLoad: ({ context, location }) => {
    requireUser(context, location.href)
  },
  loader: async () => ({
    profile: await fetchProfileData(),
    lookups: await fetchAccountLookups(),
    state: await fetchFormState({ data: { form: 'profile-*' } }),
    social: await fetchFormState({ data: { form: 'social' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Profile settings`) }),
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).profileChangePost(request, '/profile-settings'),
    },
  },
  component: ProfileSettings,
})

const tabOfKind = (kind: number) => (kind === 1 || kind === 7 || Number.isNaN(kind) ? 'account' : 'personal')

const stateFor = (state: FormState | null, kind: number) => (state?.form === `profile-${kind}` ? state : null)

function ProfileSettings() {
  const { profile, lookups, state, social } = Route.useLoaderData()
  const { t } = useLingui()
  const failedKind = Number(state?.form.replace('profile-', ''))
  const [tab, setTab] = useState(social ? 'social' : state ? tabOfKind(failedKind) : 'account')
  if (!profile) return null
  const reveal = (kind: number) => () => setTab(tabOfKind(kind))
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">
          <Trans>Profile settings</Trans>
        </h1>
        {profile.organizer && profile.organizer.status === 3 ? (
          <Link to="/profile-settings-organizer" className="text-sm font-semibold text-brand-700 underline">
            <Trans>Organiser settings</Trans>
          </Link>
        ) : null}
      </div>
      <SettingsTabs
        value={tab}
        onValueChange={setTab}
        label={t`Profile sections`}
        tabs={[
          {
            value: 'account',
            label: <Trans>Account</Trans>,
            content: (
              <>
                <AvatarForm
                  avatar={profile.avatar}
                  state={state?.form === 'profile-avatar' ? state : null}
                  name={[profile.firstName, profile.lastName].filter(Boolean).join(' ')}
                />
                <EmailForm
                  email={profile.email}
                  pending={profile.pendingEmail}
                  canChange={profile.canChangeEmail}
                  state={stateFor(state, 7)}
                  onReveal={reveal(7)}
                />
                <PasswordForm
                  hasPassword={profile.hasPassword}
                  state={stateFor(state, 1)}
                  onReveal={reveal(1)}
                />
              </>
            ),
          },
          {
            value: 'personal',
            label: <Trans>Personal details</Trans>,
            content: (
              <>
                <SimpleForm
                  kind={2}
                  field="phone"
                  type="tel"
                  title={<Trans>Phone</Trans>}
                  label={<Trans>Phone number</Trans>}
                  value={profile.phone}
                  state={stateFor(state, 2)}
                  onReveal={reveal(2)}
                />
                <SimpleForm
                  kind={3}
                  field="description"
                  multiline
                  maxLength={250}
                  title={<Trans>About me</Trans>}
                  label={<Trans>A few words about you</Trans>}
                  value={profile.description}
                  state={stateFor(state, 3)}
                  onReveal={reveal(3)}
                />
                <LanguagesForm
                  chosen={profile.languages}
                  languages={lookups.languages}
                  state={stateFor(state, 4)}
                />
                <CurrencyForm
                  chosen={profile.currencyId}
                  currencies={lookups.currencies}
                  state={stateFor(state, 5)}
                />
                <SimpleForm
                  kind={6}
                  field="idNumber"
                  title={<Trans>Bridge federation ID</Trans>}
                  label={<Trans>Your member number at the national bridge federation</Trans>}
                  value={profile.idNumber}
                  state={stateFor(state, 6)}
                  onReveal={reveal(6)}
                  extra={<input type="hidden" name="idProvider" value="1" />}
                />
              </>
            ),
          },
          {
            value: 'social',
            label: <Trans>Social accounts</Trans>,
            content: <SocialSection connected={profile.socialProviders} state={social} />,
          },
        ]}
      />
    </section>
  )
}

function EmailForm(props: {
  email: string
  pending: string | null
  canChange: boolean
  state: FormState | null
  onReveal: () => void
}) {
  const { errors, onSubmit, onChange } = useValidatedForm(
    profileChangeForms[7],
    props.state?.errors ?? {},
    props.onReveal,
  )
  if (!props.canChange) {
    return (
      <div className="flex flex-col gap-2 rounded-card border border-line p-4">
        <h2 className="text-lg font-bold">
          <Trans>E-mail</Trans>
        </h2>
        <p>{props.email}</p>
        <p className="text-sm text-muted">
          <Trans>
            The e-mail of this account cannot be changed here: it belongs to the site configuration or to the
            social account you signed up with. Set a password first to change it.
          </Trans>
        </p>
      </div>
    )
  }
  return (
    <ChangeForm
      action="/profile-settings"
      kind={7}
      title={<Trans>E-mail</Trans>}
      onSubmit={onSubmit}
      onChange={onChange}
      submit={<Trans>Change the e-mail</Trans>}
    >
      <FormProblem state={props.state} />
      {props.pending ? (
        <p className="rounded-lg bg-warn-100 px-3 py-2 text-sm text-warn-800">
          <Trans>
            Waiting for confirmation: open the link we sent to {props.pending} to make it your e-mail address.
          </Trans>
        </p>
      ) : null}
      <Field
        name="email"
        type="email"
        label={<Trans>New e-mail</Trans>}
        autoComplete="email"
        defaultValue={props.state?.values.email ?? props.email}
        error={errors.email}
      />
      <Field
        name="currentPassword"
        type="password"
        label={<Trans>Current password</Trans>}
        autoComplete="current-password"
        error={errors.currentPassword}
      />
    </ChangeForm>
  )
}

function PasswordForm(props: { hasPassword: boolean; state: FormState | null; onReveal: () => void }) {
  const { errors, onSubmit, onChange } = useValidatedForm(
    profileChangeForms[1],
    props.state?.errors ?? {},
    props.onReveal,
  )
  return (
    <ChangeForm
      action="/profile-settings"
      kind={1}
      title={props.hasPassword ? <Trans>Password</Trans> : <Trans>Set a password</Trans>}
      onSubmit={onSubmit}
      onChange={onChange}
      submit={<Trans>Save the password</Trans>}
    >
      <FormProblem state={props.state} />
      {props.hasPassword ? (
        <Field
          name="currentPassword"
          type="password"
          label={<Trans>Current password</Trans>}
          autoComplete="current-password"
          error={errors.currentPassword}
        />
      ) : null}
      <Field
        name="newPassword"
        type="password"
        label={<Trans>New password</Trans>}
        autoComplete="new-password"
        maxLength={128}
        hint={<Trans>At least 8 characters: letters, digits and punctuation, no spaces.</Trans>}
        error={errors.newPassword}
      />
    </ChangeForm>
  )
}

function SimpleForm(props: {
  kind: 2 | 3 | 6
  field: string
  title: React.ReactNode
  label: React.ReactNode
  value: string | null
  state: FormState | null
  onReveal: () => void
  type?: string
  multiline?: boolean
  maxLength?: number
  extra?: React.ReactNode
}) {
  const { errors, onSubmit, onChange } = useValidatedForm(
    profileChangeForms[props.kind],
    props.state?.errors ?? {},
    props.onReveal,
  )
  return (
    <ChangeForm
      action="/profile-settings"
      kind={props.kind}
      title={props.title}
      onSubmit={onSubmit}
      onChange={onChange}
      submit={<Trans>Save</Trans>}
    >
      <FormProblem state={props.state} />
      {props.extra}
      <Field
        name={props.field}
        type={props.type}
        label={props.label}
        multiline={props.multiline}
        maxLength={props.maxLength}
        defaultValue={props.state?.values[props.field] ?? props.value ?? ''}
        error={errors[props.field]}
      />
    </ChangeForm>
  )
}

function LanguagesForm(props: {
  chosen: ReadonlyArray<string>
  languages: ReadonlyArray<{ code: string; nativeName: string }>
  state: FormState | null
}) {
  return (
    <ChangeForm
      action="/profile-settings"
      kind={4}
      title={<Trans>Languages I speak</Trans>}
      submit={<Trans>Save</Trans>}
    >
      <FormProblem state={props.state} />
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <legend className="sr-only">
          <Trans>Languages I speak</Trans>
        </legend>
        {props.languages.map((language) => (
          <label key={language.code} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="languages"
              value={language.code}
              defaultChecked={props.chosen.includes(language.code)}
              className="h-4 w-4"
            />
            {language.nativeName}
          </label>
        ))}
      </fieldset>
    </ChangeForm>
  )
}

function CurrencyForm(props: {
  chosen: number | null
  currencies: ReadonlyArray<{ id: number; code: string; name: string; symbol: string }>
  state: FormState | null
}) {
  const message = useFieldMessage()(props.state?.errors.currencyId)
  return (
    <ChangeForm
      action="/profile-settings"
      kind={5}
      title={<Trans>Currency</Trans>}
      submit={<Trans>Save</Trans>}
    >
      <FormProblem state={props.state} />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        <Trans>Preferred currency</Trans>
        <select
          name="currencyId"
          defaultValue={props.chosen ?? ''}
          aria-invalid={message ? true : undefined}
          className="rounded-lg border border-line bg-surface px-3 py-2 font-normal"
        >
          <option value="" />
          {props.currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code} — {c.name} ({c.symbol})
            </option>
          ))}
        </select>
      </label>
      {message ? <span className="text-sm text-danger-700">{message}</span> : null}
    </ChangeForm>
  )
}

const providerNames: Record<number, string> = { 1: 'Facebook', 2: 'Google', 3: 'VK' }
const providerKeys: Record<number, string> = { 1: 'facebook', 2: 'google', 3: 'vk' }

function SocialSection(props: { connected: ReadonlyArray<number>; state: FormState | null }) {
  const { socialProviders } = root.useLoaderData()
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line p-4">
      <h2 className="text-lg font-bold">
        <Trans>Social accounts</Trans>
      </h2>
      {props.connected.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No social account is connected.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {props.connected.map((provider) => (
            <li key={provider} className="flex items-center justify-between gap-2">
              <span className="font-semibold">{providerNames[provider]}</span>
              <form method="post" action="/auth/disconnect">
                <input type="hidden" name="provider" value={providerKeys[provider]} />
                <button type="submit" className="text-sm font-semibold text-danger-700 underline">
                  <Trans>Disconnect</Trans>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {socialProviders.length > 0 ? <SocialButtons intent="connect" state={props.state} /> : null}
    </div>
  )
}

function AvatarForm(props: { avatar: string | null; state: FormState | null; name: string }) {
  const message = useFieldMessage()(props.state?.errors.avatar)
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line p-4">
      <h2 className="text-lg font-bold">
        <Trans>Profile picture</Trans>
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {props.avatar ? (
          <img
            src={props.avatar}
            alt={props.name}
            width={96}
            height={96}
            className="h-24 w-24 rounded-full object-cover"
          />
        ) : (
          <span className="grid h-24 w-24 place-items-center rounded-full bg-brand-50 text-3xl font-bold text-brand-800">
            {props.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <form
          method="post"
          action="/profile-settings/avatar"
          encType="multipart/form-data"
          className="flex flex-col gap-2"
        >
          <label className="flex flex-col gap-1 text-sm font-semibold">
            <Trans>Choose a picture (JPEG, PNG, WebP, GIF or AVIF, up to 5 MB)</Trans>
            <input
              type="file"
              name="avatar"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              aria-invalid={message ? true : undefined}
              className="text-sm font-normal"
            />
          </label>
          {message ? <span className="text-sm text-danger-700">{message}</span> : null}
          <div>
            <button
              type="submit"
              className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <Trans>Upload the picture</Trans>
            </button>
          </div>
        </form>
        {props.avatar ? (
          <form method="post" action="/profile-settings/avatar" encType="multipart/form-data">
            <input type="hidden" name="remove" value="1" />
            <button type="submit" className="text-sm font-semibold text-danger-700 underline">
              <Trans>Remove the picture</Trans>
            </button>
          </form>
        ) : null}
      </div>
    </div>
  )
}
