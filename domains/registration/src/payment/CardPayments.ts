import { EntryId, type InterfaceLocale, resolveInterfaceLocale } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import Stripe from 'stripe'
import { fromStripeAmount, stripeAmountLimit, toStripeAmount } from './StripeAmount.ts'
import { stripeApiVersion } from './StripeApiVersion.ts'

// Card payments for registrations (issue 5) through Stripe Checkout, with Stripe's official `stripe` package at a
// pinned API version (decision 031): a hosted payment page per entry, and signed webhooks that say when it was
// paid. The port speaks the ISO 4217 minor unit of Kibitz; the adapter converts to and from Stripe's own unit.

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
  entryId: Schema.NullOr(EntryId),
  /** In the currency's ISO 4217 minor unit, as Kibitz stores amounts (¥5,000 is 5000, €12.50 is 1250). */
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
  readonly entryId: EntryId
  /** The entry's creditor reference, kept in the session's metadata for the organiser's reconciliation. */
  readonly reference: string
  /** The ISO 4217 minor unit of `currency`; sent to Stripe in its own unit (ISK 5 is 500 there). */
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
  /** https://api.stripe.com, or a test server (its protocol, host and port; Stripe's paths follow). */
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

// The parts of a Checkout Session we read (https://docs.stripe.com/api/checkout/sessions/object). What the package
// returns is decoded again: its types describe what Stripe should send, not what a proxy or a bad day sends.
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

const StripeEvent = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  data: Schema.Struct({ object: Schema.Unknown }),
})

const decodeSession = Schema.decodeUnknownEffect(StripeSession)
const decodeEvent = Schema.decodeUnknownEffect(StripeEvent)

const isEntryId = Schema.is(EntryId)

const entryIdOf = (text: string | null | undefined): EntryId | null => {
  if (text === null || text === undefined || !/^[1-9]\d*$/.test(text)) return null
  const id = Number(text)
  return isEntryId(id) ? id : null
}

/** The session in Kibitz terms (its amount in the ISO minor unit); undefined when its amount is not a whole one. */
const checkoutSessionOf = (session: StripeSession): CheckoutSession | undefined => {
  const currency = session.currency.toUpperCase()
  const amountMinor = fromStripeAmount(session.amount_total, currency)
  if (amountMinor === undefined) return undefined
  return new CheckoutSession({
    sessionId: session.id,
    url: session.url ?? '',
    paid: session.payment_status !== 'unpaid',
    // Only our own metadata: client_reference_id can be set by anything that creates sessions with the key.
    entryId: entryIdOf(session.metadata?.entryId),
    amountMinor,
    currency,
  })
}

// Stripe ids are letters, digits and underscores; anything else could walk the request to another path.
const isSessionId = (sessionId: string) => /^[A-Za-z0-9_]+$/.test(sessionId)

const notASessionId = new CardPaymentFailed({ reason: 'rejected', message: 'sessionId is not a session id' })

const describeCause = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause)
  // Network errors wrap the interesting part (ECONNREFUSED, a timeout) in `cause` or `detail`.
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
  if (!/^[A-Za-z]{3}$/.test(input.currency)) return refuse('currency', 'must be a three-letter ISO 4217 code')
  const amount = toStripeAmount(input.amountMinor, input.currency)
  if (amount === undefined)
    return refuse(
      'amountMinor',
      `must be an amount Stripe charges exactly in ${input.currency.toUpperCase()}`,
    )
  if (amount > stripeAmountLimit)
    return refuse('amountMinor', `must be at most ${stripeAmountLimit} in Stripe's unit of the currency`)
  if (input.description.trim() === '') return refuse('description', 'must not be blank')
  if (!isHttpUrl(input.successUrl)) return refuse('successUrl', 'must be an http(s) URL')
  if (!isHttpUrl(input.cancelUrl)) return refuse('cancelUrl', 'must be an http(s) URL')
  if (Number.isNaN(input.expiresAt.getTime())) return refuse('expiresAt', 'must be a valid date')
  // Stripe's limit for idempotency keys.
  if (input.idempotencyKey === '' || input.idempotencyKey.length > 255)
    return refuse('idempotencyKey', 'must be 1 to 255 characters')
  return undefined
}

