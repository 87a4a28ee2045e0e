import { decodeWithProblems, ErrorCode } from '@kibitz/kernel'
import { maxContestants, RegisterInput, RegistrationDesk, type RegistrationForm } from '@kibitz/registration'
import {
  type ContestantDraft,
  emptyContestant,
  fieldName,
  inputOf,
  priceOf,
} from '../components/registration/pricing.ts'
import type { FieldError, FormState } from '../lib/session.ts'
import { tournamentPath } from '../lib/site.ts'
import { attempt, backToForm, postedForm, Result, seeOther, withBodyLimit } from './forms.server.ts'
import {
  encodeForm,
  formId,
  plausibleKey,
  plausibleToken,
  registerWith,
  requestKeyField,
} from './registration.functions.ts'
import { requestLocale } from './request.server.ts'

// The player's registration without JavaScript (routes event.$eventId.tournament.$tournamentId.register and
// payment.card `server.handlers.POST`): the form post registers through the same code as the scripted form's
// server function (registration.functions.ts) and answers 303; the card checkout's post opens Stripe Checkout.

/** Where a registration continues: payment while it waits for one, else its status. */
export const nextPath = (status: 'pending' | 'confirmed', token: string) =>
  `${status === 'pending' ? '/payment' : '/status'}?token=${token}&registered=1`

const clampPlayers = (value: string | undefined, min: number, max: number) => {
  const n = Number(value)
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : min
}

/**
 * The form posted without JavaScript. Adding or removing a team player, or a total the visitor has not seen
 * (missing or no longer the price), answers the same page with the values kept — the latter with the
 * computed total and a confirm button — so nobody pays a price they were not shown.
 *
 * Each post reads the event and the tournament once: the form when it is only shown again (a player added or
 * removed, the first total to confirm), else the registration itself, whose 3000 carries the form as it is now
 * and what the same choice costs (decision 020 prices it before the lock and again under it).
 */
export const registerPost = withBodyLimit(
  async (request: Request, eventRef: string, tournamentRef: string) => {
    const page = `${tournamentPath(eventRef, tournamentRef)}/register`
    if (!plausibleKey(eventRef) || !plausibleKey(tournamentRef)) return seeOther(page)
    const posted = await postedForm(request)
    const fields = posted.fields
    const intent = fields.intent
    const typed = fields[fieldName.expectedTotalMinor]
    const seen = typed !== undefined && /^[0-9]{1,12}$/.test(typed) ? Number(typed) : null
    // The form is read only to show it again; a total the visitor saw goes straight to the registration.
    let form: typeof RegistrationForm.Encoded | null = null
    if (intent === 'add' || intent === 'remove' || seen === null) {
      const locale = requestLocale()
      const found = await attempt(RegistrationDesk.use((d) => d.form(eventRef, tournamentRef, locale)))
      if (Result.isFailure(found)) return seeOther(page)
      form = encodeForm(found.success)
    }
    // Without the form the domain checks the count against the tournament; the form clamps to its own.
    const rule = form?.contestants ?? { min: 1, max: maxContestants }
    let players = clampPlayers(fields[fieldName.players], rule.min, rule.max)
    if (intent === 'add') players = Math.min(rule.max, players + 1)
    if (intent === 'remove') players = Math.max(rule.min, players - 1)
    const contestants: Array<ContestantDraft> = Array.from({ length: players }, (_, i) => {
      const draft: Record<string, string> = {}
      for (const key of Object.keys(emptyContestant))
        draft[key] = fields[fieldName.contestant(i, key as keyof ContestantDraft)] ?? ''
      return { ...emptyContestant, ...draft }
    })
    const values: Record<string, string> = { ...fields, [fieldName.players]: String(players) }
    delete values.intent
    if (!values[fieldName.contactEmail]?.trim()) values[fieldName.contactEmail] = contestants[0]?.email ?? ''
    const back = (errors: Record<string, FieldError>, extra: Partial<FormState> = {}) =>
      backToForm(request, page, { form: formId, errors, values, ...extra })
    if (intent === 'add' || intent === 'remove') return back({})

    const quoted = form === null ? null : priceOf(form, contestants)
    const input = inputOf({
      contestants,
      teamName: fields[fieldName.teamName] ?? '',
      // Without JavaScript the contact e-mail cannot follow player 1's as it is typed: empty means theirs.
      contactEmail: fields[fieldName.contactEmail]?.trim() || (contestants[0]?.email ?? ''),
      paymentMethod: fields[fieldName.paymentMethod] ?? form?.paymentMethods[0] ?? 'bankTransfer',
      expectedTotalMinor: seen ?? quoted?.totalMinor ?? 0,
      policy: fields[fieldName.policy] === 'on' || fields[fieldName.policy] === 'true',
    })
    const decoded = decodeWithProblems(RegisterInput, input)
    if (!decoded.ok) return back(Object.fromEntries(decoded.problems.map((p) => [p.field, { rule: p.rule }])))
    // The first total: shown to be confirmed. A total seen but no longer the price is the registration's 3000.
    if (quoted && seen !== quoted.totalMinor)
      return back(
        {},
        { values: { ...values, [fieldName.expectedTotalMinor]: String(quoted.totalMinor), confirm: '1' } },
      )

    const outcome = await registerWith(eventRef, tournamentRef, input, fields[requestKeyField])
    if (outcome.ok) return seeOther(nextPath(outcome.status, outcome.token))
    if ('retryAfter' in outcome) return back({}, { retryAfter: outcome.retryAfter })
    if ('problems' in outcome)
      return back(Object.fromEntries(outcome.problems.map((p) => [p.field, { rule: p.rule }])))
    if ('changed' in outcome) {
      const again = outcome.total ?? priceOf(outcome.changed, contestants)?.totalMinor ?? null
      return back(
        {},
        {
          code: ErrorCode.ticketsUpdated,
          values: {
            ...values,
            [fieldName.expectedTotalMinor]: again === null ? '' : String(again),
            confirm: '1',
          },
        },
      )
    }
    return seeOther(page)
  },
)

/** POST /payment/card: a card checkout for the entry of the posted token, or back to /payment with why not. */
export const payByCardPost = withBodyLimit(async (request: Request) => {
  const token = (await postedForm(request)).fields.token ?? ''
  if (!plausibleToken(token)) return seeOther('/')
  const result = await attempt(RegistrationDesk.use((d) => d.payByCard(token, requestLocale())))
  if (Result.isSuccess(result)) return seeOther(result.success)
  const failure = result.failure
  const reason = failure._tag === 'RegistrationRefused' ? failure.reason : 'cardFailed'
  return seeOther(`/payment?token=${token}&problem=${reason}`)
})
