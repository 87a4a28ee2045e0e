import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { type Problems, SelectInput, TextInput } from '../editor/kit.tsx'
import { useFieldMessage } from '../Forms.tsx'
import { fieldName } from './pricing.ts'

// The registration form's fields, each posted under the domain's dotted path (the form works without
// JavaScript) and showing its own problem.

/** The countries, named by the server in the interface language (docs/decisions/030). */
export const countryOptions = (countries: ReadonlyArray<{ code: string; name: string }>, locale: string) =>
  countries
    .map((c) => ({ value: c.code, label: c.name }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))

export function PolicyField(props: {
  checked: boolean
  onChange: (checked: boolean) => void
  problems: Problems
  rulesHref: string
}) {
  const rule = props.problems[fieldName.policy]
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id="registration-policy"
          type="checkbox"
          name={fieldName.policy}
          data-path={fieldName.policy}
          checked={props.checked}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          aria-invalid={rule ? true : undefined}
          aria-describedby={rule ? 'registration-policy-error' : undefined}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor="registration-policy" className="text-sm">
          <Trans>
            I accept the{' '}
            <a href="/terms-and-conditions" className="font-semibold text-brand-700 underline">
              terms and conditions
            </a>{' '}
            and the tournament’s{' '}
            <a href={props.rulesHref} className="font-semibold text-brand-700 underline">
              rules and regulations
            </a>
            .
          </Trans>
        </label>
      </div>
      <ProblemText path={fieldName.policy} rule={rule} id="registration-policy-error" />
    </div>
  )
}

const idOfPath = (path: string) => `f-${path.replace(/[^A-Za-z0-9]/g, '-')}`

export function ProblemText({ path, rule, id }: { path: string; rule: string | undefined; id?: string }) {
  const message = useFieldMessage()(rule === undefined ? undefined : { rule })
  return message ? (
    <p
      id={id ?? `${idOfPath(path)}-error`}
      data-path={path}
      tabIndex={-1}
      className="text-sm text-danger-700"
    >
      {message}
    </p>
  ) : null
}

/** A player's or the entry's text field, posted under its dotted path (the form works without JavaScript). */
export function TextField(props: {
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  problems: Problems
  type?: 'text' | 'email'
  required?: boolean
  hint?: ReactNode
  autoComplete?: string
}) {
  return <TextInput {...props} path={props.name} />
}

/** A select posted under its dotted path, with a first "Choose…" that chooses nothing (never the first option). */
export function SelectField(props: {
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  problems: Problems
  required?: boolean
  options?: ReadonlyArray<{ value: string; label: string }>
  groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<{ value: string; label: string }> }>
}) {
  const { t } = useLingui()
  return <SelectInput {...props} path={props.name} options={props.options ?? []} empty={t`Choose…`} />
}

/** A message the whole form answers with (registration closed, too many attempts, tickets changed). */
export function FormAlert(props: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-danger-100 p-3 text-danger-700">
      {props.children}
    </p>
  )
}

/** How the entry is paid, when there is a choice; else the one method, posted hidden. */
export function PaymentMethodField(props: {
  methods: ReadonlyArray<string>
  method: string
  offered: boolean
  onChange: (method: string) => void
  problems: Problems
}) {
  const { methods, method } = props
  return props.offered ? (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">
        <Trans>Payment method</Trans>
      </legend>
      {methods.map((m) => (
        <label key={m} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={fieldName.paymentMethod}
            value={m}
            checked={method === m}
            data-path={fieldName.paymentMethod}
            onChange={() => props.onChange(m)}
            className="h-4 w-4"
          />
          {m === 'card' ? <Trans>Card</Trans> : <Trans>Bank transfer</Trans>}
        </label>
      ))}
      <ProblemText path={fieldName.paymentMethod} rule={props.problems[fieldName.paymentMethod]} />
    </fieldset>
  ) : (
    <input type="hidden" name={fieldName.paymentMethod} value={method} />
  )
}
