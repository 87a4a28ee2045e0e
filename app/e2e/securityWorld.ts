// The security suite's world (security.spec.ts, security-roles.spec.ts): the roles, the owner's scratch draft and
// public event, the made-up accounts, and the spare drafts calls may use up.
import { randomBytes } from 'node:crypto'
import { Schema } from 'effect'
import { generalInformationBody, tournamentBody } from '../test/support/editorBodies.ts'
import {
  applyAsOrganiser,
  type Body,
  type Client,
  callServerFunction,
  declineApplication,
  decodeJson,
  decodeServerFunction,
  guestClient,
  logIn,
  type ServerFunction,
  send,
  serverFunctions,
  signUp,
} from './securitySupport.ts'

export const adminEmail = 'admin@kibitz.local'
export const ownerEmail = 'info@lbf.example'
export const anotherEmail = 'klub@wkb-wroclaw.example'
export const demoPassword = 'kibitz-demo'
export const playerPassword = 'Bridge!2026'
export const evil = 'https://evil.example'

// ---------------------------------------------------------------------------------------------------------
// Roles and the data they act on

export type Role = 'guest' | 'player' | 'pending' | 'declined' | 'owner' | 'another' | 'super'
export const roles: ReadonlyArray<Role> = [
  'guest',
  'player',
  'pending',
  'declined',
  'owner',
  'another',
  'super',
]

/** A simulated client in one role; the password lets a call that ends its session start a fresh one. */
export interface Actor extends Client {
  readonly role: Role
  readonly email: string | null
  readonly password: string | null
}

/** What the suite acts on; one per worker (tests of a worker run one after the other). */
export interface Site {
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
  readonly scratch: {
    readonly eventId: number
    readonly tournamentId: number
    readonly fileKey: string
    /** A folder of the owner's file tree (decision 040). */
    readonly folderId: number
    /** A file of the owner's tree, in the scratch folder. */
    readonly fileId: number
  }
  /** A draft of the other organiser's, to name the owner's tournaments through an event it does own. */
  readonly anotherDraft: number
  /** A public event of the owner with a canceled registration, and one of its tournaments with a public list. */
  readonly event: { readonly id: number; readonly alias: string }
  readonly tournament: { readonly id: number; readonly alias: string }
  readonly entry: { readonly id: number; readonly tournamentId: number; readonly createdAt: string }
  /** Texts only the owner and the super user may ever be answered. */
  readonly secrets: ReadonlyArray<string>
}

export const letters = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('')

/** A draft's general information, incomplete on purpose (no location, no country): it can never be published. */
export const generalInformation = (name: string, organiserId?: number) =>
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
export const pairs = (name: string) =>
  tournamentBody({
    name,
    startDate: '2031-07-01',
    endDate: '2031-07-01',
    registrationStart: '2031-04-01T09:00',
    registrationEnd: '2031-06-29T20:00',
  })

export const png = () =>
  new Blob([
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  ])
export const pdf = () => new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'])

export const imageUpload = (eventId: number): Body => ({
  multipart: () => {
    const form = new FormData()
    form.set('eventId', String(eventId))
    form.set('file', png(), 'security.png')
    return form
  },
})

/** An upload into the file tree: one PDF, as upload-fs-file takes it. */
export const fsUpload = (): Body => ({
  multipart: () => {
    const form = new FormData()
    form.append('files', pdf(), 'security.pdf')
    return form
  },
})

export const pdfUpload = (eventId: number, name: string, tournamentId?: number): Body => ({
  multipart: () => {
    const form = new FormData()
    form.set('eventId', String(eventId))
    if (tournamentId !== undefined) form.set('tournamentId', String(tournamentId))
    form.set('kind', 'documents')
    form.set('file', pdf(), name)
    return form
  },
})

export const EventId = Schema.Struct({ id: Schema.Int })
export const CreatedDraft = Schema.Struct({ ok: Schema.Literal(true), event: EventId })
export const TournamentId = Schema.Struct({ tournamentId: Schema.Int })
export const OwnEvents = Schema.NullOr(
  Schema.Struct({
    events: Schema.Array(Schema.Struct({ id: Schema.Int, alias: Schema.String, state: Schema.String })),
  }),
)
export const Registrations = Schema.Struct({
  entries: Schema.Array(
    Schema.Struct({
      entryId: Schema.Int,
      status: Schema.String,
      createdAt: Schema.String,
      tournament: Schema.Struct({ tournamentId: Schema.Int }),
    }),
  ),
})
export const EventData = Schema.Struct({
  tournaments: Schema.Array(
    Schema.Struct({
      tournamentId: Schema.Int,
      alias: Schema.String,
      isPlayerListViewEnabled: Schema.Boolean,
    }),
  ),
})

