import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Problems } from '../editor/kit.tsx'
import {
  type CategoryData,
  type ContestantDraft,
  categoriesOf,
  fieldName,
  type TicketData,
  ticketOf,
} from './pricing.ts'
import { SelectField, TextField } from './RegistrationFields.tsx'

// One player of the registration form: who they are and, unless player 1's per-team ticket covers them,
// the ticket (and age category) they take.

export function PlayerFieldset(props: {
  index: number
  contestant: ContestantDraft
  /** Player 1, whose per-team ticket covers the others. */
  first: ContestantDraft | undefined
  covered: boolean
  tickets: ReadonlyArray<TicketData>
  problems: Problems
  hydrated: boolean
  countries: ReadonlyArray<{ value: string; label: string }>
  contactEmail: string
  verifyPlayer: boolean
  update: (i: number, patch: Partial<ContestantDraft>, contact?: string) => void
  ticketLabel: (k: TicketData) => string
  categoryLabel: (a: CategoryData) => string
}) {
  const { index: i, contestant: c, first, tickets, problems, update, ticketLabel, categoryLabel } = props
  const categories = categoriesOf(ticketOf(tickets, c.ticketId))
  const categorySelect = (choices: {
    required?: boolean
    options?: ReadonlyArray<{ value: string; label: string }>
    groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<{ value: string; label: string }> }>
  }) => (
    <SelectField
      name={fieldName.contestant(i, 'ageCategoryId')}
      label={<Trans>Age category</Trans>}
      value={c.ageCategoryId}
      onChange={(v) => update(i, { ageCategoryId: v })}
      problems={problems}
      {...choices}
    />
  )
  const categoryOptions = (list: ReadonlyArray<CategoryData>) =>
    list.map((a) => ({ value: String(a.ticketAgeCategoryId), label: categoryLabel(a) }))
  return (
    <fieldset className="flex flex-col gap-4 rounded-card border border-line p-4">
      <legend className="px-1 text-base font-bold">
        <Trans>Player {i + 1}</Trans>
      </legend>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name={fieldName.contestant(i, 'firstName')}
          label={<Trans>First name</Trans>}
          value={c.firstName}
          onChange={(v) => update(i, { firstName: v })}
          problems={problems}
          autoComplete={i === 0 ? 'given-name' : 'off'}
          required
        />
        <TextField
          name={fieldName.contestant(i, 'lastName')}
          label={<Trans>Last name</Trans>}
          value={c.lastName}
          onChange={(v) => update(i, { lastName: v })}
          problems={problems}
          autoComplete={i === 0 ? 'family-name' : 'off'}
          required
        />
        <SelectField
          name={fieldName.contestant(i, 'countryCode')}
          label={<Trans>Country</Trans>}
          value={c.countryCode}
          onChange={(v) => update(i, { countryCode: v })}
          problems={problems}
          required
          options={props.countries}
        />
        <TextField
          name={fieldName.contestant(i, 'email')}
          label={<Trans>E-mail</Trans>}
          type="email"
          value={c.email}
          onChange={(v) =>
            // The contact e-mail follows player 1's until the visitor types another.
            update(
              i,
              { email: v },
              i === 0 && (props.contactEmail === '' || props.contactEmail === c.email) ? v : undefined,
            )
          }
          problems={problems}
          autoComplete={i === 0 ? 'email' : 'off'}
          required
        />
        <TextField
          name={fieldName.contestant(i, 'federationId')}
          label={<Trans>Federation member number</Trans>}
          value={c.federationId}
          onChange={(v) => update(i, { federationId: v })}
          problems={problems}
          required={props.verifyPlayer}
          hint={
            props.verifyPlayer ? (
              <Trans>Required: the organiser checks members with the national federation.</Trans>
            ) : (
              <Trans>If the player has one.</Trans>
            )
          }
        />
      </div>
      {props.covered ? (
        <p className="text-sm text-muted">
          <Trans>Player 1’s ticket is per team and covers this player.</Trans>
          <input type="hidden" name={fieldName.contestant(i, 'ticketId')} value={first?.ticketId ?? ''} />
          <input
            type="hidden"
            name={fieldName.contestant(i, 'ageCategoryId')}
            value={first?.ageCategoryId ?? ''}
          />
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            name={fieldName.contestant(i, 'ticketId')}
            label={<Trans>Ticket</Trans>}
            value={c.ticketId}
            onChange={(v) => {
              const next = categoriesOf(ticketOf(tickets, v))
              update(i, {
                ticketId: v,
                ageCategoryId: next.length === 1 ? String(next[0]?.ticketAgeCategoryId) : '',
              })
            }}
            problems={problems}
            required
            options={tickets.map((k) => ({ value: String(k.ticketId), label: ticketLabel(k) }))}
          />
          {props.hydrated
            ? categories.length > 0
              ? categorySelect({ required: true, options: categoryOptions(categories) })
              : null
            : tickets.some((k) => categoriesOf(k).length > 0)
              ? // Without JavaScript the list cannot follow the ticket: every ticket's categories, grouped.
                categorySelect({
                  groups: tickets
                    .filter((k) => categoriesOf(k).length > 0)
                    .map((k) => ({ label: ticketLabel(k), options: categoryOptions(categoriesOf(k)) })),
                })
              : null}
        </div>
      )}
    </fieldset>
  )
}

/** Adds or removes a player: a submit button without JavaScript (the route answers the intent), else in place. */
function IntentButton(props: {
  intent: 'add' | 'remove'
  disabled: boolean
  hydrated: boolean
  onClick: () => void
  className: string
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={props.intent}
      disabled={props.disabled}
      onClick={(e) => {
        if (!props.hydrated) return
        e.preventDefault()
        props.onClick()
      }}
      className={props.className}
    >
      {props.children}
    </button>
  )
}

export function PlayerCountButtons(props: {
  count: number
  min: number
  max: number
  hydrated: boolean
  onAdd: () => void
  onRemove: () => void
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <IntentButton
        intent="add"
        disabled={props.count >= props.max}
        hydrated={props.hydrated}
        onClick={props.onAdd}
        className="inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand-800 disabled:opacity-40"
      >
        <Trans>Add a player</Trans>
      </IntentButton>
      <IntentButton
        intent="remove"
        disabled={props.count <= props.min}
        hydrated={props.hydrated}
        onClick={props.onRemove}
        className="inline-flex h-9 items-center rounded-lg border border-danger-700/40 px-3 text-sm font-semibold text-danger-700 disabled:opacity-40"
      >
        <Trans>Remove the last player</Trans>
      </IntentButton>
    </div>
  )
}
