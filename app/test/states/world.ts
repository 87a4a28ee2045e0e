import { EventService } from '@kibitz/events'
import { Database, openOrm, writeSitemap } from '@kibitz/infra'
import { Layer, ManagedRuntime, Schema } from 'effect'
import type { Orm } from '../../../testing/src/domain.ts'
import { freshDatabase } from '../../../testing/src/prepare.ts'
import { generalInformationBody, tournamentBody } from '../support/editorBodies.ts'
import { eventActors } from '../support/eventActors.ts'
import { openTestDatabase, type TestDatabase, withSession } from '../support/userApi.ts'
import { type Answer, type Read, readAll, type Shown, type Viewer } from './reads.ts'
import { type Site, startSite } from './site.ts'

// The world the state suite runs in: a database of its own, the whole site served on loopback, an organiser who
// owns the generated events, another organiser who reads them, and a control event published first, whose
// pages must keep answering whatever the generated events do.

export const publicUrl = 'http://localhost'
const adminEmail = 'admin@example.test'

export interface Signed {
  readonly id: number
  readonly token: string
}

export interface World {
  readonly site: Site
  readonly orm: Orm
  /** What the worker's jobs run through, over `orm`: the events domain (the sitemap reads it). */
  readonly runtime: ManagedRuntime.ManagedRuntime<EventService | Database, never>
  readonly sql: TestDatabase
  readonly owner: Signed
  readonly other: Signed
  readonly control: Shown
  readonly close: () => Promise<void>
}

/** How many writes of each kind got each status (STATES_STATS=1 prints it: how far the generated steps got). */
export const tally = new Map<string, number>()

