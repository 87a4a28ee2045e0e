import '../../testing/src/context.ts'
import { describe, expect, it } from 'vitest'
import { Problem, readJson, request } from './support/api.ts'
import { adminEmail } from './support/apiWorld.ts'
import { sendJson, tokenOf, withSession } from './support/userApi.ts'
import { password, useUserApi } from './support/userWorld.ts'

// What the user API answers to a body that breaks a limit: the document states the accounts domain's limits
// (api-shapes-user-document.test.ts), and the API keeps answering as the domain does. A value past the domain's
// limit is refused by the domain with the rule of spec section 5 (400, code 0, the field's path and rule id); only
// a value past the API's own cap, which stops oversized bodies before any domain work, is refused without a rule.

const { world, signedIn, signedInAdmin } = useUserApi()

/** A refusal as a client reads it: status, catalogue code, and each error's path with its rule (null: none). */
const answerOf = async (response: Response) => {
  const problem = await readJson(response, Problem)
  return {
    status: problem.status,
    code: problem.code,
    errors: (problem.errors ?? []).map((e) => [e.path.join('.'), e.rule ?? null]),
  }
}

/** The answer of a refusal naming one field, with the rule it broke (null when the API's cap refused it first). */
const refused = (path: string, rule: string | null) => ({ status: 400, code: 0, errors: [[path, rule]] })

const a = (n: number) => 'a'.repeat(n)
/** A well-formed e-mail address of `n` characters. */
const email = (n: number) => `${a(n - '@example.test'.length)}@example.test`
/** A web address of `n` characters. */
const website = (n: number) => `https://example.org/${a(n - 20)}`

type Case = readonly [body: Record<string, unknown>, path: string, rule: string | null]

describe('a body past a stated limit is answered as before: the domain’s rule, or the cap without one', () => {
  it('register, login, forgot and reset', async () => {
    const user = (extra: Record<string, unknown>) => ({
      user: {
        email: 'limits@example.test',
        password,
        firstName: 'Ona',
        lastName: 'Jonaitė',
        acceptRules: true,
        ...extra,
      },
    })
    const register: ReadonlyArray<Case> = [
      [{ email: email(255) }, 'payload.user.email', 'tooLong'],
      [{ email: email(1001) }, 'payload.user.email', null],
      [{ password: a(129) }, 'payload.user.password', 'passwordTooLong'],
      [{ password: a(1001) }, 'payload.user.password', null],
      [{ firstName: a(101) }, 'payload.user.firstName', 'tooLong'],
      [{ lastName: a(1001) }, 'payload.user.lastName', null],
    ]
    for (const [extra, path, rule] of register)
      expect(await answerOf(await sendJson('/api/v1/user/register', user(extra)))).toEqual(
        refused(path, rule),
      )

    // Login checks presence and length only, so that a wrong password is just 1000.
    const login: ReadonlyArray<Case> = [
      [{ email: email(255), password }, 'payload.email', 'required'],
      [{ email: email(1001), password }, 'payload.email', null],
      [{ email: 'limits@example.test', password: a(1025) }, 'payload.password', null],
    ]
    for (const [body, path, rule] of login)
      expect(await answerOf(await sendJson('/api/v1/user/login', body))).toEqual(refused(path, rule))

    expect(await answerOf(await sendJson('/api/v1/user/forgot', { email: email(255) }))).toEqual(
      refused('payload.email', 'tooLong'),
    )
    expect(await answerOf(await sendJson('/api/v1/user/reset/some-token', { password: a(129) }))).toEqual(
      refused('payload.password', 'passwordTooLong'),
    )
  })

  it('an organiser application and every profile change kind', async () => {
    await signedInAdmin()
    const { token } = await signedIn('limits-organiser@example.test')
    const apply = (extra: Record<string, unknown>) =>
      sendJson(
        '/api/v1/user/register-organizer',
        {
          user: {
            kind: 'company',
            companyName: 'Club',
            companyCode: '123',
            countryCode: 'LT',
            phone: '+37060000001',
            ...extra,
          },
        },
        { headers: withSession(token) },
      )
    const application: ReadonlyArray<Case> = [
      [{ companyName: a(201) }, 'payload.user.companyName', 'tooLong'],
      [{ companyCode: a(41) }, 'payload.user.companyCode', 'tooLong'],
      [{ vatNumber: a(41) }, 'payload.user.vatNumber', 'tooLong'],
      [{ countryCode: 'lt' }, 'payload.user.countryCode', 'required'],
      [{ phone: 'x' }, 'payload.user.phone', 'phone'],
      [{ websiteUrl: website(501) }, 'payload.user.websiteUrl', 'tooLong'],
      [{ websiteUrl: a(1001) }, 'payload.user.websiteUrl', null],
    ]
    for (const [extra, path, rule] of application)
      expect(await answerOf(await apply(extra))).toEqual(refused(path, rule))

    // Accepted, so that the organiser's change kinds 8 to 14 reach their forms.
    expect((await apply({})).status).toBe(200)
    const decision = tokenOf(await world.sql.linkIn(adminEmail, 'accounts.organiserApplication'))
    expect((await request(`/api/v1/user/organizer/${decision}/3`)).status).toBe(200)

    const changes: ReadonlyArray<Case> = [
      [{ kind: 1, newPassword: a(129) }, 'payload.newPassword', 'passwordTooLong'],
      [{ kind: 1, currentPassword: a(1025), newPassword: 'New!Pass2026' }, 'payload.currentPassword', null],
      [{ kind: 2, phone: ' ' }, 'payload.phone', 'phone'],
      [{ kind: 3, description: a(251) }, 'payload.description', 'tooLong'],
      [{ kind: 3, description: a(5001) }, 'payload.description', null],
      [{ kind: 4, languages: Array.from({ length: 11 }, () => 'en') }, 'payload.languages', 'required'],
      [{ kind: 4, languages: ['english'] }, 'payload.languages', 'required'],
      [{ kind: 4, languages: [a(11)] }, 'payload.languages.0', null],
      [{ kind: 5, currencyId: 0 }, 'payload.currencyId', 'required'],
      [{ kind: 5, currencyId: 2 ** 31 }, 'payload.currencyId', 'required'],
      [{ kind: 6, idProvider: 2, idNumber: 'A1' }, 'payload.idProvider', 'required'],
      [{ kind: 6, idProvider: 1, idNumber: a(41) }, 'payload.idNumber', 'tooLong'],
      [{ kind: 7, email: email(255), currentPassword: password }, 'payload.email', 'tooLong'],
      [{ kind: 8, companyName: a(201) }, 'payload.companyName', 'tooLong'],
      [{ kind: 9, companyCode: a(41) }, 'payload.companyCode', 'tooLong'],
      [{ kind: 10, countryCode: 'LTU' }, 'payload.countryCode', 'required'],
      [{ kind: 11, vatNumber: a(41) }, 'payload.vatNumber', 'tooLong'],
      [{ kind: 12, websiteUrl: website(501) }, 'payload.websiteUrl', 'tooLong'],
      [{ kind: 12, websiteUrl: a(1001) }, 'payload.websiteUrl', null],
      [{ kind: 13, firstName: a(101) }, 'payload.firstName', 'tooLong'],
      [{ kind: 14, lastName: '' }, 'payload.lastName', 'required'],
    ]
    for (const [body, path, rule] of changes) {
      const response = await sendJson('/api/v1/user/profile', body, {
        method: 'PUT',
        headers: withSession(token),
      })
      expect([body.kind, await answerOf(response)]).toEqual([body.kind, refused(path, rule)])
    }
  })
})
