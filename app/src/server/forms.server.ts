import type { AccountFailure, InvalidInput, Throttled } from '@kibitz/accounts'
import type { Em } from '@kibitz/kernel'
import { Effect as E, type Effect, Result } from 'effect'
import { safeBackPath } from '../edge/redirect.ts'
import type { FieldError, FlashKey, FormState } from '../lib/session.ts'
import { flashCookie, formCookie, shortCookie } from './auth.server.ts'
import { type AppServices, runDomain } from './runtime.server.ts'

// Account forms are plain HTML forms posting to server routes (they work with JavaScript off). Each answers
// 303: forward on success, or back to the form with its errors and typed values in a one-time cookie.

/** The posted fields as text; files and repeated keys beyond the first are ignored. */
export const postedFields = async (request: Request): Promise<Record<string, string>> => {
  const type = request.headers.get('content-type') ?? ''
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return {}
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return {}
  }
  const fields: Record<string, string> = {}
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in fields)) fields[key] = value.slice(0, 5000)
  }
  return fields
}

/** All values of a repeated field (checkbox groups). */
export const postedList = async (request: Request, name: string): Promise<ReadonlyArray<string>> => {
  try {
    return (await request.clone().formData()).getAll(name).filter((v) => typeof v === 'string')
  } catch {
    return []
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
