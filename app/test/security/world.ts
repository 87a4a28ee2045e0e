import '../../../testing/src/context.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openOrm } from '@kibitz/infra'
import {
  type EntryId,
  type EventId,
  type InterfaceLocale,
  OrganiserId,
  type TournamentId,
  type UserId,
} from '@kibitz/kernel'
import { RegistrationReceipt } from '@kibitz/registration'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { createServerEntry } from '@tanstack/react-start/server'
import { Schema } from 'effect'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import {
  type StripeTestServer,
  startStripeServer,
} from '../../../domains/registration/test/support/stripeServer.ts'
import { insertEntry, insertEvent, insertTournament, type Orm } from '../../../testing/src/domain.ts'
import { freshDatabase } from '../../../testing/src/prepare.ts'
import { disposeApiHandler, makeApiRequestHandler } from '../../src/api/handler.server.ts'
import { disposeRuntime } from '../../src/server/runtime.server.ts'
import { readJson } from '../support/api.ts'
import { eventActors } from '../support/eventActors.ts'
import {
  type OpenRegistration,
  openRegistration,
  player,
  registerBody,
} from '../support/registrationFixtures.ts'
import { openTestDatabase, sendJson, type TestDatabase } from '../support/userApi.ts'

// The world every fuzz file meets (each file its own, in its own database): the callers (anonymous, a player,
// the accepted organiser who owns the seeded events), the events and tournaments their calls name, an open
// tournament with a registration's status link, Stripe and the social providers as a local server that refuses
// them, and the bookkeeping of a run (time limits, statuses reached, inputs sent).
// FUZZ_RUNS (runs per operation, form, function or route and caller; 30), FUZZ_SEED and FUZZ_TIMEOUT_MS tune
// every file; the seed is fixed by default so CI is deterministic, and fast-check prints the seed and path of any
// counterexample to replay it.

export const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw)
  return Number.isSafeInteger(value) ? value : fallback
}
export const runs = Math.max(1, envNumber('FUZZ_RUNS', 30))
export const seed = envNumber('FUZZ_SEED', 20_261_125)
export const callTimeoutMs = Math.max(100, envNumber('FUZZ_TIMEOUT_MS', 5000))

export const publicUrl = 'http://localhost'
export const adminEmail = 'admin@example.test'
export const webhookSecret = 'whsec_kibitz_fuzz'
export const stripeKey = 'sk_test_kibitz_fuzz'

// ---------------------------------------------------------------------------------------------------------
// The world the calls meet: callers, their events, an open tournament, a registration's status token

export type Role = 'anonymous' | 'player' | 'organiser'
export const roles: ReadonlyArray<Role> = ['anonymous', 'player', 'organiser']

export interface Caller {
  readonly id: UserId
  readonly email: string
  readonly token: string
  readonly organiserId: OrganiserId | null
}

export interface OwnEvents {
  readonly draftId: EventId
  readonly draftAlias: string
  readonly acceptedId: EventId
  readonly acceptedAlias: string
  readonly tournamentIds: ReadonlyArray<TournamentId>
  readonly tournamentAliases: ReadonlyArray<string>
  readonly ticketIds: ReadonlyArray<number>
  readonly entryIds: ReadonlyArray<EntryId>
}

/**
 * The app's catalogue of `locale` compiled as the Lingui Vite plugin compiles it for the web build (as in
 * api.test.ts): tests run without that plugin, so the default handler cannot import the .po files.
 */
const appCatalogue = async (locale: InterfaceLocale): Promise<Messages> => {
  const config = getConfig({ configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)) })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('the app has no Lingui catalogue')
  const { messages } = await catalog.getTranslations(locale, {
    sourceLocale: config.sourceLocale,
    fallbackLocales: config.fallbackLocales,
  })
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]))
}

/** The API as the web app serves it, with every interface language's names. */
export const api = makeApiRequestHandler(appCatalogue)
export const request = (url: string, init?: RequestInit) =>
  api.handle(new Request(`http://localhost${url}`, init))

let db: { url: string; drop: () => Promise<void> }
export let sql: TestDatabase
export let orm: Orm
export let stripe: StripeTestServer
let dataDir: string
export let organiser: Caller
export let playerCaller: Caller
export let open: OpenRegistration
export let statusToken: string
export let own: OwnEvents
export let samples: ReadonlyArray<Uint8Array> = []
/** Unhandled rejections while a test runs, as their stacks (each test starts with none). */
export const unhandled: Array<string> = []
const recordUnhandled = (reason: unknown) => {
  unhandled.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason))
}

const { signedIn } = eventActors(() => ({ sql, orm }), adminEmail)

const OrganiserIdRows = Schema.Array(Schema.Struct({ id: OrganiserId }))

let sequence = 0

