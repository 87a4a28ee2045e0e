import { ErrorCode, formatMoney } from '@kibitz/kernel/format'
import { payableByCard } from '@kibitz/registration/input'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { ticketTypeLabels } from '../../lib/labels.ts'
import type { FormState } from '../../lib/session.ts'
import { registerEntry } from '../../server/registration.functions.ts'
import { type Problems, revealFirstProblem } from '../editor/kit.tsx'
import { useCodeMessage } from '../Forms.tsx'
import { type EntryValues, effectiveContestants, entryProblems, revisedProblems } from './entryRules.ts'
import { PlayerCountButtons, PlayerFieldset } from './PlayerFields.tsx'
import {
  type CategoryData,
  type ContestantDraft,
  categoriesOf,
  emptyContestant,
  type FormData,
  fieldName,
  inputOf,
  postedContestants,
  priceOf,
  saleableTickets,
  type TicketData,
  ticketOf,
  withDefaults,
} from './pricing.ts'
import {
  countryOptions,
  FormAlert,
  PaymentMethodField,
  PolicyField,
  ProblemText,
  TextField,
} from './RegistrationFields.tsx'
import { PriceSummary, RegisterButtons, ReviewSummary } from './RegistrationReview.tsx'
import { forgetSaved, keepSaved, readSaved } from './savedDraft.ts'

/** The fields of a contestant, each of which carries its own problem. */
const draftKeys = Object.keys(emptyContestant).filter(
  (key): key is keyof ContestantDraft => key in emptyContestant,
)

// The registration form (spec section 2: /event/{e}/tournament/{t}/register). A native form whose field names
// are the domain's dotted paths: without JavaScript it posts to the route (which asks to confirm a total the
// visitor has not seen); with it, it registers through a server function and shows each problem at its field.

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
  const [contestants, setContestants] = useState<ReadonlyArray<ContestantDraft>>(() =>
    postedContestants(props.form, values, props.state ? null : props.prefill),
  )
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
    keepSaved({
      registrationPath: window.location.pathname,
      previousTournamentId: tournament.tournamentId,
      contestants,
      teamName,
      contactEmail,
    })
  }, [hydrated, contestants, teamName, contactEmail, tournament.tournamentId])

  const tickets = saleableTickets(form)
  const first = contestants[0]
  const firstTicket = ticketOf(tickets, first?.ticketId)
  const perTeam = firstTicket?.isPricePerTeam ?? false
  const effectiveOf = (list: ReadonlyArray<ContestantDraft>) => effectiveContestants(tickets, list)
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

  const clientProblems = (values: EntryValues) =>
    entryProblems(tickets, values, { paymentMethod: method, expectedTotalMinor: price?.totalMinor ?? 0 })
  /** The problems shown at `changed` fields after a change (see `revisedProblems`). */
  const revise = (changed: ReadonlyArray<string>, values: EntryValues) => {
    if (!changed.some((field) => field in problems)) return
    const now = clientProblems(values)
    setProblems((shown) => revisedProblems(shown, changed, now))
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
        forgetSaved()
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

  const countries = countryOptions(props.countries, props.locale)
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
      {code !== null ? <FormAlert>{codeMessage(code)}</FormAlert> : null}
      {refused ? (
        <FormAlert>
          <Trans>Registration for this tournament is closed.</Trans>
        </FormAlert>
      ) : null}
      {retryAfter !== null ? (
        <FormAlert>{t`Too many attempts. Please try again in ${minutes} min.`}</FormAlert>
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
        {contestants.map((c, i) => (
          <PlayerFieldset
            key={i}
            index={i}
            contestant={c}
            first={first}
            covered={perTeam && i > 0}
            tickets={tickets}
            problems={problems}
            hydrated={hydrated}
            countries={countries}
            contactEmail={contactEmail}
            verifyPlayer={tournament.verifyPlayer}
            update={update}
            ticketLabel={ticketLabel}
            categoryLabel={categoryLabel}
          />
        ))}
        {rule.max > rule.min ? (
          <PlayerCountButtons
            count={contestants.length}
            min={rule.min}
            max={rule.max}
            hydrated={hydrated}
            onAdd={() =>
              setContestants((list) =>
                list.length >= rule.max ? list : [...list, withDefaults(form, emptyContestant)],
              )
            }
            onRemove={() => setContestants((list) => (list.length <= rule.min ? list : list.slice(0, -1)))}
          />
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
        <PaymentMethodField
          methods={methods}
          method={method}
          offered={methods.length > 1 && (price === null || price.totalMinor > 0)}
          onChange={setPaymentMethod}
          problems={problems}
        />
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
            const ticket = ticketOf(tickets, c.ticketId)
            const category = categoriesOf(ticket).find(
              (a) => String(a.ticketAgeCategoryId) === c.ageCategoryId,
            )
            return {
              name: `${c.firstName} ${c.lastName}`.trim(),
              country: countries.find((o) => o.value === c.countryCode)?.label ?? '',
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
      <RegisterButtons
        reviewing={reviewing}
        confirming={reviewing || (confirming && !hydrated)}
        busy={busy}
        onChange={() => {
          setReviewing(false)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-path]')?.focus())
        }}
      />
    </form>
  )
}
