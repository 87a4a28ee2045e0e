import '../../../testing/src/context.ts'
import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  CompanyApplication,
  ForgotInput,
  IndividualApplication,
  LoginInput,
  profileChangeForms,
  ResetInput,
  SignUpInput,
} from '@kibitz/accounts'
import { EventAction } from '@kibitz/events/input'
import { openOrm } from '@kibitz/infra'
import type { InterfaceLocale } from '@kibitz/kernel'
import { RegistrationReceipt } from '@kibitz/registration'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { createServerEntry } from '@tanstack/react-start/server'
import { runWithStartContext } from '@tanstack/start-storage-context'
import { Schema } from 'effect'
import { OpenApi } from 'effect/http-api'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import {
  type StripeTestServer,
  startStripeServer,
} from '../../../domains/registration/test/support/stripeServer.ts'
import { insertEntry, insertEvent, insertTournament, type Orm } from '../../../testing/src/domain.ts'
import { freshDatabase } from '../../../testing/src/prepare.ts'
import { Api } from '../../src/api/Api.ts'
import { disposeApiHandler, makeApiRequestHandler } from '../../src/api/handler.server.ts'
import { emptyContestant, fieldName } from '../../src/components/registration/pricing.ts'
import { Route as CookieConsentRoute } from '../../src/routes/cookie-consent.ts'
import { Route as LanguageRoute } from '../../src/routes/lang.$code.ts'
import { Route as SearchRoute } from '../../src/routes/search.ts'
import {
  activateAccount,
  checkResetLink,
  fetchAccountLookups,
  fetchEmailChange,
  fetchFormState,
  fetchOrganiserDecision,
  fetchOwnEvents,
  fetchProfileData,
  fetchPublicOrganiser,
  fetchPublicProfile,
} from '../../src/server/account.functions.ts'
import {
  activate,
  checkReset,
  emailChange,
  lookups,
  organiserDecision,
  ownProfile,
  publicOrganiser,
  publicProfile,
} from '../../src/server/account.server.ts'
import {
  registerPost as accountRegisterPost,
  accountSwitchPost,
  avatarPost,
  confirmEmailPost,
  forgotPost,
  loginPost,
  logoutPost,
  organiserApplicationPost,
  organiserDecisionPost,
  profileChangePost,
  resetPost,
  socialCallbackGet,
  socialDisconnectPost,
  socialStartPost,
} from '../../src/server/accountForms.server.ts'
import {
  fetchEvent,
  fetchHome,
  fetchLiveScore,
  fetchMoreEvents,
  fetchPlayerList,
  fetchSearch,
} from '../../src/server/catalogue.functions.ts'
import {
  eventData,
  homeData,
  liveScoreData,
  moreEventsData,
  playerListData,
  searchData,
} from '../../src/server/catalogue.server.ts'
import {
  createEventDraft,
  fetchEditorData,
  fetchEditorFiles,
  fetchEditorTournament,
  fetchEditorTournaments,
  fetchEventCreators,
  removeTournamentFn,
  reorderTournamentsFn,
  runEventAction,
  saveEventPart,
  saveTournamentFn,
} from '../../src/server/eventEditor.functions.ts'
import {
  creatableFor,
  createEvent,
  editorData,
  editorFiles,
  editorTournament,
  editorTournaments,
  eventAction,
  filesPost,
  galleryPost,
  removeTournament,
  reorderTournaments,
  saveTournament,
  updateEvent,
} from '../../src/server/eventEditor.server.ts'
import { fetchOutbox } from '../../src/server/outbox.functions.ts'
import { outboxData } from '../../src/server/outbox.server.ts'
import { ownEvents } from '../../src/server/ownEvents.server.ts'
import {
  fetchEntry,
  fetchRegistrationForm,
  fetchRules,
  registerEntry,
} from '../../src/server/registration.functions.ts'
import {
  entryData,
  payByCardPost,
  register,
  registrationFormData,
  registerPost as registrationPost,
  requestKeyField,
  rulesData,
} from '../../src/server/registration.server.ts'
import { fetchRegistrations, runEntryAction } from '../../src/server/registrations.functions.ts'
import {
  type EntryAction,
  entryAction,
  registrationsCsv,
  registrationsPage,
} from '../../src/server/registrations.server.ts'
import { fetchRequestContext } from '../../src/server/request.functions.ts'
import { requestContext, takeFormState } from '../../src/server/request.server.ts'
import { disposeRuntime } from '../../src/server/runtime.server.ts'
import { readJson } from '../support/api.ts'
import { generalInformationBody, tournamentBody } from '../support/editorBodies.ts'
import { actorPassword, eventActors } from '../support/eventActors.ts'
import {
  type OpenRegistration,
  openRegistration,
  player,
  registerBody,
} from '../support/registrationFixtures.ts'
import { openTestDatabase, sendJson, sessionCookieName, type TestDatabase } from '../support/userApi.ts'
import {
  anyString,
  type Body,
  fileBytes,
  headerSafe,
  JsonSchema,
  jsonBodies,
  junkValue,
  mutated,
  nastyNumbers,
  nastyStrings,
  type Pools,
  type ShapeContext,
  shaped,
  uploadBodies,
} from './arbitraries.ts'

// Property-based fuzzing of every input edge of the app, in three parts:
// - every REST API v1 operation the OpenAPI document lists (enumerated from the document, so a new operation is
//   fuzzed without a change here): path, query, header and body values generated from the document's JSON
//   Schemas (valid-shaped, boundary, hostile, mutations of known valid payloads) and plain junk (random JSON,
//   broken JSON, wrong content types, empty bodies, random bytes, broken multipart), sent anonymously, as a
//   player and as the accepted organiser who owns the seeded events. The property: never a 5xx, every 4xx a
//   problem+json whose `status` is the HTTP status with a numeric `code`, an answer within a few seconds;
// - the form posts and plain GET handlers of the server routes (fields from the domain schemas that decode
//   them), called with a Request in Start's request scope: never a throw (a 500), never a 5xx, never a
//   redirect off the site;
// - the server functions: their own validators decide, and what they accept never makes the server code throw.
// No unhandled rejection may happen meanwhile. FUZZ_RUNS (runs per operation and caller; 30), FUZZ_SEED and
// FUZZ_TIMEOUT_MS tune it (FUZZ_STATS=1 prints the statuses reached); the seed is fixed by default so CI is
// deterministic, and fast-check prints the seed and path of any counterexample to replay it.

const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw)
  return Number.isSafeInteger(value) ? value : fallback
}
const runs = Math.max(1, envNumber('FUZZ_RUNS', 30))
const seed = envNumber('FUZZ_SEED', 20_261_125)
const callTimeoutMs = Math.max(100, envNumber('FUZZ_TIMEOUT_MS', 5000))

const publicUrl = 'http://localhost'
const adminEmail = 'admin@example.test'
const webhookSecret = 'whsec_kibitz_fuzz'
const stripeKey = 'sk_test_kibitz_fuzz'

// ---------------------------------------------------------------------------------------------------------
// The operations, from the OpenAPI document the API serves (built from the same HttpApi definition)

const Parameter = Schema.Struct({
  name: Schema.String,
  in: Schema.Literals(['path', 'query', 'header', 'cookie']),
  required: Schema.optionalKey(Schema.Boolean),
  schema: Schema.optionalKey(JsonSchema),
})
type Parameter = typeof Parameter.Type

