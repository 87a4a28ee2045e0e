import { AccountService, CurrentUser } from '@kibitz/accounts'
import { OrganiserId, type UserId } from '@kibitz/kernel'
import { Schema } from 'effect'
import { expect } from 'vitest'
import type { Orm } from '../../../testing/src/domain.ts'
import { RegisteredUser } from '../../src/api/UserApi.ts'
import { runDomain } from '../../src/server/runtime.server.ts'
import { Problem, readJson } from './api.ts'
import { cookieSet, sendJson, sessionCookieName, type TestDatabase, tokenOf } from './userApi.ts'

// Who calls the organiser's event API in tests: players, organisers of each status and the super user, all
// signed up and in through the API itself; only the organiser row is written with plain SQL.

export const actorPassword = 'Bridge!2026'

const OrganiserIdRows = Schema.Array(Schema.Struct({ id: OrganiserId }))

/**
 * Sign-in helpers over the test's database; `databases` is read when a helper runs (the test opens them in
 * beforeAll). `adminEmail` is the ADMIN_EMAIL the test set.
 */
export const eventActors = (
  databases: () => { readonly sql: TestDatabase; readonly orm: Orm },
  adminEmail: string,
) => {
  let sequence = 0
  let admin: { id: UserId; token: string; user: CurrentUser } | undefined

  /** A new active user signed in through the API; `setUp` runs before the login (e.g. an organiser row). */
  const signedIn = async (
    label: string,
    setUp: (userId: UserId) => Promise<void> = async () => {},
    email = `${label}-${++sequence}@example.test`,
  ): Promise<{ id: UserId; token: string; user: CurrentUser }> => {
    const registered = await sendJson('/api/v1/user/register', {
      user: { email, password: actorPassword, firstName: 'Ona', lastName: 'Jonaitė', acceptRules: true },
    })
    expect(registered.status).toBe(201)
    const { userId } = await readJson(registered, RegisteredUser)
    const token = tokenOf(await databases().sql.linkIn(email, 'accounts.activation'))
    await runDomain(AccountService.use((accounts) => accounts.activate(token)))
    await setUp(userId)
    const response = await sendJson('/api/v1/user/login', { email, password: actorPassword })
    expect(response.status).toBe(200)
    const user = await readJson(response, CurrentUser)
    const session = cookieSet(response, sessionCookieName)?.value
    if (!session) throw new Error('login set no session cookie')
    return { id: userId, token: session, user }
  }

  /** Inserts the organiser row of `userId` with `status` (3 accepted, 1 pending); returns its id. */
  const insertOrganiserFor = async (userId: UserId, status: number): Promise<OrganiserId> => {
    const rows = await databases()
      .orm.em.fork()
      .execute(
        'insert into organiser (user_id, status, type, name, created_at) values (?, ?, 2, ?, now()) returning id',
        [userId, status, `Club ${userId}`],
      )
    const [row] = Schema.decodeUnknownSync(OrganiserIdRows)(rows)
    if (!row) throw new Error('no organiser id returned')
    return row.id
  }

  /** A signed-in user with an organiser account of `status` (accepted by default). */
  const signedInOrganiser = async (status = 3) => {
    const made: { organiserId?: OrganiserId } = {}
    const signed = await signedIn('organiser', async (userId) => {
      made.organiserId = await insertOrganiserFor(userId, status)
    })
    if (made.organiserId === undefined) throw new Error('no organiser inserted')
    return { ...signed, organiserId: made.organiserId }
  }

  /** The super user (ADMIN_EMAIL with the admin role, as bootstrap makes it), signed in once. */
  const signedInAdmin = async () => {
    if (!admin) {
      const signed = await signedIn(
        'admin',
        (userId) => databases().sql.execute('update app_user set role = 2 where id = ?', [userId]),
        adminEmail,
      )
      expect(signed.user.isSuper).toBe(true)
      admin = signed
    }
    return admin
  }

  return { signedIn, signedInOrganiser, signedInAdmin }
}

/** Expects a problem with `status` and catalogue `code` (0 by default) that no cache may store; returns it. */
export const expectProblem = async (response: Response, status: number, code = 0) => {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  expect(response.headers.get('cache-control')).toBe('no-store')
  const problem = await readJson(response, Problem)
  expect(problem).toMatchObject({ status, code })
  return problem
}