/** The parameters of a Checkout Session create (https://docs.stripe.com/api/checkout/sessions/create). */
const checkoutParams = (
  input: CheckoutInput,
  unitAmount: number,
  nowMillis: number,
): Stripe.Checkout.SessionCreateParams => {
  const now = Math.floor(nowMillis / 1000)
  const wanted = Math.floor(input.expiresAt.getTime() / 1000)
  const expiresAt = Math.min(Math.max(wanted, now + minExpirySeconds), now + maxExpirySeconds)
  const email = input.customerEmail.trim()
  return {
    mode: 'payment',
    // Card only: an asynchronous method (a bank debit) could settle days after the entry's deadline.
    allowed_payment_method_types: ['card'],
    line_items: [
      {
        price_data: {
          currency: input.currency.toLowerCase(),
          unit_amount: unitAmount,
          product_data: { name: input.description.trim() },
        },
        quantity: 1,
      },
    ],
    client_reference_id: String(input.entryId),
    metadata: { entryId: String(input.entryId), reference: input.reference },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    expires_at: expiresAt,
    locale: stripeLocales[resolveInterfaceLocale(input.locale)],
    ...(email === '' ? {} : { customer_email: email }),
  }
}

/** Whether a Stripe-Signature header has a timestamp and at least one v1 signature (t=…,v1=…). */
const hasSignatureParts = (header: string) => {
  const parts = header.split(',').map((part) => part.trim())
  return parts.some((part) => /^t=\d+$/.test(part)) && parts.some((part) => /^v1=.+$/.test(part))
}

