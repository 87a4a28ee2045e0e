import { createHmac } from 'node:crypto'
import { Schema } from 'effect'
import { OpenApi } from 'effect/http-api'
import fc from 'fast-check'
import { Api } from '../../src/api/Api.ts'
import { actorPassword } from '../support/eventActors.ts'
import { sessionCookieName } from '../support/userApi.ts'
import { validBodies, validUploads } from './apiBodies.ts'
import { anyString, JsonSchema, nastyStrings, type Pools, type ShapeContext, shaped } from './arbitraries.ts'
import { type Body, headerSafe, jsonBodies, uploadBodies } from './bodies.ts'
import {
  count,
  excerpt,
  open,
  organiser,
  own,
  playerCaller,
  type Role,
  request,
  restoreCallers,
  runs,
  samples,
  statusToken,
  webhookSecret,
  within,
} from './world.ts'

// The REST API's calls as the fuzz run makes them: every operation of the OpenAPI document the API serves
// (enumerated from the document, so a new operation is fuzzed without a change here), with path, query, header
// and body values generated from the document's JSON Schemas (valid-shaped, boundary, hostile, mutations of
// known valid payloads) and plain junk (random JSON, broken JSON, wrong content types, empty bodies, random
// bytes, broken multipart). The property: never a 5xx, every 4xx a problem+json whose `status` is the HTTP
// status with a numeric `code`, an answer within a few seconds.

// ---------------------------------------------------------------------------------------------------------
// The operations, from the OpenAPI document the API serves (built from the same HttpApi definition)

export const Parameter = Schema.Struct({
  name: Schema.String,
  in: Schema.Literals(['path', 'query', 'header', 'cookie']),
  required: Schema.optionalKey(Schema.Boolean),
  schema: Schema.optionalKey(JsonSchema),
})
export type Parameter = typeof Parameter.Type

const Operation = Schema.Struct({
  operationId: Schema.optionalKey(Schema.String),
  parameters: Schema.optionalKey(Schema.Array(Parameter)),
  security: Schema.optionalKey(Schema.Array(Schema.Record(Schema.String, Schema.Array(Schema.String)))),
  requestBody: Schema.optionalKey(
    Schema.Struct({
      required: Schema.optionalKey(Schema.Boolean),
      content: Schema.Record(Schema.String, Schema.Struct({ schema: Schema.optionalKey(JsonSchema) })),
    }),
  ),
})

const Document = Schema.Struct({
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)),
})

/** The keys of an OpenAPI path item that are operations. */
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch'])

export interface ApiOperation {
  readonly method: string
  readonly template: string
  readonly id: string
  readonly parameters: ReadonlyArray<Parameter>
  readonly secured: boolean
  readonly body:
    | { readonly type: 'json'; readonly schema: JsonSchema | undefined }
    | { readonly type: 'multipart'; readonly schema: JsonSchema | undefined }
    | null
}

export const operationsOf = (document: unknown): ReadonlyArray<ApiOperation> => {
  const { paths } = Schema.decodeUnknownSync(Document)(document)
  return Object.entries(paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([key, raw]): Array<ApiOperation> => {
      if (!httpMethods.has(key)) return []
      const operation = Schema.decodeUnknownSync(Operation)(raw)
      const content = operation.requestBody?.content ?? {}
      const multipart = content['multipart/form-data']
      const json = content['application/json']
      return [
        {
          method: key.toUpperCase(),
          template,
          id: operation.operationId ?? `${key} ${template}`,
          parameters: operation.parameters ?? [],
          secured: (operation.security ?? []).length > 0,
          body: multipart
            ? { type: 'multipart', schema: multipart.schema }
            : json
              ? { type: 'json', schema: json.schema }
              : null,
        },
      ]
    }),
  )
}

const openApiDocument = OpenApi.fromApi(Api)
export const operations = operationsOf(openApiDocument)
export { validBodies, validUploads }

// ---------------------------------------------------------------------------------------------------------
// Known good values by field name, so generated calls also get past lookups and owner checks

