import { createHash, randomUUID } from 'node:crypto'
import {
  decodeWithProblems,
  ErrorCode,
  formatIban,
  formatMoney,
  formatMoneyInput,
  formatZonedDateTime,
} from '@kibitz/kernel'
import {
  type EntryView,
  epcPayload,
  formatCreditorReference,
  maxContestants,
  RegisterInput,
  RegistrationDesk,
  RegistrationForm,
  type RegistrationRefused,
  TournamentRules,
} from '@kibitz/registration'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Schema } from 'effect'
import QRCode from 'qrcode'
import {
  type ContestantDraft,
  emptyContestant,
  fieldName,
  inputOf,
  priceOf,
} from '../components/registration/pricing.ts'
import type { FieldError, FormState } from '../lib/session.ts'
import { clientIp, sessionOf } from './auth.server.ts'
import { attempt, backToForm, postedForm, Result, seeOther, withBodyLimit } from './forms.server.ts'
import { requestLocale, takeFormState } from './request.server.ts'

// The player's side of registration (issue 5): the form, the registration (a server function for the
// scripted form, a form post without JavaScript), the payment and status pages of the secret link, the card
// checkout and the tournament's rules. Every answer is a plain value; the status link's pages are personal.

const personal = () => setResponseHeader('cache-control', 'private, no-store')
const encodeRules = Schema.encodeSync(TournamentRules)
const encodeForm = Schema.encodeSync(RegistrationForm)
const plausibleKey = (key: string) => /^[A-Za-z0-9_-]{1,200}$/.test(key)
const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)
/** The key a registration form carries, so that sending it twice registers once (see `registerWith`). */
const plausibleRequestKey = (key: string | undefined): key is string =>
  key !== undefined && /^[A-Za-z0-9-]{8,64}$/.test(key)
/** The form field holding it. */
export const requestKeyField = 'requestKey'

/** The form state cookie's name for a tournament's registration form. */
const formId = 'register'

export type Refusal = RegistrationRefused['reason']

/** Why a register call did not register, or where it did. */
export type RegisterOutcome =
  | { readonly ok: true; readonly status: 'pending' | 'confirmed'; readonly token: string }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | {
      readonly ok: false
      readonly changed: typeof RegistrationForm.Encoded
      /** What the same choice costs now, when the server knows (a changed price). */
      readonly total: number | null
    }
  | { readonly ok: false; readonly refused: Refusal }
  /** Too many registrations from this address lately: seconds until the next one is taken. */
  | { readonly ok: false; readonly retryAfter: number }

const notFound: Refusal = 'notFound'

/** The registration form of a public event's tournament with what to prefill, or why it cannot be shown. */
export const registrationFormData = async (eventRef: string, tournamentRef: string) => {
  personal()
  if (!plausibleKey(eventRef) || !plausibleKey(tournamentRef)) return { ok: false as const, reason: notFound }
  const locale = requestLocale()
  const result = await attempt(RegistrationDesk.use((d) => d.form(eventRef, tournamentRef, locale)))
  if (Result.isFailure(result)) return { ok: false as const, reason: result.failure.reason }
  const { user } = await sessionOf(getRequest())
  const state = takeFormState(formId)
  const kept = state?.values[requestKeyField]
  return {
    ok: true as const,
    form: encodeForm(result.success),
    // A form sent without JavaScript comes back (a confirm step, a player added) with the key it had.
    requestKey: plausibleRequestKey(kept) ? kept : randomUUID(),
    prefill: user
      ? { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email }
      : null,
    state,
  }
}

/**
 * Registers what a form sent. The form's key, with what it sent, is the registration's idempotency key: the same
 * form sent twice (a double click, a retry after a lost answer) registers once and answers the same entry, while
 * the same form sent again with other players is another registration.
 */
const registerWith = async (
  eventRef: string,
  tournamentRef: string,
  raw: unknown,
  requestKey: string | undefined,
): Promise<RegisterOutcome> => {
  const decoded = decodeWithProblems(RegisterInput, raw)
  if (!decoded.ok)
    return { ok: false, problems: decoded.problems.map((p) => ({ field: p.field, rule: p.rule })) }
  const request = getRequest()
  const { user } = await sessionOf(request)
  const language = requestLocale()
  const idempotencyKey = plausibleRequestKey(requestKey)
    ? `form:${requestKey}:${createHash('sha256').update(JSON.stringify(decoded.value)).digest('hex')}`
    : undefined
  const result = await attempt(
    RegistrationDesk.use((d) =>
      d.register(
        eventRef,
        tournamentRef,
        decoded.value,
        { userId: user?.id ?? null, language, address: clientIp(request) },
        idempotencyKey === undefined ? {} : { idempotencyKey },
      ),
    ),
  )
  if (Result.isSuccess(result))
    return {
      ok: true,
      status: result.success.status === 'pending' ? 'pending' : 'confirmed',
      token: result.success.statusToken,
    }
  const failure = result.failure
  switch (failure._tag) {
    case 'RegistrationInvalid':
      return { ok: false, problems: failure.problems.map((p) => ({ field: p.field, rule: p.rule })) }
    case 'TicketsChanged':
      return { ok: false, changed: encodeForm(failure.form), total: failure.quotedTotalMinor }
    case 'RegistrationRefused':
      return { ok: false, refused: failure.reason }
    case 'RateLimited':
      return { ok: false, retryAfter: failure.retryAfterSeconds }
    case 'IdempotencyKeyReused':
      // The form's key is scoped by what it sends, so another registration never shares it.
      return { ok: false, refused: notFound }
  }
}