/** An answer of a write: its status and body (a 5xx is reported by the caller, with the request). */
export const write = async (
  world: World,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> => {
  const answer = await world.site.send(path, {
    method,
    headers: {
      ...(token === null ? {} : withSession(token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  // The refusal's reason, or the rule and field of its first problem.
  const reason =
    /"reason":"(\w+)"/.exec(answer.text)?.[1] ??
    /"rule":"(\w+)"/.exec(answer.text)?.[1]?.concat(' ', /"field":"([\w.]+)"/.exec(answer.text)?.[1] ?? '')
  const key = `${method} ${path.replace(/\/\d+/g, '/:id')} ${answer.status}${reason ? ` ${reason}` : ''}`
  tally.set(key, (tally.get(key) ?? 0) + 1)
  return answer
}

const Created = Schema.Struct({ id: Schema.Int, alias: Schema.String })
const CreatedTournament = Schema.Struct({
  tournamentId: Schema.Int,
  alias: Schema.String,
  input: Schema.Struct({
    type: Schema.Number,
    tickets: Schema.Array(
      Schema.Struct({
        ticketId: Schema.optional(Schema.Int),
        isForSale: Schema.Boolean,
        quantity: Schema.Number,
        ageCategories: Schema.Array(Schema.Unknown),
      }),
    ),
  }),
})
/** The part of an event action's answer the model needs: the state after it (null once deleted). */
const Transition = Schema.Struct({ to: Schema.NullOr(Schema.String) })
const decodeJson = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, text: string) =>
  Schema.decodeUnknownOption(Schema.fromJsonString(schema))(text)

/** The event of a create or update answer, when it is one. */
export const createdEvent = (answer: Answer) => decodeJson(Created, answer.text)
/** The tournament of a create-tournament answer, when it is one. */
export const createdTournament = (answer: Answer) => decodeJson(CreatedTournament, answer.text)
/** The transition of an event action's answer, when it is one. */
export const transitionOf = (answer: Answer) => decodeJson(Transition, answer.text)

/** Fails with the request and the answer when the site answered a write with a 5xx. */
export const expectNoServerError = (what: string, answer: Answer): Answer => {
  if (answer.status >= 500) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 800)}`)
  return answer
}

/** Opens the world: database, site, the two organisers and the published control event. */
export const openWorld = async (databaseUrl: string): Promise<World> => {
  const db = await freshDatabase(databaseUrl)
  const sql = await openTestDatabase(db.url, publicUrl)
  const orm = await openOrm(db.url, { poolMax: 2 })
  process.env.DATABASE_URL = db.url
  process.env.PUBLIC_URL = publicUrl
  process.env.ADMIN_EMAIL = adminEmail
  process.env.STORAGE = 'local'
  const site = await startSite()
  const { signedInOrganiser } = eventActors(() => ({ sql, orm }), adminEmail)
  const owner = await signedInOrganiser()
  await sql.execute('delete from auth_attempt')
  const other = await signedInOrganiser()
  const runtime = ManagedRuntime.make(Layer.mergeAll(EventService.layer, Layer.succeed(Database, orm)))
  const world: World = {
    site,
    orm,
    runtime,
    sql,
    owner,
    other,
    control: { eventId: 0, alias: '', tournaments: [], place: null, word: '', dateStart: '' },
    close: async () => {
      await site.close()
      await runtime.dispose()
      await orm.close(true)
      await sql.close()
      await db.drop()
    },
  }
  // The control event: an ordinary festival with an open tournament, published through the API.
  const created = expectNoServerError(
    'creating the control event',
    await write(world, 'POST', '/api/v1/event', other.token, {
      generalInformation: generalInformationBody({
        contents: [{ language: 'en', name: 'Controlling Cup', description: null, isMain: true, type: 1 }],
        dateStart: '2030-05-10',
        dateEnd: '2030-05-12',
      }),
    }),
  )
  const event = createdEvent(created)
  if (event._tag === 'None') throw new Error(`the control event was not created: ${created.text}`)
  const tournament = createdTournament(
    await write(world, 'POST', `/api/v1/event/${event.value.id}/tournaments`, other.token, tournamentBody()),
  )
  if (tournament._tag === 'None') throw new Error('the control tournament was not created')
  const published = await write(world, 'PUT', `/api/v1/event/${event.value.id}/publish`, other.token)
  if (published.status !== 200) throw new Error(`the control event was not published: ${published.text}`)
  return {
    ...world,
    control: {
      eventId: event.value.id,
      alias: event.value.alias,
      tournaments: [{ id: tournament.value.tournamentId, alias: tournament.value.alias }],
      place: 'Palanga',
      word: 'Controlling',
      dateStart: '2030-05-10',
    },
  }
}

/**
 * The visitor and the other organiser, each reading in `language`; the visitor's clock is the first to reach a
 * day (UTC+14), the organiser's the last (UTC−12), so "today" differs between them by up to two days.
 */
export const viewersOf = (world: World, language: string): ReadonlyArray<Viewer> => [
  {
    name: `visitor (${language})`,
    headers: { 'accept-language': language, 'accept-timezone': 'Pacific/Kiritimati' },
  },
  {
    name: `another organiser (${language})`,
    headers: {
      ...withSession(world.other.token),
      'accept-language': language,
      'accept-timezone': 'Etc/GMT+12',
    },
  },
]

/**
 * Writes the sitemap as the hourly job does and gives back the reads of its index and parts, or the job's
 * failure (one event's data must not stop the sitemap for every event).
 */
export const sitemapReads = async (world: World): Promise<ReadonlyArray<Read> | string> => {
  try {
    await world.runtime.runPromise(writeSitemap(publicUrl))
  } catch (error) {
    return `the sitemap job failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
  }
  const index = await world.site.send('/sitemap.xml')
  const parts = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap((m) =>
    m[1]?.startsWith(publicUrl) ? [m[1].slice(publicUrl.length)] : [],
  )
  return [
    { what: 'sitemap index', path: '/sitemap.xml', kind: 'xml' },
    ...parts.map((path): Read => ({ what: 'sitemap part', path, kind: 'xml' })),
  ]
}

const EventId = Schema.Struct({ id: Schema.Int })
const Listing = Schema.Struct({ events: Schema.Array(EventId) })

/**
 * What must hold of the control event after any step of another organiser's event: its page and API read
 * answer 200, and the catalogue search still lists it.
 */
export const controlFailures = async (world: World): Promise<ReadonlyArray<string>> => {
  const failures: Array<string> = []
  const { control, site } = world
  for (const path of [`/event/${control.alias}`, `/api/v1/event/${control.eventId}`]) {
    const answer = await site.send(path)
    if (answer.status !== 200) failures.push(`control event: GET ${path} answered ${answer.status}`)
  }
  const search = await site.send(`/api/v1/event/search-future-events?nameOrLocation=${control.word}`)
  const listed = decodeJson(Listing, search.text)
  if (
    search.status !== 200 ||
    listed._tag === 'None' ||
    !listed.value.events.some((e) => e.id === control.eventId)
  )
    failures.push(`control event: the catalogue search no longer lists it (${search.status})`)
  return failures
}

export { readAll }
