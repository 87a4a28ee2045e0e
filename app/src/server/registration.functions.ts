import { createHash, randomUUID } from 'node:crypto'
import {
  decodeWithProblems,
  formatIban,
  formatMoney,
  formatMoneyInput,
  formatZonedDateTime,
  TournamentId,
} from '@kibitz/kernel'
import {
  type EntryView,
  epcPayload,
  formatCreditorReference,
  RegisterInput,
  RegistrationDesk,
  RegistrationForm,
  type RegistrationRefused,
  TournamentRules,
} from '@kibitz/registration'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Schema } from 'effect'
import QRCode from 'qrcode'
import { personal } from './actor.server.ts'
import { clientIp, sessionOf } from './auth.server.ts'
import { attempt, Result } from './forms.server.ts'
import { requestLocale, takeFormState } from './request.server.ts'

// The player's registration screens (spec section 2: register, payment, status, rules): each server function
// right after the server code it runs, which names the registration domain's use case (RegistrationDesk). The
// register input passes as an unknown value: the registration domain checks it field by field. Every answer is a
// plain value; the status link's pages are personal. The same registration without JavaScript, and the card
// checkout, are form posts in registration.server.ts.

const Key = Schema.String.check(Schema.isMaxLength(200))

const Token = Schema.String.check(Schema.isMaxLength(100))

const encodeRules = Schema.encodeSync(TournamentRules)
const encodeRegistrationForm = Schema.encodeSync(RegistrationForm)

/** The registration form as the browser gets it (plain JSON). */
export const encodeForm = createServerOnlyFn((form: RegistrationForm) => encodeRegistrationForm(form))

export const plausibleKey = (key: string) => /^[A-Za-z0-9_-]{1,200}$/.test(key)

export const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)

/** The key a registration form carries, so that sending it twice registers once (see `registerWith`). */
const plausibleRequestKey = (key: string | undefined): key is string =>
  key !== undefined && /^[A-Za-z0-9-]{8,64}$/.test(key)

/** The form field holding the form's key (see `registerWith`). */
export const requestKeyField = 'requestKey'

/** The form state cookie's name for a tournament's registration form. */
export const formId = 'register'

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
export const registrationFormData = createServerOnlyFn(async (eventRef: string, tournamentRef: string) => {
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
})

/** The registration form of a tournament with the prefill and a no-JavaScript post's state, or why not. */
export const fetchRegistrationForm = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ event: Key, tournament: Key })))
  .handler(({ data }) => registrationFormData(data.event, data.tournament))

/**
 * Registers what a form sent. The form's key, with what it sent, is the registration's idempotency key: the same
 * form sent twice (a double click, a retry after a lost answer) registers once and answers the same entry, while
 * the same form sent again with other players is another registration.
 */
export const registerWith = createServerOnlyFn(
  async (
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
  },
)

/** The scripted form's registration. */
export const register = createServerOnlyFn(
  async (
    eventRef: string,
    tournamentRef: string,
    input: unknown,
    requestKey: string | undefined,
  ): Promise<RegisterOutcome> => {
    personal()
    if (!plausibleKey(eventRef) || !plausibleKey(tournamentRef)) return { ok: false, refused: 'notFound' }
    return registerWith(eventRef, tournamentRef, input, requestKey)
  },
)

/** Registers an entry: where to go next, the field problems, the changed tickets (3000), or a refusal. */
export const registerEntry = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        event: Key,
        tournament: Key,
        input: Schema.Json,
        requestKey: Schema.optional(Schema.String.check(Schema.isMaxLength(100))),
      }),
    ),
  )
  .handler(({ data }) => register(data.event, data.tournament, data.input, data.requestKey))

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
export const entryData = createServerOnlyFn(
  async (
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
  },
)

/** The registration of a status link (null: not a valid link); confirms a card return first. */
export const fetchEntry = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ token: Token, sessionId: Schema.optional(Token) })))
  .handler(({ data }) => entryData(data.token, data.sessionId))

/** A tournament's rules page: its rules file, and how registration works when it is open (null: not public). */
export const rulesData = createServerOnlyFn(async (tournamentId: TournamentId) => {
  const result = await attempt(RegistrationDesk.use((d) => d.rules(tournamentId, requestLocale())))
  return Result.isSuccess(result) ? encodeRules(result.success) : null
})

/** A tournament's rules page data (null: no public tournament with this id). */
export const fetchRules = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ tournamentId: TournamentId })))
  .handler(({ data }) => rulesData(data.tournamentId))
