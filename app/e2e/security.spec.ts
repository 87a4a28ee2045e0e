// Security of the running site, generated from the app rather than from hand-written lists: the security headers
// on every route of the router (routeTree.gen.ts), on every GET of the OpenAPI document and on static files; the
// flags of every cookie the site sets; cross-site refusals for every route handler that changes state, every
// write of the API and every server function (app/src/server/*.functions.ts); and the role × ownership matrix over
// every API operation, every server function and every organiser screen under /event/manage. The matrix reads each
// case's access from a table keyed by operation id or function name, and fails when the app grows an operation or
// a function nobody classified.
//
// Roles: guest, player, pending and declined organiser (signed up through the API and the mailbox), the organiser
// who owns the resources (info@lbf.example), another accepted organiser and the super user. Writes go to a draft
// event the suite creates for the owner (incomplete, so it can never be published and stays out of everyone else's
// way); a call that would change shared demo data gets a body that is invalid or a state that refuses it (the
// owner's canceled registration), so a role that gets through answers 400 or 409 while a refused one answers 401,
// 403 or 404. The refused roles call first, and the owner's data must be exactly as it was after their calls.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { Schema } from 'effect'
import { generalInformationBody, tournamentBody } from '../test/support/editorBodies.ts'
import {
  applyAsOrganiser,
  type Body,
  baseUrl,
  type Client,
  callServerFunction,
  cookieValue,
  declineApplication,
  decodeJson,
  decodeServerFunction,
  guestClient,
  logIn,
  parsePolicy,
  parseSetCookie,
  type Reply,
  routePaths,
  type ServerFunction,
  send,
  serverFunctionHeaders,
  serverFunctions,
  sessionCookieName,
  signUp,
  tagsOf,
  uniqueEmail,
  writeRoutes,
} from './securitySupport.ts'

test.describe.configure({ mode: 'parallel', timeout: 120_000 })

const adminEmail = 'admin@kibitz.local'
const ownerEmail = 'info@lbf.example'
const anotherEmail = 'klub@wkb-wroclaw.example'
const demoPassword = 'kibitz-demo'
const playerPassword = 'Bridge!2026'
const evil = 'https://evil.example'

// ---------------------------------------------------------------------------------------------------------
// Roles and the data they act on

type Role = 'guest' | 'player' | 'pending' | 'declined' | 'owner' | 'another' | 'super'
const roles: ReadonlyArray<Role> = ['guest', 'player', 'pending', 'declined', 'owner', 'another', 'super']

/** A simulated client in one role; the password lets a call that ends its session start a fresh one. */
interface Actor extends Client {
  readonly role: Role
  readonly email: string | null
  readonly password: string | null
}

/** What the suite acts on; one per worker (tests of a worker run one after the other). */
interface Site {
  /** Letters in every name of the scratch data: an answer holding them holds the owner's private data. */
  readonly tag: string
  /** A made-up 43-character token (the shape of every link token of the site). */
  readonly token: string
  readonly guest: Actor
  readonly owner: Actor
  readonly another: Actor
  readonly superUser: Actor
  readonly ownerUserId: number
  readonly ownerOrganiserId: number
  /** The owner's draft event, one of its tournaments and a PDF stored for it (`event/…/x.pdf`). */
  readonly scratch: { readonly eventId: number; readonly tournamentId: number; readonly fileKey: string }
  /** A draft of the other organiser's, to name the owner's tournaments through an event it does own. */
  readonly anotherDraft: number
  /** A public event of the owner with a canceled registration, and one of its tournaments with a public list. */
  readonly event: { readonly id: number; readonly alias: string }
  readonly tournament: { readonly id: number; readonly alias: string }
  readonly entry: { readonly id: number; readonly tournamentId: number; readonly createdAt: string }
  /** Texts only the owner and the super user may ever be answered. */
  readonly secrets: ReadonlyArray<string>
}

const letters = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('')

/** A draft's general information, incomplete on purpose (no location, no country): it can never be published. */
const generalInformation = (name: string, organiserId?: number) =>
  generalInformationBody({
    contents: [{ language: 'en', name, description: 'Security suite data', isMain: true, type: 1 }],
    editionYear: 2031,
    dateStart: '2031-07-01',
    dateEnd: '2031-07-05',
    countryCode: null,
    languages: ['en'],
    organiserEmail: 'security@example.test',
    locations: [],
    ...(organiserId === undefined ? {} : { organiserId }),
  })

/** A tournament as the edit screen sends it. */
const pairs = (name: string) =>
  tournamentBody({
    name,
    startDate: '2031-07-01',
    endDate: '2031-07-01',
    registrationStart: '2031-04-01T09:00',
    registrationEnd: '2031-06-29T20:00',
  })

const png = () =>
  new Blob([
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  ])
const pdf = () => new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'])

const imageUpload = (eventId: number): Body => ({
  multipart: () => {
    const form = new FormData()
    form.set('eventId', String(eventId))
    form.set('file', png(), 'security.png')
    return form
  },
})

const pdfUpload = (eventId: number, name: string, tournamentId?: number): Body => ({
  multipart: () => {
    const form = new FormData()
    form.set('eventId', String(eventId))
    if (tournamentId !== undefined) form.set('tournamentId', String(tournamentId))
    form.set('kind', 'documents')
    form.set('file', pdf(), name)
    return form
  },
})

const EventId = Schema.Struct({ id: Schema.Int })
const CreatedDraft = Schema.Struct({ ok: Schema.Literal(true), event: EventId })
const TournamentId = Schema.Struct({ tournamentId: Schema.Int })
const OwnEvents = Schema.NullOr(
  Schema.Struct({
    events: Schema.Array(Schema.Struct({ id: Schema.Int, alias: Schema.String, state: Schema.String })),
  }),
)
const Registrations = Schema.Struct({
  entries: Schema.Array(
    Schema.Struct({
      entryId: Schema.Int,
      status: Schema.String,
      createdAt: Schema.String,
      tournament: Schema.Struct({ tournamentId: Schema.Int }),
    }),
  ),
})
const EventData = Schema.Struct({
  tournaments: Schema.Array(
    Schema.Struct({
      tournamentId: Schema.Int,
      alias: Schema.String,
      isPlayerListViewEnabled: Schema.Boolean,
    }),
  ),
})

const functionNamed = (name: string): ServerFunction => {
  const found = serverFunctions().find((fn) => fn.name === name)
  if (!found) throw new Error(`no server function ${name}`)
  return found
}

const AnyEntries = Schema.Struct({ entries: Schema.Array(Schema.Record(Schema.String, Schema.Unknown)) })

/**
 * What refused calls must leave alone, as text: the scratch draft as its editor shows it (with its publish
 * problems), its tournaments and files, and the owner's canceled registration.
 */
const ownersState = async (s: Site): Promise<string> => {
  const eventId = s.scratch.eventId
  const [editor, tournaments, files, entries] = await Promise.all([
    callServerFunction(functionNamed('fetchEditorData'), { eventId }, s.owner),
    callServerFunction(functionNamed('fetchEditorTournaments'), { eventId }, s.owner),
    callServerFunction(functionNamed('fetchEditorFiles'), { eventId, page: 1 }, s.owner),
    send('GET', `/api/v1/event/${s.event.id}/registrations?tournamentId=${s.entry.tournamentId}&limit=100`, {
      client: s.owner,
    }),
  ])
  const entry = decodeJson(entries, AnyEntries, 'the owner’s registrations').entries.find(
    (e) => e.entryId === s.entry.id,
  )
  return [editor.text, tournaments.text, files.text, JSON.stringify(entry)].join('\n')
}

/** A public event of the owner that has a canceled registration and a tournament with a public player list. */
const ownersEvent = async (owner: Actor, guest: Actor) => {
  for (let page = 1; page <= 20; page++) {
    const reply = await callServerFunction(
      functionNamed('fetchOwnEvents'),
      { draftsOnly: false, page },
      owner,
    )
    const own = Schema.decodeUnknownSync(OwnEvents)(decodeServerFunction(reply).result)
    if (own === null || own.events.length === 0) break
    for (const event of own.events.filter((e) => e.state === 'accepted')) {
      const list = decodeJson(
        await send('GET', `/api/v1/event/${event.id}/registrations?limit=100`, { client: owner }),
        Registrations,
        'the owner’s registrations',
      )
      const canceled = list.entries.find((entry) => entry.status === 'canceled')
      if (!canceled) continue
      const data = decodeJson(
        await send('GET', `/api/v1/event/${event.id}/event-data`, { client: guest }),
        EventData,
        'event data',
      )
      const listed = data.tournaments.find((t) => t.isPlayerListViewEnabled)
      if (!listed) continue
      return {
        event: { id: event.id, alias: event.alias },
        tournament: { id: listed.tournamentId, alias: listed.alias },
        entry: {
          id: canceled.entryId,
          tournamentId: canceled.tournament.tournamentId,
          createdAt: canceled.createdAt,
        },
      }
    }
  }
  throw new Error(`no public event of ${ownerEmail} has a canceled registration and a public player list`)
}

