import '../../testing/src/context.ts'
import { AccountService } from '@kibitz/accounts'
import { Em } from '@kibitz/kernel'
import { Effect } from 'effect'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { loginPost, registerPost } from '../src/server/accountForms.server.ts'
import { BodyTooLarge, maxFormBytes, postedForm, readBody } from '../src/server/forms.server.ts'
import { disposeRuntime, runDomain } from '../src/server/runtime.server.ts'

// The POST side of the account forms as a browser (or a hostile client) reaches it: odd bodies get a
// clear answer, never a 500, and a redirected form carries its errors back.

let db: { url: string; drop: () => Promise<void> }

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  process.env.DATABASE_URL = db.url
})

afterAll(async () => {
  await disposeRuntime()
  await db?.drop()
})

const form = (
  path: string,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  })

/** A body that never says how long it is (chunked), `size` bytes of `a=`. */
const chunked = (size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const chunk = new TextEncoder().encode('a'.repeat(1024))
      for (let sent = 0; sent < size; sent += chunk.byteLength) controller.enqueue(chunk)
      controller.close()
    },
  })

const formState = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('kibitz_form='))
  return cookie
    ? JSON.parse(decodeURIComponent(cookie.slice('kibitz_form='.length).split(';')[0] ?? ''))
    : null
}

describe('postedForm', () => {
  it('refuses a NUL character naming its field, and keeps every value of a repeated field', async () => {
    await expect(postedForm(form('/x', 'email=a%00b%40example.test'))).rejects.toMatchObject({
      name: 'NulInForm',
      field: { path: ['form', 'email'], field: 'email' },
    })
    const posted = await postedForm(form('/x', 'email=ab%40example.test&languages=lt&languages=en'))
    expect(posted.fields.email).toBe('ab@example.test')
    expect(posted.list('languages')).toEqual(['lt', 'en'])
  })

  it('refuses a body over the limit, declared or not', async () => {
    await expect(postedForm(form('/x', 'a='.repeat(maxFormBytes)))).rejects.toBeInstanceOf(BodyTooLarge)
    await expect(readBody(form('/x', chunked(maxFormBytes + 4096)), maxFormBytes)).rejects.toBeInstanceOf(
      BodyTooLarge,
    )
  })
})

describe('loginPost', () => {
  it('answers a NUL in the e-mail with 400 naming the field, not a server error (decision 027)', async () => {
    const response = await loginPost(form('/login', 'email=a%00b&password=x'))
    expect([response.status, await response.text()]).toEqual([
      400,
      'The email must not contain a NUL character',
    ])
  })

  it('answers 413 to a huge body without reading it', async () => {
    const response = await loginPost(form('/login', chunked(10 * maxFormBytes)))
    expect(response.status).toBe(413)
  })

  it('sends the visitor back to a same-site page only', async () => {
    const response = await loginPost(
      form('/login', 'email=nobody%40example.test&password=x&redirect=%2F.%2F%2Fevil.example'),
    )
    expect(response.headers.get('location')).toBe('/login?redirect=%2F')
  })
})

/** The value of cookie `name` the response sets. */
const cookieValue = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1)
    .split(';')[0]

describe('loginPost and the device cookie', () => {
  const email = 'device@example.test'
  const password = 'Bridge!2026'
  const device = '__Host-kibitz_device'

  beforeAll(async () => {
    await runDomain(
      AccountService.use((accounts) =>
        accounts.register(
          { email, password, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: 'on' },
          { ip: '198.18.0.1', userAgent: null, language: 'en' },
        ),
      ),
    )
    await runDomain(
      Effect.flatMap(Em, (em) =>
        Effect.promise(() => em.execute('update app_user set activated_at = now() where email = ?', [email])),
      ),
    )
  })

  const login = (secret: string, cookie?: string) =>
    loginPost(
      form('/login', new URLSearchParams({ email, password: secret }).toString(), cookie ? { cookie } : {}),
    )

  it('names the account as known on the browser, and a refused browser is told when to retry', async () => {
    const first = await login(password)
    expect(first.status).toBe(303)
    const line = first.headers.getSetCookie().find((c) => c.startsWith(`${device}=`)) ?? ''
    expect(line).toMatch(/; HttpOnly; SameSite=Lax; Secure; Max-Age=31536000$/)
    const token = cookieValue(first, device) ?? ''

    for (let i = 0; i < 5; i++) expect(formState(await login('Wrong!typo')).code).toBe(1000)
    const refused = await login(password)
    expect(refused.headers.get('location')).toBe('/login')
    const state = formState(refused)
    expect(state).toMatchObject({ form: 'login' })
    expect(state.retryAfter).toBeGreaterThan(0)
    expect(state.retryAfter).toBeLessThanOrEqual(15 * 60)

    // The browser that signed in before is not refused: strangers' failures never lock it.
    const known = await login(password, `${device}=${token}`)
    expect(known.headers.get('location')).toBe('/')
    expect(cookieValue(known, '__Host-kibitz_session')).toMatch(/^[A-Za-z0-9_-]{40,}$/)
  })
})

describe('registerPost', () => {
  it('names the invalid fields and keeps what was typed, but never the password', async () => {
    const response = await registerPost(
      form('/register-user', 'firstName=12345&lastName=Jonait%C4%97&email=ona%40example&password=short'),
      '/register-user',
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/register-user')
    const state = formState(response)
    expect(state.errors).toMatchObject({
      firstName: { rule: 'notOnlyDigits' },
      email: { rule: 'email' },
      password: { rule: 'passwordTooShort' },
      acceptRules: { rule: 'mustAccept' },
    })
    expect(state.values).toEqual({ firstName: '12345', lastName: 'Jonaitė', email: 'ona@example' })
  })
})