const Operation = Schema.Struct({
  operationId: Schema.optionalKey(Schema.String),
  parameters: Schema.optionalKey(Schema.Array(Parameter)),
  security: Schema.optionalKey(Schema.Array(Schema.Record(Schema.String, Schema.Array(Schema.String)))),
  requestBody: Schema.optionalKey(
    Schema.Struct({
      required: Schema.optionalKey(Schema.Boolean),
      content: Schema.Record(Schema.String, Schema.Struct({ schema: Schema.optionalKey(JsonSchema) })),
    }),
  ),
})

const Document = Schema.Struct({
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)),
})

/** The keys of an OpenAPI path item that are operations. */
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch'])

interface ApiOperation {
  readonly method: string
  readonly template: string
  readonly id: string
  readonly parameters: ReadonlyArray<Parameter>
  readonly secured: boolean
  readonly body:
    | { readonly type: 'json'; readonly schema: JsonSchema | undefined }
    | { readonly type: 'multipart'; readonly schema: JsonSchema | undefined }
    | null
}

const operationsOf = (document: unknown): ReadonlyArray<ApiOperation> => {
  const { paths } = Schema.decodeUnknownSync(Document)(document)
  return Object.entries(paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([key, raw]): Array<ApiOperation> => {
      if (!httpMethods.has(key)) return []
      const operation = Schema.decodeUnknownSync(Operation)(raw)
      const content = operation.requestBody?.content ?? {}
      const multipart = content['multipart/form-data']
      const json = content['application/json']
      return [
        {
          method: key.toUpperCase(),
          template,
          id: operation.operationId ?? `${key} ${template}`,
          parameters: operation.parameters ?? [],
          secured: (operation.security ?? []).length > 0,
          body: multipart
            ? { type: 'multipart', schema: multipart.schema }
            : json
              ? { type: 'json', schema: json.schema }
              : null,
        },
      ]
    }),
  )
}

const openApiDocument = OpenApi.fromApi(Api)
const operations = operationsOf(openApiDocument)

// ---------------------------------------------------------------------------------------------------------
// The world the calls meet: callers, their events, an open tournament, a registration's status token

type Role = 'anonymous' | 'player' | 'organiser'
const roles: ReadonlyArray<Role> = ['anonymous', 'player', 'organiser']

interface Caller {
  readonly id: number
  readonly email: string
  readonly token: string
  readonly organiserId: number | null
}

interface OwnEvents {
  readonly draftId: number
  readonly draftAlias: string
  readonly acceptedId: number
  readonly acceptedAlias: string
  readonly tournamentIds: ReadonlyArray<number>
  readonly tournamentAliases: ReadonlyArray<string>
  readonly ticketIds: ReadonlyArray<number>
  readonly entryIds: ReadonlyArray<number>
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
const api = makeApiRequestHandler(appCatalogue)
const request = (url: string, init?: RequestInit) => api.handle(new Request(`http://localhost${url}`, init))

let db: { url: string; drop: () => Promise<void> }
let sql: TestDatabase
let orm: Orm
let stripe: StripeTestServer
let dataDir: string
let organiser: Caller
let playerCaller: Caller
let open: OpenRegistration
let statusToken: string
let own: OwnEvents
let samples: ReadonlyArray<Uint8Array> = []
/** Unhandled rejections while a test runs, as their stacks (each test starts with none). */
const unhandled: Array<string> = []
const recordUnhandled = (reason: unknown) => {
  unhandled.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason))
}

const { signedIn } = eventActors(() => ({ sql, orm }), adminEmail)

const IdRows = Schema.Array(Schema.Struct({ id: Schema.Int }))

let sequence = 0

