import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { stripeApiVersion } from '../../src/payment/StripeApiVersion.ts'

// A small Stripe on loopback, speaking the documented protocol of the parts the card payment adapter uses, at
// the API version Kibitz pins (a request with another Stripe-Version header, or none, is refused):
//   POST /v1/checkout/sessions (Bearer secret key, form-encoded, Idempotency-Key) → a Checkout Session, its
//     amount checked against Stripe's unit of the currency (zero-decimal, three-decimal ending in 0, ISK and UGX
//     in hundreds, at most eight digits);
//   GET  /v1/checkout/sessions/:id → the session;
//   POST /v1/checkout/sessions/:id/expire → an open session becomes expired (its page answers 410) and the
//     signed checkout.session.expired event goes to `webhookUrl` after the answer, as Stripe sends it later;
//     a complete or expired session is a 400 error;
//   GET  /pay/:id → a hosted "checkout page" with a Pay button, POST /pay/:id → marks the session paid, delivers
//     the signed checkout.session.completed event to `webhookUrl` (if given) and redirects (303) to success_url.
// Errors are Stripe's shape, { error: { type, message, param? } }. Parameters the adapter does not send are
// refused as unknown, as Stripe refuses misspelt ones, so a typo in the adapter fails its tests.

/** A Checkout Session as Stripe returns it (the fields the adapter and the tests read). */
export interface StripeTestSession {
  id: string
  object: 'checkout.session'
  mode: 'payment'
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid'
  /** The Dashboard's methods (here card and sepa_debit) filtered by allowed_payment_method_types when given. */
  payment_method_types: Array<string>
  allowed_payment_method_types: Array<string> | null
  /** The hosted page; null once the session is complete or expired, as in Stripe. */
  url: string | null
  client_reference_id: string | null
  metadata: Record<string, string>
  amount_total: number
  currency: string
  customer_email: string | null
  success_url: string
  cancel_url: string | null
  expires_at: number
  locale: string | null
  created: number
  /** Not part of Stripe's session object (it needs an expansion there); kept for the checkout page. */
  productName: string
}

/** One API request as the server received it, the form body decoded into flat Stripe parameter names. */
export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly body: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string>>
}

/** A webhook event body and the Stripe-Signature header that signs it. */
export interface SignedEvent {
  readonly payload: string
  readonly signature: string
}

/** One delivery of an event to `webhookUrl`: the answer's status, or null when the endpoint was unreachable. */
export interface WebhookDelivery {
  readonly type: string
  readonly sessionId: string
  readonly status: number | null
}

export interface StripeTestServerOptions {
  readonly secretKey: string
  readonly webhookSecret: string
  /** Where POST /pay/:id delivers the signed checkout.session.completed event before redirecting. */
  readonly webhookUrl?: string
}

export interface StripeTestServer {
  /** The API base (apiBase of the adapter). */
  readonly url: string
  readonly sessions: ReadonlyMap<string, StripeTestSession>
  readonly requests: ReadonlyArray<RecordedRequest>
  readonly webhookDeliveries: ReadonlyArray<WebhookDelivery>
  /** Marks the session paid and returns a signed checkout.session.completed event (not delivered). */
  pay(sessionId: string): SignedEvent
  /** Marks the session expired and returns a signed checkout.session.expired event (not delivered). */
  expire(sessionId: string): SignedEvent
  /**
   * A signed event of `type` about the session as it stands, signed at `atSeconds` (default now). A
   * checkout.session.* event carries the session; any other type carries a stand-in object of its own.
   */
  signedEvent(type: string, sessionId: string, atSeconds?: number): SignedEvent
  close(): Promise<void>
}

// Stripe's Checkout locales (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-locale).
const stripeLocales = new Set(
  (
    'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt ' +
    'pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'
  ).split(' '),
)

// A few of Stripe's payment method types: card settles at once, the others (bank debits) days later.
const paymentMethodTypes = new Set(['card', 'link', 'sepa_debit', 'bacs_debit', 'us_bank_account', 'paypal'])

// The payment methods "enabled in the Dashboard" of this test account.
const dashboardMethods = ['card', 'sepa_debit']

// Stripe's currency rules (https://docs.stripe.com/currencies), written here apart from the adapter's conversion
// so the tests compare two readings of the documentation.
const zeroDecimalCurrencies = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf vnd vuv xaf xof xpf'.split(' '),
)
const threeDecimalCurrencies = new Set('bhd jod kwd omr tnd'.split(' '))
// Zero-decimal in ISO 4217 but two-decimal at Stripe, the decimals always 00.
const wholeUnitsInHundredths = new Set(['isk', 'ugx'])