export const poolsFor = (role: Role, template: string): Pools => {
  const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
  const eventRefs = [own.draftId, own.acceptedId, own.acceptedAlias, open.eventId, open.eventAlias]
  const tournamentRefs = [
    ...own.tournamentIds,
    own.tournamentAliases[0] ?? '',
    // Twice: the register calls need the open tournament as much as the editor calls need the own ones.
    open.tournamentId,
    open.tournamentId,
    open.tournamentAlias,
  ]
  const onTournament = template.startsWith('/api/v1/tournament/')
  const byName: Record<string, ReadonlyArray<string | number>> = {
    id: onTournament ? tournamentRefs : eventRefs,
    event: [open.eventAlias, open.eventId, own.acceptedAlias, own.acceptedId],
    eventId: [own.draftId, own.acceptedId, open.eventId],
    tournamentId: [...own.tournamentIds, open.tournamentId],
    entryId: own.entryIds,
    ticketId: [...own.ticketIds, open.ticketId],
    token: [statusToken],
    email: [organiser.email, playerCaller.email],
    password: [actorPassword],
    currentPassword: [actorPassword],
    countryCode: ['LT', 'PL'],
    currencyCode: ['EUR'],
    currencyId: [1],
    'x-user-id': me ? [String(me.id)] : [],
    'x-is-organizer': ['true', 'false'],
    'idempotency-key': ['0b9f9d5e-2f55-4a39-9b0c-6a1f5f0b3c11'],
    kind: ['documents', 'results'],
    offset: ['0', '10', '2.5.1'],
    limit: ['1', '10', '100'],
    startDate: ['2030-05-01', '2030-05'],
    endDate: ['2030-06-30'],
    date: ['2030-05-10'],
    country: ['LT', 'pl'],
    nameOrLocation: ['vilnius', 'Fuzz'],
    q: ['vil', 'Bridge'],
    eventType: ['1', '3'],
    eventState: ['future', 'past', 'running'],
    popular: ['1'],
    session_id: ['cs_test_unknown'],
    thumbWidth: ['50', '500', '2000'],
    status: ['pending', 'unpaid', 'paid', 'confirmed', 'canceled', 'expired', 'paidd'],
  }
  return (name) => byName[name] ?? []
}

// ---------------------------------------------------------------------------------------------------------
// Generated calls

export interface FuzzCall {
  readonly role: Role
  readonly method: string
  readonly template: string
  /** Path and query. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Body
  /** Sign the body as Stripe would (the webhook), so the event parsing behind the signature is fuzzed too. */
  readonly signBody: boolean
  /** How many copies are sent at the same time. */
  readonly copies: number
}

export const context = (pools: Pools): ShapeContext => ({ pools, junkOneIn: 12 })

export const stringValue = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** Percent-encoded text; lone surrogates (which encodeURIComponent refuses) become U+FFFD, as browsers send them. */
export const encode = (text: string) => encodeURIComponent(text.toWellFormed())

/** A path segment: its known good values, schema-shaped or hostile text; usually percent-encoded, sometimes raw. */
const segmentArb = (parameter: Parameter, pools: Pools): fc.Arbitrary<string> => {
  const known = pools(parameter.name).map(String)
  const value = fc.oneof(
    ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : []),
    {
      arbitrary: shaped(parameter.schema ?? { type: 'string' }, parameter.name, context(pools)).map(
        stringValue,
      ),
      weight: 3,
    },
    { arbitrary: anyString, weight: 2 },
  )
  return fc
    .tuple(value, fc.integer({ min: 1, max: 10 }))
    .map(([v, dice]) => (dice === 1 ? v : encode(v)))
    .filter((segment) => segment.length > 0)
}

const queryArb = (parameters: ReadonlyArray<Parameter>, pools: Pools): fc.Arbitrary<string> => {
  const declared = parameters.map((parameter) => {
    const schema = parameter.schema ?? { type: 'string' }
    // An array parameter goes repeated (`a=1&a=2`) or comma-separated (`a=1,2`).
    const item = shaped(schema.items ?? { type: 'string' }, parameter.name, context(pools)).map(stringValue)
    const values =
      schema.type === 'array'
        ? fc.oneof(
            fc.array(item, { maxLength: 4 }),
            fc.array(item, { maxLength: 4 }).map((list) => [list.join(',')]),
          )
        : shaped(schema, parameter.name, context(pools)).map((v) => [stringValue(v)])
    return fc.option(
      values.map((list) => list.map((v): readonly [string, string] => [parameter.name, v])),
      { nil: undefined, freq: parameter.required ? 20 : 2 },
    )
  })
  const extra = fc.option(
    fc.oneof(
      fc.constantFrom(
        '&',
        '&&',
        '=',
        '==',
        '%',
        '%zz',
        'a=%E0%A4%A',
        '&offset=-1',
        '&limit=100000',
        '&x=1&x=2',
        '&ids[]=1&ids[]=x',
      ),
      anyString.map((s) => `&${encode(s)}=${encode(s)}`),
    ),
    { nil: '', freq: 4 },
  )
  // One query in four gets that raw junk appended.
  const appended = fc.oneof({ arbitrary: fc.constant(''), weight: 3 }, { arbitrary: extra, weight: 1 })
  return fc.tuple(fc.tuple(...declared), appended).map(([lists, raw]) => {
    const search = new URLSearchParams()
    for (const list of lists) for (const [name, value] of list ?? []) search.append(name, value)
    const text = `${search.toString()}${raw}`
    return text.length > 0 ? `?${text}` : ''
  })
}

