import { createHmac, timingSafeEqual } from 'node:crypto'
import { type InterfaceLocale, resolveInterfaceLocale } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Option, Schema } from 'effect'
import { cardAmountLimitMinor } from '../RegistrationInput.ts'

// Card payments for registrations (issue 5) through Stripe Checkout, spoken over Stripe's documented HTTP API
// with fetch: a hosted payment page per entry, and signed webhooks that say when it was paid. No Stripe SDK:
// three endpoints and one signature scheme do not justify a dependency.

/** Why a call to the card provider failed: not set up here, refused (bad request or key), or unreachable. */
export class CardPaymentFailed extends Schema.TaggedError<CardPaymentFailed>()('CardPaymentFailed', {
  reason: Schema.Literals(['notConfigured', 'rejected', 'unavailable']),
  /** For the log: the provider's own words, or the input field that was refused. */
  message: Schema.String,
}) {}

/** Why a webhook request is not believed (answer 400, Stripe retries). */
export class WebhookRejected extends Schema.TaggedError<WebhookRejected>()('WebhookRejected', {
  reason: Schema.Literals(['missingSignature', 'badSignature', 'tooOld', 'badPayload']),
}) {}

/** A hosted checkout for one entry, as the provider reports it. */
export class CheckoutSession extends Schema.Class<CheckoutSession>('@kibitz/registration/CheckoutSession')({
  sessionId: Schema.String,
  /** The hosted payment page; empty once the provider no longer offers it (the session is complete or expired). */
  url: Schema.String,
  /** Whether the money is in: paid, or nothing was left to pay. */
  paid: Schema.Boolean,
  /** The entry the session was created for, from its metadata only; null for sessions not made by Kibitz. */
  entryId: Schema.NullOr(Schema.Int),
  amountMinor: Schema.Int,
  /** Upper-case ISO 4217 code. */
  currency: Schema.String,
}) {}

/** A verified webhook event; `session` is set for checkout.session.* events. */
export class CardWebhookEvent extends Schema.Class<CardWebhookEvent>('@kibitz/registration/CardWebhookEvent')(
  {
    eventId: Schema.String,
    type: Schema.String,
    session: Schema.NullOr(CheckoutSession),
  },
) {}

/** What a checkout is created from; the registration service fills it from the entry and its price. */
export interface CheckoutInput {
  readonly entryId: number
  /** The entry's creditor reference, kept in the session's metadata for the organiser's reconciliation. */
  readonly reference: string
  readonly amountMinor: number
  readonly currency: string
  /** The line the player sees on the payment page. */
  readonly description: string
  /** Prefills the payment page; blank leaves it for the player to type. */
  readonly customerEmail: string
  readonly successUrl: string
  readonly cancelUrl: string
  /** Our interface locale (en ru lt pl es it fr); anything else shows the page in English. */
  readonly locale: string
  /** When the page stops taking payments; clamped into the 30 minutes to 24 hours Stripe allows. */
  readonly expiresAt: Date
  /** The same key with the same input returns the same session instead of creating a second one. */
  readonly idempotencyKey: string
}

export interface StripeConfig {
  /** https://api.stripe.com, or a test server. */
  readonly apiBase: string
  readonly secretKey: string
  /** The signing secret of the webhook endpoint (whsec_…). */
  readonly webhookSecret: string
  /** How old a signed event may be; 300 s, Stripe's own default, unless given. */
  readonly toleranceSeconds?: number
}

// Stripe answers in well under a second when healthy; the player is waiting on a redirect.
const timeoutMillis = 10_000
// Stripe refuses expires_at outside 30 minutes to 24 hours from creation; a minute of margin on each side
// absorbs the clock difference between us and Stripe and the request's own time.
const minExpirySeconds = 31 * 60
const maxExpirySeconds = 24 * 60 * 60 - 60

// Stripe Checkout supports every interface locale under the same code; the table fails to compile when a
// locale is added without a decision here.
const stripeLocales: { readonly [L in InterfaceLocale]: string } = {
  en: 'en',
  ru: 'ru',
  lt: 'lt',
  pl: 'pl',
  es: 'es',
  it: 'it',
  fr: 'fr',
}

// The parts of a Checkout Session we read (https://docs.stripe.com/api/checkout/sessions/object).
const StripeSession = Schema.Struct({
  id: Schema.String,
  url: Schema.optionalKey(Schema.NullOr(Schema.String)),
  status: Schema.optionalKey(Schema.NullOr(Schema.Literals(['open', 'complete', 'expired']))),
  payment_status: Schema.Literals(['paid', 'unpaid', 'no_payment_required']),
  metadata: Schema.optionalKey(Schema.NullOr(Schema.Record(Schema.String, Schema.String))),
  amount_total: Schema.Int,
  currency: Schema.String,
})
type StripeSession = typeof StripeSession.Type

