import { fromJSON } from 'seroval'

// A NUL character (U+0000) is never text a person typed, and PostgreSQL refuses it in every text and JSON
// column; once it reached a query, the failure looked like the database being away (503 with Retry-After, so
// clients retried a permanent error forever). Every request is read for one before any handler decodes it, so
// every field there is, and every field added later, is refused with 400 naming it.

/** Where a NUL was found: the request part and the keys down to it, and the name of the field that holds it. */
export interface NulField {
  readonly path: ReadonlyArray<string | number>
  readonly field: string
}

const nul = '\u0000'

/** The first NUL inside a JSON-like value (keys too), with the keys leading to it under `at`. */
export const nulInValue = (
  value: unknown,
  at: ReadonlyArray<string | number>,
  depth = 0,
): ReadonlyArray<string | number> | null => {
  if (typeof value === 'string') return value.includes(nul) ? at : null
  // Deeper than any input the app takes: the handler's own decoding refuses such a value anyway.
  if (depth > 64 || typeof value !== 'object' || value === null) return null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulInValue(item, [...at, index], depth + 1)
      if (found) return found
    }
    return null
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(nul)) return [...at, key]
    const found = nulInValue(item, [...at, key], depth + 1)
    if (found) return found
  }
  return null
}

const fieldOf = (path: ReadonlyArray<string | number>): NulField => {
  const last = [...path].reverse().find((part) => typeof part === 'string')
  return { path, field: (last ?? String(path.at(-1) ?? '')).replaceAll(nul, '\\0') }
}

/**
 * Names path segments after the parameters of route templates written as `/api/v1/event/{id}`: the OpenAPI
 * document's paths, so a new operation's parameters are named without a change here.
 */
export const pathParametersOf = (templates: ReadonlyArray<string>): PathParameterName => {
  const split = templates.map((template) => template.replace(/\/+$/, '').split('/'))
  return (pathname, index) => {
    const segments = pathname.replace(/\/+$/, '').split('/')
    const part = split.find(
      (parts) =>
        parts.length === segments.length &&
        parts[index]?.startsWith('{') === true &&
        parts.every((part, i) => part.startsWith('{') || part === segments[i]),
    )?.[index]
    return part?.slice(1, -1)
  }
}

/** The name of a path segment by its index among the address's segments, when the caller knows its routes. */
export type PathParameterName = (pathname: string, index: number) => string | undefined

/** The first NUL in the request's address: a path segment (unless left to the routes) or a query parameter. */
const nulInAddress = (url: URL, pathParameter: PathParameterName | false | undefined): NulField | null => {
  if (pathParameter !== false)
    for (const [index, segment] of url.pathname.split('/').entries()) {
      let decoded: string
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        continue
      }
      if (decoded.includes(nul)) return fieldOf(['path', pathParameter?.(url.pathname, index) ?? index])
    }
  for (const [name, value] of url.searchParams)
    if (name.includes(nul) || value.includes(nul)) return fieldOf(['query', name])
  return null
}

const contentTypeOf = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase()

const isForm = (contentType: string) =>
  contentType.includes('multipart/form-data') || contentType.includes('application/x-www-form-urlencoded')

/** The first NUL in a form body: a field's name or text value, or an uploaded file's name. */
const nulInForm = async (request: Request): Promise<NulField | null> => {
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch {
    // Not a readable form: the handler that reads it answers for that.
    return null
  }
  for (const [name, value] of form) {
    const text = typeof value === 'string' ? value : value.name
    if (name.includes(nul) || text.includes(nul)) return fieldOf(['form', name])
  }
  return null
}

/** The JSON a body holds, or undefined when it holds none (the handler answers for a broken one). */
const jsonOf = async (request: Request): Promise<unknown> => {
  try {
    return JSON.parse(await request.clone().text())
  } catch {
    return undefined
  }
}

/**
 * The first NUL a request carries where a handler would read it: its address, a JSON body (`payload`), a form
 * (`form`); a server function's seroval payload is read as TanStack will read it (`data`).
 */
export const findNul = async (
  request: Request,
  options: {
    readonly serverFunction?: boolean
    /** Names path segments; false leaves the path to the routes (a page path naming nothing is a 404). */
    readonly pathParameter?: PathParameterName | false
  } = {},
): Promise<NulField | null> => {
  const url = new URL(request.url)
  const inAddress = options.serverFunction === true ? null : nulInAddress(url, options.pathParameter)
  if (inAddress) return inAddress
  if (options.serverFunction === true && request.method === 'GET') {
    const payload = url.searchParams.get('payload')
    return payload === null ? null : nulInServerPayload(payload)
  }
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return null
  const contentType = contentTypeOf(request)
  if (isForm(contentType)) return nulInForm(request)
  if (!contentType.includes('json')) return null
  if (options.serverFunction === true) return nulInServerPayload(await request.clone().text())
  const found = nulInValue(await jsonOf(request), ['payload'])
  return found ? fieldOf(found) : null
}

/** The first NUL in a server function's payload (seroval JSON), as the function will receive it. */
const nulInServerPayload = (text: string): NulField | null => {
  let value: unknown
  try {
    value = fromJSON(JSON.parse(text))
  } catch {
    return null
  }
  const found = nulInValue(value, [])
  return found ? fieldOf(found) : null
}

/** The English line of a refusal, for the API's problem and the plain answers of forms and server functions. */
export const nulMessage = (field: NulField): string => `The ${field.field} must not contain a NUL character`
