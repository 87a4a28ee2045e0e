import { createHash } from 'node:crypto'
import { restrictedTypesCacheMs } from '@kibitz/kernel'
import { Cause, Effect, Layer, type Types } from 'effect'
import {
  HttpRouter,
  HttpServer,
  HttpServerError,
  HttpServerRequest,
  HttpServerRespondable,
  HttpServerResponse,
  ProblemDetails,
} from 'effect/http'
import { HttpApiBuilder, OpenApi } from 'effect/http-api'
import { etagMatches } from '../edge/http.ts'
import { findNul, type NulField, nulMessage, pathParametersOf } from '../edge/nul.ts'
import { loadMessages } from '../i18n/catalogs.ts'
import { BodyTooLarge, readBody } from '../server/forms.server.ts'
import { type Outage, outageOf, outageRetryAfterSeconds } from '../server/outage.ts'
import { appRuntime } from '../server/runtime.server.ts'
import { Api } from './Api.ts'
import { uploadBodyLimits } from './EventWritesApi.ts'
import { documentUploadBodyBytes, imageUploadBodyBytes } from './FileApi.ts'
import { maxFsUploadBytes } from './FileSystemApi.ts'
import { ApiHandlers } from './handlers.server.ts'
import { NotFound, ServerError, unknownCode } from './Problems.ts'
import { ApiTranslations, type CatalogueLoader } from './translations.server.ts'

/** Where the OpenAPI 3.1 document of the API is served. */
export const openApiPath = '/api/v1/openapi.json'

/**
 * Anonymous reads may be shared by browsers and CDNs for the spec's catalogue cache time (restricted types are
 * cached 60000 ms); every public reply uses it, so restricted-types gets exactly max-age=60.
 */
const publicCacheControl = `public, max-age=${restrictedTypesCacheMs / 1000}`

/**
 * User calls and event state changes answer for one person: never stored by any cache, errors included. Only
 * the action paths under an event are personal; its public GET pages (/event/{id}, /event/{id}/event-data...)
 * keep their public caching.
 */
const personalPath =
  /^\/api\/v1\/(user(\/|$)|file-system(\/|$)|event\/[^/]+\/(publish|un-publish|postpone|un-publish-after-postpone|cancel|notify-event-users|delete|event-preview-data|edit-data|tournaments\/[^/]+\/edit-data)\/?$)/

const statusTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
}

/** An outage as the API answers it: 503 or 507, with Retry-After and a detail a client can show. */
const outageResponse = (outage: Outage): HttpServerResponse.HttpServerResponse => {
  const status = outage === 'storageFull' ? 507 : 503
  return HttpServerResponse.setHeader(
    ProblemDetails.toResponse({
      type: 'about:blank',
      status,
      title: statusTitles[status] ?? 'Error',
      code: unknownCode,
      detail:
        outage === 'storageFull'
          ? 'The file store is full; nothing was saved. Try again later.'
          : 'The service is briefly unavailable. Try again shortly.',
    }),
    'retry-after',
    String(outageRetryAfterSeconds[outage]),
  )
}

const isProblem = (response: HttpServerResponse.HttpServerResponse) =>
  response.body._tag !== 'Empty' && response.body.contentType?.startsWith(ProblemDetails.contentType) === true

/** Any error response without a problem body (unknown path, defect, built-in empty errors) gets one. */
const asProblem = (
  response: HttpServerResponse.HttpServerResponse,
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  if (response.status < 400 || isProblem(response)) return Effect.succeed(response)
  if (response.status === 404) {
    return HttpServerRespondable.toResponse(new NotFound({ code: unknownCode, detail: 'No such API path' }))
  }
  if (response.status >= 500) return HttpServerRespondable.toResponse(new ServerError({ code: unknownCode }))
  return Effect.succeed(
    ProblemDetails.toResponse({
      type: 'about:blank',
      status: response.status,
      title: statusTitles[response.status] ?? 'Error',
      code: unknownCode,
    }),
  )
}