export const functionNamed = (name: string): ServerFunction => {
  const found = serverFunctions().find((fn) => fn.name === name)
  if (!found) throw new Error(`no server function ${name}`)
  return found
}

export const AnyEntries = Schema.Struct({
  entries: Schema.Array(Schema.Record(Schema.String, Schema.Unknown)),
})

/**
 * What refused calls must leave alone, as text: the scratch draft as its editor shows it (with its publish
 * problems), its tournaments and files, and the owner's canceled registration.
 */
export const ownersState = async (s: Site): Promise<string> => {
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
export const ownersEvent = async (owner: Actor, guest: Actor) => {
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

export const prepareSite = async (): Promise<Site> => {
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
  const folder = decodeJson(
    await send('POST', '/api/v1/file-system/create-folder/0', {
      client: owner,
      body: { json: { folderName: `Security ${tag}` } },
    }),
    Schema.Struct({ fsFileId: Schema.Int }),
    'the scratch folder',
  )
  const [treeFile] = decodeJson(
    await send('POST', `/api/v1/file-system/upload-fs-file/${folder.fsFileId}`, {
      client: owner,
      body: fsUpload(),
    }),
    Schema.Struct({ fsFiles: Schema.Array(Schema.Struct({ fsFileId: Schema.Int })) }),
    'the scratch folder’s file',
  ).fsFiles
  if (treeFile === undefined) throw new Error('the scratch folder’s file was not stored')
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
      folderId: folder.fsFileId,
      fileId: treeFile.fsFileId,
    },
    ...found,
    // The canceled entry's registration time is in the organiser's list and export, and nowhere public.
    secrets: [tag, found.entry.createdAt],
  }
}

export let site: Promise<Site> | undefined
export const theSite = () => {
  site ??= prepareSite()
  return site
}

/** Every role, the three made-up ones signed up (and applied, declined) through the API and the mailbox. */
export const prepareActors = async (): Promise<Readonly<Record<Role, Actor>>> => {
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

export let actors: Promise<Readonly<Record<Role, Actor>>> | undefined
export const everyone = () => {
  actors ??= prepareActors()
  return actors
}

/** The same role signed in anew (for a call that ends the session it is made with). */
export const freshSession = async (actor: Actor): Promise<Actor> => {
  if (actor.email === null || actor.password === null) return { ...actor, address: guestClient().address }
  return { ...actor, ...(await logIn(actor.email, actor.password)) }
}

/** A draft of the owner's that a call may use up. */
export const spareDraft = async (s: Site) =>
  decodeJson(
    await send('POST', '/api/v1/event', {
      client: s.owner,
      body: { json: { generalInformation: generalInformation(`Security spare ${letters(8)}`) } },
    }),
    EventId,
    'a spare draft',
  ).id

/** A folder of the owner's file tree that a call may use up (delete-fs-file). */
export const spareFolder = async (s: Site) =>
  decodeJson(
    await send('POST', '/api/v1/file-system/create-folder/0', {
      client: s.owner,
      body: { json: { folderName: `Security spare ${letters(8)}` } },
    }),
    Schema.Struct({ fsFileId: Schema.Int }),
    'a spare folder',
  ).fsFileId

/** A tournament of the scratch draft that a call may use up. */
export const spareTournament = async (s: Site) =>
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
 * The drafts a worker made go when it is done with a spec file's share of tests (the spare ones went with the calls
 * that used them); each spec file calls this in its afterAll. A worker handed more tests afterwards prepares a new
 * site, never reusing the drafts just deleted.
 */
export const cleanUpSite = async () => {
  const made = await site?.catch(() => undefined)
  site = undefined
  actors = undefined
  if (!made) return
  await send('DELETE', `/api/v1/event/${made.anotherDraft}/delete`, { client: made.another })
  await send('DELETE', `/api/v1/event/${made.scratch.eventId}/delete`, { client: made.owner })
}
