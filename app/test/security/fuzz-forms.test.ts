import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionCookieName } from '../support/userApi.ts'
import { encode, multipart } from './apiCalls.ts'
import { anyString } from './arbitraries.ts'
import { fileBytes, headerSafe } from './bodies.ts'
import { type FormTarget, formPools, formTargets } from './formTargets.ts'
import {
  count,
  excerpt,
  inStartScope,
  isSameSite,
  organiser,
  playerCaller,
  type Role,
  reseed,
  restoreCallers,
  roles,
  runs,
  samples,
  seed,
  sql,
  stripe,
  unhandled,
  useWorld,
  within,
} from './world.ts'

// The form posts (and the plain GET handlers of server routes), called in-process with a Request inside
// TanStack Start's request scope, as their routes call them, with fields from the domain schemas that decode
// them: never a throw (a 500 in production), never a 5xx, never a redirect off the site.

useWorld('form posts')

interface FormCall {
  readonly role: Role
  readonly params: ReadonlyArray<string>
  readonly fields: ReadonlyArray<readonly [string, string]>
  readonly files: ReadonlyArray<{
    readonly name: string
    readonly filename: string
    readonly bytes: Uint8Array
  }>
  /** How the fields travel: url-encoded, multipart, or a raw body with a content type. */
  readonly encoding:
    | { readonly kind: 'urlencoded' }
    | { readonly kind: 'multipart' }
    | { readonly kind: 'raw'; readonly contentType: string | null; readonly text: string }
  readonly cookies: ReadonlyArray<readonly [string, string]>
  readonly headers: Readonly<Record<string, string>>
}

const formCallArb = (target: FormTarget): fc.Arbitrary<FormCall> => {
  const pools = formPools()
  const value = (name: string) => {
    const known = pools(name).map(String)
    return fc.oneof(...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 5 }] : []), {
      arbitrary: anyString,
      weight: 3,
    })
  }
  const fields = fc.tuple(
    ...target.fields.map((name) =>
      fc.option(
        value(name).map((v): readonly [string, string] => [name, v]),
        { nil: undefined, freq: 4 },
      ),
    ),
  )
  const extras = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...(target.fields.length ? target.fields : ['x'])), anyString),
      anyString,
    ),
    { maxLength: 3 },
  )
  const files = fc.array(
    fc.record({
      name: fc.constantFrom(...(target.files ?? ['file']), 'file'),
      filename: fc.constantFrom('a.png', 'a.pdf', '', '../../x.png', 'файл.pdf'),
      bytes: fileBytes(samples),
    }),
    { maxLength: target.files ? 2 : 1 },
  )
  const encoding = fc.oneof(
    { arbitrary: fc.constant<FormCall['encoding']>({ kind: 'urlencoded' }), weight: 5 },
    { arbitrary: fc.constant<FormCall['encoding']>({ kind: 'multipart' }), weight: target.files ? 6 : 2 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'multipart/form-data',
            'application/json',
            'text/plain',
            null,
          ),
          fc.oneof(
            anyString,
            fc.constantFrom(
              'a=%zz&b=%',
              '=&=&',
              '%E0%A4%A=1',
              'a'.repeat(70_000),
              '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
            ),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
        )
        .map(([contentType, text]): FormCall['encoding'] => ({ kind: 'raw', contentType, text })),
      weight: 2,
    },
  )
  const cookie = fc.tuple(
    fc.constantFrom(
      'kibitz_form',
      'kibitz_flash',
      'kibitz_social',
      'lang',
      'account',
      'cookie_consent',
      sessionCookieName,
    ),
    fc.oneof(
      anyString,
      fc.constantFrom(
        JSON.stringify({
          state: 'x'.repeat(43),
          codeVerifier: 'v',
          intent: 'connect',
          redirect: '//evil.example',
        }),
        JSON.stringify({ form: 'login', errors: { email: { rule: 'x' } }, values: { email: 1 } }),
        '{"__proto__":{"polluted":true}}',
        'lt',
        'organiser',
      ),
    ),
  )
  return fc
    .record({
      role: fc.constantFrom(...roles),
      params: fc.tuple(...(target.params?.() ?? [])),
      fields,
      extras,
      files,
      encoding,
      cookies: fc.array(cookie, { maxLength: 2 }),
      headers: fc.record(
        {
          'accept-language': fc.constantFrom('lt', 'ru;q=0.5,*', 'xx', ''),
          'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher'),
          'x-forwarded-for': fc.constantFrom('203.0.113.9', '::1', 'not-an-ip', '1.1.1.1, 2.2.2.2'),
          // Mostly empty (Number('') is 0, as without the header); sometimes a lie or no number.
          'content-length': fc.constantFrom('', '', '', '', '', '0', '-1', 'abc', '99999999999'),
        },
        { requiredKeys: [] },
      ),
    })
    .map(
      (g): FormCall => ({
        role: g.role,
        params: g.params,
        fields: [...g.fields.flatMap((f) => (f === undefined ? [] : [f])), ...g.extras],
        files: g.files,
        encoding: g.encoding,
        cookies: g.cookies,
        headers: g.headers,
      }),
    )
}