/** The scripted form's registration. */
export const register = async (
  eventRef: string,
  tournamentRef: string,
  input: unknown,
  requestKey: string | undefined,
): Promise<RegisterOutcome> => {
  personal()
  if (!plausibleKey(eventRef) || !plausibleKey(tournamentRef)) return { ok: false, refused: 'notFound' }
  return registerWith(eventRef, tournamentRef, input, requestKey)
}

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
    const page = `/event/${encodeURIComponent(eventRef)}/tournament/${encodeURIComponent(tournamentRef)}/register`
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

/**
 * The time zone a deadline is given in, as the reader's language names it, with its offset then and its IANA
 * name ("Eastern European Time, GMT+2, Europe/Vilnius"), so nobody pays an hour late.
 */
const zoneLabel = (at: Date, timeZone: string, locale: string): string => {
  const part = (timeZoneName: 'longGeneric' | 'shortOffset') => {
    try {
      return (
        new Intl.DateTimeFormat(locale, { timeZone, timeZoneName })
          .formatToParts(at)
          .find((p) => p.type === 'timeZoneName')?.value ?? ''
      )
    } catch {
      return ''
    }
  }
  return [part('longGeneric'), part('shortOffset'), timeZone]
    .filter((p, i, all) => p !== '' && all.indexOf(p) === i)
    .join(', ')
}

/** A QR code as the page draws it: its modules per side (with the quiet zone) and one SVG path of the dark ones. */
export interface TransferCode {
  readonly size: number
  readonly path: string
}

const quietZone = 4

/**
 * The EPC QR code of a pending euro bank transfer (decision 033), encoded here with `qrcode` at level M as the EPC
 * guideline asks, and given to the page as SVG path data, so it is drawn inline without script and the encoder
 * never reaches the browser. Null for other currencies or when the code would be wrong.
 */
const transferCode = (view: EntryView): TransferCode | null => {
  if (view.status !== 'pending' || !view.bank || !view.reference) return null
  const payload = epcPayload({
    beneficiary: view.bank.beneficiary,
    iban: view.bank.iban,
    bic: view.bank.bic,
    currencyCode: view.currencyCode,
    amountMinor: view.totalMinor,
    reference: view.reference,
  })
  if (payload === null) return null
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' })
  const runs: Array<string> = []
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < modules.size && modules.get(row, col)) col++
      runs.push(`M${start + quietZone} ${row + quietZone}h${col - start}v1h-${col - start}z`)
    }
  }
  return { size: modules.size + 2 * quietZone, path: runs.join('') }
}

/** An entry as its registrant's pages show it: plain values, money, IBAN and reference already formatted. */
const entryPage = (view: EntryView, token: string, locale: string) => {
  const money = (minor: number) => formatMoney(minor, { code: view.currencyCode }, locale)
  const expires = view.expiresAt ? new Date(view.expiresAt) : null
  return {
    token,
    entryId: view.entryId,
    event: { ...view.event },
    tournament: { ...view.tournament },
    status: view.status,
    paymentMethod: view.paymentMethod,
    paid: view.paid,
    paidAt: view.paidAt ? formatZonedDateTime(new Date(view.paidAt), view.event.timeZone, locale) : null,
    total: money(view.totalMinor),
    totalMinor: view.totalMinor,
    /** The amount as a banking app's amount field takes it: no symbol, no grouping, the locale's decimal mark. */
    amountToCopy: formatMoneyInput(view.totalMinor, view.currencyCode, locale),
    currencyCode: view.currencyCode,
    lines: view.lines.map((l) => ({
      persons: l.persons,
      units: l.units,
      unit: money(l.unitPriceMinor),
      total: money(l.totalMinor),
      earlyBird: l.earlyBird,
    })),
    reference: view.reference ? formatCreditorReference(view.reference) : null,
    bank: view.bank
      ? { beneficiary: view.bank.beneficiary, iban: formatIban(view.bank.iban), bic: view.bank.bic }
      : null,
    transferCode: transferCode(view),
    canPayByCard: view.canPayByCard,
    dueBy: expires ? formatZonedDateTime(expires, view.event.timeZone, locale) : null,
    dueByZone: expires ? zoneLabel(expires, view.event.timeZone, locale) : null,
    teamName: view.teamName,
    contactEmail: view.contactEmail,
    contestants: view.contestants.map((c) => ({
      firstName: c.firstName,
      lastName: c.lastName,
      countryCode: c.countryCode,
      ageCategory: c.ageCategoryName,
    })),
  }
}

export type EntryPageData = ReturnType<typeof entryPage>

/** The registration behind a status link (null: no such link), after a card return when `sessionId` is given. */
export const entryData = async (
  token: string,
  sessionId: string | undefined,
): Promise<{ readonly entry: EntryPageData; readonly cardNotConfirmed: boolean } | null> => {
  personal()
  setResponseHeader('x-robots-tag', 'noindex')
  if (!plausibleToken(token)) return null
  const locale = requestLocale()
  let cardNotConfirmed = false
  if (sessionId !== undefined) {
    const confirmed = await attempt(RegistrationDesk.use((d) => d.confirmCardReturn(token, sessionId)))
    if (Result.isFailure(confirmed)) {
      if (confirmed.failure._tag === 'RegistrationRefused' && confirmed.failure.reason === 'notFound')
        return null
      cardNotConfirmed = true
    }
  }
  const result = await attempt(RegistrationDesk.use((d) => d.status(token, locale)))
  if (Result.isFailure(result)) return null
  return { entry: entryPage(result.success, token, locale), cardNotConfirmed }
}

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

/** A tournament's rules page: its rules file, and how registration works when it is open (null: not public). */
export const rulesData = async (tournamentId: number) => {
  const result = await attempt(RegistrationDesk.use((d) => d.rules(tournamentId, requestLocale())))
  return Result.isSuccess(result) ? encodeRules(result.success) : null
}