/** Digits of Stripe's amount unit for a lower-case currency code. */
export const stripeTestDigits = (currency: string) =>
  zeroDecimalCurrencies.has(currency) ? 0 : threeDecimalCurrencies.has(currency) ? 3 : 2

const minExpirySeconds = 30 * 60
const maxExpirySeconds = 24 * 60 * 60

const parameterPatterns = [
  /^mode$/,
  /^allowed_payment_method_types\[\d+\]$/,
  /^line_items\[0\]\[price_data\]\[(currency|unit_amount)\]$/,
  /^line_items\[0\]\[price_data\]\[product_data\]\[name\]$/,
  /^line_items\[0\]\[quantity\]$/,
  /^client_reference_id$/,
  /^metadata\[[^\]]{1,40}\]$/,
  /^customer_email$/,
  /^success_url$/,
  /^cancel_url$/,
  /^expires_at$/,
  /^locale$/,
]

// Plain fields, no parameter properties: the end-to-end harness runs this file with Node's type stripping.
class StripeError {
  readonly status: number
  readonly type: string
  readonly message: string
  readonly param: string | undefined
  readonly code: string | undefined
  constructor(status: number, type: string, message: string, param?: string, code?: string) {
    this.status = status
    this.type = type
    this.message = message
    this.param = param
    this.code = code
  }
}

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

const sendError = (res: ServerResponse, error: StripeError) =>
  sendJson(res, error.status, {
    error: {
      type: error.type,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      ...(error.code === undefined ? {} : { code: error.code }),
    },
  })

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

const headersOf = (req: IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  )

const nowSeconds = () => Math.floor(Date.now() / 1000)

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value)) return false
  const protocol = new URL(value).protocol
  return protocol === 'http:' || protocol === 'https:'
}

const required = (body: Record<string, string>, param: string): string => {
  const value = body[param]
  if (value === undefined || value === '')
    throw new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, param)
  return value
}

const invalid = (param: string, message: string) =>
  new StripeError(400, 'invalid_request_error', message, param)

const integerParam = (body: Record<string, string>, param: string, minimum: number): number => {
  const value = required(body, param)
  if (!/^\d+$/.test(value) || Number(value) < minimum)
    throw invalid(param, `Invalid integer: ${value} (${param} must be at least ${minimum}).`)
  return Number(value)
}