const headerArb = (
  parameters: ReadonlyArray<Parameter>,
  pools: Pools,
): fc.Arbitrary<Record<string, string>> => {
  const declared = parameters.map((parameter) => {
    const known = pools(parameter.name).map(String)
    const value = fc.oneof(
      ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : []),
      {
        arbitrary: shaped(parameter.schema ?? { type: 'string' }, parameter.name, context(pools)).map(
          stringValue,
        ),
        weight: 2,
      },
      { arbitrary: fc.constantFrom(...nastyStrings), weight: 1 },
    )
    return fc.option(
      value.map((v): readonly [string, string] => [parameter.name, headerSafe(v)]),
      { nil: undefined, freq: 2 },
    )
  })
  const common = [
    fc.option(
      fc
        .oneof(fc.constantFrom('lt', 'en-US,en;q=0.9', 'ru;q=0.1, *;q=0.5', '*', 'xx', 'q=;', ''), anyString)
        .map((v): readonly [string, string] => ['accept-language', headerSafe(v)]),
      { nil: undefined, freq: 2 },
    ),
    fc.option(
      fc
        .oneof(
          fc.constantFrom('Europe/Vilnius', 'UTC', 'Etc/GMT+14', 'Mars/Olympus', '../../etc/localtime', ''),
          anyString,
        )
        .map((v): readonly [string, string] => ['accept-timezone', headerSafe(v)]),
      { nil: undefined, freq: 3 },
    ),
    // Sometimes a Content-Length that lies or is no number at all.
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 9 },
      {
        arbitrary: fc
          .constantFrom('0', '-1', 'abc', '1e3', '99999999999', ' 5', '1,2', '')
          .map((v): readonly [string, string] => ['content-length', v]),
        weight: 1,
      },
    ),
  ]
  return fc.tuple(fc.tuple(...declared), fc.tuple(...common)).map(([a, b]) => {
    const headers: Record<string, string> = {}
    for (const entry of [...a, ...b]) if (entry) headers[entry[0]] = entry[1]
    return headers
  })
}

/** A cookie header: the caller's session, or for anonymous callers none or a forged one. */
const cookieArb = (role: Role): fc.Arbitrary<string | null> => {
  const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
  if (me) return fc.constant(`${sessionCookieName}=${me.token}`)
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(sessionCookieName, 'kibitz_session', 'account'),
          fc.oneof(fc.constantFrom('x'.repeat(43), 'organiser', '', 'a=b=c', '%00'), anyString),
        )
        .map(([name, value]) => headerSafe(`${name}=${value}`)),
      weight: 1,
    },
  )
}

export const callArb = (operation: ApiOperation, role: Role): fc.Arbitrary<FuzzCall> => {
  const pools = poolsFor(role, operation.template)
  const byLocation = (where: Parameter['in']) => operation.parameters.filter((p) => p.in === where)
  const pathParameters = byLocation('path')
  const segments = fc.tuple(...pathParameters.map((p) => segmentArb(p, pools)))
  const canHaveBody = operation.method !== 'GET'
  const body: fc.Arbitrary<Body> = !canHaveBody
    ? fc.constant({ kind: 'none' })
    : operation.body?.type === 'multipart'
      ? uploadBodies(operation.body.schema, context(pools), samples, validUploads(operation.id))
      : operation.body?.type === 'json'
        ? jsonBodies(operation.body.schema, validBodies(operation.id), context(pools))
        : fc.oneof(
            { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 6 },
            { arbitrary: jsonBodies(undefined, [], context(pools)), weight: 1 },
          )
  const signs = byLocation('header').some((p) => p.name === 'stripe-signature')
  // Mostly the documented method; also HEAD for a GET, and a method the path does not take.
  const otherMethods = ['PATCH', 'OPTIONS', 'PUT', 'POST', 'DELETE'].filter((m) => m !== operation.method)
  const method = fc.oneof(
    { arbitrary: fc.constant(operation.method), weight: 14 },
    { arbitrary: fc.constant(operation.method === 'GET' ? 'HEAD' : operation.method), weight: 1 },
    { arbitrary: fc.constantFrom(...otherMethods), weight: 1 },
  )
  return fc
    .record({
      method,
      segments,
      query: queryArb(byLocation('query'), pools),
      headers: headerArb(byLocation('header'), pools),
      cookie: cookieArb(role),
      body,
      signBody: signs ? fc.boolean() : fc.constant(false),
      copies: fc.oneof({ arbitrary: fc.constant(1), weight: 8 }, { arbitrary: fc.constant(3), weight: 1 }),
    })
    .map(({ method: m, segments: values, query, headers, cookie, body: b, signBody, copies }): FuzzCall => {
      let index = 0
      const url = operation.template.replace(/\{[^}]+\}/g, () => values[index++] ?? '') + query
      return {
        role,
        method: m,
        template: operation.template,
        url,
        headers: cookie === null ? headers : { ...headers, cookie },
        // GET and HEAD requests carry no body.
        body: m === 'GET' || m === 'HEAD' ? { kind: 'none' } : b,
        signBody,
        copies,
      }
    })
}