const makeStripe = (config: StripeConfig) => {
  const base = new URL(config.apiBase)
  const toleranceSeconds = config.toleranceSeconds ?? 300
  const client = new Stripe(config.secretKey, {
    apiVersion: stripeApiVersion,
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    timeout: timeoutMillis,
    // The package retries a dropped connection, a 409, a 429 and a 5xx once, with the same idempotency key; a
    // second failure reaches the player as "try again later".
    maxNetworkRetries: 1,
    telemetry: false,
  })

  /** Why a call failed: refused (4xx other than 409 and 429) or unavailable (no answer, 409, 429, 5xx, garbage). */
  const failureOf = (step: string, cause: unknown): CardPaymentFailed => {
    if (cause instanceof Stripe.errors.StripeConnectionError)
      return new CardPaymentFailed({
        reason: 'unavailable',
        message:
          `${step}: ${cause.message} ${cause.detail instanceof Error ? describeCause(cause.detail) : ''}`.trim(),
      })
    if (cause instanceof Stripe.errors.StripeError && cause.statusCode !== undefined) {
      const status = cause.statusCode
      // 409 (a concurrent request with the same idempotency key) and 429 (rate limit) pass on retry, like a 5xx.
      const transient = status === 409 || status === 429 || status >= 500
      const detail = [cause.rawType, cause.message]
        .filter((part) => part !== undefined && part !== '')
        .join(': ')
      return new CardPaymentFailed({
        reason: transient || status < 400 ? 'unavailable' : 'rejected',
        message: `${step}: HTTP ${status} ${detail}`,
      })
    }
    // An answer that is not Stripe's JSON (a proxy's error page, a cut body).
    return new CardPaymentFailed({
      reason: 'unavailable',
      message: `${step}: unexpected answer: ${describeCause(cause)}`,
    })
  }

  const unexpected = (step: string, detail: string) =>
    new CardPaymentFailed({ reason: 'unavailable', message: `${step}: unexpected answer: ${detail}` })

  /** One API call through the package: the decoded session in Kibitz terms, or why not. */
  const call = Effect.fnUntraced(function* (step: string, run: () => Promise<unknown>) {
    const answer = yield* Effect.tryPromise({ try: run, catch: (cause) => failureOf(step, cause) })
    const session = yield* decodeSession(answer).pipe(
      Effect.mapError((error) => unexpected(step, error.message)),
    )
    const ours = checkoutSessionOf(session)
    if (ours === undefined)
      return yield* unexpected(
        step,
        `amount ${session.amount_total} is not a whole amount of ${session.currency}`,
      )
    return { session, ours }
  })

  const retrieve = (sessionId: string) =>
    call('retrieve checkout session', () => client.checkout.sessions.retrieve(sessionId))

  const createCheckout = Effect.fn('CardPayments.createCheckout')(function* (input: CheckoutInput) {
    const invalid = invalidField(input)
    if (invalid !== undefined) return yield* invalid
    const unitAmount = toStripeAmount(input.amountMinor, input.currency)
    if (unitAmount === undefined)
      return yield* refuse('amountMinor', 'must be an amount Stripe charges exactly')
    const now = yield* Clock.currentTimeMillis
    const params = checkoutParams(input, unitAmount, now)
    const { ours } = yield* call('create checkout session', () =>
      client.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
    )
    return ours
  })

  const retrieveCheckout = Effect.fn('CardPayments.retrieveCheckout')(function* (sessionId: string) {
    if (!isSessionId(sessionId)) return yield* notASessionId
    const { ours } = yield* retrieve(sessionId)
    return ours
  })

  const expireCheckout = Effect.fn('CardPayments.expireCheckout')(function* (sessionId: string) {
    if (!isSessionId(sessionId)) return yield* notASessionId
    const step = 'expire checkout session'
    const expired = yield* call(step, () => client.checkout.sessions.expire(sessionId)).pipe(
      Effect.map(() => undefined),
      Effect.catch((failure) => Effect.succeed(failure)),
    )
    if (expired === undefined) return
    const failure = expired
    // Stripe answers 400 for a session that is no longer open and says which status only in prose; the
    // session itself tells reliably whether it already expired (the goal reached) or was paid.
    if (!failure.message.startsWith(`${step}: HTTP 400 `)) return yield* failure
    const current = yield* retrieve(sessionId).pipe(
      Effect.mapError((error) => (error.reason === 'unavailable' ? error : failure)),
    )
    if (current.session.status === 'expired') return
    if (current.session.status === 'complete')
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
    // Stripe writes the header without spaces; a relay may add some after the commas.
    const header = (signatureHeader ?? '')
      .split(',')
      .map((part) => part.trim())
      .join(',')
    if (!hasSignatureParts(header)) return yield* new WebhookRejected({ reason: 'missingSignature' })
    const badPayload = () => new WebhookRejected({ reason: 'badPayload' })
    if (payload === '') return yield* badPayload()
    const now = yield* Clock.currentTimeMillis
    // The package checks every v1 signature (several while a secret is rolled) in constant time, and only the
    // event's age: a replayed old event is refused, clock skew is not.
    const parsed = yield* Effect.try({
      try: () =>
        client.webhooks.constructEvent(
          payload,
          header,
          config.webhookSecret,
          toleranceSeconds,
          undefined,
          now,
        ),
      catch: (cause) =>
        cause instanceof Stripe.errors.StripeSignatureVerificationError
          ? new WebhookRejected({ reason: /tolerance/i.test(cause.message) ? 'tooOld' : 'badSignature' })
          : badPayload(),
    })
    const event = yield* decodeEvent(parsed).pipe(Effect.mapError(badPayload))
    if (!event.type.startsWith('checkout.session.'))
      return new CardWebhookEvent({ eventId: event.id, type: event.type, session: null })
    const session = yield* decodeSession(event.data.object).pipe(Effect.mapError(badPayload))
    const ours = checkoutSessionOf(session)
    if (ours === undefined) return yield* badPayload()
    return new CardWebhookEvent({ eventId: event.id, type: event.type, session: ours })
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