/** Starts the server on a free loopback port. */
export async function startStripeServer(options: StripeTestServerOptions): Promise<StripeTestServer> {
  const sessions = new Map<string, StripeTestSession>()
  const requests: Array<RecordedRequest> = []
  const webhookDeliveries: Array<WebhookDelivery> = []
  // Idempotency keys and what the first request with each created: its parameters and the session id.
  const idempotent = new Map<string, { params: string; sessionId: string }>()
  let origin = ''

  const sign = (payload: string, atSeconds: number): SignedEvent => {
    const signature = createHmac('sha256', options.webhookSecret)
      .update(`${atSeconds}.${payload}`)
      .digest('hex')
    return { payload, signature: `t=${atSeconds},v1=${signature}` }
  }

  const sessionOf = (sessionId: string): StripeTestSession => {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`the Stripe test server has no session ${sessionId}`)
    return session
  }

  // What the API returns: the session without the page's private field.
  const publicSession = ({ productName: _, ...session }: StripeTestSession) => session

  const signedEvent = (type: string, sessionId: string, atSeconds = nowSeconds()): SignedEvent => {
    const session = sessionOf(sessionId)
    const object = type.startsWith('checkout.session.')
      ? publicSession(session)
      : {
          id: `pi_${randomBytes(12).toString('hex')}`,
          object: type.split('.')[0],
          metadata: session.metadata,
        }
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: atSeconds,
      livemode: false,
      data: { object },
    }
    return sign(JSON.stringify(event), atSeconds)
  }

  const pay = (sessionId: string): SignedEvent => {
    const session = sessionOf(sessionId)
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null })
    return signedEvent('checkout.session.completed', sessionId)
  }

  const expire = (sessionId: string): SignedEvent => {
    const session = sessionOf(sessionId)
    Object.assign(session, { status: 'expired', url: null })
    return signedEvent('checkout.session.expired', sessionId)
  }

  const createSession = (body: Record<string, string>): StripeTestSession => {
    for (const param of Object.keys(body))
      if (!parameterPatterns.some((pattern) => pattern.test(param)))
        throw invalid(param, `Received unknown parameter: ${param}`)
    const mode = required(body, 'mode')
    if (mode !== 'payment') throw invalid('mode', 'Invalid mode: this test server supports only payment.')
    const currency = required(body, 'line_items[0][price_data][currency]').toLowerCase()
    if (!/^[a-z]{3}$/.test(currency))
      throw invalid('line_items[0][price_data][currency]', `Invalid currency: ${currency}.`)
    const unitAmount = integerParam(body, 'line_items[0][price_data][unit_amount]', 0)
    const amountParam = 'line_items[0][price_data][unit_amount]'
    if (unitAmount > 99_999_999)
      throw new StripeError(
        400,
        'invalid_request_error',
        'Amount must be no more than 99999999.',
        amountParam,
        'amount_too_large',
      )
    if (threeDecimalCurrencies.has(currency) && unitAmount % 10 !== 0)
      throw invalid(
        amountParam,
        `Invalid amount: ${currency.toUpperCase()} amounts must end in 0 (round to the nearest ten).`,
      )
    if (wholeUnitsInHundredths.has(currency) && unitAmount % 100 !== 0)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Invalid amount. Currency ${currency.toUpperCase()} has become effectively zero-decimal and charged amounts must be evenly divisible by 100.`,
        amountParam,
        'invalid_charge_amount_no_decimal_compatible',
      )
    const productName = required(body, 'line_items[0][price_data][product_data][name]')
    const quantity = integerParam(body, 'line_items[0][quantity]', 1)
    const successUrl = required(body, 'success_url')
    if (!isHttpUrl(successUrl)) throw invalid('success_url', 'Not a valid URL')
    const cancelUrl = body.cancel_url ?? null
    if (cancelUrl !== null && !isHttpUrl(cancelUrl)) throw invalid('cancel_url', 'Not a valid URL')
    const created = nowSeconds()
    let expiresAt = created + maxExpirySeconds
    if (body.expires_at !== undefined) {
      expiresAt = integerParam(body, 'expires_at', 0)
      if (expiresAt < created + minExpirySeconds || expiresAt > created + maxExpirySeconds)
        throw invalid(
          'expires_at',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        )
    }
    const methods = Object.entries(body).flatMap(([param, value]) => {
      const index = /^allowed_payment_method_types\[(\d+)\]$/.exec(param)?.[1]
      return index === undefined ? [] : [[Number(index), value] as const]
    })
    methods.sort(([a], [b]) => a - b)
    for (const [position, [index, type]] of methods.entries()) {
      const param = `allowed_payment_method_types[${index}]`
      if (index !== position) throw invalid(param, 'Invalid array: indices must start at 0 without gaps.')
      if (!paymentMethodTypes.has(type)) throw invalid(param, `Invalid ${param}: ${type}.`)
    }
    const allowed = methods.length > 0 ? methods.map(([, type]) => type) : null
    const locale = body.locale ?? null
    if (locale !== null && !stripeLocales.has(locale)) throw invalid('locale', `Invalid locale: ${locale}.`)
    const email = body.customer_email ?? null
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw invalid('customer_email', `Invalid email address: ${email}`)
    const clientReferenceId = body.client_reference_id ?? null
    if (clientReferenceId !== null && clientReferenceId.length > 200)
      throw invalid('client_reference_id', 'client_reference_id must be at most 200 characters.')
    const metadata = Object.fromEntries(
      Object.entries(body).flatMap(([param, value]) => {
        const key = /^metadata\[(.+)\]$/.exec(param)?.[1]
        return key === undefined ? [] : [[key, value]]
      }),
    )
    // Stripe ids are letters, digits and underscores.
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, '0')}`
    const session: StripeTestSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_method_types: dashboardMethods.filter((type) => allowed === null || allowed.includes(type)),
      allowed_payment_method_types: allowed,
      url: `${origin}/pay/${id}`,
      client_reference_id: clientReferenceId,
      metadata,
      amount_total: unitAmount * quantity,
      currency,
      customer_email: email,
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
      locale,
      created,
      productName,
    }
    sessions.set(id, session)
    return session
  }

  const known = (sessionId: string): StripeTestSession => {
    const session = sessions.get(sessionId)
    if (!session)
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${sessionId}'`,
        'session',
        'resource_missing',
      )
    return session
  }

  const authorised = (headers: Record<string, string>) =>
    headers.authorization === `Bearer ${options.secretKey}`

  const api = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const headers = headersOf(req)
    const raw = await readBody(req)
    const body = Object.fromEntries(new URLSearchParams(raw))
    requests.push({ method: req.method ?? 'GET', path, body, headers })
    if (!authorised(headers)) throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.')
    // Kibitz pins its API version: a request without it would get the account's default, which may differ.
    if (headers['stripe-version'] !== stripeApiVersion)
      throw new StripeError(
        400,
        'invalid_request_error',
        `This test server speaks Stripe API version ${stripeApiVersion}; the request asked for ${headers['stripe-version'] ?? 'the account default'}.`,
        undefined,
        'api_version_invalid',
      )
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (!(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        throw new StripeError(400, 'invalid_request_error', 'Requests must be form-encoded.')
      const key = headers['idempotency-key']
      // Stripe compares the parameters, not their order; a reused key with other parameters is an error.
      const params = JSON.stringify(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)))
      const earlier = key === undefined ? undefined : idempotent.get(key)
      if (earlier !== undefined) {
        if (earlier.params !== params)
          throw new StripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          )
        return sendJson(res, 200, publicSession(sessionOf(earlier.sessionId)), {
          'idempotent-replayed': 'true',
        })
      }
      // Like Stripe, only a request that passes validation is remembered under its key.
      const session = createSession(body)
      if (key !== undefined) idempotent.set(key, { params, sessionId: session.id })
      return sendJson(res, 200, publicSession(session))
    }
    const sessionId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1]
    if (req.method === 'GET' && sessionId !== undefined)
      return sendJson(res, 200, publicSession(known(sessionId)))
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)?.[1]
    if (req.method === 'POST' && expiring !== undefined) {
      const [param] = Object.keys(body)
      if (param !== undefined) throw invalid(param, `Received unknown parameter: ${param}`)
      const session = known(expiring)
      if (session.status !== 'open')
        throw invalid(
          'session',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        )
      const event = expire(expiring)
      sendJson(res, 200, publicSession(session))
      // Stripe delivers the event on its own schedule, never within the API call.
      setImmediate(() => void deliver(event, 'checkout.session.expired', expiring))
      return
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`)
  }

  const deliver = async (event: SignedEvent, type: string, sessionId: string) => {
    if (options.webhookUrl === undefined) return
    const status = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (response) => response.status,
      () => null,
    )
    webhookDeliveries.push({ type, sessionId, status })
  }

  const checkoutPage = (session: StripeTestSession) => {
    const digits = stripeTestDigits(session.currency)
    const amount = `${(session.amount_total / 10 ** digits).toFixed(digits)} ${session.currency.toUpperCase()}`
    const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head>
<body><main><h1>Test checkout</h1><p>${escapeHtml(session.productName)}</p><p>${escapeHtml(amount)}</p>
<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit">Pay</button></form>${cancel}</main></body></html>`
  }

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    res.end(body)
  }

  const page = async (req: IncomingMessage, res: ServerResponse, sessionId: string) => {
    const session = sessions.get(sessionId)
    if (!session) return html(res, 404, '<!doctype html><p>No such checkout session.</p>')
    if (session.status !== 'open')
      return html(res, 410, '<!doctype html><p>This checkout session is no longer available.</p>')
    if (req.method === 'GET') return html(res, 200, checkoutPage(session))
    await readBody(req)
    await deliver(pay(sessionId), 'checkout.session.completed', sessionId)
    // Stripe fills in the {CHECKOUT_SESSION_ID} template variable of success_url.
    res.writeHead(303, { location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId) })
    res.end()
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', origin).pathname
    const paySession = /^\/pay\/([^/]+)$/.exec(path)?.[1]
    if (paySession !== undefined && (req.method === 'GET' || req.method === 'POST'))
      return page(req, res, paySession)
    try {
      await api(req, res, path)
    } catch (error) {
      if (error instanceof StripeError) return sendError(res, error)
      throw error
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      sendError(
        res,
        new StripeError(500, 'api_error', error instanceof Error ? error.message : String(error)),
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (address === null || typeof address === 'string') throw new Error('the Stripe test server has no port')
  origin = `http://127.0.0.1:${address.port}`
  return {
    url: origin,
    sessions,
    requests,
    webhookDeliveries,
    pay,
    expire,
    signedEvent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
