import '../../testing/src/context.ts'
import { openOrm } from '@kibitz/infra'
import { Schema } from 'effect'
import { serve } from 'srvx'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { disposeApiHandler, handleApiRequest } from '../src/api/handler.server.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { countOf, openRegistration, player, registerBody } from './support/registrationFixtures.ts'

// Never oversold: 500 players race for the 100 places of one tournament over real HTTP (a server on a free
// loopback port in front of the API handler, the app's one runtime with its pool of 10 connections, a fresh
// database). Exactly 100 get in; everyone else is told the tickets changed (3000, sold out); nothing fails.

const places = 100
const players = 500

let db: { url: string; drop: () => Promise<void> }
let orm: Orm
let server: ReturnType<typeof serve>
let origin: string

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
  process.env.DATABASE_URL = db.url
  process.env.PUBLIC_URL = 'http://localhost'
  server = serve({
    port: 0,
    hostname: '127.0.0.1',
    silent: true,
    gracefulShutdown: false,
    fetch: handleApiRequest,
  })
  await server.ready()
  origin = (server.url ?? '').replace(/\/$/, '')
})

afterAll(async () => {
  await server?.close(true)
  await disposeApiHandler()
  await disposeRuntime()
  await orm?.close(true)
  await db?.drop()
})

const Answer = Schema.Struct({
  code: Schema.optionalKey(Schema.Number),
  reason: Schema.optionalKey(Schema.String),
})

describe('POST v1/tournament/{id}/register under load', () => {
  it(`sells exactly ${places} places to ${players} concurrent players`, { timeout: 90_000 }, async () => {
    const t = await openRegistration(orm, { type: 3, priceMinor: 4000, quantity: places })
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: players }, async (_, i) => {
        const response = await fetch(`${origin}/api/v1/tournament/${t.tournamentId}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(registerBody([player(i + 1, t.ticketId)], 4000)),
        })
        const body = Schema.decodeUnknownSync(Answer)(await response.json())
        return { status: response.status, code: body.code, reason: body.reason }
      }),
    )
    const elapsed = Date.now() - started
    console.log(`${players} concurrent registrations answered in ${elapsed} ms`)

    const byStatus = Map.groupBy(answers, (a) => a.status)
    expect([...byStatus.keys()].sort()).toEqual([201, 409])
    expect(byStatus.get(201)).toHaveLength(places)
    const refused = byStatus.get(409) ?? []
    expect(refused).toHaveLength(players - places)
    expect(refused.every((a) => a.code === 3000 && a.reason === 'soldOut')).toBe(true)

    expect(await countOf(orm, 'select sold as count from ticket where id = ?', [t.ticketId])).toBe(places)
    expect(
      await countOf(orm, 'select count(*) as count from entry where tournament_id = ?', [t.tournamentId]),
    ).toBe(places)
    expect(
      await countOf(orm, "select count(*) as count from mail_outbox where kind = 'registration.received'"),
    ).toBe(places)
    // Each e-mail went to a player who got in.
    expect(
      await countOf(
        orm,
        `select count(*) as count from mail_outbox m join entry e on e.contact_email = m.recipient
         where m.kind = 'registration.received' and e.tournament_id = ?`,
        [t.tournamentId],
      ),
    ).toBe(places)
  })
})