const formRequest = async (target: FormTarget, call: FormCall): Promise<Request> => {
  const me = call.role === 'organiser' ? organiser : call.role === 'player' ? playerCaller : null
  const cookies = [
    ...call.cookies.map(([n, v]) => `${n}=${encode(v)}`),
    ...(me ? [`${sessionCookieName}=${me.token}`] : []),
  ]
  const headers = new Headers()
  for (const [name, v] of Object.entries(call.headers)) headers.set(name, headerSafe(v))
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '))
  const url = new URL(`http://localhost${target.path(call.params)}`)
  if (target.method === 'GET') {
    for (const [name, v] of call.fields) url.searchParams.append(name, v)
    return new Request(url, { headers })
  }
  let body: BodyInit
  if (call.encoding.kind === 'raw') {
    if (call.encoding.contentType !== null) headers.set('content-type', call.encoding.contentType)
    body = call.encoding.text
  } else if (call.encoding.kind === 'multipart' || call.files.length > 0) {
    const form = new FormData()
    for (const [name, v] of call.fields) form.append(name, v)
    for (const file of call.files)
      form.append(file.name, new File([new Uint8Array(file.bytes)], file.filename))
    const encoded = await multipart(form)
    headers.set('content-type', encoded.contentType)
    body = new Uint8Array(encoded.bytes)
  } else {
    headers.set('content-type', 'application/x-www-form-urlencoded')
    body = new URLSearchParams(call.fields.map(([n, v]) => [n, v])).toString()
  }
  return new Request(url, { method: 'POST', headers, body })
}

const sendForm = (target: FormTarget) => async (call: FormCall) => {
  let request: Request
  try {
    request = await formRequest(target, call)
  } catch {
    return
  }
  const what = `${call.role} ${target.method} ${request.url}`
  await within(
    (async () => {
      const { response, thrown } = await inStartScope(request, (r) => target.handle(r, call.params))
      if (thrown !== undefined)
        throw new Error(
          `${what} threw (a 500 in production): ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`,
        )
      const text = await response.text()
      const location = response.headers.get('location')
      // Where a form sends the browser says how far it got (back to the form, or on).
      count(
        `${target.name} ${call.role}`,
        `${response.status}${location ? `→${location.split('?')[0]}` : ''}`,
      )
      if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${excerpt(text)}`)
      if (response.status >= 300 && response.status < 400) {
        if (location === null) throw new Error(`${what} answered ${response.status} without a Location`)
        // Off the site only to the configured card payment and social providers (all the local Stripe here).
        const toProvider = target.offSite === true && location.startsWith(`${stripe.url}/`)
        if (!isSameSite(location) && !toProvider) throw new Error(`${what} redirects off-site to ${location}`)
      }
    })(),
    what,
  )
  if (call.role !== 'anonymous') await restoreCallers()
}

describe('the form posts under random input', () => {
  beforeEach(async () => {
    unhandled.length = 0
    await sql.execute('delete from auth_attempt')
    await reseed()
  })

  for (const target of formTargets()) {
    it(`${target.name} never fails or redirects off-site`, { timeout: 120_000 }, async () => {
      await fc.assert(fc.asyncProperty(fc.limitShrink(formCallArb(target), 200), sendForm(target)), {
        seed,
        numRuns: runs,
      })
      expect(unhandled).toEqual([])
    })
  }
})
