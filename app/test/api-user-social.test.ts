import '../../testing/src/context.ts'
import { CurrentUser, SocialProvider } from '@kibitz/accounts'
import { describe, expect, it } from 'vitest'
import { UserProfile } from '../src/api/UserApi.ts'
import { readJson } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { cookieSet, sendJson, sessionCookieName, withSession } from './support/userApi.ts'
import { useUserApi } from './support/userWorld.ts'

// Social accounts through the REST API v1 against a real PostgreSQL and a real OpenID provider on loopback
// standing in for Facebook, Google and VK ID (set-up: support/userWorld.ts).

const { world, signedIn, profileData, codeFrom, accessTokenFor, otherAppTokenFor } = useUserApi()

describe('social accounts', () => {
  it('signs in with VK ID, creating the account when the rules are accepted', async () => {
    const response = await sendJson('/api/v1/user/login-vk', {
      ...(await codeFrom(SocialProvider.vk, 'ann')),
      acceptRules: true,
    })
    expect(response.status).toBe(200)
    expect(await readJson(response, CurrentUser)).toMatchObject({
      email: 'ann@example.test',
      firstName: 'Ann',
    })
    const token = cookieSet(response, sessionCookieName)?.value ?? ''
    expect((await readJson(await profileData(token), UserProfile)).socialProviders).toEqual([
      SocialProvider.vk,
    ])
    // Known now: no rules needed to sign in again.
    const again = await sendJson('/api/v1/user/login-vk', await codeFrom(SocialProvider.vk, 'ann'))
    expect(again.status).toBe(200)
  })

  it('needs the rules for a new account (1007) and refuses a token the provider never issued (1005)', async () => {
    const authToken = await accessTokenFor(SocialProvider.google, 'ona')
    await expectProblem(await sendJson('/api/v1/user/login-google', { authToken }), 400, 1007)
    const created = await sendJson('/api/v1/user/login-google', { authToken, acceptRules: true })
    expect(created.status).toBe(200)
    expect(cookieSet(created, sessionCookieName)?.value).toMatch(/\S/)
    await expectProblem(
      await sendJson('/api/v1/user/login-fb', { fbData: { accessToken: 'forged' } }),
      400,
      1005,
    )
  })

  it('refuses (1005) a Google token the provider issued to another app, though its userinfo accepts it', async () => {
    // Ona signs in here with Google; another site she also signed in to holds a token for her.
    const own = await accessTokenFor(SocialProvider.google, 'ona')
    expect((await sendJson('/api/v1/user/login-google', { authToken: own, acceptRules: true })).status).toBe(
      200,
    )
    const stolen = await otherAppTokenFor('ona')
    const userInfo = await fetch(world.oidc.userInfoUrl, { headers: { authorization: `Bearer ${stolen}` } })
    expect(userInfo.status).toBe(200)

    const response = await sendJson('/api/v1/user/login-google', { authToken: stolen })

    await expectProblem(response, 400, 1005)
    expect(cookieSet(response, sessionCookieName)).toBeUndefined()
  })

  it('connects and disconnects a provider for the signed-in user', async () => {
    const { token } = await signedIn('carol@example.test')
    const headers = withSession(token)
    const accessToken = await accessTokenFor(SocialProvider.google, 'carol')
    const body = { token: accessToken, provider: SocialProvider.google }
    expect((await sendJson('/api/v1/user/connect-social', body, { headers })).status).toBe(204)
    expect((await readJson(await profileData(token), UserProfile)).socialProviders).toEqual([
      SocialProvider.google,
    ])
    await expectProblem(await sendJson('/api/v1/user/connect-social', body, { headers }), 409, 1010)
    const out = await sendJson(
      '/api/v1/user/disconnect-social',
      { provider: SocialProvider.google },
      { headers },
    )
    expect(out.status).toBe(204)
    expect((await readJson(await profileData(token), UserProfile)).socialProviders).toEqual([])
    await expectProblem(
      await sendJson('/api/v1/user/disconnect-social', { provider: 4 }, { headers }),
      400,
      0,
    )
  })
})
