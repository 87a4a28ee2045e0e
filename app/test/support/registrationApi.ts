import { RegistrationReceipt } from '@kibitz/registration'
import { Schema } from 'effect'
import { expect } from 'vitest'
import { readJson, request } from './api.ts'
import { adminEmail, useApiWorld } from './apiWorld.ts'
import { eventActors } from './eventActors.ts'
import { countOf, type OpenRegistration, player, registerBody } from './registrationFixtures.ts'
import { sendJson } from './userApi.ts'

// The set-up the registration API tests share (api-registration*.test.ts): the API world with a local Stripe,
// who asks, the registration calls and the rows they leave.

export const webhookSecret = 'whsec_kibitz_api_test'

const EntryRow = Schema.Struct({
  status: Schema.String,
  user_id: Schema.NullOr(Schema.Number),
  paid: Schema.Boolean,
})

/** The set-up of a registration API test file; call at the top level of the file. */
export const useRegistrationApi = () => {
  const world = useApiWorld({ poolMax: 2, stripe: { secretKey: 'sk_test_kibitz', webhookSecret } })

  const { signedIn, signedInOrganiser } = eventActors(() => world, adminEmail)

  // ---------------------------------------------------------------------------------------------------------
  // Calls

  const formPath = (t: OpenRegistration) =>
    `/api/v1/tournament/${t.tournamentAlias}/register-tournament-data/${t.eventAlias}`

  const register = (t: OpenRegistration, body: unknown, headers: Record<string, string> = {}) =>
    sendJson(`/api/v1/tournament/${t.tournamentId}/register`, body, { headers })

  /** Registers `n`'s player on the tournament's ticket at 4000; answers the receipt. */
  const registered = async (
    t: OpenRegistration,
    n: number,
    method: 'bankTransfer' | 'card' = 'bankTransfer',
    priceMinor = 4000,
  ) => {
    const response = await register(t, registerBody([player(n, t.ticketId)], priceMinor, method))
    expect(response.status).toBe(201)
    return readJson(response, RegistrationReceipt)
  }

  const statusOf = (token: string) =>
    request(`/api/v1/registration/status?token=${encodeURIComponent(token)}`)

  const entryRows = (tournamentId: number) =>
    countOf(world.orm, 'select count(*) as count from entry where tournament_id = ?', [tournamentId])

  const registrationMails = (to: string, kind = 'registration.received') =>
    countOf(world.orm, 'select count(*) as count from mail_outbox where recipient = ? and kind = ?', [
      to,
      kind,
    ])

  const entryRow = async (entryId: number) => {
    const rows = await world.orm.em
      .fork()
      .execute('select status, user_id, paid_at is not null as paid from entry where id = ?', [entryId])
    return Schema.decodeUnknownSync(Schema.Array(EntryRow))(rows)[0]
  }

  const soldOf = async (ticketId: number) =>
    countOf(world.orm, 'select sold as count from ticket where id = ?', [ticketId])

  return {
    world,
    signedIn,
    signedInOrganiser,
    formPath,
    register,
    registered,
    statusOf,
    entryRows,
    registrationMails,
    entryRow,
    soldOf,
  }
}