const prepareSite = async (): Promise<Site> => {
  const tag = letters(10)
  const guest: Actor = { role: 'guest', ...guestClient(), email: null, password: null }
  const [owner, another, superUser] = await Promise.all([
    logIn(ownerEmail, demoPassword),
    logIn(anotherEmail, demoPassword),
    logIn(adminEmail, demoPassword),
  ])
  if (owner.organiserId === null) throw new Error(`${ownerEmail} is not an organiser`)
  const ownerActor: Actor = { role: 'owner', ...owner, email: ownerEmail, password: demoPassword }
  const draft = decodeJson(
    await send('POST', '/api/v1/event', {
      client: owner,
      body: { json: { generalInformation: generalInformation(`Security scratch ${tag}`) } },
    }),
    EventId,
    'the scratch draft',
  )
  const tournament = decodeJson(
    await send('POST', `/api/v1/event/${draft.id}/tournaments`, {
      client: owner,
      body: { json: pairs(`Scratch pairs ${tag}`) },
    }),
    TournamentId,
    'the scratch tournament',
  )
  const file = decodeJson(
    await send('POST', '/api/v1/event/upload-pdf', {
      client: owner,
      body: pdfUpload(draft.id, `${tag}.pdf`),
    }),
    Schema.Struct({ url: Schema.String }),
    'the scratch document',
  )
  const anotherDraft = decodeJson(
    await send('POST', '/api/v1/event', {
      client: another,
      body: { json: { generalInformation: generalInformation(`Security another ${letters(8)}`) } },
    }),
    EventId,
    'the other organiser’s draft',
  )
  const found = await ownersEvent(ownerActor, guest)
  return {
    tag,
    token: randomBytes(32).toString('base64url'),
    guest,
    owner: ownerActor,
    another: { role: 'another', ...another, email: anotherEmail, password: demoPassword },
    superUser: { role: 'super', ...superUser, email: adminEmail, password: demoPassword },
    ownerUserId: owner.userId,
    ownerOrganiserId: owner.organiserId,
    anotherDraft: anotherDraft.id,
    scratch: {
      eventId: draft.id,
      tournamentId: tournament.tournamentId,
      fileKey: file.url.replace(/^\/files\//, ''),
    },
    ...found,
    // The canceled entry's registration time is in the organiser's list and export, and nowhere public.
    secrets: [tag, found.entry.createdAt],
  }
}

let site: Promise<Site> | undefined
const theSite = () => {
  site ??= prepareSite()
  return site
}

// The drafts a worker made go when it is done with its share of this file (the spare ones went with the calls
// that used them). A worker can be handed more of the file's tests afterwards: it then prepares a new site,
// never reusing the drafts just deleted.
test.afterAll(async () => {
  const made = await site?.catch(() => undefined)
  site = undefined
  actors = undefined
  if (!made) return
  await send('DELETE', `/api/v1/event/${made.anotherDraft}/delete`, { client: made.another })
  await send('DELETE', `/api/v1/event/${made.scratch.eventId}/delete`, { client: made.owner })
})

/** Every role, the three made-up ones signed up (and applied, declined) through the API and the mailbox. */
const prepareActors = async (): Promise<Readonly<Record<Role, Actor>>> => {
  const s = await theSite()
  const person = async (role: 'player' | 'pending' | 'declined'): Promise<Actor> => {
    const signedUp = await signUp(role, playerPassword)
    if (role !== 'player') await applyAsOrganiser(signedUp)
    if (role === 'declined') await declineApplication(adminEmail, signedUp.email)
    return { role, ...signedUp, password: playerPassword }
  }
  const [player, pending, declined] = await Promise.all([
    person('player'),
    person('pending'),
    person('declined'),
  ])
  return { guest: s.guest, player, pending, declined, owner: s.owner, another: s.another, super: s.superUser }
}

let actors: Promise<Readonly<Record<Role, Actor>>> | undefined
const everyone = () => {
  actors ??= prepareActors()
  return actors
}

/** The same role signed in anew (for a call that ends the session it is made with). */
const freshSession = async (actor: Actor): Promise<Actor> => {
  if (actor.email === null || actor.password === null) return { ...actor, address: guestClient().address }
  return { ...actor, ...(await logIn(actor.email, actor.password)) }
}

/** A draft of the owner's that a call may use up. */
const spareDraft = async (s: Site) =>
  decodeJson(
    await send('POST', '/api/v1/event', {
      client: s.owner,
      body: { json: { generalInformation: generalInformation(`Security spare ${letters(8)}`) } },
    }),
    EventId,
    'a spare draft',
  ).id

/** A tournament of the scratch draft that a call may use up. */
const spareTournament = async (s: Site) =>
  decodeJson(
    await send('POST', `/api/v1/event/${s.scratch.eventId}/tournaments`, {
      client: s.owner,
      body: { json: pairs(`Spare pairs ${letters(8)}`) },
    }),
    TournamentId,
    'a spare tournament',
  ).tournamentId

// ---------------------------------------------------------------------------------------------------------
// Who may do what

/**
 * public: anyone; signedIn: any signed-in user; organiser: accepted organisers and the super user;
 * eventOrganiser: the organiser of the event (or entry) and the super user; superUser: the super user alone;
 * token: whoever holds the link's token (a made-up one is refused alike whoever asks); webhook: Stripe, proven by
 * its signature (a request without one is refused alike whoever sends it).
 */
type Access = 'public' | 'signedIn' | 'organiser' | 'eventOrganiser' | 'superUser' | 'token' | 'webhook'

/** answers: no refusal; passes: gets past the access check; refused: 403 or 404; hidden: 404 (as if missing). */
type Outcome = 'answers' | 'passes' | 'unauthenticated' | 'refused' | 'hidden' | 'alike'

const outcomeOf = (access: Access, role: Role): Outcome => {
  switch (access) {
    case 'public':
      return 'answers'
    case 'token':
    case 'webhook':
      return 'alike'
    case 'signedIn':
      return role === 'guest' ? 'unauthenticated' : 'passes'
    case 'superUser':
      return role === 'guest' ? 'unauthenticated' : role === 'super' ? 'passes' : 'refused'
    case 'organiser':
      if (role === 'guest') return 'unauthenticated'
      return role === 'owner' || role === 'another' || role === 'super' ? 'passes' : 'refused'
    case 'eventOrganiser':
      if (role === 'guest') return 'unauthenticated'
      if (role === 'owner' || role === 'super') return 'passes'
      return role === 'another' ? 'hidden' : 'refused'
  }
}

const getsThrough = (access: Access, role: Role) => {
  const outcome = outcomeOf(access, role)
  return outcome === 'passes' || outcome === 'answers'
}

/** Whether `role`'s answers may hold the owner's private data. */
const maySeeOwnersData = (access: Access, role: Role) =>
  (role === 'owner' || role === 'super') && access !== 'public'

const accessSpec: Readonly<Record<Access, string>> = {
  public: 'answers every role',
  signedIn: 'answers every signed-in user and only them',
  organiser: 'is for accepted organisers and the super user only',
  eventOrganiser:
    'is for the event’s own organiser and the super user only; another organiser gets a not-found',
  superUser: 'is for the super user only',
  token: 'refuses a made-up token alike whoever asks',
  webhook: 'refuses a request without a Stripe signature alike whoever sends it',
}

// ---------------------------------------------------------------------------------------------------------
// The API: the OpenAPI document and the classification of its operations

const Parameter = Schema.Struct({
  name: Schema.String,
  in: Schema.String,
  required: Schema.optional(Schema.Boolean),
})
const OperationObject = Schema.Struct({
  operationId: Schema.String,
  parameters: Schema.optional(Schema.Array(Parameter)),
})
const OpenApiDocument = Schema.Struct({
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)),
})
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

