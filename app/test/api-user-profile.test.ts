import '../../testing/src/context.ts'
import { CurrentUser, OrganiserApplicationView } from '@kibitz/accounts'
import { describe, expect, it } from 'vitest'
import { UserProfile } from '../src/api/UserApi.ts'
import { readJson, request } from './support/api.ts'
import { adminEmail } from './support/apiWorld.ts'
import { expectProblem } from './support/eventActors.ts'
import { sendJson, tokenOf, withSession } from './support/userApi.ts'
import { password, useUserApi } from './support/userWorld.ts'

// The profile, organiser applications and event creators of the REST API v1 against a real PostgreSQL
// (set-up: support/userWorld.ts).

const { world, signedIn, signedInAdmin, profileData } = useUserApi()

describe('PUT /api/v1/user/profile', () => {
  it('changes the phone and answers the profile', async () => {
    const { token } = await signedIn('phone@example.test')
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 2, phone: '+37060000000' },
      { method: 'PUT', headers: withSession(token) },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await readJson(response, UserProfile)).phone).toBe('+37060000000')
  })

  it('refuses a password change with a wrong current password with 400 and code 1008', async () => {
    const { token } = await signedIn('secret@example.test')
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 1, currentPassword: 'Wrong!2026', newPassword: 'New!Pass2026' },
      { method: 'PUT', headers: withSession(token) },
    )
    const problem = await expectProblem(response, 400, 1008)
    expect(problem.errors?.map((e) => e.field)).toEqual(['currentPassword'])
  })

  it('refuses an e-mail change of the configured super user with 403 and code 1015', async () => {
    const admin = await signedInAdmin()
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 7, email: 'other@example.test', currentPassword: password },
      { method: 'PUT', headers: withSession(admin.token) },
    )
    await expectProblem(response, 403, 1015)
  })

  it('refuses an unknown kind with 400 and code 0', async () => {
    const { token } = await signedIn('kind@example.test')
    const response = await sendJson(
      '/api/v1/user/profile',
      { kind: 15 },
      { method: 'PUT', headers: withSession(token) },
    )
    await expectProblem(response, 400, 0)
  })
})

describe('organiser applications', () => {
  it('registers a pending organiser, and the e-mailed link accepts it', async () => {
    await signedInAdmin()
    const { token } = await signedIn('club@example.test')
    const applied = await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'individual',
          firstName: 'Ona',
          lastName: 'Club',
          countryCode: 'LT',
          phone: '+37060000001',
        },
      },
      { headers: withSession(token) },
    )
    expect(applied.status).toBe(200)
    expect(await readJson(applied, CurrentUser)).toMatchObject({
      hasOrganizer: true,
      isOrganizer: false,
      organizerStatus: 1,
    })
    const link = await world.sql.linkIn(adminEmail, 'accounts.organiserApplication')
    expect(link).toMatch(/^\/register-organizer\/status\/3\//)
    const decision = tokenOf(link)
    const decided = await request(`/api/v1/user/organizer/${decision}/3`)
    expect(decided.status).toBe(200)
    expect(decided.headers.get('cache-control')).toBe('no-store')
    expect(await readJson(decided, OrganiserApplicationView)).toMatchObject({ status: 3, name: 'Ona Club' })
    const profile = await readJson(await profileData(token, { 'x-is-organizer': 'true' }), UserProfile)
    expect(profile.user.isOrganizer).toBe(true)
    expect(profile.account).toBe('organiser')
    // The first decision stands.
    const again = await readJson(
      await request(`/api/v1/user/organizer/${decision}/2`),
      OrganiserApplicationView,
    )
    expect(again.status).toBe(3)
  })

  it('names invalid application fields under user', async () => {
    const { token } = await signedIn('badclub@example.test')
    const response = await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'company',
          companyName: 'Club',
          companyCode: '123',
          countryCode: 'Lithuania',
          phone: 'x',
        },
      },
      { headers: withSession(token) },
    )
    const problem = await expectProblem(response, 400, 0)
    expect(problem.errors?.map((e) => e.path.join('.')).sort()).toEqual([
      'payload.user.countryCode',
      'payload.user.phone',
    ])
  })

  it('refuses an unknown decision link with 410 and code 1013, and a status other than 2 or 3 with 400', async () => {
    await expectProblem(await request('/api/v1/user/organizer/unknown-token/3'), 410, 1013)
    await expectProblem(await request('/api/v1/user/organizer/unknown-token/1'), 400, 0)
  })

  it('needs a session to apply', async () => {
    const response = await sendJson('/api/v1/user/register-organizer', {
      user: { kind: 'individual', firstName: 'A', lastName: 'B', countryCode: 'LT', phone: '+37060000001' },
    })
    await expectProblem(response, 401, 0)
  })
})

describe('GET /api/v1/user/event-creators', () => {
  it('is refused with 403 to anyone but the super user', async () => {
    const { token } = await signedIn('creator@example.test')
    await expectProblem(
      await request('/api/v1/user/event-creators/', { headers: withSession(token) }),
      403,
      0,
    )
    await expectProblem(await request('/api/v1/user/event-creators/'), 401, 0)
  })

  it('lists the accepted organisers to the super user', async () => {
    const admin = await signedInAdmin()
    const { token } = await signedIn('creator-club@example.test')
    await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'individual',
          firstName: 'Rūta',
          lastName: 'Creator',
          countryCode: 'LT',
          phone: '+37060000002',
        },
      },
      { headers: withSession(token) },
    )
    const listed = async () => {
      const response = await request('/api/v1/user/event-creators', { headers: withSession(admin.token) })
      expect(response.status).toBe(200)
      const body: unknown = await response.json()
      return Array.isArray(body)
        ? body.map((c: unknown) => (typeof c === 'object' && c && 'name' in c ? c.name : null))
        : []
    }
    // A pending application does not create events yet.
    expect(await listed()).not.toContain('Rūta Creator')
    const link = await world.sql.linkIn(adminEmail, 'accounts.organiserApplication')
    await request(`/api/v1/user/organizer/${tokenOf(link)}/3`)
    expect(await listed()).toContain('Rūta Creator')
  })
})
