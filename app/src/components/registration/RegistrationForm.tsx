import { decodeWithProblems, ErrorCode, formatMoney, ValidationRule } from '@kibitz/kernel/format'
import { payableByCard, RegisterInput, savedRegistrationKey } from '@kibitz/registration/input'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { Option, Schema } from 'effect'
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { ticketTypeLabels } from '../../lib/labels.ts'
import type { FormState } from '../../lib/session.ts'
import { registerEntry } from '../../server/registration.functions.ts'
import { type Problems, revealFirstProblem, SelectInput, TextInput } from '../editor/kit.tsx'
import { useCodeMessage, useFieldMessage } from '../Forms.tsx'
import {
  type CategoryData,
  type ContestantDraft,
  categoriesOf,
  emptyContestant,
  type FormData,
  fieldName,
  inputOf,
  type PriceLine,
  priceOf,
  saleableTickets,
  type TicketData,
} from './pricing.ts'

/** The fields of a contestant, each of which carries its own problem. */
const draftKeys = Object.keys(emptyContestant).filter(
  (key): key is keyof ContestantDraft => key in emptyContestant,
)

// The registration form (spec section 2: /event/{e}/tournament/{t}/register). A native form whose field names
// are the domain's dotted paths: without JavaScript it posts to the route (which asks to confirm a total the
// visitor has not seen); with it, it registers through a server function and shows each problem at its field.

interface Saved {
  readonly registrationPath: string
  readonly previousTournamentId: number
  readonly contestants: ReadonlyArray<ContestantDraft>
  readonly teamName: string
  readonly contactEmail: string
}

/** What local storage may hold: anything, so every field is checked and unknown ones are dropped. */
const Text = Schema.optionalKey(Schema.String)
const StoredDraft = Schema.Struct({
  registrationPath: Text,
  previousTournamentId: Schema.Number,
  contestants: Schema.Array(
    Schema.Struct({
      firstName: Text,
      lastName: Text,
      countryCode: Text,
      email: Text,
      federationId: Text,
      ticketId: Text,
      ageCategoryId: Text,
    }),
  ),
  teamName: Text,
  contactEmail: Text,
})
const decodeStoredDraft = Schema.decodeUnknownOption(Schema.fromJsonString(StoredDraft))

const readSaved = (tournamentId: number): Saved | null => {
  try {
    const raw = window.localStorage.getItem(savedRegistrationKey)
    const stored = raw === null ? Option.none() : decodeStoredDraft(raw)
    if (Option.isNone(stored) || stored.value.previousTournamentId !== tournamentId) return null
    const s = stored.value
    return {
      registrationPath: s.registrationPath ?? '',
      previousTournamentId: tournamentId,
      contestants: s.contestants.map((c) => ({ ...emptyContestant, ...c })),
      teamName: s.teamName ?? '',
      contactEmail: s.contactEmail ?? '',
    }
  } catch {
    // Storage refused (private mode): start with an empty form.
    return null
  }
}

/** Without a choice to make, the only ticket (and its only category) is chosen. */
const withDefaults = (form: FormData, c: ContestantDraft): ContestantDraft => {
  const tickets = saleableTickets(form)
  const ticketId = c.ticketId !== '' ? c.ticketId : tickets.length === 1 ? String(tickets[0]?.ticketId) : ''
  const categories = categoriesOf(tickets.find((k) => String(k.ticketId) === ticketId))
  const ageCategoryId =
    c.ageCategoryId !== ''
      ? c.ageCategoryId
      : categories.length === 1
        ? String(categories[0]?.ticketAgeCategoryId)
        : ''
  return { ...c, ticketId, ageCategoryId }
}