/** A signed-in caller; an accepted organiser when `asOrganiser`. */
const caller = async (asOrganiser: boolean): Promise<Caller> => {
  const email = `fuzz-${asOrganiser ? 'organiser' : 'player'}-${++sequence}@example.test`
  let organiserId: number | null = null
  const signed = await signedIn(
    'fuzz',
    async (userId) => {
      if (!asOrganiser) return
      const [row] = Schema.decodeUnknownSync(IdRows)(
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
const seedOwnEvents = async (organiserId: number): Promise<OwnEvents> => {
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
  const tournament = (eventId: number, alias: string) =>
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
  const entryIds: Array<number> = []
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

beforeAll(async () => {
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

/**
 * Sessions a call ended (logout, a login replacing it, X-User-Id mismatch) are restored, and an organiser who
 * re-applied is accepted again, so every run meets the same callers.
 */
const restoreCallers = () =>
  sql.execute(
    "update user_session set revoked_at = null, expires_at = now() + interval '1 day' where user_id in (?, ?); " +
      'update organiser set status = 3 where id = ?',
    [organiser.id, playerCaller.id, organiser.organiserId ?? 0],
  )

// ---------------------------------------------------------------------------------------------------------
// Known good values by field name, so generated calls also get past lookups and owner checks

const poolsFor = (role: Role, template: string): Pools => {
  const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
  const eventRefs = [own.draftId, own.acceptedId, own.acceptedAlias, open.eventId, open.eventAlias]
  const tournamentRefs = [
    ...own.tournamentIds,
    own.tournamentAliases[0] ?? '',
    // Twice: the register calls need the open tournament as much as the editor calls need the own ones.
    open.tournamentId,
    open.tournamentId,
    open.tournamentAlias,
  ]
  const onTournament = template.startsWith('/api/v1/tournament/')
  const byName: Record<string, ReadonlyArray<string | number>> = {
    id: onTournament ? tournamentRefs : eventRefs,
    event: [open.eventAlias, open.eventId, own.acceptedAlias, own.acceptedId],
    eventId: [own.draftId, own.acceptedId, open.eventId],
    tournamentId: [...own.tournamentIds, open.tournamentId],
    entryId: own.entryIds,
    ticketId: [...own.ticketIds, open.ticketId],
    token: [statusToken],
    email: [organiser.email, playerCaller.email],
    password: [actorPassword],
    currentPassword: [actorPassword],
    countryCode: ['LT', 'PL'],
    currencyCode: ['EUR'],
    currencyId: [1],
    'x-user-id': me ? [String(me.id)] : [],
    'x-is-organizer': ['true', 'false'],
    'idempotency-key': ['0b9f9d5e-2f55-4a39-9b0c-6a1f5f0b3c11'],
    kind: ['documents', 'results'],
    offset: ['0', '10', '2.5.1'],
    limit: ['1', '10', '100'],
    startDate: ['2030-05-01', '2030-05'],
    endDate: ['2030-06-30'],
    date: ['2030-05-10'],
    country: ['LT', 'pl'],
    nameOrLocation: ['vilnius', 'Fuzz'],
    q: ['vil', 'Bridge'],
    eventType: ['1', '3'],
    eventState: ['future', 'past', 'running'],
    popular: ['1'],
    session_id: ['cs_test_unknown'],
    thumbWidth: ['50', '500', '2000'],
  }
  return (name) => byName[name] ?? []
}

/** Known valid bodies per operation id, to mutate: they reach the handlers' deepest paths. */
const validBodies = (operationId: string): ReadonlyArray<unknown> => {
  const tournament = tournamentBody()
  const generalInformation = generalInformationBody({
    contents: [{ language: 'en', name: 'Fuzz Festival', description: 'Pairs', isMain: true, type: 1 }],
  })
  const stripeEvent = (type: string) => ({
    id: 'evt_fuzz',
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_fuzz',
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: String(own.entryIds[0] ?? 1),
        metadata: { entryId: String(own.entryIds[0] ?? 1) },
        amount_total: 4000,
        currency: 'eur',
      },
    },
  })
  const bodies: Record<string, ReadonlyArray<unknown>> = {
    'user.register': [
      {
        user: {
          email: 'new@example.test',
          password: actorPassword,
          firstName: 'Ona',
          lastName: 'Jonaitė',
          acceptRules: true,
        },
      },
    ],
    'user.login': [{ email: playerCaller.email, password: actorPassword }],
    'eventEditor.create': [{ generalInformation }],
    'eventEditor.update': [
      { generalInformation },
      // Adds a second language's content to the seeded event (which has only English).
      {
        generalInformation: {
          ...generalInformation,
          contents: [
            ...generalInformation.contents,
            { language: 'lt', name: 'Fuzz festivalis', description: null, isMain: false, type: 2 },
          ],
        },
      },
    ],
    'eventWrites.createTournament': [tournament],
    'eventWrites.updateTournament': [tournament],
    'eventWrites.setTournamentsOrdering': [{ tournamentIds: own.tournamentIds.slice(0, 2) }],
    'eventWrites.saveProgram': [
      {
        eventId: own.acceptedId,
        tournamentId: own.tournamentIds[0] ?? 1,
        programs: [{ date: '2030-05-10', tours: [{ time: '10:00', name: 'Round 1' }] }],
      },
    ],
    'registration.register': [
      registerBody([player(2, open.ticketId)], 4000),
      registerBody([player(3, open.ticketId)], 4000, 'card'),
    ],
    'registration.payByCard': [{ token: statusToken }],
    'registration.stripeWebhook': [
      stripeEvent('checkout.session.completed'),
      stripeEvent('checkout.session.expired'),
    ],
    'registration.moveRegistration': [
      { tournamentId: own.tournamentIds[1] ?? 1, ticketId: own.ticketIds[2] ?? 1 },
    ],
    'user.changeProfile': [
      { kind: 3, description: 'Hello' },
      { kind: 4, languages: ['en'] },
      { kind: 12, websiteUrl: 'https://x.example.test' },
    ],
  }
  return bodies[operationId] ?? []
}

/** Known valid upload forms per operation id: a picture or a PDF for the organiser's own event. */
const validUploads = (operationId: string): ReadonlyArray<Body> => {
  const [png, pdf] = samples
  const eventId = String(own.acceptedId)
  const file = (bytes: Uint8Array | undefined, filename: string, type: string) =>
    bytes ? [{ name: 'file', filename, type, bytes }] : []
  const forms: Record<string, ReadonlyArray<Body>> = {
    'eventWrites.uploadImage': [
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'alt', value: 'The hall' },
          { name: 'thumbWidth', value: '200' },
          ...file(png, 'hall.png', 'image/png'),
        ],
      },
    ],
    'eventWrites.uploadPdf': [
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'kind', value: 'documents' },
          ...file(pdf, 'rules.pdf', 'application/pdf'),
        ],
      },
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'tournamentId', value: String(own.tournamentIds[0] ?? 1) },
          { name: 'kind', value: 'results' },
          ...file(pdf, 'results.pdf', 'application/pdf'),
        ],
      },
    ],
  }
  return forms[operationId] ?? []
}

// ---------------------------------------------------------------------------------------------------------
// Generated calls

interface FuzzCall {
  readonly role: Role
  readonly method: string
  readonly template: string
  /** Path and query. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Body
  /** Sign the body as Stripe would (the webhook), so the event parsing behind the signature is fuzzed too. */
  readonly signBody: boolean
  /** How many copies are sent at the same time. */
  readonly copies: number
}

const context = (pools: Pools): ShapeContext => ({ pools, junkOneIn: 12 })

const stringValue = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** Percent-encoded text; lone surrogates (which encodeURIComponent refuses) become U+FFFD, as browsers send them. */
const encode = (text: string) => encodeURIComponent(text.toWellFormed())

/** A path segment: its known good values, schema-shaped or hostile text; usually percent-encoded, sometimes raw. */
const segmentArb = (parameter: Parameter, pools: Pools): fc.Arbitrary<string> => {
  const known = pools(parameter.name).map(String)
  const value = fc.oneof(
    ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : []),
    {
      arbitrary: shaped(parameter.schema ?? { type: 'string' }, parameter.name, context(pools)).map(
        stringValue,
      ),
      weight: 3,
    },
    { arbitrary: anyString, weight: 2 },
  )
  return fc
    .tuple(value, fc.integer({ min: 1, max: 10 }))
    .map(([v, dice]) => (dice === 1 ? v : encode(v)))
    .filter((segment) => segment.length > 0)
}

const queryArb = (parameters: ReadonlyArray<Parameter>, pools: Pools): fc.Arbitrary<string> => {
  const declared = parameters.map((parameter) => {
    const schema = parameter.schema ?? { type: 'string' }
    // An array parameter goes repeated (`a=1&a=2`) or comma-separated (`a=1,2`).
    const item = shaped(schema.items ?? { type: 'string' }, parameter.name, context(pools)).map(stringValue)
    const values =
      schema.type === 'array'
        ? fc.oneof(
            fc.array(item, { maxLength: 4 }),
            fc.array(item, { maxLength: 4 }).map((list) => [list.join(',')]),
          )
        : shaped(schema, parameter.name, context(pools)).map((v) => [stringValue(v)])
    return fc.option(
      values.map((list) => list.map((v): readonly [string, string] => [parameter.name, v])),
      { nil: undefined, freq: parameter.required ? 20 : 2 },
    )
  })
  const extra = fc.option(
    fc.oneof(
      fc.constantFrom(
        '&',
        '&&',
        '=',
        '==',
        '%',
        '%zz',
        'a=%E0%A4%A',
        '&offset=-1',
        '&limit=100000',
        '&x=1&x=2',
        '&ids[]=1&ids[]=x',
      ),
      anyString.map((s) => `&${encode(s)}=${encode(s)}`),
    ),
    { nil: '', freq: 4 },
  )
  // One query in four gets that raw junk appended.
  const appended = fc.oneof({ arbitrary: fc.constant(''), weight: 3 }, { arbitrary: extra, weight: 1 })
  return fc.tuple(fc.tuple(...declared), appended).map(([lists, raw]) => {
    const search = new URLSearchParams()
    for (const list of lists) for (const [name, value] of list ?? []) search.append(name, value)
    const text = `${search.toString()}${raw}`
    return text.length > 0 ? `?${text}` : ''
  })
}