const etagOf = (body: Uint8Array) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

const pathOf = (request: HttpServerRequest.HttpServerRequest) =>
  URL.parse(request.url, 'http://localhost')?.pathname ?? request.url

/**
 * Public GET replies carry Cache-Control and a strong ETag; If-None-Match is answered with 304. Replies to
 * user calls, whatever the method or status, are `no-store` and never compared with an ETag.
 */
const withCaching = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse,
): HttpServerResponse.HttpServerResponse => {
  // Writes are personal too: nothing a POST, PUT or DELETE answers may be kept by a cache.
  if (personalPath.test(pathOf(request)) || (request.method !== 'GET' && request.method !== 'HEAD'))
    return HttpServerResponse.setHeader(response, 'cache-control', 'no-store')
  if (response.status !== 200) return HttpServerResponse.setHeader(response, 'cache-control', 'no-store')
  const headers = {
    'cache-control': response.headers['cache-control'] ?? publicCacheControl,
    // Names and "today" follow these request headers, so shared caches must key on them.
    vary: 'Accept-Language, Accept-Timezone',
  }
  if (response.body._tag !== 'Uint8Array') return HttpServerResponse.setHeaders(response, headers)
  const etag = etagOf(response.body.body)
  if (etagMatches(request.headers['if-none-match'], etag)) {
    return HttpServerResponse.empty({ status: 304, headers: { ...headers, etag } })
  }
  return HttpServerResponse.setHeaders(response, { ...headers, etag })
}

/** Wraps every route, unknown paths included: problem bodies for errors, caching for successes. */
const ProblemsAndCaching = HttpRouter.middleware(
  (
    httpEffect: Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled>,
  ): Effect.Effect<
    HttpServerResponse.HttpServerResponse,
    Types.unhandled,
    HttpServerRequest.HttpServerRequest
  > =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const response = yield* httpEffect.pipe(
        Effect.catchCause((cause) =>
          Effect.flatMap(HttpServerError.causeResponse(cause), ([failed, unhandled]) => {
            if (failed.status < 500) return Effect.succeed(failed)
            // The database away or the disk full is an outage, not a bug: 503/507 so that clients retry.
            const outage = outageOf(Cause.squash(cause))
            return outage === undefined
              ? Effect.as(Effect.logError('API request failed', unhandled), failed)
              : Effect.as(Effect.logWarning(`API request failed: ${outage}`), outageResponse(outage))
          }),
        ),
        Effect.flatMap(asProblem),
      )
      return withCaching(request, response)
    }),
  { global: true },
)

type AppRuntime = ReturnType<typeof appRuntime>

const makeWebHandler = (runtime: AppRuntime, loadCatalogue: CatalogueLoader) =>
  HttpRouter.toWebHandler(
    Layer.mergeAll(HttpApiBuilder.layer(Api, { openapiPath: openApiPath }), ProblemsAndCaching).pipe(
      Layer.provide(ApiHandlers),
      Layer.provide(ApiTranslations.layer(loadCatalogue)),
      // The web process's one runtime provides the domain services and its one Database (MikroORM).
      Layer.provide(Layer.effectContext(runtime.contextEffect)),
      Layer.provide(HttpServer.layerServices),
    ),
    {
      disableLogger: true,
      routerConfig: { ignoreTrailingSlash: true, maxParamLength: maxPathParameterLength },
    },
  )

/**
 * The longest path parameter routed (the router's default is 100 characters): download-fs-file names up to 200 ids
 * with commas between them.
 */
const maxPathParameterLength = 2400

/** The largest API request body read at all (every call of the API but the uploads takes a small JSON document). */
const maxApiBodyBytes = 1024 * 1024

/** The body limit of a request: its upload path's own (upload-image, upload-pdf, upload-fs-file), else the API's. */
const bodyLimitOf = (request: Request): number => {
  const path = URL.parse(request.url)?.pathname.replace(/\/+$/, '') ?? ''
  if (path.startsWith('/api/v1/file-system/upload-fs-file/')) return maxFsUploadBytes
  if (path.startsWith('/api/v1/file/image-upload/')) return imageUploadBodyBytes
  if (path.startsWith('/api/v1/file/document-upload/')) return documentUploadBodyBytes
  return uploadBodyLimits[path] ?? maxApiBodyBytes
}

