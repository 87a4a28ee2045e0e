import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useId } from 'react'
import type { FieldError } from '../../lib/session.ts'
import { FieldErrorText, useFieldMessage } from '../Forms.tsx'

const root = getRouteApi('__root__')

/** A country picker with names in the interface language. */
export function CountrySelect(props: {
  countries: ReadonlyArray<{ code: string; name: string }>
  defaultValue?: string
  error?: FieldError
  name?: string
}) {
  const { locale } = root.useLoaderData()
  const { t } = useLingui()
  const id = useId()
  const message = useFieldMessage()(props.error)
  // The server names the countries in the interface language (docs/decisions/030).
  const options = [...props.countries].sort((a, b) => a.name.localeCompare(b.name, locale))
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        <Trans>Country</Trans>
      </label>
      <select
        id={id}
        name={props.name ?? 'countryCode'}
        defaultValue={props.defaultValue ?? ''}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2"
      >
        <option value="">{t`Choose…`}</option>
        {options.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {message ? (
        <span id={`${id}-error`} className="text-sm text-danger-700">
          <FieldErrorText error={props.error} label={<Trans>Country</Trans>} />
        </span>
      ) : null}
    </div>
  )
}