const headerArb = (
  parameters: ReadonlyArray<Parameter>,
  pools: Pools,
): fc.Arbitrary<Record<string, string>> => {
  const declared = parameters.map((parameter) => {
    const known = pools(parameter.name).map(String)
    const value = fc.oneof(
      ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : []),
      {
        arbitrary: shaped(parameter.schema ?? { type: 'string' }, parameter.name, context(pools)).map(
          stringValue,
        ),
        weight: 2,
      },
      { arbitrary: fc.constantFrom(...nastyStrings), weight: 1 },
    )
    return fc.option(
      value.map((v): readonly [string, string] => [parameter.name, headerSafe(v)]),
      { nil: undefined, freq: 2 },
    )
  })
  const common = [
    fc.option(
      fc
        .oneof(fc.constantFrom('lt', 'en-US,en;q=0.9', 'ru;q=0.1, *;q=0.5', '*', 'xx', 'q=;', ''), anyString)
        .map((v): readonly [string, string] => ['accept-language', headerSafe(v)]),
      { nil: undefined, freq: 2 },
    ),
    fc.option(
      fc
        .oneof(
          fc.constantFrom('Europe/Vilnius', 'UTC', 'Etc/GMT+14', 'Mars/Olympus', '../../etc/localtime', ''),
          anyString,
        )
        .map((v): readonly [string, string] => ['accept-timezone', headerSafe(v)]),
      { nil: undefined, freq: 3 },
    ),
    // Sometimes a Content-Length that lies or is no number at all.
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 9 },
      {
        arbitrary: fc
          .constantFrom('0', '-1', 'abc', '1e3', '99999999999', ' 5', '1,2', '')
          .map((v): readonly [string, string] => ['content-length', v]),
        weight: 1,
      },
    ),
  ]
  return fc.tuple(fc.tuple(...declared), fc.tuple(...common)).map(([a, b]) => {
    const headers: Record<string, string> = {}
    for (const entry of [...a, ...b]) if (entry) headers[entry[0]] = entry[1]
    return headers
  })
}

/** A cookie header: the caller's session, or for anonymous callers none or a forged one. */
const cookieArb = (role: Role): fc.Arbitrary<string | null> => {
  const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
  if (me) return fc.constant(`${sessionCookieName}=${me.token}`)
  return fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(sessionCookieName, 'kibitz_session', 'account'),
          fc.oneof(fc.constantFrom('x'.repeat(43), 'organiser', '', 'a=b=c', '%00'), anyString),
        )
        .map(([name, value]) => headerSafe(`${name}=${value}`)),
      weight: 1,
    },
  )
}

const callArb = (operation: ApiOperation, role: Role): fc.Arbitrary<FuzzCall> => {
  const pools = poolsFor(role, operation.template)
  const byLocation = (where: Parameter['in']) => operation.parameters.filter((p) => p.in === where)
  const pathParameters = byLocation('path')
  const segments = fc.tuple(...pathParameters.map((p) => segmentArb(p, pools)))
  const canHaveBody = operation.method !== 'GET'
  const body: fc.Arbitrary<Body> = !canHaveBody
    ? fc.constant({ kind: 'none' })
    : operation.body?.type === 'multipart'
      ? uploadBodies(operation.body.schema, context(pools), samples, validUploads(operation.id))
      : operation.body?.type === 'json'
        ? jsonBodies(operation.body.schema, validBodies(operation.id), context(pools))
        : fc.oneof(
            { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 6 },
            { arbitrary: jsonBodies(undefined, [], context(pools)), weight: 1 },
          )
  const signs = byLocation('header').some((p) => p.name === 'stripe-signature')
  // Mostly the documented method; also HEAD for a GET, and a method the path does not take.
  const otherMethods = ['PATCH', 'OPTIONS', 'PUT', 'POST', 'DELETE'].filter((m) => m !== operation.method)
  const method = fc.oneof(
    { arbitrary: fc.constant(operation.method), weight: 14 },
    { arbitrary: fc.constant(operation.method === 'GET' ? 'HEAD' : operation.method), weight: 1 },
    { arbitrary: fc.constantFrom(...otherMethods), weight: 1 },
  )
  return fc
    .record({
      method,
      segments,
      query: queryArb(byLocation('query'), pools),
      headers: headerArb(byLocation('header'), pools),
      cookie: cookieArb(role),
      body,
      signBody: signs ? fc.boolean() : fc.constant(false),
      copies: fc.oneof({ arbitrary: fc.constant(1), weight: 8 }, { arbitrary: fc.constant(3), weight: 1 }),
    })
    .map(({ method: m, segments: values, query, headers, cookie, body: b, signBody, copies }): FuzzCall => {
      let index = 0
      const url = operation.template.replace(/\{[^}]+\}/g, () => values[index++] ?? '') + query
      return {
        role,
        method: m,
        template: operation.template,
        url,
        headers: cookie === null ? headers : { ...headers, cookie },
        // GET and HEAD requests carry no body.
        body: m === 'GET' || m === 'HEAD' ? { kind: 'none' } : b,
        signBody,
        copies,
      }
    })
}

/**
 * A multipart body as bytes with its content type. Node's Request streams a FormData body lazily and throws an
 * unhandled rejection when the server cancels it mid-way (over a size limit), so the test sends bytes, as a
 * browser's request reaches the server.
 */
const multipart = async (
  form: FormData,
): Promise<{ readonly bytes: Uint8Array; readonly contentType: string }> => {
  const encoded = new Response(form)
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  }
}

/** The RequestInit of a generated call. */
const initOf = async (call: FuzzCall): Promise<RequestInit> => {
  const headers = new Headers(call.headers)
  let body: BodyInit | undefined
  const b = call.body
  if (b.kind === 'text' || b.kind === 'bytes') {
    if (b.contentType !== null) headers.set('content-type', b.contentType)
    body = b.kind === 'text' ? b.text : new Uint8Array(b.bytes)
  } else if (b.kind === 'form') {
    const form = new FormData()
    for (const part of b.parts) {
      if ('value' in part) form.append(part.name, part.value)
      else form.append(part.name, new File([new Uint8Array(part.bytes)], part.filename, { type: part.type }))
    }
    const encoded = await multipart(form)
    headers.set('content-type', encoded.contentType)
    body = new Uint8Array(encoded.bytes)
  }
  if (call.signBody && b.kind === 'text') {
    const at = Math.floor(Date.now() / 1000)
    const v1 = createHmac('sha256', webhookSecret).update(`${at}.${b.text}`).digest('hex')
    headers.set('stripe-signature', `t=${at},v1=${v1}`)
  }
  return { method: call.method, headers, ...(body === undefined ? {} : { body }) }
}

// ---------------------------------------------------------------------------------------------------------
// The property

const ProblemBody = Schema.Struct({ status: Schema.Number, code: Schema.Number })