interface Operation {
  readonly operationId: string
  readonly method: string
  /** The path with `{name}` parameters, as the document writes it. */
  readonly path: string
  readonly parameters: ReadonlyArray<typeof Parameter.Type>
}

const readOperations = async (): Promise<ReadonlyArray<Operation>> => {
  const document = decodeJson(
    await send('GET', '/api/v1/openapi.json', { client: guestClient() }),
    OpenApiDocument,
    'the OpenAPI document',
  )
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.has(method))
      .map(([method, value]) => {
        const operation = Schema.decodeUnknownSync(OperationObject)(value)
        return {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          parameters: operation.parameters ?? [],
        }
      }),
  )
}

let operations: Promise<ReadonlyArray<Operation>> | undefined
const openApi = () => {
  operations ??= readOperations()
  return operations
}

interface ApiCase {
  readonly access: Access
  /** Path or query values beyond the defaults (see `valuesFor`). */
  readonly values?: (s: Site) => Readonly<Record<string, string>>
  readonly body?: (s: Site) => Body
  /** The call uses its resource up: each role that gets through acts on one of its own (these values). */
  readonly consumes?: (s: Site) => Promise<Readonly<Record<string, string>>>
  /** The call ends the session it is made with: each signed-in role makes it with a fresh one. */
  readonly endsSession?: boolean
  /** Undoes what a role that got through made. */
  readonly undo?: (reply: Reply, client: Client) => Promise<void>
  /** A text the owner's and the super user's answers hold: the data nobody else may get. */
  readonly shows?: (s: Site) => string
  /** Each signed-in user is answered their own account (its e-mail) and nobody else's. */
  readonly ownAccount?: boolean
  /** Checked once every role has called: what refused roles were pointed at is still there. */
  readonly afterwards?: (s: Site) => Promise<void>
  /**
   * The other organiser names the owner's tournament through a draft of its own (values and body of that call):
   * refused (400 or 404) all the same.
   */
  readonly viaOwnEvent?: {
    readonly values?: (s: Site) => Readonly<Record<string, string>>
    readonly body?: (s: Site) => Body
  }
}

const json =
  (value: unknown) =>
  (_s: Site): Body => ({ json: value })

const messageBody = json({ message: 'Security check: nobody is e-mailed, the draft refuses it' })

/** Deletes the draft a role made by creating an event. */
const deleteCreated = async (reply: Reply, client: Client) => {
  const created = Schema.decodeUnknownSync(EventId)(JSON.parse(reply.text))
  const deleted = await send('DELETE', `/api/v1/event/${created.id}/delete`, { client })
  expect(deleted.status, `deleting draft ${created.id}: ${deleted.text}`).toBe(200)
}

const scratchStillThere = async (s: Site) => {
  const reply = await send(
    'GET',
    `/api/v1/event/${s.scratch.eventId}/tournaments/${s.scratch.tournamentId}/edit-data`,
    {
      client: s.owner,
    },
  )
  expect(reply.status, 'the scratch draft and its tournament are still there').toBe(200)
}

const publicEvent = (s: Site) => ({ id: String(s.event.id) })
const ownersEventWithEntries = (s: Site) => ({
  id: String(s.event.id),
  tournamentId: String(s.entry.tournamentId),
})

/** Every operation of the OpenAPI document, classified (the completeness test fails on any other). */
const apiCases: Readonly<Record<string, ApiCase>> = {
  // The catalogue and its reference data.
  'event.futureEvents': { access: 'public' },
  'event.searchFutureEvents': { access: 'public' },
  'event.listEvents': { access: 'public' },
  'event.searchEventLocations': { access: 'public', values: () => ({ q: 'Vil' }) },
  'event.eventTypes': { access: 'public' },
  'event.eventTypeConstants': { access: 'public' },
  'event.editions': { access: 'public' },
  'event.occasionTypes': { access: 'public' },
  'event.eventStatuses': { access: 'public' },
  'event.restrictedTypes': { access: 'public' },
  'event.liveResults': { access: 'public' },
  'event.liveResultsCount': { access: 'public' },
  'event.eventsCalendar': { access: 'public', values: (s) => ({ ids: String(s.event.id) }) },
  'event.event': { access: 'public', values: (s) => ({ id: s.event.alias }) },
  'event.eventViewData': { access: 'public', values: publicEvent },
  'event.eventData': { access: 'public', values: publicEvent },
  'event.eventTournaments': { access: 'public', values: publicEvent },
  'event.participantsCount': { access: 'public', values: publicEvent },
  'tournament.tournamentsCalendar': { access: 'public', values: (s) => ({ event: String(s.event.id) }) },
  'tournament.playerList': { access: 'public' },
  'tournament.tournamentTypeConstants': { access: 'public' },
  'tournament.tourTypes': { access: 'public' },
  'tournament.prizeTypes': { access: 'public' },
  'tournament.stageTypes': { access: 'public' },
  'reference.ticketAgeGroups': { access: 'public' },
  'reference.ageGroups': { access: 'public' },
  'reference.countries': { access: 'public' },
  'reference.currencies': { access: 'public' },
  'reference.appConfig': { access: 'public' },
  'reference.documentTypes': { access: 'public' },
  // Accounts: public calls get bodies their schemas refuse (400), so nothing is signed up, in or reset.
  'user.register': { access: 'public', body: json({}) },
  'user.login': { access: 'public', body: json({}) },
  'user.logout': { access: 'public', endsSession: true },
  'user.loginVk': { access: 'public', body: json({}) },
  'user.loginFacebook': { access: 'public', body: json({}) },
  'user.loginGoogle': { access: 'public', body: json({}) },
  'user.forgot': { access: 'public', body: json({}) },
  'user.reset': { access: 'token', body: json({ password: 'Bridge!2026-new' }) },
  'user.organizerDecision': { access: 'token' },
  // Signed-in calls get what their domain refuses (a bad phone, a provider that is not configured).
  'user.connectSocial': { access: 'signedIn', body: json({ token: 'not-a-token', provider: 3 }) },
  'user.disconnectSocial': { access: 'signedIn', body: json({ provider: 3 }) },
  'user.registerOrganizer': {
    access: 'signedIn',
    body: json({
      user: { kind: 'individual', firstName: 'Ona', lastName: 'Jonaitė', countryCode: 'LT', phone: 'x' },
    }),
  },
  'user.profileData': { access: 'signedIn', ownAccount: true },
  'user.changeProfile': { access: 'signedIn', body: json({ kind: 2, phone: 'not a phone' }) },
  'user.eventCreators': { access: 'superUser' },
  // The organiser's event writes, on the scratch draft.
  'eventEditor.create': {
    access: 'organiser',
    // The super user names the organiser; anyone else creates for themselves. Each draft made is deleted; the
    // names differ, since drafts of one name created at one moment are a test of their own (below).
    body: (s) => ({
      json: { generalInformation: generalInformation(`Security created ${letters(8)}`, s.ownerOrganiserId) },
    }),
    undo: deleteCreated,
  },
  'eventEditor.update': { access: 'eventOrganiser', body: json({}), shows: (s) => s.tag },
  'eventEditor.previewData': { access: 'eventOrganiser', shows: (s) => s.tag },
  'eventEditor.validate': { access: 'eventOrganiser', body: (s) => ({ json: { id: s.scratch.eventId } }) },
  'eventActions.publish': { access: 'eventOrganiser', body: json({}) },
  'eventActions.unpublish': { access: 'eventOrganiser' },
  'eventActions.postpone': { access: 'eventOrganiser', body: messageBody },
  'eventActions.unpublishAfterPostpone': { access: 'eventOrganiser', body: messageBody },
  'eventActions.cancel': { access: 'eventOrganiser', body: messageBody },
  'eventActions.notifyEventUsers': { access: 'eventOrganiser', body: messageBody },
  'eventActions.delete': {
    access: 'eventOrganiser',
    consumes: async (s) => ({ id: String(await spareDraft(s)) }),
    afterwards: scratchStillThere,
  },
  'eventWrites.createTournament': { access: 'eventOrganiser', body: json({}) },
  'eventWrites.tournamentEditData': {
    access: 'eventOrganiser',
    shows: (s) => s.tag,
    viaOwnEvent: { values: (s) => ({ id: String(s.anotherDraft) }) },
  },
  'eventWrites.updateTournament': {
    access: 'eventOrganiser',
    body: json({}),
    viaOwnEvent: { values: (s) => ({ id: String(s.anotherDraft) }) },
  },
  'eventWrites.removeTournament': {
    access: 'eventOrganiser',
    consumes: async (s) => ({ tournamentId: String(await spareTournament(s)) }),
    afterwards: scratchStillThere,
    viaOwnEvent: { values: (s) => ({ id: String(s.anotherDraft) }) },
  },
  'eventWrites.setTournamentsOrdering': {
    access: 'eventOrganiser',
    body: json({ tournamentIds: [] }),
    viaOwnEvent: {
      values: (s) => ({ id: String(s.anotherDraft) }),
      body: (s) => ({ json: { tournamentIds: [s.scratch.tournamentId] } }),
    },
  },
  'eventWrites.saveProgram': {
    access: 'eventOrganiser',
    body: (s) => ({
      json: { eventId: s.scratch.eventId, tournamentId: s.scratch.tournamentId, programs: [] },
    }),
    viaOwnEvent: {
      body: (s) => ({
        json: { eventId: s.anotherDraft, tournamentId: s.scratch.tournamentId, programs: [] },
      }),
    },
  },
  'eventWrites.uploadImage': { access: 'eventOrganiser', body: (s) => imageUpload(s.scratch.eventId) },
  'eventWrites.removeImage': { access: 'eventOrganiser' },
  'eventWrites.uploadPdf': {
    access: 'eventOrganiser',
    body: (s) => pdfUpload(s.scratch.eventId, `${s.tag}-again.pdf`),
    viaOwnEvent: { body: (s) => pdfUpload(s.anotherDraft, 'crossed.pdf', s.scratch.tournamentId) },
  },
  // Registration: public calls, the registrant's token, Stripe, and the organiser's list and actions on the
  // owner's public event (a canceled entry: marking it paid, canceling or moving it again is refused with 409).
  'registration.registrationForm': { access: 'public' },
  'registration.register': { access: 'public', body: json({}) },
  'registration.registrationStatus': { access: 'token' },
  'registration.payByCard': { access: 'token', body: (s) => ({ json: { token: s.token } }) },
  'registration.stripeWebhook': { access: 'webhook', body: json({}) },
  'registration.eventRegistrations': {
    access: 'eventOrganiser',
    values: ownersEventWithEntries,
    shows: (s) => s.entry.createdAt,
  },
  'registration.eventRegistrationsCsv': {
    access: 'eventOrganiser',
    values: publicEvent,
    // The CSV writes times in the event's zone to the minute; the entry's own row starts with its number.
    shows: (s) => `\n"${s.entry.id}","`,
  },
  'registration.markPaid': { access: 'eventOrganiser' },
  // The owner's canceled entry is left as it was (skipped), so the owner's answer changes nothing.
  'registration.markRegistrationsPaid': {
    access: 'eventOrganiser',
    values: publicEvent,
    body: (s) => ({ json: { entryIds: [s.entry.id] } }),
  },
  'registration.cancelRegistration': { access: 'eventOrganiser' },
  'registration.moveRegistration': {
    access: 'eventOrganiser',
    body: (s) => ({ json: { tournamentId: s.tournament.id, ticketId: 1 } }),
  },
}

