import type { AccountFailure, InvalidInput, Throttled } from '@kibitz/accounts'
import type { Em } from '@kibitz/kernel'
import { Effect as E, type Effect, Result } from 'effect'
import { BodyTooLarge, formOf, readBody } from '../edge/body.ts'
import { NulInForm, nulInForm } from '../edge/nul.ts'
import { safeBackPath } from '../edge/redirect.ts'
import type { FieldError, FlashKey, FormState } from '../lib/session.ts'
import { flashCookie, formCookie, shortCookie } from './auth.server.ts'
import { type AppServices, runDomain } from './runtime.server.ts'

// Account forms are plain HTML forms posting to server routes (they work with JavaScript off). Each answers
// 303: forward on success, or back to the form with its errors and typed values in a one-time cookie.

/** Account forms are small: a body beyond this is refused unread (413). */
export const maxFormBytes = 64 * 1024

/** A posted form: the first value of each text field, every value of a repeated one, and its files. */
export interface PostedForm {
  readonly fields: Readonly<Record<string, string>>
  list(name: string): ReadonlyArray<string>
  file(name: string): File | null
  /** Every file posted under `name` (an `<input type=file multiple>`), empty picks left out. */
  files(name: string): ReadonlyArray<File>
}

export { BodyTooLarge, readBody }

// A form's text is kept to 5000 characters a field (a NUL never gets here: postedForm refuses it).
const clean = (value: string) => value.slice(0, 5000)

/**
 * Reads the request's form once (url-encoded or multipart) within `limit` bytes. Anything that is not a
 * form reads as an empty one; a body over the limit throws BodyTooLarge, a NUL character in a field's name or
 * value or a file's name throws NulInForm naming the field (decision 027): both are answered by withBodyLimit.
 */
export const postedForm = async (request: Request, limit = maxFormBytes): Promise<PostedForm> => {
  const type = request.headers.get('content-type') ?? ''
  const empty: PostedForm = { fields: {}, list: () => [], file: () => null, files: () => [] }
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data'))
    return empty
  const form = await formOf(await readBody(request, limit), type)
  if (!form) return empty
  const nul = nulInForm(form)
  if (nul) throw new NulInForm(nul)
  const fields: Record<string, string> = {}
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in fields)) fields[key] = clean(value)
  }
  return {
    fields,
    list: (name) => form.getAll(name).flatMap((v) => (typeof v === 'string' ? [clean(v)] : [])),
    file: (name) => {
      const value = form.get(name)
      return value instanceof File ? value : null
    },
    files: (name) => form.getAll(name).flatMap((v) => (v instanceof File && v.size > 0 ? [v] : [])),
  }
}

/** The posted text fields (see postedForm). */
export const postedFields = async (request: Request): Promise<Record<string, string>> => ({
  ...(await postedForm(request)).fields,
})

/** 413 for a form too large to read. */
const tooLarge = (): Response =>
  new Response('Request too large', { status: 413, headers: { 'cache-control': 'no-store' } })

/** 400 naming the field that holds a NUL character, as the server functions and page queries answer it. */
const nulRefusal = (error: NulInForm): Response =>
  new Response(error.message, {
    status: 400,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * Wraps a form handler so a body over the limit (BodyTooLarge from postedForm) is answered 413, unread, and a
 * form holding a NUL character (NulInForm) 400 naming the field.
 */
export const withBodyLimit =
  <A extends ReadonlyArray<unknown>>(handler: (request: Request, ...rest: A) => Promise<Response>) =>
  async (request: Request, ...rest: A): Promise<Response> => {
    try {
      return await handler(request, ...rest)
    } catch (error) {
      if (error instanceof BodyTooLarge) return tooLarge()
      if (error instanceof NulInForm) return nulRefusal(error)
      throw error
    }
  }

/** A 303 to `location` setting `cookies`. */
export const seeOther = (location: string, cookies: ReadonlyArray<string> = []): Response => {
  const headers = new Headers({ location, 'cache-control': 'no-store' })
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** A 303 forward after success, with a flash message for the next page. */
export const forward = (
  request: Request,
  location: string,
  flash: FlashKey | null,
  cookies: ReadonlyArray<string> = [],
): Response =>
  seeOther(safeBackPath(location), [...cookies, ...(flash ? [shortCookie(request, flashCookie, flash)] : [])])

/** Fields that must never be stored in a cookie, not even for a minute. */
const secret = (field: string) => /password/i.test(field)

/** What a failed form sends back to its page. */
export type FormFailure = AccountFailure | InvalidInput | Throttled

export const formStateOf = (
  form: string,
  failure: FormFailure,
  values: Readonly<Record<string, string>>,
): FormState => {
  const kept: Record<string, string> = {}
  for (const [field, value] of Object.entries(values)) {
    if (!secret(field) && field !== 'redirect') kept[field] = value.slice(0, 300)
  }
  switch (failure._tag) {
    case 'InvalidInput': {
      const errors: Record<string, FieldError> = {}
      for (const [field, problem] of Object.entries(failure.errors)) errors[field] = { rule: problem.rule }
      return { form, errors, values: kept }
    }
    case 'AccountFailure':
      return {
        form,
        errors: failure.field ? { [failure.field]: { code: failure.code } } : {},
        values: kept,
        code: failure.code,
      }
    case 'Throttled':
      return { form, errors: {}, values: kept, retryAfter: failure.retryAfterSeconds }
  }
}

/** A 303 back to the form's page with its state. */
export const backToForm = (request: Request, path: string, state: FormState): Response =>
  seeOther(safeBackPath(path), [shortCookie(request, formCookie, JSON.stringify(state))])

/** Runs a domain effect and gives its typed failure back as a value. */
export const attempt = <A, F>(effect: Effect.Effect<A, F, AppServices | Em>): Promise<Result.Result<A, F>> =>
  runDomain(E.result(effect))

export { Result }