/** An answer, or the reason it is not one (a rejection, or no answer within the time limit). */
const within = async <A>(promise: Promise<A>, what: string): Promise<A> => {
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

/** With FUZZ_STATS=1, the statuses each operation and caller got, printed at the end (how deep the runs went). */
const stats = new Map<string, Map<number | string, number>>()
const count = (key: string, status: number | string) => {
  const byStatus = stats.get(key) ?? new Map<number | string, number>()
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  stats.set(key, byStatus)
}

const excerpt = (text: string) => (text.length > 800 ? `${text.slice(0, 800)}…` : text)

/** Checks one answer: no 5xx, 4xx as a problem with the same status and a numeric code. */
const judge = (what: string, response: Response, text: string, head: boolean) => {
  if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${excerpt(text)}`)
  if (response.status < 400) return
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('application/problem+json'))
    throw new Error(`${what} answered ${response.status} with content-type "${type}": ${excerpt(text)}`)
  // A HEAD answer has the problem's headers but no body.
  if (head) return
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`${what} answered ${response.status} with a problem that is not JSON: ${excerpt(text)}`)
  }
  const problem = Schema.decodeUnknownOption(ProblemBody)(parsed)
  if (problem._tag === 'None' || problem.value.status !== response.status)
    throw new Error(`${what} answered ${response.status} with a malformed problem: ${excerpt(text)}`)
}

const sendCall = async (call: FuzzCall): Promise<void> => {
  const what = `${call.role} ${call.method} ${call.url}`
  let init: RequestInit
  try {
    init = await initOf(call)
    new Request(`http://localhost${call.url}`, init)
  } catch {
    // Not a request a client can send (an invalid URL or header): nothing reaches the server.
    return
  }
  const once = async () => {
    const response = await request(call.url, init)
    const text = await response.text()
    count(`${call.method} ${call.template} ${call.role}`, response.status)
    judge(what, response, text, call.method === 'HEAD')
  }
  // Copies sent at once race each other (the same sign-up, entry, tournament or state change twice).
  await within(Promise.all(Array.from({ length: call.copies }, once)), what)
  if (call.role !== 'anonymous') await restoreCallers()
}

const runsFor = (operation: ApiOperation, role: Role) =>
  // Anonymous calls of a secured operation stop at the session check: fewer runs show that.
  role !== 'organiser' && operation.secured ? Math.max(1, Math.ceil(runs / 3)) : runs

describe('the REST API under random input', () => {
  beforeEach(async () => {
    unhandled.length = 0
    await sql.execute('delete from auth_attempt')
    own = await seedOwnEvents(organiser.organiserId ?? 0)
  })

  it('fuzzes every operation of the served OpenAPI document', async () => {
    const served = await request('/api/v1/openapi.json')
    expect(operationsOf(await served.json()).map((o) => `${o.method} ${o.template}`)).toEqual(
      operations.map((o) => `${o.method} ${o.template}`),
    )
    expect(operations.length).toBeGreaterThan(0)
  })

  for (const operation of operations) {
    it(`${operation.method} ${operation.template} never answers 5xx`, { timeout: 180_000 }, async () => {
      for (const role of roles) {
        await fc.assert(fc.asyncProperty(fc.limitShrink(callArb(operation, role), 200), sendCall), {
          seed,
          numRuns: runsFor(operation, role),
        })
      }
      expect(unhandled).toEqual([])
    })
  }
})

// ---------------------------------------------------------------------------------------------------------
// The form posts (and the plain GET handlers of server routes), called in-process with a Request inside
// TanStack Start's request scope, as their routes call them. A handler that throws is a 500 in production.

interface FormTarget {
  readonly name: string
  readonly method: 'GET' | 'POST'
  /** The route's path with its params filled in. */
  readonly path: (params: ReadonlyArray<string>) => string
  /** The fields the form posts (or the query it reads), from the schemas that decode it where there is one. */
  readonly fields: ReadonlyArray<string>
  readonly files?: ReadonlyArray<string>
  /** The route params' values: known good ones and junk (built when the test runs, from the seeded rows). */
  readonly params?: () => ReadonlyArray<fc.Arbitrary<string>>
  /** May redirect to the card payment or a social provider (never elsewhere off the site). */
  readonly offSite?: boolean
  readonly handle: (request: Request, params: ReadonlyArray<string>) => Promise<Response>
}

const param = (known: ReadonlyArray<string>) =>
  fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: anyString, weight: 1 })
const at = (params: ReadonlyArray<string>, i: number) => params[i] ?? ''

const ownEventIds = () => [String(own.draftId), String(own.acceptedId)]

/** A route module's handler for `method`, as the router calls it. */
const routeHandler =
  (route: { readonly options: { readonly server?: { readonly handlers?: unknown } } }, method: string) =>
  async (request: Request, params: Record<string, string> = {}): Promise<Response> => {
    const handlers = route.options.server?.handlers
    const handler =
      typeof handlers === 'object' && handlers !== null ? Reflect.get(handlers, method) : undefined
    if (typeof handler !== 'function') throw new Error(`the route has no ${method} handler`)
    const answer: unknown = await handler({
      request,
      params,
      context: {},
      pathname: new URL(request.url).pathname,
      next: () => ({ isNext: true }),
    })
    if (!(answer instanceof Response)) throw new Error('the route answered no Response')
    return answer
  }

