import type { EntryFilter } from '@kibitz/registration/input'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ChangeEvent, useId } from 'react'
import { inputClass } from './kit.tsx'
import { LabelledSelect, primaryButton, quietButton } from './RegistrationDialogs.tsx'
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
  /** A choice of state or tournament sends the form at once. */
  const submitNow = (e: ChangeEvent<HTMLSelectElement>) => e.currentTarget.form?.requestSubmit()
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
      <LabelledSelect
        className="flex min-w-0 basis-60 flex-col gap-1"
        label={<Trans>State</Trans>}
        name="status"
        defaultValue={listing.status ?? ''}
        onChange={submitNow}
        empty={t`All states`}
        options={statusChoices}
      />
      {listing.tournaments.length > 1 ? (
        <LabelledSelect
          className="flex min-w-0 basis-44 flex-col gap-1"
          label={<Trans>Tournament</Trans>}
          name="tournament"
          defaultValue={listing.tournamentId === null ? '' : String(listing.tournamentId)}
          onChange={submitNow}
          empty={t`All tournaments`}
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
