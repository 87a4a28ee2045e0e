import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { fromJSON } from 'seroval'
import { BodyTooLarge, formOf, peekBody } from './edge/body.ts'
import { nulInBody, nulInRequestAddress, nulInServerPayload, nulMessage } from './edge/nul.ts'

// Global request middleware. A custom start file replaces TanStack Start's default, which protected server
// functions only, so cross-site request forgery is refused here for everything that changes state.

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The site's own origin: the one the request came in on, or PUBLIC_URL's behind a proxy. */
const sameSite = (origin: string, request: Request) =>
  origin === new URL(request.url).origin ||
  (process.env.PUBLIC_URL !== undefined && origin === new URL(process.env.PUBLIC_URL).origin)

/** 403 as the API answers errors (problem details with catalogue code 0), plain text elsewhere. */
const refusal = ({ request }: { request: Request }) =>
  new URL(request.url).pathname.startsWith('/api/')
    ? Response.json(
        {
          type: 'about:blank',
          status: 403,
          title: 'Forbidden',
          detail: 'Cross-site requests are refused',
          code: 0,
        },
        { status: 403, headers: { 'content-type': 'application/problem+json' } },
      )
    : new Response('Forbidden: cross-site request', { status: 403 })

/** Server functions are our own browser's RPC: same-origin only, and a request must prove where it came from. */
const serverFunctions = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn',
  origin: (value, ctx) => sameSite(value, ctx.request),
  failureResponse: refusal,
})

/**
 * Stripe's webhook is server to server and proves itself with its signature (checked by the registration
 * desk), never with a browser's cookies; only this exact path is left out (stripeWebhookPath in RegistrationApi).
 */
const isStripeWebhook = (request: Request) =>
  new URL(request.url).pathname.replace(/\/+$/, '') === '/api/v1/payment/stripe/webhook'

/**
 * Form posts and API writes: a browser always says where a cross-site request comes from (Sec-Fetch-Site or
 * Origin), so those are checked; a request with neither is an API client outside any browser, which cannot
 * carry a victim's cookies on its own, and is let through.
 */
const writes = createCsrfMiddleware({
  filter: (ctx) =>
    ctx.handlerType === 'router' && unsafeMethods.has(ctx.request.method) && !isStripeWebhook(ctx.request),
  origin: (value, ctx) => sameSite(value, ctx.request),
  referer: false,
  allowRequestsWithoutOriginCheck: true,
  failureResponse: refusal,
})

/** A plain-text client error; server functions are only ever called by our own code, which never gets these. */
const clientError = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/** Whether a server function's JSON payload is what TanStack's client sends: JSON of a seroval tree. */
const readablePayload = (text: string): boolean => {
  try {
    fromJSON(JSON.parse(text))
    return true
  } catch {
    return false
  }
}

/**
 * The most of a server function's body read at all: the API's cap (1 MiB), since the editor's functions take
 * the same documents as its calls (an event's texts in ten languages pass 64 KiB). A larger body is 413 unread.
 */
export const maxServerFunctionBytes = 1024 * 1024

const isForm = (contentType: string) =>
  contentType.includes('multipart/form-data') || contentType.includes('application/x-www-form-urlencoded')

/**
 * Whether a server-function call carries what TanStack's client sends: for GET, nothing or a `payload` query of
 * seroval JSON, never a form; for POST, no body, a readable form, or a non-empty JSON body of seroval JSON (an
 * empty one made TanStack answer 500 with the parser's message). `body` is the call's body, read within its cap.
 */
const wellFormedCall = async (request: Request, contentType: string, body: Uint8Array): Promise<boolean> => {
  if (request.method === 'GET') {
    if (isForm(contentType)) return false
    const query = new URL(request.url).searchParams.get('payload')
    return query === null || query === '' || readablePayload(query)
  }
  if (isForm(contentType)) return (await formOf(body, contentType)) !== null
  if (!contentType.includes('application/json')) return true
  return readablePayload(new TextDecoder().decode(body))
}

/**
 * A server-function call that is not one (an unknown function, a payload that is not TanStack's JSON) is the
 * caller's mistake: 404 or 400, never the 500 TanStack answers for it; a body over maxServerFunctionBytes is 413,
 * never read beyond it, and a NUL character in the data 400 naming the field (edge/nul.ts). The body is read
 * once, within the cap, from a copy: TanStack reads the request's own. Real calls pass untouched.
 */
const serverFunctionInput = createMiddleware().server(async (ctx) => {
  if (ctx.handlerType !== 'serverFn') return ctx.next()
  const request = ctx.request
  const query = new URL(request.url).searchParams.get('payload')
  if (query !== null && query.length > 1_000_000) return clientError(413, 'Payload too large')
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase()
  let body: Uint8Array = new Uint8Array()
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null) {
    try {
      body = await peekBody(request, maxServerFunctionBytes)
    } catch (error) {
      if (error instanceof BodyTooLarge) return clientError(413, 'Payload too large')
      throw error
    }
  }
  if (!(await wellFormedCall(request, contentType, body))) return clientError(400, 'Malformed payload')
  const nul =
    request.method === 'GET'
      ? query === null
        ? null
        : nulInServerPayload(query)
      : await nulInBody(body, contentType, { serverFunction: true })
  if (nul) return clientError(400, nulMessage(nul))
  try {
    return await ctx.next()
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Server function info not found'))
      return clientError(404, 'No such server function')
    throw error
  }
})

/**
 * Pages and form posts: a NUL character in a query parameter is refused with 400 naming it before any route
 * reads it (edge/nul.ts); a path is the routes' own to answer (a 404 when it names nothing). A form post's body
 * is read by its handler alone, within the handler's cap, and the form reader refuses a NUL in a field the same
 * way (postedForm): nothing here reads a body. The API answers a NUL itself, as a problem (api/handler.server.ts).
 */
const nulInRequest = createMiddleware().server(async (ctx) => {
  if (ctx.handlerType !== 'router' || new URL(ctx.request.url).pathname.startsWith('/api/')) return ctx.next()
  const nul = nulInRequestAddress(ctx.request, false)
  return nul ? clientError(400, nulMessage(nul)) : ctx.next()
})

/** TanStack's refusal of a payload its validator rejects: a JSON list of the issues, safe to give back. */
const isValidatorRefusal = (error: Error) => {
  if (!error.message.startsWith('[')) return false
  try {
    return Array.isArray(JSON.parse(error.message))
  } catch {
    return false
  }
}

/**
 * A server function's unexpected failure (a database error, a bug) is logged here and reaches the browser as
 * one generic message: its text (a constraint name, a row's key, a stack) is ours, never the caller's.
 * Redirects, not-found and the validator's refusals go through as they are.
 */
export const hiddenFailures = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (isRedirect(error) || isNotFound(error)) throw error
    if (error instanceof Error && isValidatorRefusal(error)) throw error
    console.error('server function failed', error)
    throw new Error('Internal server error')
  }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [serverFunctions, writes, serverFunctionInput, nulInRequest],
  functionMiddleware: [hiddenFailures],
}))