const formTargets = (): ReadonlyArray<FormTarget> => {
  const profileFields = [
    ...new Set(Object.values(profileChangeForms).flatMap((form) => Object.keys(form.fields))),
    'kind',
  ]
  const contestantFields = [0, 1, 2].flatMap((i) =>
    Object.keys(emptyContestant).map((key) => `data.contestants.${i}.${key}`),
  )
  return [
    {
      name: 'POST /login (loginPost)',
      method: 'POST',
      path: () => '/login',
      fields: [...Object.keys(LoginInput.fields), 'redirect'],
      handle: (r) => loginPost(r),
    },
    {
      name: 'POST /logout (logoutPost)',
      method: 'POST',
      path: () => '/logout',
      fields: ['to', 'after'],
      handle: (r) => logoutPost(r),
    },
    {
      name: 'POST /register-user (registerPost of the accounts)',
      method: 'POST',
      path: ([p]) => p ?? '/register-user',
      fields: Object.keys(SignUpInput.fields),
      params: () => [fc.constantFrom('/register-user', '/register-user/site')],
      handle: (r, p) => accountRegisterPost(r, at(p, 0)),
    },
    {
      name: 'POST /forgot-password (forgotPost)',
      method: 'POST',
      path: () => '/forgot-password',
      fields: Object.keys(ForgotInput.fields),
      handle: (r) => forgotPost(r),
    },
    {
      name: 'POST /forgot-password/$token (resetPost)',
      method: 'POST',
      path: ([t]) => `/forgot-password/${encode(t ?? '')}`,
      fields: Object.keys(ResetInput.fields),
      params: () => [param(['x'.repeat(43), statusToken])],
      handle: (r, p) => resetPost(r, at(p, 0)),
    },
    {
      name: 'POST /register-organizer/$kind (organiserApplicationPost)',
      method: 'POST',
      path: ([k]) => `/register-organizer/${k ?? 'company'}`,
      fields: [
        ...new Set([...Object.keys(CompanyApplication.fields), ...Object.keys(IndividualApplication.fields)]),
      ],
      params: () => [fc.constantFrom('company', 'individual')],
      handle: (r, p) => organiserApplicationPost(r, at(p, 0) === 'individual' ? 'individual' : 'company'),
    },
    {
      name: 'POST /register-organizer/status/$status/$token (organiserDecisionPost)',
      method: 'POST',
      path: ([s, t]) => `/register-organizer/status/${encode(s ?? '')}/${encode(t ?? '')}`,
      fields: [],
      params: () => [param(['2', '3', '1', '02', '3.0']), param(['x'.repeat(43)])],
      handle: (r, p) => organiserDecisionPost(r, at(p, 0), at(p, 1)),
    },
    {
      name: 'POST /account-switch (accountSwitchPost)',
      method: 'POST',
      path: () => '/account-switch',
      fields: ['account', 'to'],
      handle: (r) => accountSwitchPost(r),
    },
    {
      name: 'POST /profile-settings (profileChangePost)',
      method: 'POST',
      path: ([s]) => s ?? '/profile-settings',
      fields: profileFields,
      params: () => [fc.constantFrom('/profile-settings', '/profile-settings-organizer')],
      handle: (r, p) => profileChangePost(r, at(p, 0)),
    },
    {
      name: 'POST /auth/$provider (socialStartPost)',
      method: 'POST',
      path: ([provider]) => `/auth/${encode(provider ?? '')}`,
      fields: ['intent', 'acceptRules', 'redirect'],
      params: () => [param(['google', 'facebook', 'vk'])],
      offSite: true,
      handle: (r, p) => socialStartPost(r, at(p, 0)),
    },
    {
      name: 'GET /auth/$provider/callback (socialCallbackGet)',
      method: 'GET',
      path: ([provider]) => `/auth/${encode(provider ?? '')}/callback`,
      fields: ['code', 'state', 'device_id', 'error'],
      params: () => [param(['google', 'facebook', 'vk'])],
      handle: (r, p) => socialCallbackGet(r, at(p, 0)),
    },
    {
      name: 'POST /auth/disconnect (socialDisconnectPost)',
      method: 'POST',
      path: () => '/auth/disconnect',
      fields: ['provider'],
      handle: (r) => socialDisconnectPost(r),
    },
    {
      name: 'POST /profile-settings/avatar (avatarPost)',
      method: 'POST',
      path: () => '/profile-settings/avatar',
      fields: ['remove'],
      files: ['avatar'],
      handle: (r) => avatarPost(r),
    },
    {
      name: 'POST /confirm-email/$token (confirmEmailPost)',
      method: 'POST',
      path: ([t]) => `/confirm-email/${encode(t ?? '')}`,
      fields: [],
      params: () => [param(['x'.repeat(43)])],
      handle: (r, p) => confirmEmailPost(r, at(p, 0)),
    },
    {
      name: 'POST /event/$eventId/tournament/$tournamentId/register (registerPost of the registration)',
      method: 'POST',
      path: ([e, t]) => `/event/${encode(e ?? '')}/tournament/${encode(t ?? '')}/register`,
      fields: [
        ...Object.values(fieldName).flatMap((f) => (typeof f === 'string' ? [f] : [])),
        ...contestantFields,
        requestKeyField,
        'intent',
        'confirm',
      ],
      params: () => [
        param([open.eventAlias, String(open.eventId), own.acceptedAlias]),
        param([open.tournamentAlias, String(open.tournamentId), own.tournamentAliases[0] ?? '']),
      ],
      handle: (r, p) => registrationPost(r, at(p, 0), at(p, 1)),
    },
    {
      name: 'POST /payment/card (payByCardPost)',
      method: 'POST',
      path: () => '/payment/card',
      fields: ['token'],
      offSite: true,
      handle: (r) => payByCardPost(r),
    },
    {
      name: 'POST /event/manage/$eventId/event-gallery (galleryPost)',
      method: 'POST',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/event-gallery`,
      fields: ['remove', 'alt'],
      files: ['image'],
      params: () => [param(ownEventIds())],
      handle: (r, p) => galleryPost(r, at(p, 0)),
    },
    {
      name: 'POST /event/manage/$eventId/file-management-system (filesPost)',
      method: 'POST',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/file-management-system`,
      fields: ['intent', 'target', 'key'],
      files: ['file'],
      params: () => [param(ownEventIds())],
      handle: (r, p) => filesPost(r, at(p, 0)),
    },
    {
      name: 'GET /event/manage/$eventId/registrations.csv (registrationsCsv)',
      method: 'GET',
      path: ([id]) => `/event/manage/${encode(id ?? '')}/registrations.csv`,
      fields: [],
      params: () => [param(ownEventIds())],
      handle: (r, p) => registrationsCsv(r, at(p, 0)),
    },
    {
      name: 'POST /cookie-consent (route handler)',
      method: 'POST',
      path: () => '/cookie-consent',
      fields: ['choice', 'to'],
      handle: (r) => routeHandler(CookieConsentRoute, 'POST')(r),
    },
    {
      name: 'GET /lang/$code (route handler)',
      method: 'GET',
      path: ([code]) => `/lang/${encode(code ?? '')}`,
      fields: ['to'],
      params: () => [param(['lt', 'en', 'ru', 'xx'])],
      handle: (r, p) => routeHandler(LanguageRoute, 'GET')(r, { code: at(p, 0) }),
    },
    {
      name: 'GET /search (route handler)',
      method: 'GET',
      path: () => '/search',
      fields: ['text', 'type', 'state', 'from', 'to', 'month', 'online', 'live', 'country'],
      handle: (r) => routeHandler(SearchRoute, 'GET')(r),
    },
  ]
}

/** Good values of posted fields by name (the last dotted segment counts too: data.contestants.0.email → email). */
const formPools = (): Pools => {
  const tid = own.tournamentIds[0] ?? 1
  const byName: Record<string, ReadonlyArray<string | number>> = {
    email: [organiser.email, playerCaller.email, 'new-fuzz@example.test'],
    password: [actorPassword],
    currentPassword: [actorPassword],
    newPassword: ['Another!2026'],
    redirect: [
      '/',
      '/profile-settings',
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
    ],
    to: ['/', '/event/1', '//evil.example', 'https://evil.example/', '/\\evil.example'],
    after: ['login'],
    acceptRules: ['on', 'true'],
    policy: ['on', 'true'],
    intent: ['add', 'remove', 'connect', 'upload'],
    account: ['organiser', 'player'],
    kind: [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14],
    choice: ['accept', 'decline'],
    provider: ['google', 'facebook', 'vk'],
    remove: ['1'],
    target: ['event', `documents-${tid}`, `results-${tid}`, `rules-${tid}`],
    token: [statusToken],
    countryCode: ['LT', 'PL'],
    firstName: ['Ona'],
    lastName: ['Jonaitė'],
    phone: ['+37060000000'],
    websiteUrl: ['https://club.example.test'],
    ticketId: [open.ticketId, ...own.ticketIds],
    paymentMethod: ['bankTransfer', 'card'],
    expectedTotalMinor: ['4000', '0', '8000'],
    players: ['1', '2', '3'],
    languages: ['en', 'lt'],
    currencyId: ['1'],
    idProvider: ['1'],
    state: ['x'.repeat(43)],
    code: ['fuzz-code'],
    type: ['1', '3'],
    from: ['2030-05-01'],
    month: ['1'],
  }
  return (name) => byName[name] ?? byName[name.split('.').at(-1) ?? ''] ?? []
}

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