export function RegistrationFormView(props: {
  readonly form: FormData
  readonly countries: ReadonlyArray<{ readonly code: string; readonly name: string }>
  readonly prefill: { readonly firstName: string; readonly lastName: string; readonly email: string } | null
  readonly state: FormState | null
  readonly action: string
  readonly locale: string
  /** Sent with the registration: the same form sent twice registers once. */
  readonly requestKey: string
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const codeMessage = useCodeMessage()
  const [form, setForm] = useState(props.form)
  const rule = form.contestants
  const tournament = form.tournament
  const values = props.state?.values ?? {}
  const [contestants, setContestants] = useState<ReadonlyArray<ContestantDraft>>(() => {
    const count = Math.min(
      rule.max,
      Math.max(rule.min, Number(values[fieldName.players] ?? rule.min) || rule.min),
    )
    return Array.from({ length: count }, (_, i) => {
      const typed: Record<string, string> = {}
      for (const key of Object.keys(emptyContestant)) {
        const v = values[fieldName.contestant(i, key as keyof ContestantDraft)]
        if (v !== undefined) typed[key] = v
      }
      const base =
        i === 0 && props.prefill && !props.state
          ? {
              ...emptyContestant,
              firstName: props.prefill.firstName,
              lastName: props.prefill.lastName,
              email: props.prefill.email,
            }
          : emptyContestant
      return withDefaults(props.form, { ...base, ...typed })
    })
  })
  const [teamName, setTeamName] = useState(values[fieldName.teamName] ?? '')
  const [contactEmail, setContactEmail] = useState(
    values[fieldName.contactEmail] ?? props.prefill?.email ?? '',
  )
  const [paymentMethod, setPaymentMethod] = useState(
    values[fieldName.paymentMethod] ?? form.paymentMethods[0] ?? 'bankTransfer',
  )
  const [policy, setPolicy] = useState(values[fieldName.policy] === 'on')
  const [problems, setProblems] = useState<Problems>(() =>
    Object.fromEntries(Object.entries(props.state?.errors ?? {}).map(([f, e]) => [f, e.rule ?? 'invalid'])),
  )
  const [code, setCode] = useState<number | null>(props.state?.code ?? null)
  const [refused, setRefused] = useState(false)
  const [retryAfter, setRetryAfter] = useState<number | null>(props.state?.retryAfter ?? null)
  const [busy, setBusy] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const reviewRef = useRef<HTMLElement>(null)
  const confirming = values.confirm === '1'

  // Spec section 4: the typed players come back only on this tournament's form, and never over a post's values.
  useEffect(() => {
    setHydrated(true)
    if (props.state) return
    const saved = readSaved(tournament.tournamentId)
    if (!saved || saved.contestants.length === 0) return
    setContestants(saved.contestants.slice(0, rule.max).map((c) => withDefaults(props.form, c)))
    if (saved.contestants.length < rule.min)
      setContestants((list) => [
        ...list,
        ...Array.from({ length: rule.min - list.length }, () => withDefaults(props.form, emptyContestant)),
      ])
    setTeamName(saved.teamName)
    if (saved.contactEmail) setContactEmail(saved.contactEmail)
  }, [props.form, props.state, rule.max, rule.min, tournament.tournamentId])

  useEffect(() => {
    if (!hydrated) return
    const saved: Saved = {
      registrationPath: window.location.pathname,
      previousTournamentId: tournament.tournamentId,
      contestants,
      teamName,
      contactEmail,
    }
    try {
      window.localStorage.setItem(savedRegistrationKey, JSON.stringify(saved))
    } catch {
      // Storage full or refused: the form still works, it is only not kept.
    }
  }, [hydrated, contestants, teamName, contactEmail, tournament.tournamentId])

  const tickets = saleableTickets(form)
  const first = contestants[0]
  const firstTicket = tickets.find((k) => String(k.ticketId) === first?.ticketId)
  const perTeam = firstTicket?.isPricePerTeam ?? false
  // A per-team ticket covers everyone: the others take player 1's ticket and category.
  const effectiveOf = (list: ReadonlyArray<ContestantDraft>) => {
    const head = list[0]
    const covers = tickets.find((k) => String(k.ticketId) === head?.ticketId)?.isPricePerTeam ?? false
    return list.map((c, i) =>
      covers && i > 0 && head ? { ...c, ticketId: head.ticketId, ageCategoryId: head.ageCategoryId } : c,
    )
  }
  const effective = effectiveOf(contestants)
  const computed = priceOf(form, effective)
  // After a 3000 the server's total for the same choice wins (the form cannot always tell, e.g. when an early
  // bird runs out within this entry); any change to the tickets chosen goes back to the form's own total.
  const choice = JSON.stringify(effective.map((c) => [c.ticketId, c.ageCategoryId]))
  const [serverTotal, setServerTotal] = useState<{
    readonly choice: string
    readonly totalMinor: number
  } | null>(null)
  const price =
    computed && serverTotal && serverTotal.choice === choice
      ? { ...computed, totalMinor: serverTotal.totalMinor }
      : computed
  const money = (minor: number) => formatMoney(minor, { code: form.event.currencyCode }, i18n.locale)
  // A total above what a card checkout takes is paid by transfer (or at the venue): card is not offered then.
  const methods = form.paymentMethods.filter(
    (m) => m !== 'card' || !price || payableByCard(price.totalMinor, form.event.currencyCode),
  )
  const method = methods.find((m) => m === paymentMethod) ?? methods[0] ?? paymentMethod
  const expectedTotal = hydrated
    ? price?.totalMinor
    : confirming
      ? values[fieldName.expectedTotalMinor]
      : undefined

  /** What the browser can find wrong with these values (the server checks them again, and more). */
  const clientProblems = (values: {
    readonly contestants: ReadonlyArray<ContestantDraft>
    readonly teamName: string
    readonly contactEmail: string
    readonly policy: boolean
  }): Record<string, string> => {
    const list = effectiveOf(values.contestants)
    const local: Record<string, string> = {}
    list.forEach((c, i) => {
      if (c.ticketId === '') local[fieldName.contestant(i, 'ticketId')] = ValidationRule.required
      else if (
        c.ageCategoryId === '' &&
        categoriesOf(tickets.find((k) => String(k.ticketId) === c.ticketId)).length > 0
      )
        local[fieldName.contestant(i, 'ageCategoryId')] = ValidationRule.required
    })
    const checked = decodeWithProblems(
      RegisterInput,
      inputOf({
        contestants: list,
        teamName: values.teamName,
        contactEmail: values.contactEmail,
        paymentMethod: method,
        expectedTotalMinor: price?.totalMinor ?? 0,
        policy: values.policy,
      }),
    )
    return {
      ...(checked.ok ? {} : Object.fromEntries(checked.problems.map((p) => [p.field, p.rule]))),
      ...local,
    }
  }

  /**
   * The problems shown at `changed` fields after a change: gone once the field is valid, else what is wrong with
   * it now. A problem only the server finds (a federation number it does not know) goes when its field changes.
   */
  const revise = (changed: ReadonlyArray<string>, values: Parameters<typeof clientProblems>[0]) => {
    if (!changed.some((field) => field in problems)) return
    const now = clientProblems(values)
    setProblems((shown) => {
      const next: Record<string, string> = { ...shown }
      for (const field of changed) {
        if (!(field in next)) continue
        const rule = now[field]
        if (rule === undefined) delete next[field]
        else next[field] = rule
      }
      return next
    })
  }
  const current = { contestants, teamName, contactEmail, policy }

  const update = (i: number, patch: Partial<ContestantDraft>, contact?: string) => {
    const next = contestants.map((c, j) => (j === i ? { ...c, ...patch } : c))
    setContestants(next)
    const changed = draftKeys.filter((key) => key in patch).map((key) => fieldName.contestant(i, key))
    if (contact !== undefined) {
      setContactEmail(contact)
      changed.push(fieldName.contactEmail)
    }
    revise(changed, { ...current, contestants: next, contactEmail: contact ?? contactEmail })
  }
  const changeTeamName = (value: string) => {
    setTeamName(value)
    revise([fieldName.teamName], { ...current, teamName: value })
  }
  const changeContactEmail = (value: string) => {
    setContactEmail(value)
    revise([fieldName.contactEmail], { ...current, contactEmail: value })
  }
  const changePolicy = (value: boolean) => {
    setPolicy(value)
    revise([fieldName.policy], { ...current, policy: value })
  }

  const ticketLabel = (k: TicketData) => {
    const type = ticketTypeLabels[k.type]
    const name = type ? i18n._(type) : t`Ticket`
    return k.isPricePerTeam
      ? t`${name} — ${money(k.priceMinor)} per team`
      : `${name} — ${money(k.priceMinor)}`
  }
  const categoryLabel = (a: CategoryData) =>
    a.earlyBirdActive
      ? t`${a.name} — ${money(a.currentPriceMinor)} (early bird, then ${money(a.priceMinor)})`
      : `${a.name} — ${money(a.currentPriceMinor)}`

  const showForm = (list: Problems) => {
    setReviewing(false)
    // Let the fields show again before moving to the first problem.
    requestAnimationFrame(() => revealFirstProblem(formRef.current, list))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const input = inputOf({
      contestants: effective,
      teamName,
      contactEmail,
      paymentMethod: method,
      expectedTotalMinor: price?.totalMinor ?? 0,
      policy,
    })
    const found = clientProblems(current)
    setCode(null)
    setRefused(false)
    setRetryAfter(null)
    if (Object.keys(found).length > 0) {
      setProblems(found)
      showForm(found)
      return
    }
    // Decision 033: nothing is registered before the visitor has seen what, for whom, at what price and how paid.
    if (!reviewing) {
      setReviewing(true)
      requestAnimationFrame(() => {
        const review = reviewRef.current
        review?.scrollIntoView({ block: 'start' })
        review?.focus({ preventScroll: true })
      })
      return
    }
    setBusy(true)
    try {
      const outcome = await registerEntry({
        data: { event: form.event.alias, tournament: tournament.alias, input, requestKey: props.requestKey },
      })
      if (outcome.ok) {
        window.localStorage.removeItem(savedRegistrationKey)
        await navigate({
          to: outcome.status === 'pending' ? '/payment' : '/status',
          search: { token: outcome.token, registered: '1' },
        })
        return
      }
      if ('problems' in outcome) {
        const list = Object.fromEntries(outcome.problems.map((p) => [p.field, p.rule]))
        setProblems(list)
        showForm(list)
      } else if ('changed' in outcome) {
        // Error 3000: the new tickets and prices are shown; the visitor reviews and registers again knowingly.
        setForm(outcome.changed)
        setServerTotal(outcome.total === null ? null : { choice, totalMinor: outcome.total })
        setProblems({})
        setCode(ErrorCode.ticketsUpdated)
        setReviewing(false)
      } else if ('retryAfter' in outcome) setRetryAfter(outcome.retryAfter)
      else setRefused(true)
    } finally {
      setBusy(false)
    }
  }

  const listRule = problems['data.contestants']
  const minutes = Math.max(1, Math.ceil((retryAfter ?? 0) / 60))
  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      noValidate
      onSubmit={onSubmit}
      // Set once the scripted form has taken over (tests wait for it before typing).
      data-ready={hydrated ? 'true' : undefined}
      className="flex flex-col gap-6"
    >
      <input type="hidden" name={fieldName.players} value={contestants.length} />
      <input type="hidden" name="requestKey" value={props.requestKey} />
      {code !== null ? (
        <p role="alert" className="rounded-lg bg-danger-100 p-3 text-danger-700">
          {codeMessage(code)}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="rounded-lg bg-danger-100 p-3 text-danger-700">
          <Trans>Registration for this tournament is closed.</Trans>
        </p>
      ) : null}
      {retryAfter !== null ? (
        <p role="alert" className="rounded-lg bg-danger-100 p-3 text-danger-700">
          {t`Too many attempts. Please try again in ${minutes} min.`}
        </p>
      ) : null}
      <div hidden={reviewing} className="flex flex-col gap-6">
        {listRule ? <ProblemText path="data.contestants" rule={listRule} /> : null}
        {rule.teamName !== 'none' ? (
          <TextField
            name={fieldName.teamName}
            label={<Trans>Team name</Trans>}
            value={teamName}
            onChange={changeTeamName}
            problems={problems}
            required={rule.teamName === 'required'}
          />
        ) : null}
        {contestants.map((c, i) => {
          const ticket = tickets.find((k) => String(k.ticketId) === c.ticketId)
          const categories = categoriesOf(ticket)
          const covered = perTeam && i > 0
          return (
            <fieldset key={i} className="flex flex-col gap-4 rounded-card border border-line p-4">
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
                  options={countryOptions(props.countries, props.locale)}
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
                      i === 0 && (contactEmail === '' || contactEmail === c.email) ? v : undefined,
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
                  required={tournament.verifyPlayer}
                  hint={
                    tournament.verifyPlayer ? (
                      <Trans>Required: the organiser checks members with the national federation.</Trans>
                    ) : (
                      <Trans>If the player has one.</Trans>
                    )
                  }
                />
              </div>
              {covered ? (
                <p className="text-sm text-muted">
                  <Trans>Player 1’s ticket is per team and covers this player.</Trans>
                  <input
                    type="hidden"
                    name={fieldName.contestant(i, 'ticketId')}
                    value={first?.ticketId ?? ''}
                  />
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
                      const next = categoriesOf(tickets.find((k) => String(k.ticketId) === v))
                      update(i, {
                        ticketId: v,
                        ageCategoryId: next.length === 1 ? String(next[0]?.ticketAgeCategoryId) : '',
                      })
                    }}
                    problems={problems}
                    required
                    options={tickets.map((k) => ({ value: String(k.ticketId), label: ticketLabel(k) }))}
                  />
                  {hydrated ? (
                    categories.length > 0 ? (
                      <SelectField
                        name={fieldName.contestant(i, 'ageCategoryId')}
                        label={<Trans>Age category</Trans>}
                        value={c.ageCategoryId}
                        onChange={(v) => update(i, { ageCategoryId: v })}
                        problems={problems}
                        required
                        options={categories.map((a) => ({
                          value: String(a.ticketAgeCategoryId),
                          label: categoryLabel(a),
                        }))}
                      />
                    ) : null
                  ) : tickets.some((k) => categoriesOf(k).length > 0) ? (
                    // Without JavaScript the list cannot follow the ticket: every ticket's categories, grouped.
                    <SelectField
                      name={fieldName.contestant(i, 'ageCategoryId')}
                      label={<Trans>Age category</Trans>}
                      value={c.ageCategoryId}
                      onChange={(v) => update(i, { ageCategoryId: v })}
                      problems={problems}
                      groups={tickets
                        .filter((k) => categoriesOf(k).length > 0)
                        .map((k) => ({
                          label: ticketLabel(k),
                          options: categoriesOf(k).map((a) => ({
                            value: String(a.ticketAgeCategoryId),
                            label: categoryLabel(a),
                          })),
                        }))}
                    />
                  ) : null}
                </div>
              )}
            </fieldset>
          )
        })}
        {rule.max > rule.min ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="add"
              disabled={contestants.length >= rule.max}
              onClick={(e) => {
                if (!hydrated) return
                e.preventDefault()
                setContestants((list) =>
                  list.length >= rule.max ? list : [...list, withDefaults(form, emptyContestant)],
                )
              }}
              className="inline-flex h-9 items-center rounded-lg border border-line px-3 text-sm font-semibold text-brand-800 disabled:opacity-40"
            >
              <Trans>Add a player</Trans>
            </button>
            <button
              type="submit"
              name="intent"
              value="remove"
              disabled={contestants.length <= rule.min}
              onClick={(e) => {
                if (!hydrated) return
                e.preventDefault()
                setContestants((list) => (list.length <= rule.min ? list : list.slice(0, -1)))
              }}
              className="inline-flex h-9 items-center rounded-lg border border-danger-700/40 px-3 text-sm font-semibold text-danger-700 disabled:opacity-40"
            >
              <Trans>Remove the last player</Trans>
            </button>
          </div>
        ) : null}
        <TextField
          name={fieldName.contactEmail}
          label={<Trans>Contact e-mail</Trans>}
          type="email"
          value={contactEmail}
          onChange={changeContactEmail}
          problems={problems}
          required
          hint={<Trans>We send the confirmation and the status link here.</Trans>}
        />
        {methods.length > 1 && (price === null || price.totalMinor > 0) ? (
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
                  onChange={() => setPaymentMethod(m)}
                  className="h-4 w-4"
                />
                {m === 'card' ? <Trans>Card</Trans> : <Trans>Bank transfer</Trans>}
              </label>
            ))}
            <ProblemText path={fieldName.paymentMethod} rule={problems[fieldName.paymentMethod]} />
          </fieldset>
        ) : (
          <input type="hidden" name={fieldName.paymentMethod} value={method} />
        )}
        <PriceSummary price={price} money={money} ticketLabel={ticketLabel} />
        {expectedTotal !== undefined ? (
          <input type="hidden" name={fieldName.expectedTotalMinor} value={expectedTotal} />
        ) : null}
        <PolicyField
          checked={policy}
          onChange={changePolicy}
          problems={problems}
          rulesHref={`/rules/${tournament.tournamentId}`}
        />
      </div>
      {confirming && !hydrated ? (
        <p role="status" className="rounded-lg bg-brand-100 p-3 text-brand-800">
          <Trans>
            Please check the total of {money(Number(values[fieldName.expectedTotalMinor] ?? 0))} and confirm.
          </Trans>
        </p>
      ) : null}
      {reviewing || (confirming && !hydrated) ? (
        <ReviewSummary
          reviewRef={reviewRef}
          eventName={form.event.name}
          tournamentName={tournament.name}
          teamName={rule.teamName === 'none' ? '' : teamName}
          contactEmail={contactEmail}
          players={effective.map((c) => {
            const ticket = tickets.find((k) => String(k.ticketId) === c.ticketId)
            const category = categoriesOf(ticket).find(
              (a) => String(a.ticketAgeCategoryId) === c.ageCategoryId,
            )
            return {
              name: `${c.firstName} ${c.lastName}`.trim(),
              country:
                countryOptions(props.countries, props.locale).find((o) => o.value === c.countryCode)?.label ??
                '',
              ticket: ticket ? ticketLabel(ticket) : '',
              category: category?.name ?? '',
            }
          })}
          price={price}
          money={money}
          method={
            price !== null && price.totalMinor === 0 ? 'free' : methods.length === 0 ? 'atVenue' : method
          }
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {reviewing ? (
          <button
            type="button"
            onClick={() => {
              setReviewing(false)
              requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-path]')?.focus())
            }}
            className="inline-flex h-11 items-center justify-center rounded-lg border border-line px-5 font-semibold text-brand-800"
          >
            <Trans>Change</Trans>
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="register"
          disabled={busy}
          className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {reviewing || (confirming && !hydrated) ? (
            <Trans>Confirm and register</Trans>
          ) : (
            <Trans>Review and register</Trans>
          )}
        </button>
      </div>
    </form>
  )
}

/** The countries, named by the server in the interface language (docs/decisions/030). */
const countryOptions = (countries: ReadonlyArray<{ code: string; name: string }>, locale: string) =>
  countries
    .map((c) => ({ value: c.code, label: c.name }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))

function PriceSummary(props: {
  price: { readonly lines: ReadonlyArray<PriceLine>; readonly totalMinor: number } | null
  money: (minor: number) => string
  ticketLabel: (k: TicketData) => string
}) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="price-title" className="rounded-card bg-canvas p-4">
      <h2 id="price-title" className="mb-2 text-lg font-bold">
        <Trans>Price</Trans>
      </h2>
      <div aria-live="polite">
        {props.price === null ? (
          <p className="text-sm text-muted">
            <Trans>Choose a ticket for every player to see the price.</Trans>
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-1 text-sm">
              {props.price.lines.map((l) => (
                <li key={`${l.ticket.ticketId}:${l.category?.ticketAgeCategoryId ?? ''}`}>
                  {l.ticket.isPricePerTeam
                    ? t`${props.ticketLabel(l.ticket)}: ${props.money(l.totalMinor)}`
                    : `${l.persons} × ${l.category ? l.category.name : props.ticketLabel(l.ticket)} (${props.money(l.unitMinor)})${
                        l.earlyBird ? ` — ${t`early bird`}` : ''
                      } = ${props.money(l.totalMinor)}`}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-lg font-bold" data-testid="registration-total">
              <Trans>Total: {props.money(props.price.totalMinor)}</Trans>
            </p>
          </>
        )}
      </div>
    </section>
  )
}

/** Decision 033: what will be registered, for whom, at what price and how it is paid, before it is. */
function ReviewSummary(props: {
  reviewRef: RefObject<HTMLElement | null>
  eventName: string
  tournamentName: string
  teamName: string
  contactEmail: string
  players: ReadonlyArray<{ name: string; country: string; ticket: string; category: string }>
  price: { readonly lines: ReadonlyArray<PriceLine>; readonly totalMinor: number } | null
  money: (minor: number) => string
  method: string
}) {
  return (
    <section
      ref={props.reviewRef}
      tabIndex={-1}
      aria-labelledby="review-title"
      data-testid="registration-review"
      className="flex scroll-mt-24 flex-col gap-3 rounded-card border-2 border-brand-600 bg-surface p-4"
    >
      <h2 id="review-title" className="text-lg font-bold">
        <Trans>Check your registration</Trans>
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">
          <Trans>Tournament</Trans>
        </dt>
        <dd>
          {props.tournamentName} — {props.eventName}
        </dd>
        {props.teamName ? (
          <>
            <dt className="font-semibold">
              <Trans>Team</Trans>
            </dt>
            <dd>{props.teamName}</dd>
          </>
        ) : null}
        <dt className="font-semibold">
          <Plural value={props.players.length} one="Player" other="Players" />
        </dt>
        <dd>
          <ul className="flex flex-col gap-1">
            {props.players.map((p, i) => (
              <li key={i}>
                <span className="font-semibold">{p.name}</span>
                {p.country ? ` (${p.country})` : ''}
                {p.ticket ? ` — ${p.ticket}` : ''}
                {p.category ? `, ${p.category}` : ''}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-semibold">
          <Trans>Contact e-mail</Trans>
        </dt>
        <dd className="break-all">{props.contactEmail}</dd>
        <dt className="font-semibold">
          <Trans>Total</Trans>
        </dt>
        <dd className="text-base font-bold" data-testid="review-total">
          {props.price ? props.money(props.price.totalMinor) : '—'}
        </dd>
        <dt className="font-semibold">
          <Trans>Payment</Trans>
        </dt>
        <dd data-testid="review-payment">
          {props.method === 'free' ? (
            <Trans>Free of charge: the entry is confirmed at once.</Trans>
          ) : props.method === 'atVenue' ? (
            <Trans>Paid at the venue: the entry is confirmed at once.</Trans>
          ) : props.method === 'card' ? (
            <Trans>By card: after you confirm, you pay on the card payment page.</Trans>
          ) : (
            <Trans>
              By bank transfer: after you confirm, you get the bank details and a payment reference on the
              next page and by e-mail. The places are held until the payment deadline shown there.
            </Trans>
          )}
        </dd>
      </dl>
      <p className="text-sm text-muted">
        <Trans>Nothing is registered yet. Press “Change” to correct something, or confirm.</Trans>
      </p>
    </section>
  )
}

function PolicyField(props: {
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

function ProblemText({ path, rule, id }: { path: string; rule: string | undefined; id?: string }) {
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
function TextField(props: {
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
function SelectField(props: {
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
