import type { EntryFilter } from '@kibitz/registration/input'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { inputClass } from './kit.tsx'
import { primaryButton, quietButton } from './RegistrationDialogs.tsx'
import {
  type RegistrationsListing,
  type RegistrationsQuery,
  registrationsHref,
} from './registrationsQuery.ts'

// The search and the filters of the organiser's registrations: a GET form, so they work without JavaScript and
// stay in the address; a choice of state or tournament sends it at once.

/** The state filter's choices in the organiser's words. */
function useStatusChoices(): ReadonlyArray<{ readonly value: EntryFilter; readonly label: string }> {
  const { t } = useLingui()
  return [
    { value: 'pending', label: t`Waiting for payment` },
    { value: 'unpaid', label: t`To be paid at the venue` },
    { value: 'paid', label: t`Paid` },
    { value: 'confirmed', label: t`Confirmed (paid or not)` },
    { value: 'canceled', label: t`Canceled` },
    { value: 'expired', label: t`Expired` },
  ]
}

/** A filter's select, sent as soon as it changes. */
function FilterSelect(props: {
  readonly className: string
  readonly label: ReactNode
  readonly name: string
  readonly defaultValue: string
  readonly all: string
  readonly options: ReadonlyArray<{ readonly value: string | number; readonly label: string }>
}) {
  const id = useId()
  return (
    <div className={props.className}>
      <label htmlFor={id} className="text-sm font-semibold">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className={inputClass}
        defaultValue={props.defaultValue}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function RegistrationsFilter(props: {
  readonly eventId: number
  readonly listing: RegistrationsListing
  readonly filtered: boolean
  readonly onFilter: (query: RegistrationsQuery) => void
}) {
  const { t } = useLingui()
  const statusChoices = useStatusChoices()
  const searchField = useId()
  const { listing } = props
  return (
    <form
      method="get"
      aria-label={t`Find registrations`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        const form = new FormData(e.currentTarget)
        const text = (name: string) => {
          const raw = form.get(name)
          return typeof raw === 'string' ? raw.trim() : ''
        }
        const status = statusChoices.find((c) => c.value === text('status'))?.value ?? null
        const tournament = text('tournament')
        props.onFilter({
          search: text('q') === '' ? null : text('q'),
          status,
          tournamentId: tournament === '' ? null : Number(tournament),
        })
      }}
    >
      <div className="flex min-w-0 grow basis-56 flex-col gap-1">
        <label htmlFor={searchField} className="text-sm font-semibold">
          <Trans>Search</Trans>
        </label>
        <input
          id={searchField}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={listing.search ?? ''}
          placeholder={t`Name, e-mail, team, federation ID or reference`}
          className={inputClass}
        />
      </div>
      <FilterSelect
        className="flex min-w-0 basis-60 flex-col gap-1"
        label={<Trans>State</Trans>}
        name="status"
        defaultValue={listing.status ?? ''}
        all={t`All states`}
        options={statusChoices}
      />
      {listing.tournaments.length > 1 ? (
        <FilterSelect
          className="flex min-w-0 basis-44 flex-col gap-1"
          label={<Trans>Tournament</Trans>}
          name="tournament"
          defaultValue={listing.tournamentId === null ? '' : String(listing.tournamentId)}
          all={t`All tournaments`}
          options={listing.tournaments.map((x) => ({ value: x.tournamentId, label: x.name }))}
        />
      ) : null}
      <button type="submit" className={primaryButton}>
        <Trans>Search</Trans>
      </button>
      {props.filtered ? (
        <a
          href={registrationsHref(props.eventId, 1, { tournamentId: null, status: null, search: null })}
          className={`${quietButton} text-brand-700 underline`}
        >
          <Trans>Show all</Trans>
        </a>
      ) : null}
    </form>
  )
}