/** Runs `handle` for `request` inside Start's request scope, as the router does; a throw is recorded. */
const inStartScope = async (
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

const isSameSite = (location: string) => /^\/(?![/\\])/.test(location)

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
    own = await seedOwnEvents(organiser.organiserId ?? 0)
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

// ---------------------------------------------------------------------------------------------------------
// The server functions: their real validators (run as Start runs them on the server, through the function's
// own __executeServer) decide what is accepted; what is accepted runs through the function's server code
// (the *.server.ts call its .handler makes; the handlers cannot be reached without the Start compiler).

interface Shaped<A> {
  readonly shaped: true
  readonly value: A
}
interface Junk {
  readonly shaped: false
  readonly value: unknown
}

interface ServerFunctionCase {
  readonly name: string
  readonly check: () => Promise<void>
}

/** Runs `fn`'s validator on `data`: true when it accepts; a validator that fails otherwise than cleanly throws. */
const validates = async (fn: object, data: unknown): Promise<boolean> => {
  const execute = Reflect.get(fn, '__executeServer')
  if (typeof execute !== 'function') throw new Error('not a server function (no __executeServer)')
  const outcome: unknown = await execute({ data, context: {} })
  if (typeof outcome !== 'object' || outcome === null || !('error' in outcome)) return true
  const error = outcome.error
  // Start's own refusal: an Error whose message is the validator's issues as JSON.
  if (error instanceof Error) {
    try {
      if (Array.isArray(JSON.parse(error.message))) return false
    } catch {}
  }
  throw new Error(
    `the validator failed instead of refusing: ${error instanceof Error ? error.stack : String(error)}`,
  )
}

const serverFunction = <A>(
  name: string,
  fn: object,
  shapedData: () => fc.Arbitrary<A>,
  implementation: (data: A) => Promise<unknown>,
): ServerFunctionCase => ({
  name,
  check: async () => {
    const input = fc.oneof(
      { arbitrary: shapedData().map((value): Shaped<A> | Junk => ({ shaped: true, value })), weight: 5 },
      {
        arbitrary: fc
          .oneof(junkValue, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined))
          .map((value): Shaped<A> | Junk => ({ shaped: false, value })),
        weight: 1,
      },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...roles),
        input,
        fc.constantFrom('lt', 'en', 'xx'),
        async (role, data, language) => {
          const me = role === 'organiser' ? organiser : role === 'player' ? playerCaller : null
          const request = new Request('http://localhost/_serverFn/fuzz', {
            headers: {
              'accept-language': language,
              ...(me ? { cookie: `${sessionCookieName}=${me.token}` } : {}),
            },
          })
          const what = `${role} ${name}(${excerpt(JSON.stringify(data.value) ?? 'undefined')})`
          const { thrown } = await within(
            inStartScope(request, (r) =>
              runWithStartContext(
                {
                  request: r,
                  startOptions: {},
                  contextAfterGlobalMiddlewares: {},
                  executedRequestMiddlewares: new Set(),
                  handlerType: 'serverFn',
                  getRouter: () => {
                    throw new Error('no router in the server function tests')
                  },
                },
                async () => {
                  const accepted = await validates(fn, data.value)
                  count(`${name} ${role}`, accepted ? (data.shaped ? 200 : 201) : 400)
                  if (accepted && data.shaped) await implementation(data.value)
                  return new Response(null, { status: 204 })
                },
              ),
            ),
            what,
          )
          if (role !== 'anonymous') await restoreCallers()
          if (thrown !== undefined)
            throw new Error(
              `${what} threw (a 500 in production): ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`,
            )
        },
      ),
      { seed, numRuns: runs },
    )
  },
})

const optionalKey = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined, freq: 2 })
const known = <A>(values: ReadonlyArray<A>, other: fc.Arbitrary<A>) =>
  values.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: other, weight: 2 })
    : other
const idArb = (values: () => ReadonlyArray<number>) => () =>
  known(values(), fc.oneof(fc.integer({ min: -3, max: 2 ** 31 + 3 }), fc.constantFrom(...nastyNumbers)))
const textArb = (values: () => ReadonlyArray<string>) => () => known(values(), anyString)
const eventIds = () => [own.draftId, own.acceptedId, open.eventId]
const tournamentIds = () => [...own.tournamentIds, open.tournamentId]

/** The JSON Schema of an API payload (by operation id), for the server functions that take the same JSON. */
const payloadSchema = (operationId: string): JsonSchema | undefined => {
  const operation = operations.find((o) => o.id === operationId)
  return operation?.body?.schema
}
const payloadArb = (operationId: string, property?: string) => (): fc.Arbitrary<unknown> => {
  const whole = payloadSchema(operationId)
  const schema = property ? whole?.properties?.[property] : whole
  const valid = validBodies(operationId).map((body) =>
    property && typeof body === 'object' && body !== null ? Reflect.get(body, property) : body,
  )
  const pools = poolsFor('organiser', '')
  return fc.oneof(
    { arbitrary: schema ? shaped(schema, property ?? '', context(pools)) : fc.jsonValue(), weight: 1 },
    ...(schema && valid.length > 0
      ? [{ arbitrary: fc.oneof(...valid.map((v) => mutated(v, schema, context(pools)))), weight: 2 }]
      : []),
  )
}

