import { expect } from '@playwright/test'
import { Schema } from 'effect'
import { type Body, type Client, decodeJson, guestClient, type Reply, send } from './securitySupport.ts'
import {
  EventId,
  fsUpload,
  generalInformation,
  imageUpload,
  letters,
  pdfUpload,
  type Role,
  type Site,
  spareDraft,
  spareFolder,
  spareTournament,
} from './securityWorld.ts'

/**
 * public: anyone; signedIn: any signed-in user; organiser: accepted organisers and the super user;
 * eventOrganiser: the organiser of the event (or entry) and the super user; superUser: the super user alone;
 * token: whoever holds the link's token (a made-up one is refused alike whoever asks); webhook: Stripe, proven by
 * its signature (a request without one is refused alike whoever sends it); fileTree: an accepted organiser's own
 * file tree (decision 040: the super user has none); treeOwner: an entry of the owner's file tree, which another
 * organiser is answered as missing.
 */
export type Access =
  | 'public'
  | 'signedIn'
  | 'organiser'
  | 'eventOrganiser'
  | 'superUser'
  | 'token'
  | 'webhook'
  | 'fileTree'
  | 'treeOwner'

/** answers: no refusal; passes: gets past the access check; refused: 403 or 404; hidden: 404 (as if missing). */
export type Outcome = 'answers' | 'passes' | 'unauthenticated' | 'refused' | 'hidden' | 'alike'

export const outcomeOf = (access: Access, role: Role): Outcome => {
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
    case 'fileTree':
      if (role === 'guest') return 'unauthenticated'
      return role === 'owner' || role === 'another' ? 'passes' : 'refused'
    case 'treeOwner':
      if (role === 'guest') return 'unauthenticated'
      if (role === 'owner') return 'passes'
      return role === 'another' ? 'hidden' : 'refused'
  }
}

export const getsThrough = (access: Access, role: Role) => {
  const outcome = outcomeOf(access, role)
  return outcome === 'passes' || outcome === 'answers'
}

/** Whether `role`'s answers may hold the owner's private data. */
export const maySeeOwnersData = (access: Access, role: Role) =>
  (role === 'owner' || role === 'super') && access !== 'public'

export const accessSpec: Readonly<Record<Access, string>> = {
  public: 'answers every role',
  signedIn: 'answers every signed-in user and only them',
  organiser: 'is for accepted organisers and the super user only',
  eventOrganiser:
    'is for the event’s own organiser and the super user only; another organiser gets a not-found',
  superUser: 'is for the super user only',
  token: 'refuses a made-up token alike whoever asks',
  webhook: 'refuses a request without a Stripe signature alike whoever sends it',
  fileTree: 'is for accepted organisers, each on their own file tree, only',
  treeOwner: 'is for the file tree’s own organiser only; another organiser gets a not-found',
}

// ---------------------------------------------------------------------------------------------------------
// The API: the OpenAPI document and the classification of its operations

export const Parameter = Schema.Struct({
  name: Schema.String,
  in: Schema.String,
  required: Schema.optional(Schema.Boolean),
})
export const OperationObject = Schema.Struct({
  operationId: Schema.String,
  parameters: Schema.optional(Schema.Array(Parameter)),
})
export const OpenApiDocument = Schema.Struct({
  paths: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)),
})
export const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

export interface Operation {
  readonly operationId: string
  readonly method: string
  /** The path with `{name}` parameters, as the document writes it. */
  readonly path: string
  readonly parameters: ReadonlyArray<typeof Parameter.Type>
}