/**
 * A multipart body as bytes with its content type. Node's Request streams a FormData body lazily and throws an
 * unhandled rejection when the server cancels it mid-way (over a size limit), so the test sends bytes, as a
 * browser's request reaches the server.
 */
export const multipart = async (
  form: FormData,
): Promise<{ readonly bytes: Uint8Array; readonly contentType: string }> => {
  const encoded = new Response(form)
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  }
}

/** The RequestInit of a generated call. */
const initOf = async (call: FuzzCall): Promise<RequestInit> => {
  const headers = new Headers(call.headers)
  let body: BodyInit | undefined
  const b = call.body
  if (b.kind === 'text' || b.kind === 'bytes') {
    if (b.contentType !== null) headers.set('content-type', b.contentType)
    body = b.kind === 'text' ? b.text : new Uint8Array(b.bytes)
  } else if (b.kind === 'form') {
    const form = new FormData()
    for (const part of b.parts) {
      if ('value' in part) form.append(part.name, part.value)
      else form.append(part.name, new File([new Uint8Array(part.bytes)], part.filename, { type: part.type }))
    }
    const encoded = await multipart(form)
    headers.set('content-type', encoded.contentType)
    body = new Uint8Array(encoded.bytes)
  }
  if (call.signBody && b.kind === 'text') {
    const at = Math.floor(Date.now() / 1000)
    const v1 = createHmac('sha256', webhookSecret).update(`${at}.${b.text}`).digest('hex')
    headers.set('stripe-signature', `t=${at},v1=${v1}`)
  }
  return { method: call.method, headers, ...(body === undefined ? {} : { body }) }
}

// ---------------------------------------------------------------------------------------------------------
// The property

const ProblemBody = Schema.Struct({ status: Schema.Number, code: Schema.Number })

/** An answer, or the reason it is not one (a rejection, or no answer within the time limit). */
/** Checks one answer: no 5xx, 4xx as a problem with the same status and a numeric code. */
const judge = (what: string, response: Response, text: string, head: boolean) => {
  if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${excerpt(text)}`)
  if (response.status < 400) return
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('application/problem+json'))
    throw new Error(`${what} answered ${response.status} with content-type "${type}": ${excerpt(text)}`)
  // A HEAD answer has the problem's headers but no body.
  if (head) return
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`${what} answered ${response.status} with a problem that is not JSON: ${excerpt(text)}`)
  }
  const problem = Schema.decodeUnknownOption(ProblemBody)(parsed)
  if (problem._tag === 'None' || problem.value.status !== response.status)
    throw new Error(`${what} answered ${response.status} with a malformed problem: ${excerpt(text)}`)
}

export const sendCall = async (call: FuzzCall): Promise<void> => {
  const what = `${call.role} ${call.method} ${call.url}`
  let init: RequestInit
  try {
    init = await initOf(call)
    new Request(`http://localhost${call.url}`, init)
  } catch {
    // Not a request a client can send (an invalid URL or header): nothing reaches the server.
    return
  }
  const once = async () => {
    const response = await request(call.url, init)
    const text = await response.text()
    count(`${call.method} ${call.template} ${call.role}`, response.status)
    judge(what, response, text, call.method === 'HEAD')
  }
  // Copies sent at once race each other (the same sign-up, entry, tournament or state change twice).
  await within(Promise.all(Array.from({ length: call.copies }, once)), what)
  if (call.role !== 'anonymous') await restoreCallers()
}

export const runsFor = (operation: ApiOperation, role: Role) =>
  // Anonymous calls of a secured operation stop at the session check: fewer runs show that.
  role !== 'organiser' && operation.secured ? Math.max(1, Math.ceil(runs / 3)) : runs