const StripeErrorBody = Schema.Struct({
  error: Schema.Struct({
    type: Schema.optionalKey(Schema.String),
    message: Schema.optionalKey(Schema.String),
  }),
})

const StripeEvent = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  data: Schema.Struct({ object: Schema.Unknown }),
})

const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Unknown))
const decodeErrorBody = Schema.decodeUnknownOption(StripeErrorBody)
const decodeSession = Schema.decodeUnknownEffect(StripeSession)
const decodeSessionJson = Schema.decodeUnknownEffect(Schema.fromJsonString(StripeSession))
const decodeEvent = Schema.decodeUnknownEffect(Schema.fromJsonString(StripeEvent))

const positiveId = (text: string | null | undefined): number | null => {
  if (text === null || text === undefined || !/^[1-9]\d*$/.test(text)) return null
  const id = Number(text)
  return Number.isSafeInteger(id) ? id : null
}

const checkoutSessionOf = (session: StripeSession): CheckoutSession =>
  new CheckoutSession({
    sessionId: session.id,
    url: session.url ?? '',
    paid: session.payment_status !== 'unpaid',
    // Only our own metadata: client_reference_id can be set by anything that creates sessions with the key.
    entryId: positiveId(session.metadata?.entryId),
    amountMinor: session.amount_total,
    currency: session.currency.toUpperCase(),
  })

type StripeResponse = { readonly status: number; readonly text: string }

// Stripe ids are letters, digits and underscores; anything else could walk the request to another path.
const isSessionId = (sessionId: string) => /^[A-Za-z0-9_]+$/.test(sessionId)

const notASessionId = new CardPaymentFailed({ reason: 'rejected', message: 'sessionId is not a session id' })

const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // fetch wraps the interesting part (ECONNREFUSED, a timeout) in `cause`.
  return cause.cause instanceof Error ? `${cause.message}: ${cause.cause.message}` : cause.message
}

const refuse = (field: keyof CheckoutInput, rule: string) =>
  new CardPaymentFailed({ reason: 'rejected', message: `${field} ${rule}` })

const isHttpUrl = (value: string) =>
  URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)

/** The first input field Stripe would refuse, checked here so the player gets a typed error without a call. */
const invalidField = (input: CheckoutInput): CardPaymentFailed | undefined => {
  if (!Number.isSafeInteger(input.entryId) || input.entryId < 1)
    return refuse('entryId', 'must be a positive integer')
  // Stripe metadata values hold at most 500 characters.
  if (input.reference.trim() === '' || input.reference.length > 500)
    return refuse('reference', 'must be 1 to 500 characters')
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 1)
    return refuse('amountMinor', 'must be a positive integer')
  if (input.amountMinor > cardAmountLimitMinor)
    return refuse('amountMinor', `must be at most ${cardAmountLimitMinor}`)
  if (!/^[A-Za-z]{3}$/.test(input.currency)) return refuse('currency', 'must be a three-letter ISO 4217 code')
  if (input.description.trim() === '') return refuse('description', 'must not be blank')
  if (!isHttpUrl(input.successUrl)) return refuse('successUrl', 'must be an http(s) URL')
  if (!isHttpUrl(input.cancelUrl)) return refuse('cancelUrl', 'must be an http(s) URL')
  if (Number.isNaN(input.expiresAt.getTime())) return refuse('expiresAt', 'must be a valid date')
  // Stripe's limit for idempotency keys.
  if (input.idempotencyKey === '' || input.idempotencyKey.length > 255)
    return refuse('idempotencyKey', 'must be 1 to 255 characters')
  return undefined
}

/** The form body of a Checkout Session create (https://docs.stripe.com/api/checkout/sessions/create). */
const checkoutForm = (input: CheckoutInput, nowMillis: number): URLSearchParams => {
  const now = Math.floor(nowMillis / 1000)
  const wanted = Math.floor(input.expiresAt.getTime() / 1000)
  const expiresAt = Math.min(Math.max(wanted, now + minExpirySeconds), now + maxExpirySeconds)
  const form = new URLSearchParams({
    mode: 'payment',
    // Card only: an asynchronous method (a bank debit) could settle days after the entry's deadline.
    'payment_method_types[0]': 'card',
    'line_items[0][price_data][currency]': input.currency.toLowerCase(),
    'line_items[0][price_data][unit_amount]': String(input.amountMinor),
    'line_items[0][price_data][product_data][name]': input.description.trim(),
    'line_items[0][quantity]': '1',
    client_reference_id: String(input.entryId),
    'metadata[entryId]': String(input.entryId),
    'metadata[reference]': input.reference,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: String(expiresAt),
    locale: stripeLocales[resolveInterfaceLocale(input.locale)],
  })
  if (input.customerEmail.trim() !== '') form.set('customer_email', input.customerEmail.trim())
  return form
}

