import { expect } from '@playwright/test'
import { Schema } from 'effect'
import type { Access } from './securityAccess.ts'
import { decodeJson, parsePolicy, type Reply, send, tagsOf } from './securitySupport.ts'
import {
  type Actor,
  generalInformation,
  type Role,
  roles,
  type Site,
  spareTournament,
} from './securityWorld.ts'

export interface FunctionCase {
  readonly access: Access
  readonly data?: (s: Site) => unknown
  /** The call uses its resource up: each role that gets through acts on one of its own (this data). */
  readonly consumes?: (s: Site) => Promise<unknown>
  readonly shows?: (s: Site) => string
  readonly ownAccount?: boolean
  /** The other organiser names the owner's tournament through a draft of its own (this data): refused too. */
  readonly viaOwnEvent?: (s: Site) => unknown
}

export const scratchEvent = (s: Site) => ({ eventId: s.scratch.eventId })
export const scratchTournament = (s: Site) => ({
  eventId: s.scratch.eventId,
  tournamentId: s.scratch.tournamentId,
})
export const tokenOf = (s: Site) => ({ token: s.token })

/** A new empty gallery of a spare tournament of the owner's scratch draft (decision 041). */
const spareGallery = async (s: Site) =>
  decodeJson(
    await send('POST', '/api/v1/gallery/create', {
      client: s.owner,
      body: { json: { eventId: s.scratch.eventId, tournamentId: await spareTournament(s) } },
    }),
    Schema.Struct({ galleryId: Schema.Int }),
    'a spare gallery',
  ).galleryId

/** Every server function, classified (a function missing here fails its own test). */
export const functionCases: Readonly<Record<string, FunctionCase>> = {
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
  // The file manager (decision 040): the caller's own tree (the super user has none), searched for the owner's
  // scratch folder; the other organiser's search finds nothing of the owner's.
  fetchFileManager: {
    access: 'fileTree',
    data: (s) => ({ folder: null, page: 1, q: s.tag, kind: null, confirm: [], eventId: null }),
  },
  // The gallery step (decision 041): the owner's draft's galleries; a reorder of a gallery of the owner's own.
  fetchEditorGalleries: { access: 'eventOrganiser', data: scratchEvent },
  reorderGalleryFn: {
    access: 'eventOrganiser',
    data: () => ({ galleryId: 1, order: [] }),
    consumes: async (s) => ({ galleryId: await spareGallery(s), order: [] }),
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
export const Refusal = Schema.Union([
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
export const isRefusal = Schema.is(Refusal)

// ---------------------------------------------------------------------------------------------------------
// Response checks

export const everyResponse: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
}

export const isHtml = (reply: Reply) => (reply.headers.get('content-type') ?? '').startsWith('text/html')

/** Script types a browser does not run (data blocks); every other <script> needs the page's nonce. */
export const dataScriptTypes = new Set(['application/ld+json', 'application/json'])

/** Asserts the headers every response carries, and the page policy and script nonces of an HTML one. */
export const expectSecurityHeaders = (label: string, reply: Reply, nonces: Array<string>) => {
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

export const expectNoServerError = (label: string, reply: Reply) =>
  expect.soft(reply.status, `${label}: ${reply.text.slice(0, 300)}`).toBeLessThan(500)

export const expectNoSecrets = (label: string, text: string, s: Site) => {
  for (const secret of s.secrets)
    expect.soft(text.includes(secret), `${label} holds the owner’s private data (${secret})`).toBe(false)
}

/** Each signed-in user is answered their own account and nobody else's. */
export const expectOwnAccount = (
  label: string,
  role: Role,
  text: string,
  people: Readonly<Record<Role, Actor>>,
) => {
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
export const routeAddress = (route: string, s: Site): string => {
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