/** Fresh events of the organiser's, as each test starts with (a run may have deleted or changed the last ones). */
export const reseed = async (): Promise<void> => {
  if (organiser.organiserId === null) throw new Error('the fuzz organiser has no organiser account')
  own = await seedOwnEvents(organiser.organiserId)
}

/** A signed-in caller; an accepted organiser when `asOrganiser`. */
const caller = async (asOrganiser: boolean): Promise<Caller> => {
  const email = `fuzz-${asOrganiser ? 'organiser' : 'player'}-${++sequence}@example.test`
  let organiserId: OrganiserId | null = null
  const signed = await signedIn(
    'fuzz',
    async (userId) => {
      if (!asOrganiser) return
      const [row] = Schema.decodeUnknownSync(OrganiserIdRows)(
        await orm.em
          .fork()
          .execute(
            "insert into organiser (user_id, status, type, name, created_at) values (?, 3, 2, 'Fuzz Club', now()) returning id",
            [userId],
          ),
      )
      organiserId = row?.id ?? null
    },
    email,
  )
  return { id: signed.id, email, token: signed.token, organiserId }
}

/** Fresh events of the organiser's for one operation: a draft and a public one with two tournaments and entries. */
const seedOwnEvents = async (organiserId: OrganiserId): Promise<OwnEvents> => {
  const n = ++sequence
  const location = [
    { name: 'Bridge Club', addressLine: 'Gedimino pr. 1, Vilnius', shortAddressLine: 'Vilnius' },
  ]
  const common = {
    organiserId,
    name: `Fuzz Cup ${n}`,
    dateStart: '2030-05-10',
    dateEnd: '2030-05-12',
    countryCode: 'LT',
    currencyCode: 'EUR',
    timeZone: 'Europe/Vilnius',
    paymentBeneficiary: 'Fuzz Club',
    paymentIban: 'LT121000011101001000',
    paymentBic: 'CBVILT2X',
    locations: location,
  }
  const draftAlias = `fuzz-draft-${n}`
  const acceptedAlias = `fuzz-open-${n}`
  const draftId = await insertEvent(orm, { ...common, alias: draftAlias, state: 'draft' })
  const acceptedId = await insertEvent(orm, { ...common, alias: acceptedAlias, state: 'accepted' })
  const tournament = (eventId: EventId, alias: string) =>
    insertTournament(orm, {
      eventId,
      alias,
      startDate: '2030-05-10',
      startTime: '10:00',
      type: 1,
      hasRegistration: true,
      isRegistrationEnabled: true,
      registrationStartAt: '2020-01-01T00:00:00Z',
      registrationEndAt: '2030-05-09T18:00:00Z',
      tickets: [
        { priceMinor: 4000, quantity: 50 },
        { priceMinor: 0, quantity: 10 },
      ],
    })
  const aliases = [`fuzz-pairs-${n}`, `fuzz-teams-${n}`, `fuzz-draft-pairs-${n}`]
  const tournaments = [
    await tournament(acceptedId, aliases[0] ?? ''),
    await tournament(acceptedId, aliases[1] ?? ''),
    await tournament(draftId, aliases[2] ?? ''),
  ]
  const entryIds: Array<EntryId> = []
  for (const [i, status] of ['pending', 'confirmed', 'canceled'].entries()) {
    const t = tournaments[i % 2]
    if (!t) continue
    entryIds.push(
      await insertEntry(orm, {
        tournamentId: t.id,
        status,
        ticketId: t.ticketIds[0] ?? null,
        contestants: [
          { firstName: 'Ona', lastName: 'Fuzz', email: `ona-${n}@example.test`, countryCode: 'LT' },
          { firstName: 'Jan', lastName: 'Fuzz', email: `jan-${n}@example.test`, countryCode: 'PL' },
        ],
      }),
    )
  }
  return {
    draftId,
    draftAlias,
    acceptedId,
    acceptedAlias,
    tournamentIds: tournaments.map((t) => t.id),
    tournamentAliases: aliases,
    ticketIds: tournaments.flatMap((t) => t.ticketIds),
    entryIds,
  }
}

/**
 * Registers the world's set-up and tear-down in the calling test file: its own database, callers, an open
 * tournament with a registration's status link, a local Stripe and file store; at the end, the count of inputs
 * the file sent (and with FUZZ_STATS=1 the statuses reached).
 */