const tooLargeProblem = () =>
  Response.json(
    { type: 'about:blank', status: 413, title: 'Content Too Large', code: unknownCode },
    { status: 413, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } },
  )

/** The API's path parameters by name, from its OpenAPI document (built once, on the first request that needs it). */
let apiPathParameters: ((pathname: string, index: number) => string | undefined) | undefined
const apiPathParameter = () => {
  apiPathParameters ??= pathParametersOf(Object.keys(OpenApi.fromApi(Api).paths))
  return apiPathParameters
}

/** 400 naming the field that holds a NUL character, as every invalid request value is named. */
const nulProblem = (field: NulField) =>
  Response.json(
    {
      type: 'about:blank',
      status: 400,
      title: 'Bad Request',
      code: unknownCode,
      detail: `Invalid request value: ${field.field}`,
      errors: [{ path: field.path, field: field.field, message: nulMessage(field) }],
    },
    { status: 400, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } },
  )

/**
 * A request whose body is within the limit: a declared length is checked up front, an undeclared (chunked)
 * body is read with a cap and handed on in a copy that keeps the client's address.
 */
const bounded = async (request: Request): Promise<Request | null> => {
  if (!request.body) return request
  const limit = bodyLimitOf(request)
  const declared = request.headers.get('content-length')
  if (declared !== null) return Number(declared) > limit ? null : request
  let bytes: Uint8Array
  try {
    bytes = await readBody(request, limit)
  } catch (error) {
    if (error instanceof BodyTooLarge) return null
    throw error
  }
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Blob([new Uint8Array(bytes)]),
  })
  if ('ip' in request) Object.defineProperty(copy, 'ip', { value: request.ip })
  return copy
}

/** Answers /api/v1/* requests, and releases what it holds (not the app runtime, which runtime.server.ts owns). */
export interface ApiRequestHandler {
  readonly handle: (request: Request) => Promise<Response>
  readonly dispose: () => Promise<void>
}

/**
 * An API request handler whose translated names come from the catalogues `loadCatalogue` reads. Its web handler
 * is built on first use (the launcher sets DATABASE_URL before the first request) and rebuilt only if the app
 * runtime was replaced.
 */
export const makeApiRequestHandler = (loadCatalogue: CatalogueLoader): ApiRequestHandler => {
  let current: { readonly runtime: AppRuntime; readonly web: ReturnType<typeof makeWebHandler> } | undefined

  const handle = async (incoming: Request): Promise<Response> => {
    const request = await bounded(incoming)
    if (!request) return tooLargeProblem()
    let nul: NulField | null
    try {
      nul = await findNul(request, { pathParameter: apiPathParameter(), limit: bodyLimitOf(request) })
    } catch (error) {
      if (error instanceof BodyTooLarge) return tooLargeProblem()
      throw error
    }
    if (nul) return nulProblem(nul)
    const runtime = appRuntime()
    if (current?.runtime !== runtime) {
      const stale = current
      current = { runtime, web: makeWebHandler(runtime, loadCatalogue) }
      await stale?.web.dispose()
    }
    const response = await current.web.handler(request)
    if (request.method !== 'HEAD') return response
    return new Response(null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }

  const dispose = async (): Promise<void> => {
    const stale = current
    current = undefined
    await stale?.web.dispose()
  }

  return { handle, dispose }
}

// The web app's API reads the catalogues the pages use, compiled by the Lingui build plugin.
const appApi = makeApiRequestHandler(loadMessages)

/** Answers one /api/v1/* request. */
export const handleApiRequest = appApi.handle

/** Releases the web app's API handler (not the app runtime, which runtime.server.ts owns). */
export const disposeApiHandler = appApi.dispose
