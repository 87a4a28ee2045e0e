import '../../testing/src/context.ts'
import { Schema } from 'effect'
import { beforeAll, describe, expect, it } from 'vitest'
import { UserProfile } from '../src/api/UserApi.ts'
import { readJson, request } from './support/api.ts'
import { adminEmail } from './support/apiWorld.ts'
import { sendJson, tokenOf, withSession } from './support/userApi.ts'
import { useUserApi } from './support/userWorld.ts'

// One shape per resource, for the profile: PUT v1/user/profile is a change-kind command whose reply is the read,
// GET v1/user/profile-data, so a client that changes its profile has the profile it would read next; and each
// kind's fields take the values the read answers, so sending them back changes nothing.

const { world, signedIn, signedInAdmin, profileData } = useUserApi()

// The currencies a profile may name are the reference data's.
beforeAll(async () => {
  await world.sql.execute(
    "insert into currency (code, name, symbol, is_popular) values ('EUR', 'Euro', '€', true), ('PLN', 'Polish zloty', 'zł', false)",
  )
})

/** A client's profile calls: the account in use named by X-Is-Organizer, as the reply's `account` depends on it. */
const client = (token: string, organiser: boolean) => {
  const headers = { 'x-is-organizer': String(organiser) }
  const read = async () => readJson(await profileData(token, headers), UserProfile)

  /** PUT `change`: its reply must be what the read answers next; the profiles before and after. */
  const change = async (body: Record<string, unknown>) => {
    const before = await read()
    const written = await sendJson('/api/v1/user/profile', body, {
      method: 'PUT',
      headers: withSession(token, headers),
    })
    expect(written.status).toBe(200)
    const reply: unknown = await written.json()
    const next = await profileData(token, headers)
    expect(next.status).toBe(200)
    const readBack: unknown = await next.json()
    expect([body.kind, reply]).toEqual([body.kind, readBack])
    return { before, after: Schema.decodeUnknownSync(UserProfile)(readBack) }
  }
  return { read, change }
}

/** The ids of the currencies the API lists. */
const currencyIds = async () =>
  (
    await readJson(
      await request('/api/v1/currency'),
      Schema.Array(Schema.Struct({ id: Schema.Int, code: Schema.String })),
    )
  ).map((c) => c.id)

describe('PUT v1/user/profile answers the profile GET v1/user/profile-data reads', () => {
  it('a player’s changes read back as written, each field in the form the profile keeps it', async () => {
    const { token } = await signedIn('roundtrip-player@example.test')
    const { change } = client(token, false)
    const [currencyId] = await currencyIds()
    if (currencyId === undefined) throw new Error('no currency listed')

    const phone = await change({ kind: 2, phone: '+370 600 00000' })
    // Stored as the number alone, as the web form stores it.
    expect(phone.after).toEqual({ ...phone.before, phone: '+37060000000' })

    const about = await change({ kind: 3, description: 'Plays on Tuesdays' })
    expect(about.after).toEqual({ ...about.before, description: 'Plays on Tuesdays' })

    const languages = await change({ kind: 4, languages: ['lt', 'en', 'lt'] })
    expect(languages.after).toEqual({ ...languages.before, languages: ['lt', 'en'] })

    const currency = await change({ kind: 5, currencyId })
    expect(currency.after).toEqual({ ...currency.before, currencyId })

    const id = await change({ kind: 6, idProvider: 1, idNumber: 'AB123456' })
    expect(id.after).toEqual({ ...id.before, idProvider: 1, idNumber: 'AB123456' })
  })

  it('an organiser’s changes read back in its organiser account', async () => {
    await signedInAdmin()
    const { token } = await signedIn('roundtrip-club@example.test')
    const applied = await sendJson(
      '/api/v1/user/register-organizer',
      {
        user: {
          kind: 'company',
          companyName: 'Bridge Club',
          companyCode: '123456',
          countryCode: 'LT',
          phone: '+37060000003',
        },
      },
      { headers: withSession(token) },
    )
    expect(applied.status).toBe(200)
    const decision = tokenOf(await world.sql.linkIn(adminEmail, 'accounts.organiserApplication'))
    expect((await request(`/api/v1/user/organizer/${decision}/3`)).status).toBe(200)
    const { change } = client(token, true)

    const organiserOf = (profile: UserProfile) => {
      const organiser = profile.user.organizer
      if (organiser === null) throw new Error('no organiser account')
      return organiser
    }
    /** `profile` with these fields of its organiser account changed. */
    const withOrganiser = (profile: UserProfile, fields: Partial<ReturnType<typeof organiserOf>>) => ({
      ...profile,
      user: { ...profile.user, organizer: { ...organiserOf(profile), ...fields } },
    })

    // A company's name is its organiser account's name.
    const name = await change({ kind: 8, companyName: 'Baltic Bridge Club' })
    expect(name.after.account).toBe('organiser')
    expect(name.after).toEqual(withOrganiser(name.before, { name: 'Baltic Bridge Club' }))

    const country = await change({ kind: 10, countryCode: 'PL' })
    expect(country.after).toEqual(withOrganiser(country.before, { countryCode: 'PL' }))

    // Typed without a scheme, the address is kept with https:// in front.
    const website = await change({ kind: 12, websiteUrl: 'club.example.org' })
    expect(website.after).toEqual(withOrganiser(website.before, { websiteUrl: 'https://club.example.org' }))
  })
})

describe('each change kind takes the values the read answers', () => {
  it('sent back unchanged, the profile stays as it was read', async () => {
    const { token } = await signedIn('roundtrip-back@example.test')
    const player = client(token, false)
    const [currencyId] = await currencyIds()
    if (currencyId === undefined) throw new Error('no currency listed')
    for (const body of [
      { kind: 2, phone: '+48 600 123 456' },
      { kind: 3, description: 'Teams and pairs' },
      { kind: 4, languages: ['pl', 'en'] },
      { kind: 5, currencyId },
      { kind: 6, idProvider: 1, idNumber: 'XY987' },
    ])
      await player.change(body)

    const read = await player.read()
    const backs = [
      { kind: 2, phone: read.phone },
      { kind: 3, description: read.description },
      { kind: 4, languages: read.languages },
      { kind: 5, currencyId: read.currencyId },
      { kind: 6, idProvider: read.idProvider, idNumber: read.idNumber },
    ]
    for (const back of backs) {
      const { before, after } = await player.change(back)
      expect([back.kind, after]).toEqual([back.kind, before])
    }
    expect(await player.read()).toEqual(read)
  })
})