export const useWorld = (label: string) => {
  beforeAll(async () => {
    started = performance.now()
    process.on('unhandledRejection', recordUnhandled)
    db = await freshDatabase(inject('databaseUrl'))
    sql = await openTestDatabase(db.url, publicUrl)
    orm = await openOrm(db.url, { poolMax: 2 })
    stripe = await startStripeServer({ secretKey: stripeKey, webhookSecret })
    dataDir = mkdtempSync(path.join(tmpdir(), 'kibitz-fuzz-'))
    process.env.DATABASE_URL = db.url
    process.env.PUBLIC_URL = publicUrl
    process.env.ADMIN_EMAIL = adminEmail
    process.env.STORAGE = 'local'
    process.env.DATA_DIR = dataDir
    process.env.STRIPE_SECRET_KEY = stripeKey
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret
    process.env.STRIPE_API_BASE = stripe.url
    // Social providers whose every endpoint is a server answering errors (the local Stripe): sign-in starts,
    // and callbacks and access tokens meet a provider that refuses them, never the internet.
    for (const provider of ['GOOGLE', 'FACEBOOK', 'VK']) {
      process.env[`${provider}_CLIENT_ID`] = 'fuzz-client'
      process.env[`${provider}_CLIENT_SECRET`] = 'fuzz-secret'
      process.env[`${provider}_AUTH_URL`] = `${stripe.url}/authorize`
      process.env[`${provider}_TOKEN_URL`] = `${stripe.url}/token`
      process.env[`${provider}_USERINFO_URL`] = `${stripe.url}/userinfo`
    }
    process.env.GOOGLE_TOKENINFO_URL = `${stripe.url}/tokeninfo`
    process.env.FACEBOOK_TOKENINFO_URL = `${stripe.url}/debug_token`
    process.env.VK_TOKENINFO_URL = `${stripe.url}/introspect`
    await sql.execute(
      "insert into country (code, name) values ('LT', 'Lithuania'), ('PL', 'Poland') on conflict do nothing",
    )
    await sql.execute(
      "insert into currency (code, name, symbol, is_popular) values ('EUR', 'Euro', '€', true) on conflict do nothing",
    )
    organiser = await caller(true)
    playerCaller = await caller(false)
    open = await openRegistration(orm)
    const registered = await sendJson(
      `/api/v1/tournament/${open.tournamentId}/register`,
      registerBody([player(1, open.ticketId)], 4000, 'card'),
    )
    expect(registered.status).toBe(201)
    statusToken = (await readJson(registered, RegistrationReceipt)).statusToken
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer()
    samples = [
      new Uint8Array(png),
      new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    ]
  })

  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`fuzz ${label}: ${inputs.sent} inputs in ${seconds} s`)
    if (process.env.FUZZ_STATS === '1')
      for (const [key, byStatus] of stats)
        console.log(
          `${key}: ${[...byStatus]
            .map(([s, n]) => `${s}×${n}`)
            .sort()
            .join(' ')}`,
        )
    process.off('unhandledRejection', recordUnhandled)
    await api.dispose()
    await disposeApiHandler()
    await disposeRuntime()
    await stripe?.close().catch(() => {})
    await orm?.close(true)
    await sql?.close()
    await db?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })
}

/**
 * Sessions a call ended (logout, a login replacing it, X-User-Id mismatch) are restored, and an organiser who
 * re-applied is accepted again, so every run meets the same callers.
 */
export const restoreCallers = () =>
  sql.execute(
    "update user_session set revoked_at = null, expires_at = now() + interval '1 day' where user_id in (?, ?); " +
      'update organiser set status = 3 where id = ?',
    [organiser.id, playerCaller.id, organiser.organiserId ?? 0],
  )

// ---------------------------------------------------------------------------------------------------------
// Answers within a time limit, the statuses reached

/** An answer, or the reason it is not one (a rejection, or no answer within the time limit). */
export const within = async <A>(promise: Promise<A>, what: string): Promise<A> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${callTimeoutMs} ms`)),
      callTimeoutMs,
    )
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Inputs sent so far by this file (each call, form post, page request or validator run counts once). */
export const inputs = { sent: 0 }
let started = 0

/** With FUZZ_STATS=1, the statuses each operation and caller got, printed at the end (how deep the runs went). */
export const stats = new Map<string, Map<number | string, number>>()
export const count = (key: string, status: number | string) => {
  inputs.sent++
  const byStatus = stats.get(key) ?? new Map<number | string, number>()
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  stats.set(key, byStatus)
}

export const excerpt = (text: string) => (text.length > 800 ? `${text.slice(0, 800)}…` : text)

/** Runs `handle` for `request` inside Start's request scope, as the router does; a throw is recorded. */
export const inStartScope = async (
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<{ readonly response: Response; readonly thrown: unknown }> => {
  let thrown: unknown
  const entry = createServerEntry({
    fetch: async (r: Request) => {
      try {
        return await handle(r)
      } catch (error) {
        thrown = error
        throw error
      }
    },
  })
  const response = await entry.fetch(request)
  return { response, thrown }
}

/** A redirect target on this site: a path, never `//host` or `/\host`. */
export const isSameSite = (location: string) => /^\/(?![/\\])/.test(location)