const serverFunctions = (): ReadonlyArray<ServerFunctionCase> => {
  const token = textArb(() => [statusToken, 'x'.repeat(43)])
  const page = () => fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer(), fc.constantFrom(...nastyNumbers))
  const pageStart = () =>
    fc.record({
      after: optionalKey(textArb(() => ['2030-05-10.1', '2030-05-10', '.', 'x.y'])()),
      before: optionalKey(textArb(() => ['2030-05-10.1'])()),
    })
  const none = () => fc.constant(undefined)
  return [
    serverFunction(
      'fetchFormState',
      fetchFormState,
      () => fc.record({ form: textArb(() => ['login', 'register', 'profile-7'])() }),
      (d) => Promise.resolve(takeFormState(d.form)),
    ),
    serverFunction(
      'activateAccount',
      activateAccount,
      () => fc.record({ token: token() }),
      (d) => activate(d.token),
    ),
    serverFunction(
      'checkResetLink',
      checkResetLink,
      () => fc.record({ token: token() }),
      (d) => checkReset(d.token),
    ),
    serverFunction('fetchAccountLookups', fetchAccountLookups, none, () => lookups()),
    serverFunction('fetchProfileData', fetchProfileData, none, () => ownProfile()),
    serverFunction(
      'fetchOrganiserDecision',
      fetchOrganiserDecision,
      () => fc.record({ token: token() }),
      (d) => organiserDecision(d.token),
    ),
    serverFunction(
      'fetchPublicProfile',
      fetchPublicProfile,
      () => fc.record({ id: idArb(() => [playerCaller.id, organiser.id])() }),
      (d) => publicProfile(d.id),
    ),
    serverFunction(
      'fetchPublicOrganiser',
      fetchPublicOrganiser,
      () => fc.record({ id: idArb(() => [organiser.organiserId ?? 1])() }),
      (d) => publicOrganiser(d.id),
    ),
    serverFunction(
      'fetchEmailChange',
      fetchEmailChange,
      () => fc.record({ token: token() }),
      (d) => emailChange(d.token),
    ),
    serverFunction(
      'fetchOwnEvents',
      fetchOwnEvents,
      () => fc.record({ draftsOnly: fc.boolean(), page: page() }),
      (d) => ownEvents(d.draftsOnly, d.page),
    ),
    serverFunction('fetchHome', fetchHome, pageStart, (d) => homeData(d)),
    serverFunction(
      'fetchSearch',
      fetchSearch,
      () =>
        fc
          .tuple(pageStart(), optionalKey(textArb(() => ['vilnius', 'eyJ0ZXh0IjoieCJ9', '{"text":"x"}'])()))
          .map(([start, q]) => ({ ...start, q })),
      (d) => searchData(d.q, d),
    ),
    serverFunction(
      'fetchEvent',
      fetchEvent,
      () =>
        fc.record({ aliasOrId: textArb(() => [open.eventAlias, String(own.acceptedId), own.draftAlias])() }),
      (d) => eventData(d.aliasOrId),
    ),
    serverFunction(
      'fetchPlayerList',
      fetchPlayerList,
      () =>
        fc.record({
          event: textArb(() => [open.eventAlias, own.acceptedAlias])(),
          tournament: textArb(() => [open.tournamentAlias, own.tournamentAliases[0] ?? ''])(),
        }),
      (d) => playerListData(d.event, d.tournament),
    ),
    serverFunction(
      'fetchLiveScore',
      fetchLiveScore,
      () => fc.record({ date: optionalKey(textArb(() => ['2030-05-10', '2030-02-30'])()), page: page() }),
      (d) => liveScoreData(d.date, d.page),
    ),
    serverFunction('fetchMoreEvents', fetchMoreEvents, none, () => moreEventsData()),
    serverFunction('fetchOutbox', fetchOutbox, none, () => outboxData()),
    serverFunction('fetchRequestContext', fetchRequestContext, none, () => requestContext()),
    serverFunction(
      'fetchEditorData',
      fetchEditorData,
      () => fc.record({ eventId: idArb(eventIds)() }),
      (d) => editorData(d.eventId),
    ),
    serverFunction('fetchEventCreators', fetchEventCreators, none, () => creatableFor()),
    serverFunction(
      'createEventDraft',
      createEventDraft,
      () => fc.record({ general: payloadArb('eventEditor.create', 'generalInformation')() }),
      (d) => createEvent(d.general),
    ),
    serverFunction(
      'saveEventPart',
      saveEventPart,
      () =>
        fc.oneof(
          fc.record({
            eventId: idArb(eventIds)(),
            part: fc.constant('general'),
            input: payloadArb('eventEditor.update', 'generalInformation')(),
          }),
          fc.record({
            eventId: idArb(eventIds)(),
            part: fc.constantFrom('additional', 'other'),
            input: payloadArb('eventEditor.update', 'additionalInformation')(),
          }),
        ),
      (d) => updateEvent(d.eventId, d.part === 'general' ? 'general' : 'additional', d.input),
    ),
    serverFunction(
      'runEventAction',
      runEventAction,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          action: fc.constantFrom(...EventAction.literals),
          message: optionalKey(anyString),
          notifyUsers: optionalKey(fc.boolean()),
        }),
      (d) => eventAction(d.eventId, d.action, { message: d.message, notifyUsers: d.notifyUsers }),
    ),
    serverFunction(
      'fetchEditorTournaments',
      fetchEditorTournaments,
      () => fc.record({ eventId: idArb(eventIds)() }),
      (d) => editorTournaments(d.eventId),
    ),
    serverFunction(
      'fetchEditorTournament',
      fetchEditorTournament,
      () => fc.record({ eventId: idArb(eventIds)(), tournamentId: idArb(tournamentIds)() }),
      (d) => editorTournament(d.eventId, d.tournamentId),
    ),
    serverFunction(
      'saveTournamentFn',
      saveTournamentFn,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          tournamentId: fc.option(idArb(tournamentIds)(), { nil: null }),
          input: payloadArb('eventWrites.createTournament')(),
        }),
      (d) => saveTournament(d.eventId, d.tournamentId, d.input),
    ),
    serverFunction(
      'removeTournamentFn',
      removeTournamentFn,
      () => fc.record({ eventId: idArb(eventIds)(), tournamentId: idArb(tournamentIds)() }),
      (d) => removeTournament(d.eventId, d.tournamentId),
    ),
    serverFunction(
      'reorderTournamentsFn',
      reorderTournamentsFn,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          tournamentIds: fc.oneof(
            fc.shuffledSubarray([...tournamentIds()]),
            fc.array(idArb(tournamentIds)(), { maxLength: 5 }),
            fc.constant(Array.from({ length: 201 }, (_, i) => i + 1)),
          ),
        }),
      (d) => reorderTournaments(d.eventId, d.tournamentIds),
    ),
    serverFunction(
      'fetchEditorFiles',
      fetchEditorFiles,
      () => fc.record({ eventId: idArb(eventIds)(), page: page() }),
      (d) => editorFiles(d.eventId, d.page),
    ),
    serverFunction(
      'fetchRegistrationForm',
      fetchRegistrationForm,
      () =>
        fc.record({
          event: textArb(() => [open.eventAlias, String(open.eventId)])(),
          tournament: textArb(() => [open.tournamentAlias, String(open.tournamentId)])(),
        }),
      (d) => registrationFormData(d.event, d.tournament),
    ),
    serverFunction(
      'registerEntry',
      registerEntry,
      () =>
        fc.record({
          event: textArb(() => [open.eventAlias, String(open.eventId)])(),
          tournament: textArb(() => [open.tournamentAlias, String(open.tournamentId)])(),
          input: payloadArb('registration.register')(),
          requestKey: optionalKey(textArb(() => ['0b9f9d5e-2f55-4a39-9b0c-6a1f5f0b3c11'])()),
        }),
      (d) => register(d.event, d.tournament, d.input, d.requestKey),
    ),
    serverFunction(
      'fetchEntry',
      fetchEntry,
      () => fc.record({ token: token(), sessionId: optionalKey(textArb(() => ['cs_test_unknown'])()) }),
      (d) => entryData(d.token, d.sessionId),
    ),
    serverFunction(
      'fetchRules',
      fetchRules,
      () => fc.record({ tournamentId: idArb(tournamentIds)() }),
      (d) => rulesData(d.tournamentId),
    ),
    serverFunction(
      'fetchRegistrations',
      fetchRegistrations,
      () =>
        fc.record({
          eventId: idArb(eventIds)(),
          tournamentId: fc.option(idArb(tournamentIds)(), { nil: null }),
          page: page(),
        }),
      (d) => registrationsPage(d.eventId, d.tournamentId, d.page),
    ),
    serverFunction(
      'runEntryAction',
      runEntryAction,
      () =>
        fc.record({
          entryId: idArb(() => own.entryIds)(),
          action: fc.oneof(
            fc.constant<EntryAction>({ action: 'markPaid' }),
            fc.constant<EntryAction>({ action: 'cancel' }),
            fc
              .record({ tournamentId: idArb(tournamentIds)(), ticketId: idArb(() => own.ticketIds)() })
              .map((move): EntryAction => ({ action: 'move', ...move })),
          ),
        }),
      (d) => entryAction(d.entryId, d.action),
    ),
  ]
}

describe('the server functions under random input', () => {
  beforeEach(async () => {
    unhandled.length = 0
    await sql.execute('delete from auth_attempt')
    own = await seedOwnEvents(organiser.organiserId ?? 0)
  })

  for (const { name, check } of serverFunctions()) {
    it(`${name} refuses what its validator refuses and never throws on what it accepts`, {
      timeout: 120_000,
    }, async () => {
      await check()
      expect(unhandled).toEqual([])
    })
  }
})
