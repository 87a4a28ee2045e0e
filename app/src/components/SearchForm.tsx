import type { SearchFilter } from '@kibitz/kernel'
import { locationSuggestionMinLength } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { eventTypeLabels, stateLabels } from '../lib/labels.ts'
import { Kept, keptListKey } from './Kept.tsx'

const inputClass =
  'h-11 w-full rounded-lg border border-line bg-surface px-3 text-base outline-none focus:border-brand-600 aria-[invalid=true]:border-danger-700'

/** One filter checkbox of the search form. */
function FilterBox({
  name,
  value,
  checked,
  children,
}: {
  name: string
  value: string
  checked: boolean
  children: React.ReactNode
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="h-4 w-4 accent-brand-700"
      />
      {children}
    </label>
  )
}

/** The catalogue's filters below the text and the dates: country, type, state and the rest. */
function Filters({
  filter,
  countries,
}: {
  filter: SearchFilter
  countries: ReadonlyArray<{ readonly code: string; readonly name: string }> | undefined
}) {
  const { t } = useLingui()
  return (
    <>
      {countries ? (
        <label className="flex flex-col gap-1 text-sm font-semibold md:w-56 md:shrink-0">
          <Trans>Country</Trans>
          <select name="country" defaultValue={filter.country ?? ''} className={inputClass}>
            <option value="">{t`Any country`}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-semibold">
          <Trans>Event type</Trans>
        </legend>
        {[1, 2, 3, 4].map((type) => (
          <FilterBox
            key={type}
            name="type"
            value={String(type)}
            checked={filter.eventTypes?.some((x) => x === type) ?? false}
          >
            {t(eventTypeLabels[type] ?? { id: String(type) })}
          </FilterBox>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-semibold">
          <Trans>Status</Trans>
        </legend>
        {['running', 'future', 'past', 'canceled', 'postponed'].map((state) => (
          <FilterBox
            key={state}
            name="state"
            value={state}
            checked={filter.eventStates?.some((x) => x === state) ?? false}
          >
            {t(stateLabels[state] ?? { id: state })}
          </FilterBox>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-semibold">
          <Trans>More</Trans>
        </legend>
        <FilterBox name="month" value="1" checked={filter.monthOnly ?? false}>
          <Trans>Whole months</Trans>
        </FilterBox>
        <FilterBox name="online" value="1" checked={filter.online ?? false}>
          <Trans>Online</Trans>
        </FilterBox>
        <FilterBox name="live" value="1" checked={filter.live ?? false}>
          <Trans>In person</Trans>
        </FilterBox>
      </fieldset>
    </>
  )
}

/**
 * The catalogue search. A plain GET form to /search, which folds the fields into the `q` parameter
 * and redirects to /search-filter, so it works the same with JavaScript off.
 */
export function SearchForm({
  filter = {},
  error,
  compact = false,
  countries,
}: {
  filter?: SearchFilter
  error?: { field: string; code: string } | null
  compact?: boolean
  /** The country filter's choices, named in the interface language; without them the filter travels hidden. */
  countries?: ReadonlyArray<{ readonly code: string; readonly name: string }>
}) {
  const { t } = useLingui()
  const id = useId()
  const dateError = error?.field === 'endDate'
  return (
    <form method="get" action="/search" aria-label={t`Search events`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-semibold">
          <Trans>Event name or place</Trans>
          <input
            className={inputClass}
            name="text"
            type="search"
            defaultValue={filter.text ?? ''}
            list={`${id}-places`}
            // Spec: two place suggestions as the visitor types, filled in by the enhancement script from the API.
            data-suggest={locationSuggestionMinLength}
            autoComplete="off"
            placeholder={t`e.g. Vilnius, Warsaw, Baltic Cup`}
          />
          <datalist id={`${id}-places`} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold md:w-44">
          <Trans>From</Trans>
          <input className={inputClass} name="from" type="date" defaultValue={filter.startDate ?? ''} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold md:w-44">
          <Trans>To</Trans>
          <input
            className={inputClass}
            name="to"
            type="date"
            defaultValue={filter.endDate ?? ''}
            aria-invalid={dateError ? 'true' : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
          />
        </label>
        <button
          type="submit"
          className="h-11 rounded-lg bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Search</Trans>
        </button>
      </div>
      {/* Filters the form has no field for travel along, so a new search keeps them. */}
      {filter.country && !countries ? <input type="hidden" name="country" value={filter.country} /> : null}
      {dateError ? (
        <p id={`${id}-date-error`} role="alert" className="text-sm font-semibold text-danger-700">
          <Trans>The dates are not valid!</Trans>
        </p>
      ) : null}
      {compact ? null : (
        // The filters show the choices, the chosen ones and the language only: their HTML is kept (Kept.tsx). With
        // every country a choice, rendering them costs more than the rest of the form.
        <Kept
          as="div"
          className="flex flex-col gap-4 md:flex-row md:gap-8"
          of={JSON.stringify([
            keptListKey(countries),
            filter.country ?? null,
            filter.eventTypes ?? [],
            filter.eventStates ?? [],
            filter.monthOnly ?? false,
            filter.online ?? false,
            filter.live ?? false,
          ])}
        >
          <Filters filter={filter} countries={countries} />
        </Kept>
      )}
    </form>
  )
}