/** The timestamp and v1 signatures of a Stripe-Signature header (several v1 while a secret is rolled). */
const parseSignatureHeader = (header: string) => {
  let timestamp: string | undefined
  const signatures: Array<string> = []
  for (const part of header.split(',')) {
    const separator = part.indexOf('=')
    const key = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (key === 't' && /^\d+$/.test(value)) timestamp = value
    if (key === 'v1' && value !== '') signatures.push(value)
  }
  return { timestamp, signatures }
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const makeStripe = (config: StripeConfig) => {
  const apiBase = config.apiBase.replace(/\/+$/, '')
  const toleranceSeconds = config.toleranceSeconds ?? 300

  /** One HTTP exchange with Stripe: its status and body, or unavailable when there was none. */
  const send = Effect.fnUntraced(function* (
    step: string,
    path: string,
    init: { method: 'GET' } | { method: 'POST'; body: URLSearchParams; idempotencyKey?: string },
  ) {
    const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}` }
    if (init.method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      if (init.idempotencyKey !== undefined) headers['idempotency-key'] = init.idempotencyKey
    }
    return yield* Effect.tryPromise({
      try: async (signal) => {
        const r = await fetch(`${apiBase}${path}`, {
          method: init.method,
          headers,
          ...(init.method === 'POST' ? { body: init.body.toString() } : {}),
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMillis)]),
        })
        return { status: r.status, text: await r.text() }
      },
      catch: (cause) =>
        new CardPaymentFailed({ reason: 'unavailable', message: `${step}: ${describeCause(cause)}` }),
    })
  })

  const succeeded = (response: StripeResponse) => response.status >= 200 && response.status <= 299

  /** Why a non-2xx answer failed, in Stripe's words. */
  const failureOf = (step: string, response: StripeResponse) => {
    const error = Option.flatMap(decodeJson(response.text), decodeErrorBody)
    const detail = Option.match(error, {
      onNone: () => response.text.slice(0, 200),
      onSome: ({ error }) => [error.type, error.message].filter((part) => part !== undefined).join(': '),
    })
    // 409 (a concurrent request with the same idempotency key) and 429 (rate limit) pass on retry, like a 5xx.
    const transient = response.status === 409 || response.status === 429 || response.status >= 500
    return new CardPaymentFailed({
      reason: transient || response.status < 400 ? 'unavailable' : 'rejected',
      message: `${step}: HTTP ${response.status} ${detail}`,
    })
  }

  const sessionIn = (step: string, response: StripeResponse) =>
    decodeSessionJson(response.text).pipe(
      Effect.mapError(
        (error) =>
          new CardPaymentFailed({
            reason: 'unavailable',
            message: `${step}: unexpected answer: ${error.message}`,
          }),
      ),
    )

  /** One API call: the decoded session, or why not. */
  const call = Effect.fnUntraced(function* (
    step: string,
    path: string,
    init: { method: 'GET' } | { method: 'POST'; body: URLSearchParams; idempotencyKey?: string },
  ) {
    const response = yield* send(step, path, init)
    if (!succeeded(response)) return yield* failureOf(step, response)
    return yield* sessionIn(step, response)
  })

  const createCheckout = Effect.fn('CardPayments.createCheckout')(function* (input: CheckoutInput) {
    const invalid = invalidField(input)
    if (invalid !== undefined) return yield* invalid
    const now = yield* Clock.currentTimeMillis
    const session = yield* call('create checkout session', '/v1/checkout/sessions', {
      method: 'POST',
      body: checkoutForm(input, now),
      idempotencyKey: input.idempotencyKey,
    })
    return checkoutSessionOf(session)
  })

  const retrieveCheckout = Effect.fn('CardPayments.retrieveCheckout')(function* (sessionId: string) {
    if (!isSessionId(sessionId)) return yield* notASessionId
    const session = yield* call('retrieve checkout session', `/v1/checkout/sessions/${sessionId}`, {
      method: 'GET',
    })
    return checkoutSessionOf(session)
  })

  const expireCheckout = Effect.fn('CardPayments.expireCheckout')(function* (sessionId: string) {
    if (!isSessionId(sessionId)) return yield* notASessionId
    const step = 'expire checkout session'
    const response = yield* send(step, `/v1/checkout/sessions/${sessionId}/expire`, {
      method: 'POST',
      body: new URLSearchParams(),
    })
    if (succeeded(response)) {
      yield* sessionIn(step, response)
      return
    }
    const failure = failureOf(step, response)
    // Stripe answers 400 for a session that is no longer open and says which status only in prose; the
    // session itself tells reliably whether it already expired (the goal reached) or was paid.
    if (response.status !== 400) return yield* failure
    const current = yield* call('retrieve checkout session', `/v1/checkout/sessions/${sessionId}`, {
      method: 'GET',
    }).pipe(Effect.mapError((error) => (error.reason === 'unavailable' ? error : failure)))
    if (current.status === 'expired') return
    if (current.status === 'complete')
      return yield* new CardPaymentFailed({
        reason: 'rejected',
        message: `${step}: the session is already complete (paid, or nothing to pay), so it cannot expire`,
      })
    return yield* failure
  })

  const verifyWebhook = Effect.fn('CardPayments.verifyWebhook')(function* (
    payload: string,
    signatureHeader: string | null,
  ) {
    const { timestamp, signatures } = parseSignatureHeader(signatureHeader ?? '')
    if (timestamp === undefined || signatures.length === 0)
      return yield* new WebhookRejected({ reason: 'missingSignature' })
    const expected = createHmac('sha256', config.webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex')
    // Check every candidate, so the time taken does not tell which one matched.
    const matches = signatures.map((signature) => sameText(signature, expected))
    if (!matches.includes(true)) return yield* new WebhookRejected({ reason: 'badSignature' })
    // Only the age is limited, as Stripe's libraries do: a replayed old event is refused, clock skew is not.
    const now = yield* Clock.currentTimeMillis
    if (Math.floor(now / 1000) - Number(timestamp) > toleranceSeconds)
      return yield* new WebhookRejected({ reason: 'tooOld' })
    const badPayload = () => new WebhookRejected({ reason: 'badPayload' })
    const event = yield* decodeEvent(payload).pipe(Effect.mapError(badPayload))
    const session = event.type.startsWith('checkout.session.')
      ? yield* decodeSession(event.data.object).pipe(
          Effect.map(checkoutSessionOf),
          Effect.mapError(badPayload),
        )
      : null
    return new CardWebhookEvent({ eventId: event.id, type: event.type, session })
  })

  return { createCheckout, retrieveCheckout, expireCheckout, verifyWebhook }
}

const notConfigured = new CardPaymentFailed({
  reason: 'notConfigured',
  message: 'card payments are not configured on this server',
})

/** Card payments through a hosted checkout page; `enabled` is false where no provider is configured. */
export class CardPayments extends Context.Service<
  CardPayments,
  {
    readonly enabled: boolean
    /** Registration service: a hosted payment page for one unpaid entry; the same idempotency key gives the same page. */
    createCheckout(input: CheckoutInput): Effect.Effect<CheckoutSession, CardPaymentFailed>
    /** Registration service: the session as the provider sees it now (after the player returns, or to reconcile). */
    retrieveCheckout(sessionId: string): Effect.Effect<CheckoutSession, CardPaymentFailed>
    /**
     * Registration service: closes the hosted page so the session can no longer be paid. An already expired
     * session counts as done; a complete (paid) one fails `rejected`.
     */
    expireCheckout(sessionId: string): Effect.Effect<void, CardPaymentFailed>
    /**
     * The webhook route: verifies Stripe-Signature (t=…,v1=…: HMAC-SHA256 of `${t}.${payload}` with the webhook
     * secret, any of several v1 values, at most `toleranceSeconds` old) and decodes the event.
     */
    verifyWebhook(
      payload: string,
      signatureHeader: string | null,
    ): Effect.Effect<CardWebhookEvent, WebhookRejected>
  }
>()('@kibitz/registration/CardPayments') {
  /** Stripe Checkout at `apiBase` (https://api.stripe.com in production). */
  static readonly stripe = (config: StripeConfig): Layer.Layer<CardPayments> =>
    Layer.sync(CardPayments, () => CardPayments.of({ enabled: true, ...makeStripe(config) }))

  /** No card provider: the registration offers bank transfer only, and no webhook is believed. */
  static readonly disabled: Layer.Layer<CardPayments> = Layer.succeed(
    CardPayments,
    CardPayments.of({
      enabled: false,
      createCheckout: () => Effect.fail(notConfigured),
      retrieveCheckout: () => Effect.fail(notConfigured),
      expireCheckout: () => Effect.fail(notConfigured),
      verifyWebhook: () => Effect.fail(new WebhookRejected({ reason: 'badSignature' })),
    }),
  )
}