/** The values of path and query parameters: real ids of the site (the case's own values first). */
const valuesFor = (operation: Operation, access: Access, s: Site): Readonly<Record<string, string>> => ({
  id: operation.path.startsWith('/api/v1/tournament/')
    ? String(s.tournament.id)
    : access === 'eventOrganiser'
      ? String(s.scratch.eventId)
      : String(s.event.id),
  event: String(s.event.id),
  tournamentId: String(s.scratch.tournamentId),
  entryId: String(s.entry.id),
  token: s.token,
  status: '2',
})

/** The address of a call: the path's parameters filled, required query parameters and the case's own. */
const addressOf = (
  operation: Operation,
  apiCase: ApiCase | undefined,
  s: Site,
  own: Readonly<Record<string, string>> = {},
): string => {
  const values = {
    ...valuesFor(operation, apiCase?.access ?? 'public', s),
    ...apiCase?.values?.(s),
    ...own,
  }
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no value for {${name}} of ${operation.operationId}`)
    return encodeURIComponent(value)
  })
  const query = new URLSearchParams()
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const given = apiCase?.values?.(s)[parameter.name] ?? own[parameter.name]
    const value = given ?? (parameter.required ? values[parameter.name] : undefined)
    if (parameter.required && value === undefined)
      throw new Error(`no value for the query parameter ${parameter.name} of ${operation.operationId}`)
    if (value !== undefined) query.set(parameter.name, value)
  }
  const search = query.toString()
  return search === '' ? path : `${path}?${search}`
}

// ---------------------------------------------------------------------------------------------------------
// Server functions and their classification

interface FunctionCase {
  readonly access: Access
  readonly data?: (s: Site) => unknown
  /** The call uses its resource up: each role that gets through acts on one of its own (this data). */
  readonly consumes?: (s: Site) => Promise<unknown>
  readonly shows?: (s: Site) => string
  readonly ownAccount?: boolean
  /** The other organiser names the owner's tournament through a draft of its own (this data): refused too. */
  readonly viaOwnEvent?: (s: Site) => unknown
}

const scratchEvent = (s: Site) => ({ eventId: s.scratch.eventId })
const scratchTournament = (s: Site) => ({ eventId: s.scratch.eventId, tournamentId: s.scratch.tournamentId })
const tokenOf = (s: Site) => ({ token: s.token })

/** Every server function, classified (a function missing here fails its own test). */
const functionCases: Readonly<Record<string, FunctionCase>> = {
  fetchFormState: { access: 'public', data: () => ({ form: 'login' }) },
  activateAccount: { access: 'token', data: tokenOf },
  checkResetLink: { access: 'token', data: tokenOf },
  fetchAccountLookups: { access: 'public' },
  fetchProfileData: { access: 'signedIn', ownAccount: true },
  fetchOrganiserDecision: { access: 'token', data: tokenOf },
  fetchPublicProfile: { access: 'public', data: (s) => ({ id: s.ownerUserId }) },
  fetchPublicOrganiser: { access: 'public', data: (s) => ({ id: s.ownerOrganiserId }) },
  fetchEmailChange: { access: 'token', data: tokenOf },
  fetchOwnEvents: { access: 'organiser', data: () => ({ draftsOnly: true, page: 1 }) },
  fetchHome: { access: 'public', data: () => ({}) },
  fetchSearch: { access: 'public', data: () => ({ q: 'bridge' }) },
  fetchEvent: { access: 'public', data: (s) => ({ aliasOrId: s.event.alias }) },
  fetchEventPreview: {
    access: 'eventOrganiser',
    data: (s) => ({ aliasOrId: String(s.scratch.eventId) }),
    shows: (s) => s.tag,
  },
  fetchPlayerList: {
    access: 'public',
    data: (s) => ({ event: s.event.alias, tournament: s.tournament.alias }),
  },
  fetchLiveScore: { access: 'public', data: () => ({ page: 1 }) },
  fetchMoreEvents: { access: 'public' },
  fetchEditorData: { access: 'eventOrganiser', data: scratchEvent, shows: (s) => s.tag },
  fetchEventCreators: { access: 'superUser' },
  createEventDraft: { access: 'organiser', data: () => ({ general: {} }) },
  saveEventPart: {
    access: 'eventOrganiser',
    // The draft's own general information: saving it changes nothing, and ownership is checked before it.
    data: (s) => ({
      eventId: s.scratch.eventId,
      part: 'general',
      input: generalInformation(`Security scratch ${s.tag}`),
    }),
    shows: (s) => s.tag,
  },
  runEventAction: {
    access: 'eventOrganiser',
    data: (s) => ({ eventId: s.scratch.eventId, action: 'unpublish' }),
  },
  fetchEditorTournaments: { access: 'eventOrganiser', data: scratchEvent, shows: (s) => s.tag },
  fetchEditorTournament: {
    access: 'eventOrganiser',
    data: scratchTournament,
    shows: (s) => s.tag,
    viaOwnEvent: (s) => ({ eventId: s.anotherDraft, tournamentId: s.scratch.tournamentId }),
  },
  saveTournamentFn: {
    access: 'eventOrganiser',
    data: (s) => ({ ...scratchTournament(s), input: {} }),
    viaOwnEvent: (s) => ({ eventId: s.anotherDraft, tournamentId: s.scratch.tournamentId, input: {} }),
  },
  removeTournamentFn: {
    access: 'eventOrganiser',
    data: scratchTournament,
    consumes: async (s) => ({ eventId: s.scratch.eventId, tournamentId: await spareTournament(s) }),
    viaOwnEvent: (s) => ({ eventId: s.anotherDraft, tournamentId: s.scratch.tournamentId }),
  },
  reorderTournamentsFn: {
    access: 'eventOrganiser',
    data: (s) => ({ eventId: s.scratch.eventId, tournamentIds: [] }),
  },
  fetchEditorFiles: {
    access: 'eventOrganiser',
    data: (s) => ({ eventId: s.scratch.eventId, page: 1 }),
    shows: (s) => s.tag,
  },
  fetchOutbox: { access: 'public' },
  fetchRegistrationForm: {
    access: 'public',
    data: (s) => ({ event: s.event.alias, tournament: s.tournament.alias }),
  },
  registerEntry: {
    access: 'public',
    data: (s) => ({ event: s.event.alias, tournament: s.tournament.alias, input: {} }),
  },
  fetchEntry: { access: 'token', data: tokenOf },
  fetchRules: { access: 'public', data: (s) => ({ tournamentId: s.tournament.id }) },
  fetchRegistrations: {
    access: 'eventOrganiser',
    data: (s) => ({
      eventId: s.event.id,
      tournamentId: s.entry.tournamentId,
      status: 'canceled',
      search: null,
      page: 1,
    }),
    shows: (s) => s.entry.createdAt,
  },
  // The owner's canceled entry is left as it was (skipped), so the owner's answer changes nothing.
  markEntriesPaid: {
    access: 'eventOrganiser',
    data: (s) => ({ eventId: s.event.id, entryIds: [s.entry.id] }),
  },
  runEntryAction: {
    access: 'eventOrganiser',
    data: (s) => ({ entryId: s.entry.id, action: { action: 'cancel' } }),
  },
  fetchRequestContext: { access: 'public' },
}

/** What a refused server function answers: nothing (null, an empty list) or a refusal that names no data. */
const Refusal = Schema.Union([
  Schema.Null,
  Schema.Tuple([]),
  Schema.Struct({
    ok: Schema.Literal(false),
    refused: Schema.Literals(['signedOut', 'notFound', 'notOrganiser']),
  }),
  Schema.Struct({
    ok: Schema.Literal(false),
    reason: Schema.Literals(['signedOut', 'notFound', 'notOrganiser']),
  }),
])
const isRefusal = Schema.is(Refusal)

// ---------------------------------------------------------------------------------------------------------
// Response checks

const everyResponse: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
}

const isHtml = (reply: Reply) => (reply.headers.get('content-type') ?? '').startsWith('text/html')

/** Script types a browser does not run (data blocks); every other <script> needs the page's nonce. */
const dataScriptTypes = new Set(['application/ld+json', 'application/json'])

/** Asserts the headers every response carries, and the page policy and script nonces of an HTML one. */
const expectSecurityHeaders = (label: string, reply: Reply, nonces: Array<string>) => {
  for (const [name, value] of Object.entries(everyResponse))
    expect.soft(reply.headers.get(name), `${label}: ${name}`).toBe(value)
  const hsts = reply.headers.get('strict-transport-security') ?? ''
  expect
    .soft(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${label}: HSTS for a year (${hsts})`)
    .toBeGreaterThanOrEqual(31_536_000)
  expect.soft(hsts, `${label}: HSTS includes subdomains`).toContain('includeSubDomains')
  const permissions = reply.headers.get('permissions-policy') ?? ''
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()'])
    expect.soft(permissions, `${label}: Permissions-Policy`).toContain(feature)
  const policy = parsePolicy(reply.headers.get('content-security-policy') ?? '')
  if (reply.status === 304) return
  if (!isHtml(reply)) {
    expect
      .soft(policy.get('default-src'), `${label}: a non-page runs nothing (default-src 'none')`)
      .toEqual(["'none'"])
    const framing = policy.get('frame-ancestors')?.join(' ') === "'none'" || policy.has('sandbox')
    expect.soft(framing, `${label}: frame-ancestors 'none' or a sandbox`).toBe(true)
    return
  }
  const scriptSources = policy.get('script-src') ?? []
  const nonce =
    /^'nonce-(.+)'$/.exec(scriptSources.find((source) => source.startsWith("'nonce-")) ?? '')?.[1] ?? ''
  expect
    .soft(nonce, `${label}: a nonce of 128 bits or more in script-src`)
    .toMatch(/^[A-Za-z0-9+/_-]{22,}={0,2}$/)
  expect
    .soft(scriptSources, `${label}: script-src`)
    .toEqual(expect.arrayContaining(["'strict-dynamic'", "'self'"]))
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect.soft(scriptSources, `${label}: script-src`).not.toContain(unsafe)
  expect.soft(policy.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"])
  expect.soft(policy.get('object-src'), `${label}: object-src`).toEqual(["'none'"])
  expect.soft(policy.get('base-uri'), `${label}: base-uri`).toEqual(["'none'"])
  const scripts = tagsOf(reply.text, 'script').filter(
    (script) => !dataScriptTypes.has((script.get('type') ?? '').toLowerCase()),
  )
  // Every page has at least the enhancement script: none found means the page (or this parser) is broken.
  if (reply.text.length > 0) expect.soft(scripts.length, `${label}: the page's scripts`).toBeGreaterThan(0)
  for (const script of scripts) {
    const shown = [...script].map(([name, value]) => (value === '' ? name : `${name}="${value}"`)).join(' ')
    expect.soft(script.get('nonce'), `${label}: <script ${shown}> carries the page's nonce`).toBe(nonce)
  }
  for (const link of tagsOf(reply.text, 'link').filter((l) => l.get('rel') === 'modulepreload'))
    expect.soft(link.get('nonce'), `${label}: <link rel=modulepreload href=${link.get('href')}>`).toBe(nonce)
  nonces.push(nonce)
}

