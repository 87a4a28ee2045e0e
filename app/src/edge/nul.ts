import { fromJSON } from 'seroval'
import { formOf, peekBody } from './body.ts'

// A NUL character (U+0000) is never text a person typed, and PostgreSQL refuses it in every text and JSON
// column; once it reached a query, the failure looked like the database being away (503 with Retry-After, so
// clients retried a permanent error forever). Every request is read for one before any handler uses a value
// of it, so every field there is, and every field added later, is refused with 400 naming it. A body is only
// ever read within its cap (edge/body.ts): the API's and the server functions' here, a form post's by the
// form reader (postedForm), which refuses a NUL as it decodes the form.

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

/** The first NUL in a form: a field's name or text value, or an uploaded file's name. */
export const nulInForm = (form: FormData): NulField | null => {
  for (const [name, value] of form) {
    const text = typeof value === 'string' ? value : value.name
    if (name.includes(nul) || text.includes(nul)) return fieldOf(['form', name])
  }
  return null
}

/** A form field holds a NUL: thrown by the form reader, answered 400 naming the field (withBodyLimit). */
export class NulInForm extends Error {
  override readonly name = 'NulInForm'
  constructor(readonly field: NulField) {
    super(nulMessage(field))
  }
}

/**
 * The first NUL in a body already read within its cap: a form's field (`form`), a JSON document's value or key
 * (`payload`), or a server function's seroval payload as TanStack will read it (`data`). A body that cannot be
 * read as its type says holds none here: the handler that reads it answers for that.
 */
export const nulInBody = async (
  bytes: Uint8Array,
  contentType: string,
  options: { readonly serverFunction?: boolean } = {},
): Promise<NulField | null> => {
  const type = contentType.toLowerCase()
  if (isForm(type)) {
    const form = await formOf(bytes, type)
    return form ? nulInForm(form) : null
  }
  if (!type.includes('json')) return null
  const text = new TextDecoder().decode(bytes)
  if (options.serverFunction === true) return nulInServerPayload(text)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  const found = nulInValue(value, ['payload'])
  return found ? fieldOf(found) : null
}

/**
 * The first NUL a request carries where a handler would read it: its address, and a body (see nulInBody) read
 * within `limit` bytes from a copy, so the request stays readable; a larger body throws BodyTooLarge unread.
 */
export const findNul = async (
  request: Request,
  options: {
    readonly serverFunction?: boolean
    /** Names path segments; false leaves the path to the routes (a page path naming nothing is a 404). */
    readonly pathParameter?: PathParameterName | false
    /** The most of the body read; the cap the request's handler applies. */
    readonly limit: number
  },
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
  if (!isForm(contentType) && !contentType.includes('json')) return null
  return nulInBody(await peekBody(request, options.limit), contentType, options)
}

/** The first NUL in a request's address alone (a query parameter; a path segment unless left to the routes). */
export const nulInRequestAddress = (
  request: Request,
  pathParameter?: PathParameterName | false,
): NulField | null => nulInAddress(new URL(request.url), pathParameter)

/** The first NUL in a server function's payload (seroval JSON), as the function will receive it. */
export const nulInServerPayload = (text: string): NulField | null => {
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