export const readOperations = async (): Promise<ReadonlyArray<Operation>> => {
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

export let operations: Promise<ReadonlyArray<Operation>> | undefined
export const openApi = () => {
  operations ??= readOperations()
  return operations
}

export interface ApiCase {
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

export const json =
  (value: unknown) =>
  (_s: Site): Body => ({ json: value })

export const messageBody = json({ message: 'Security check: nobody is e-mailed, the draft refuses it' })

/** Deletes the draft a role made by creating an event. */
export const deleteCreated = async (reply: Reply, client: Client) => {
  const created = Schema.decodeUnknownSync(EventId)(JSON.parse(reply.text))
  const deleted = await send('DELETE', `/api/v1/event/${created.id}/delete`, { client })
  expect(deleted.status, `deleting draft ${created.id}: ${deleted.text}`).toBe(200)
}

/** The owner's scratch folder is still in their tree. */
export const scratchFolderStillThere = async (s: Site) => {
  const reply = await send('GET', `/api/v1/file-system/list-fs-file?parentId=${s.scratch.folderId}`, {
    client: s.owner,
  })
  expect(reply.status, `the scratch folder: ${reply.text}`).toBe(200)
}

export const scratchStillThere = async (s: Site) => {
  const reply = await send(
    'GET',
    `/api/v1/event/${s.scratch.eventId}/tournaments/${s.scratch.tournamentId}/edit-data`,
    {
      client: s.owner,
    },
  )
  expect(reply.status, 'the scratch draft and its tournament are still there').toBe(200)
}

export const publicEvent = (s: Site) => ({ id: String(s.event.id) })
export const ownersEventWithEntries = (s: Site) => ({
  id: String(s.event.id),
  tournamentId: String(s.entry.tournamentId),
})

/** Every operation of the OpenAPI document, classified (the completeness test fails on any other). */
export const apiCases: Readonly<Record<string, ApiCase>> = {
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
  'eventEditor.editData': { access: 'eventOrganiser', shows: (s) => s.tag },
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
  // The organiser's file tree (decision 040): each organiser lists and makes folders in their own tree; the owner's
  // scratch folder is renamed by the owner alone (to its own name: 400 nameTaken, past the access check).
  'fileSystem.listFsFile': { access: 'fileTree' },
  'fileSystem.createFolder': {
    access: 'fileTree',
    values: () => ({ id: '0' }),
    body: json({ folderName: 'Security folder' }),
  },
  'fileSystem.renameFileObject': {
    access: 'treeOwner',
    values: (s) => ({ id: String(s.scratch.folderId) }),
    body: (s) => ({ json: { newObjectName: `Security ${s.tag}` } }),
  },
  'fileSystem.fsQuota': { access: 'fileTree' },
  'fileSystem.uploadFsFile': {
    access: 'treeOwner',
    values: (s) => ({ destination: String(s.scratch.folderId) }),
    body: () => fsUpload(),
  },
  'fileSystem.fileUsageReport': { access: 'treeOwner', values: (s) => ({ id: String(s.scratch.folderId) }) },
  'fileSystem.downloadFsFile': { access: 'treeOwner', values: (s) => ({ ids: String(s.scratch.folderId) }) },
  'fileSystem.downloadFsSingleFile': {
    access: 'treeOwner',
    values: (s) => ({ id: String(s.scratch.fileId) }),
  },
  // The owner deletes a spare folder (204); everyone else is pointed at the scratch folder, which stays.
  'fileSystem.deleteFsFile': {
    access: 'treeOwner',
    values: (s) => ({ id: String(s.scratch.folderId) }),
    consumes: async (s) => ({ id: String(await spareFolder(s)) }),
    afterwards: scratchFolderStillThere,
  },
  // The file calls (decision 040): the scratch draft's gallery and documents.
  'file.imageUpload': {
    access: 'eventOrganiser',
    values: () => ({ kind: 'event' }),
    body: (s) => imageUpload(s.scratch.eventId),
  },
  'file.imageSave': {
    access: 'eventOrganiser',
    values: () => ({ kind: 'event' }),
    body: (s) => ({ json: { eventId: s.scratch.eventId, paths: ['security/missing.webp'] } }),
  },
  'file.documentUpload': {
    access: 'eventOrganiser',
    values: () => ({ kind: 'event' }),
    body: (s) => pdfUpload(s.scratch.eventId, `${s.tag}-document.pdf`),
  },
  'eventWrites.uploadImage': { access: 'eventOrganiser', body: (s) => imageUpload(s.scratch.eventId) },
  'eventWrites.removeImage': { access: 'eventOrganiser' },
  'eventWrites.uploadPdf': {
    access: 'eventOrganiser',
    body: (s) => pdfUpload(s.scratch.eventId, `${s.tag}-again.pdf`),
    viaOwnEvent: { body: (s) => pdfUpload(s.anotherDraft, 'crossed.pdf', s.scratch.tournamentId) },
  },
  // Galleries (decision 041): the owner makes the scratch draft's gallery (the super user's second one is 400
  // duplicate, past the access check); another organiser naming the owner's tournament from a draft of its own: 404.
  'gallery.createGallery': {
    access: 'eventOrganiser',
    body: (s) => ({ json: { eventId: s.scratch.eventId, title: `Security ${s.tag}` } }),
    viaOwnEvent: {
      body: (s) => ({ json: { eventId: s.anotherDraft, tournamentId: s.scratch.tournamentId } }),
    },
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
export const valuesFor = (
  operation: Operation,
  access: Access,
  s: Site,
): Readonly<Record<string, string>> => ({
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
export const addressOf = (
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