const expectNoServerError = (label: string, reply: Reply) =>
  expect.soft(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBeLessThan(500)

const expectNoSecrets = (label: string, text: string, s: Site) => {
  for (const secret of s.secrets)
    expect.soft(text.includes(secret), `${label} holds the owner’s private data (${secret})`).toBe(false)
}

/** Each signed-in user is answered their own account and nobody else's. */
const expectOwnAccount = (label: string, role: Role, text: string, people: Readonly<Record<Role, Actor>>) => {
  for (const other of roles) {
    const email = people[other].email
    if (email === null) continue
    expect
      .soft(text.includes(email), `${label}: ${other}’s account (${email}) in ${role}’s answer`)
      .toBe(other === role)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Routes of the router

/** A route path with every parameter given a real value; fails on a parameter it has no value for. */
const routeAddress = (route: string, s: Site): string => {
  const manage = route.startsWith('/event/manage/')
  const values: Readonly<Record<string, string>> = {
    $eventId: manage ? String(s.scratch.eventId) : s.event.alias,
    $tournamentId: manage ? String(s.scratch.tournamentId) : s.tournament.alias,
    $token: s.token,
    $provider: 'google',
    $code: 'pl',
    $status: '3',
    $step: 'tournaments',
    $name: 'sitemap-1.xml',
    $id: String(s.tournament.id),
    '{-$date}': new Date().toISOString().slice(0, 10),
    '{-$id}': route.startsWith('/profile/organizer/') ? String(s.ownerOrganiserId) : String(s.ownerUserId),
  }
  const filled = route.split('/').map((segment) => {
    if (segment === '$') {
      if (route === '/files/$') return s.scratch.fileKey
      if (route === '/api/v1/$') return 'openapi.json'
      return `no-such-page-${s.tag}`
    }
    if (!segment.includes('$')) return segment
    const value = values[segment]
    if (value === undefined) throw new Error(`no value for ${segment} in ${route}`)
    return encodeURIComponent(value)
  })
  const address = filled.join('/')
  return address.length > 1 ? address.replace(/\/$/, '') : address
}

// ---------------------------------------------------------------------------------------------------------
// 1. Security headers

test.describe('security headers', () => {
  test('every route of the router answers a guest with the security headers, and pages with a nonce on every script', async () => {
    const s = await theSite()
    const addresses = [...new Set(routePaths().map((route) => routeAddress(route, s)))]
    expect(addresses.length, 'routes read from routeTree.gen.ts').toBeGreaterThan(40)
    const nonces: Array<string> = []
    for (const address of addresses) {
      const reply = await send('GET', address, { client: s.guest })
      expectNoServerError(`GET ${address}`, reply)
      expectSecurityHeaders(`GET ${address} (${reply.status})`, reply, nonces)
    }
    expect(new Set(nonces).size, 'every page gets a nonce of its own').toBe(nonces.length)
  })

  test('every route a guest is sent to the login from answers its signed-in owner with the security headers', async () => {
    const s = await theSite()
    const addresses = [...new Set(routePaths().map((route) => routeAddress(route, s)))]
    const nonces: Array<string> = []
    let guarded = 0
    for (const address of addresses) {
      const asGuest = await send('GET', address, { client: s.guest })
      if (
        !(
          asGuest.status >= 300 &&
          asGuest.status < 400 &&
          (asGuest.headers.get('location') ?? '').startsWith('/login')
        )
      )
        continue
      guarded++
      const reply = await send('GET', address, { client: s.owner })
      expectNoServerError(`GET ${address} as the owner`, reply)
      expectSecurityHeaders(`GET ${address} as the owner (${reply.status})`, reply, nonces)
    }
    expect(guarded, 'routes that need a login').toBeGreaterThan(10)
    expect(new Set(nonces).size, 'every page gets a nonce of its own').toBe(nonces.length)
  })

  test('every GET operation of the OpenAPI document answers without a session with the security headers', async () => {
    const s = await theSite()
    const gets = (await openApi()).filter((operation) => operation.method === 'GET')
    expect(gets.length).toBeGreaterThan(30)
    const nonces: Array<string> = []
    for (const operation of gets) {
      const address = addressOf(operation, apiCases[operation.operationId], s)
      const reply = await send('GET', address, { client: s.guest })
      expectNoServerError(`${operation.operationId} GET ${address}`, reply)
      expectSecurityHeaders(`${operation.operationId} GET ${address} (${reply.status})`, reply, nonces)
    }
    const document = await send('GET', '/api/v1/openapi.json', { client: s.guest })
    expectSecurityHeaders('GET /api/v1/openapi.json', document, nonces)
  })

  test('static files, build assets and uploaded files carry the security headers', async () => {
    const s = await theSite()
    const home = await send('GET', '/', { client: s.guest })
    const assets = [
      ...new Set(
        [...tagsOf(home.text, 'script'), ...tagsOf(home.text, 'link')]
          .map((tag) => tag.get('src') ?? tag.get('href') ?? '')
          .filter((address) => address.startsWith('/assets/')),
      ),
    ]
    expect(assets.length, 'the home page links build assets').toBeGreaterThan(0)
    const nonces: Array<string> = []
    for (const address of ['/favicon.svg', ...assets]) {
      const reply = await send('GET', address, { client: s.guest })
      expect.soft(reply.status, `GET ${address}`).toBe(200)
      expectSecurityHeaders(`GET ${address}`, reply, nonces)
    }
    const file = await send('GET', `/files/${s.scratch.fileKey}`, { client: s.guest })
    expect(file.status).toBe(200)
    expectSecurityHeaders('an uploaded PDF', file, nonces)
    const policy = parsePolicy(file.headers.get('content-security-policy') ?? '')
    expect(policy.has('sandbox'), 'an uploaded file is sandboxed').toBe(true)
  })

  test('a page revalidated with its ETag answers 304 with the security headers and no policy of its own', async () => {
    const s = await theSite()
    const first = await send('GET', '/terms-and-conditions', { client: s.guest })
    const etag = first.headers.get('etag')
    expect(etag, 'a shared page has an entity tag').not.toBeNull()
    const again = await send('GET', '/terms-and-conditions', {
      client: s.guest,
      headers: { 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expectSecurityHeaders('a 304', again, [])
    expect(again.headers.get('content-security-policy')).toBeNull()
  })
})

// ---------------------------------------------------------------------------------------------------------
// 2. Cookies

const shortLived = new Set(['kibitz_flash', 'kibitz_form', 'kibitz_social'])
/** The device cookie (decision 028): a known browser's logins are never locked by strangers' failures. */
const deviceCookieName = '__Host-kibitz_device'
const longLived = new Set([sessionCookieName, deviceCookieName, 'lang', 'cookie_consent', 'account'])

test('every cookie the site sets is HttpOnly, SameSite=Lax and host-only; the session __Host- and Secure; short ones ≤ 10 minutes', async () => {
  const seen: Array<{ readonly from: string; readonly line: string }> = []
  const keep = (from: string, reply: Reply) => {
    expectNoServerError(from, reply)
    for (const line of reply.cookies) seen.push({ from, line })
  }
  const browser = guestClient()
  const formLogin = await send('POST', '/login', {
    client: browser,
    body: { form: { email: ownerEmail, password: demoPassword } },
  })
  expect(formLogin.status, 'the login form redirects').toBe(303)
  keep('the login form', formLogin)
  const session = cookieValue(formLogin, sessionCookieName)
  expect(session, 'the login form signs in').not.toBeNull()
  const signedIn: Client = { address: browser.address, session }
  keep(
    'a refused login form',
    await send('POST', '/login', {
      client: guestClient(),
      body: { form: { email: uniqueEmail('nobody'), password: 'Wrong!pass1' } },
    }),
  )
  keep(
    'the API login',
    await send('POST', '/api/v1/user/login', {
      client: guestClient(),
      body: { json: { email: ownerEmail, password: demoPassword } },
    }),
  )
  keep('the language switch', await send('GET', '/lang/pl', { client: guestClient() }))
  keep(
    'the cookie choice',
    await send('POST', '/cookie-consent', {
      client: guestClient(),
      body: { form: { choice: 'accept', to: '/' } },
    }),
  )
  keep(
    'the account switch',
    await send('POST', '/account-switch', {
      client: signedIn,
      body: { form: { account: 'organiser', to: '/' } },
    }),
  )
  keep('Google sign-in', await send('POST', '/auth/google', { client: guestClient(), body: { form: {} } }))
  keep('the logout form', await send('POST', '/logout', { client: signedIn, body: { form: { to: '/' } } }))

  const names = new Set(seen.map(({ line }) => parseSetCookie(line).name))
  for (const name of [...longLived, ...shortLived])
    expect.soft([...names], `some answer sets ${name}`).toContain(name)
  for (const { from, line } of seen) {
    const { name, attributes } = parseSetCookie(line)
    const label = `${from}: ${line}`
    expect
      .soft(longLived.has(name) || shortLived.has(name), `${label}: a cookie nobody classified`)
      .toBe(true)
    expect.soft(attributes.has('httponly'), `${label}: HttpOnly`).toBe(true)
    expect.soft(attributes.get('samesite')?.toLowerCase(), `${label}: SameSite`).toBe('lax')
    expect.soft(attributes.get('path'), `${label}: Path`).toBe('/')
    expect.soft(attributes.has('domain'), `${label}: host-only`).toBe(false)
    if (name === sessionCookieName || name === deviceCookieName)
      expect.soft(attributes.has('secure'), `${label}: Secure`).toBe(true)
    if (shortLived.has(name))
      expect
        .soft(Number(attributes.get('max-age') ?? Number.POSITIVE_INFINITY), `${label}: Max-Age`)
        .toBeLessThanOrEqual(600)
  }
})

// ---------------------------------------------------------------------------------------------------------
// 3. Cross-site requests

const crossSite: ReadonlyArray<{
  readonly name: string
  readonly headers: Readonly<Record<string, string>>
}> = [
  {
    name: 'cross-site (Origin and Sec-Fetch-Site)',
    headers: { origin: evil, 'sec-fetch-site': 'cross-site' },
  },
  { name: 'Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' } },
  { name: 'another Origin', headers: { origin: evil } },
]
const sameOrigin = { origin: new URL(baseUrl).origin, 'sec-fetch-site': 'same-origin' }

test.describe('cross-site requests', () => {
  test('every route handler that changes state refuses a cross-site request with 403', async () => {
    const s = await theSite()
    const routes = writeRoutes()
    expect(routes.length, 'route files with a POST handler').toBeGreaterThan(15)
    // A forged request carries the victim's cookies: here a session of the owner's own.
    const victim = await freshSession(s.owner)
    for (const route of routes) {
      const address = routeAddress(route.path, s)
      for (const method of route.methods) {
        for (const variant of crossSite) {
          const reply = await send(method, address, {
            client: victim,
            headers: variant.headers,
            body: { form: { to: '/' } },
          })
          expect.soft(reply.status, `${method} ${address}, ${variant.name}`).toBe(403)
        }
        const own = await send(method, address, {
          client: guestClient(),
          headers: sameOrigin,
          body: { form: {} },
        })
        expect
          .soft(own.status, `${method} ${address} from the site itself is not refused as cross-site`)
          .not.toBe(403)
        expectNoServerError(`${method} ${address} from the site itself`, own)
      }
    }
  })

  test('every write of the OpenAPI document refuses a cross-site request with 403; the Stripe webhook checks its signature instead', async () => {
    const s = await theSite()
    const writes = (await openApi()).filter((operation) => operation.method !== 'GET')
    expect(writes.length).toBeGreaterThan(30)
    // A forged request carries the victim's cookies: here a session of the owner's own.
    const victim = await freshSession(s.owner)
    for (const operation of writes) {
      const address = addressOf(operation, apiCases[operation.operationId], s)
      const label = `${operation.operationId} ${operation.method} ${address}`
      const webhook = apiCases[operation.operationId]?.access === 'webhook'
      for (const variant of crossSite) {
        const reply = await send(operation.method, address, {
          client: victim,
          headers: variant.headers,
          body: { json: {} },
        })
        if (webhook) expect.soft(reply.status, `${label}, ${variant.name}: no signature`).toBe(400)
        else expect.soft(reply.status, `${label}, ${variant.name}`).toBe(403)
      }
      const own = await send(operation.method, address, {
        client: guestClient(),
        headers: sameOrigin,
        body: { json: {} },
      })
      expect.soft(own.status, `${label} from the site itself is not refused as cross-site`).not.toBe(403)
      expectNoServerError(`${label} from the site itself`, own)
    }
  })

  test('every server function refuses a call that does not prove it comes from the site with 403', async () => {
    const s = await theSite()
    const functions = serverFunctions()
    expect(functions.length).toBeGreaterThan(30)
    const unproven = [...crossSite, { name: 'neither Origin nor Sec-Fetch-Site', headers: {} }]
    const victim = await freshSession(s.owner)
    for (const fn of functions) {
      const data = functionCases[fn.name]?.data?.(s)
      for (const variant of unproven) {
        const reply = await callServerFunction(fn, data, victim, {
          'x-tsr-serverFn': 'true',
          accept: 'application/json',
          ...variant.headers,
        })
        expect.soft(reply.status, `${fn.name} (${fn.method}), ${variant.name}`).toBe(403)
      }
      const own = await callServerFunction(fn, data, s.guest, {
        ...serverFunctionHeaders,
        origin: sameOrigin.origin,
      })
      expect.soft(own.status, `${fn.name} (${fn.method}) from the site itself`).toBe(200)
    }
  })
})

test('a server-function call that is not one (unknown function, payload not TanStack’s, data of the wrong shape) answers 4xx, never 500', async () => {
  const s = await theSite()
  const unknown = await send(
    'GET',
    '/_serverFn/server.nothing.functions.ts--nothing_createServerFn_handler',
    {
      client: s.guest,
      headers: serverFunctionHeaders,
    },
  )
  expect.soft(unknown.status, 'an unknown server function').toBe(404)
  for (const fn of serverFunctions()) {
    const target = `/_serverFn/${fn.id}`
    const malformed =
      fn.method === 'GET'
        ? await send('GET', `${target}?payload=not-json`, { client: s.guest, headers: serverFunctionHeaders })
        : await send('POST', target, {
            client: s.guest,
            headers: serverFunctionHeaders,
            body: { text: '{not json', type: 'application/json' },
          })
    expect.soft(malformed.status, `${fn.name} (${fn.method}) with a payload that is not JSON`).toBe(400)
    const wrong = await callServerFunction(fn, ['not', 'the', 'data', 'it', 'takes'], s.guest)
    expectNoServerError(`${fn.name} (${fn.method}) with data of the wrong shape`, wrong)
  }
})

// ---------------------------------------------------------------------------------------------------------
// 4. Roles × ownership

test.describe('roles and ownership: the API', () => {
  test('every operation of the OpenAPI document is classified, and every classified one exists', async () => {
    const ids = (await openApi()).map((operation) => operation.operationId)
    expect(
      ids.filter((id) => !(id in apiCases)),
      'operations nobody classified (add them to apiCases)',
    ).toEqual([])
    expect(
      Object.keys(apiCases).filter((id) => !ids.includes(id)),
      'classified operations the API lacks',
    ).toEqual([])
  })

  test('organisers creating drafts of one name at the same moment each get a draft, never a 500', async () => {
    const s = await theSite()
    const name = `Security namesake ${letters(8)}`
    const creators = [s.owner, s.another, s.owner, s.another]
    const replies = await Promise.all(
      creators.map((client) =>
        send('POST', '/api/v1/event', {
          client,
          body: { json: { generalInformation: generalInformation(name) } },
        }),
      ),
    )
    await Promise.all(
      replies.map((reply, i) => {
        const client = creators[i]
        return reply.status === 200 && client ? deleteCreated(reply, client) : Promise.resolve()
      }),
    )
    expect
      .soft(
        replies.map((reply) => `${reply.status} ${reply.text.slice(0, 120)}`),
        'each creation through the API answers its draft',
      )
      .toEqual(replies.map(() => expect.stringMatching(/^200 /)))
    // The editor's server function creates drafts the same way.
    const general = generalInformation(`Security namesake ${letters(8)}`)
    const answers = await Promise.all(
      creators.map(async (client) => {
        const reply = await callServerFunction(functionNamed('createEventDraft'), { general }, client)
        try {
          const created = Schema.decodeUnknownOption(CreatedDraft)(decodeServerFunction(reply).result)
          if (created._tag === 'None') return `${reply.status} ${reply.text.slice(0, 200)}`
          const deleted = await send('DELETE', `/api/v1/event/${created.value.event.id}/delete`, { client })
          expect.soft(deleted.status, `deleting draft ${created.value.event.id}`).toBe(200)
          return 'a draft'
        } catch (error) {
          return String(error).slice(0, 300)
        }
      }),
    )
    expect
      .soft(answers, 'each creation through the editor’s server function answers its draft')
      .toEqual(answers.map(() => 'a draft'))
  })

  for (const [operationId, apiCase] of Object.entries(apiCases)) {
    test(`${operationId} ${accessSpec[apiCase.access]}`, async () => {
      const s = await theSite()
      const people = await everyone()
      const operation = (await openApi()).find((o) => o.operationId === operationId)
      if (!operation) throw new Error(`the OpenAPI document has no operation ${operationId}`)
      const callAs = async (role: Role) => {
        const through = getsThrough(apiCase.access, role)
        const own = through && apiCase.consumes ? await apiCase.consumes(s) : {}
        const client = apiCase.endsSession ? await freshSession(people[role]) : people[role]
        const address = addressOf(operation, apiCase, s, own)
        const reply = await send(operation.method, address, {
          client,
          ...(apiCase.body ? { body: apiCase.body(s) } : {}),
        })
        if (apiCase.undo && reply.status < 300) await apiCase.undo(reply, client)
        return { role, reply, label: `${operation.method} ${address} as ${role}` }
      }
      // The refused first, on their own: whatever they sent, the owner's data is as it was.
      const before = await ownersState(s)
      const refused = await Promise.all(roles.filter((r) => !getsThrough(apiCase.access, r)).map(callAs))
      const via = apiCase.viaOwnEvent
      if (via) {
        const address = addressOf(operation, apiCase, s, via.values?.(s) ?? {})
        const body = via.body?.(s) ?? apiCase.body?.(s)
        const reply = await send(operation.method, address, {
          client: people.another,
          ...(body ? { body } : {}),
        })
        const label = `${operation.method} ${address} as another, naming the owner’s tournament through its own draft`
        expectNoServerError(label, reply)
        expect
          .soft([400, 404], `${label} is refused (${reply.status} ${reply.text.slice(0, 200)})`)
          .toContain(reply.status)
        expectNoSecrets(label, reply.text, s)
      }
      expect.soft(await ownersState(s), 'the refused calls left the owner’s data as it was').toBe(before)
      const replies = [
        ...refused,
        ...(await Promise.all(roles.filter((r) => getsThrough(apiCase.access, r)).map(callAs))),
      ]
      const first = replies.find(({ role }) => role === 'guest')?.reply.status
      for (const { role, reply, label } of replies) {
        expectNoServerError(label, reply)
        const status = reply.status
        switch (outcomeOf(apiCase.access, role)) {
          case 'answers':
          case 'passes':
            expect
              .soft(
                [401, 403, 404],
                `${label} gets past the access check (${status} ${reply.text.slice(0, 200)})`,
              )
              .not.toContain(status)
            break
          case 'unauthenticated':
            expect.soft(status, `${label} is asked to sign in`).toBe(401)
            break
          case 'refused':
            expect
              .soft([403, 404], `${label} is refused (${status} ${reply.text.slice(0, 200)})`)
              .toContain(status)
            break
          case 'hidden':
            expect.soft(status, `${label} is answered as if the resource were missing`).toBe(404)
            break
          case 'alike':
            expect.soft(status, `${label} is answered as everyone else`).toBe(first)
            expect
              .soft(status >= 400 && status < 500 && status !== 401, `${label} is refused (${status})`)
              .toBe(true)
            if (apiCase.access === 'webhook') expect.soft(status, `${label} without a signature`).toBe(400)
            break
        }
        if (!maySeeOwnersData(apiCase.access, role)) expectNoSecrets(label, reply.text, s)
        else if (apiCase.shows)
          expect.soft(reply.text, `${label} is answered the owner’s data`).toContain(apiCase.shows(s))
        if (apiCase.ownAccount && role !== 'guest') expectOwnAccount(label, role, reply.text, people)
      }
      await apiCase.afterwards?.(s)
    })
  }
})

test.describe('roles and ownership: the organiser’s screens', () => {
  test('every page under /event/manage answers its organiser and the super user, sends others away and shows another organiser a not-found', async () => {
    const s = await theSite()
    const people = await everyone()
    const manage = routePaths().filter((route) => route.startsWith('/event/manage/'))
    const addresses = [...new Set(manage.map((route) => routeAddress(route, s)))]
    expect(addresses.length, 'pages under /event/manage').toBeGreaterThan(8)
    // Through a draft of its own, the other organiser still cannot open the owner's tournament.
    const crossed = `/event/manage/${s.anotherDraft}/tournaments/edit-tournament/${s.scratch.tournamentId}`
    for (const address of [...addresses, crossed]) {
      const replies = await Promise.all(
        roles.map(async (role) => ({ role, reply: await send('GET', address, { client: people[role] }) })),
      )
      for (const { role, reply } of replies) {
        const label = `GET ${address} as ${role}`
        const location = reply.headers.get('location') ?? ''
        expectNoServerError(label, reply)
        if (address === crossed) {
          if (role === 'another') expect.soft(reply.status, `${label} is a not-found`).toBe(404)
        } else if (role === 'owner' || role === 'super') expect.soft(reply.status, label).toBe(200)
        else if (role === 'another') expect.soft(reply.status, `${label} is a not-found`).toBe(404)
        else {
          expect
            .soft(reply.status >= 300 && reply.status < 400, `${label} is sent away (${reply.status})`)
            .toBe(true)
          expect.soft(location, `${label} is sent away`).not.toContain('/event/manage/')
          if (role === 'guest') expect.soft(location, `${label} is asked to log in`).toMatch(/^\/login\?/)
        }
        if (!maySeeOwnersData('eventOrganiser', role) || address === crossed)
          expectNoSecrets(label, reply.text, s)
      }
    }
  })

  test('form posts to the owner’s event screens change nothing for anyone else, and do for the owner', async () => {
    const s = await theSite()
    const people = await everyone()
    const posts = writeRoutes().filter((route) => route.path.startsWith('/event/manage/'))
    expect(posts.length, 'form handlers under /event/manage').toBeGreaterThan(0)
    // One form for every screen: a picture for the gallery, a PDF for the file manager.
    const uploads = (): Body => ({
      multipart: () => {
        const form = new FormData()
        form.set('intent', 'upload')
        form.set('target', 'event')
        form.set('alt', 'Security check')
        form.set('image', png(), 'crossed.png')
        form.set('file', pdf(), 'crossed.pdf')
        return form
      },
    })
    const snapshot = async () => {
      const preview = await send('GET', `/api/v1/event/${s.scratch.eventId}/event-preview-data`, {
        client: s.owner,
      })
      const files = await callServerFunction(
        functionNamed('fetchEditorFiles'),
        { eventId: s.scratch.eventId, page: 1 },
        s.owner,
      )
      return `${preview.text}\n${files.text}`
    }
    const before = await snapshot()
    for (const route of posts) {
      const address = routeAddress(route.path, s)
      for (const role of roles.filter((r) => r !== 'owner' && r !== 'super')) {
        for (const method of route.methods) {
          const reply = await send(method, address, { client: people[role], body: uploads() })
          const label = `${method} ${address} as ${role}`
          expectNoServerError(label, reply)
          expect
            .soft(reply.headers.get('location') ?? '', `${label} is not sent back to the saved screen`)
            .not.toContain(address)
        }
      }
    }
    expect(await snapshot(), 'nobody but the owner changed the owner’s event').toBe(before)
    for (const route of posts) {
      const address = routeAddress(route.path, s)
      const reply = await send('POST', address, { client: s.owner, body: uploads() })
      expect
        .soft(reply.headers.get('location') ?? '', `POST ${address} as the owner saves`)
        .toContain(address)
    }
    expect(await snapshot(), 'the same posts change the event for its owner').not.toBe(before)
  })
})

test.describe('roles and ownership: server functions', () => {
  for (const fn of serverFunctions()) {
    const functionCase = functionCases[fn.name]
    test(`${fn.name} ${functionCase ? accessSpec[functionCase.access] : 'is classified'}`, async () => {
      if (!functionCase) throw new Error(`${fn.name} (${fn.file}) is not classified: add it to functionCases`)
      const s = await theSite()
      const people = await everyone()
      const callAs = async (role: Role) => {
        const through = getsThrough(functionCase.access, role)
        const data =
          through && functionCase.consumes ? await functionCase.consumes(s) : functionCase.data?.(s)
        const reply = await callServerFunction(fn, data, people[role])
        return { role, reply, label: `${fn.name} as ${role}` }
      }
      // The refused first, on their own: whatever they sent, the owner's data is as it was.
      const before = await ownersState(s)
      const refused = await Promise.all(roles.filter((r) => !getsThrough(functionCase.access, r)).map(callAs))
      if (functionCase.viaOwnEvent) {
        const reply = await callServerFunction(fn, functionCase.viaOwnEvent(s), people.another)
        const label = `${fn.name} as another, naming the owner’s tournament through its own draft`
        expect.soft(reply.status, label).toBe(200)
        const { result } = decodeServerFunction(reply)
        const text = JSON.stringify(result) ?? 'undefined'
        expect.soft(isRefusal(result), `${label} is refused: ${text.slice(0, 200)}`).toBe(true)
        expectNoSecrets(label, text, s)
      }
      expect.soft(await ownersState(s), 'the refused calls left the owner’s data as it was').toBe(before)
      const answers = [
        ...refused,
        ...(await Promise.all(roles.filter((r) => getsThrough(functionCase.access, r)).map(callAs))),
      ]
      const texts: Array<string> = []
      for (const { role, reply, label } of answers) {
        expect.soft(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBe(200)
        if (reply.status !== 200) continue
        const { result, error } = decodeServerFunction(reply)
        expect.soft(error, `${label} fails`).toBeUndefined()
        const text = JSON.stringify(result) ?? 'undefined'
        texts.push(text)
        switch (outcomeOf(functionCase.access, role)) {
          case 'answers':
          case 'alike':
            break
          case 'passes':
            expect
              .soft(isRefusal(result), `${label} gets past the access check: ${text.slice(0, 200)}`)
              .toBe(false)
            break
          case 'unauthenticated':
          case 'refused':
          case 'hidden':
            expect.soft(isRefusal(result), `${label} is refused: ${text.slice(0, 200)}`).toBe(true)
            break
        }
        if (!maySeeOwnersData(functionCase.access, role)) expectNoSecrets(label, text, s)
        else if (functionCase.shows)
          expect.soft(text, `${label} is answered the owner’s data`).toContain(functionCase.shows(s))
        if (functionCase.ownAccount && role !== 'guest') expectOwnAccount(label, role, text, people)
      }
      if (functionCase.access === 'token')
        expect.soft(new Set(texts).size, `${fn.name} answers a made-up token alike whoever asks`).toBe(1)
    })
  }
})
