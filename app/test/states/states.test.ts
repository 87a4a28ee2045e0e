import '../../../testing/src/context.ts'
import { GeneralInformationInput } from '@kibitz/events/input'
import { Schema } from 'effect'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { generalInformationBody, tournamentBody } from '../support/editorBodies.ts'
import { action, addTournament, createEvent, stepsArb, verify } from './model.ts'
import { acceptedZones, generalArb, todayUtc, tournamentArb } from './shapes.ts'
import { openWorld, tally, type World, write } from './world.ts'

// Every state the product accepts renders (issue 13): events of generated shapes, created and moved through the
// organiser's steps with the real REST API, and after each step every page, API read, calendar and sitemap part
// that shows them, read as a visitor and as another organiser: never a 5xx, never an error page, the control
// event always there. Bounded here; `npm run states` is the long run before a release. STATES_RUNS (events per
// run), STATES_STEPS (steps per event at most) and STATES_SEED tune it; fast-check prints the seed and path of
// any counterexample to replay it.

const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw)
  return Number.isSafeInteger(value) ? value : fallback
}
const runs = Math.max(1, envNumber('STATES_RUNS', 8))
const steps = Math.max(1, envNumber('STATES_STEPS', 8))
const seed = envNumber('STATES_SEED', 20_261_126)
const runTimeoutMs = Math.max(60_000, envNumber('STATES_TIMEOUT_MS', 150_000))

let world: World

beforeAll(async () => {
  world = await openWorld(inject('databaseUrl'))
}, 120_000)

afterAll(async () => {
  if (process.env.STATES_STATS === '1')
    for (const [key, count] of [...tally].sort()) console.log(`${key}: ${count}`)
  await world?.close()
})

describe('every state an organiser can put an event in', () => {
  it('renders every page, API read, calendar and sitemap part that shows it, for a visitor and another organiser', {
    timeout: runTimeoutMs * runs,
  }, async () => {
    const created: Array<number> = []
    await fc.assert(
      fc.asyncProperty(
        generalArb(todayUtc()).chain((general) =>
          fc.tuple(
            fc.constant(general),
            // The wizard's way first, often: its tournaments, then publication.
            fc.array(tournamentArb(general), { maxLength: 2 }),
            fc.boolean(),
            stepsArb(general, steps),
            fc.constantFrom('en', 'lt', 'ru'),
          ),
        ),
        async ([general, tournaments, publish, commands, language]) => {
          const model = await createEvent(world, general)
          if (model === null) return
          created.push(model.eventId)
          await verify(world, model, 'creating the event', language)
          const wizard = [
            ...tournaments.map((t) => addTournament(t, language)),
            ...(publish ? [action('publish', 'publish', undefined, language)] : []),
          ]
          await fc.asyncModelRun(() => ({ model, real: world }), [...wizard, ...commands])
        },
      ),
      { seed, numRuns: runs, endOnFailure: process.env.STATES_SHRINK !== '1' },
    )
    // The runs made events: the editor accepted what the shapes generate.
    expect(created.length).toBeGreaterThan(0)
  })
})

// ---------------------------------------------------------------------------------------------------------
// The two crashes issue 13 reports, each as the organiser made it

const Listing = Schema.Struct({
  events: Schema.Array(
    Schema.Struct({
      id: Schema.Int,
      state: Schema.String,
      tournamentsCount: Schema.Int,
      isOpenRegistration: Schema.Boolean,
    }),
  ),
})
const FieldErrors = Schema.Struct({
  errors: Schema.Array(Schema.Struct({ field: Schema.String })),
})
const WindowsRow = Schema.Array(Schema.Struct({ kind: Schema.String }))

const festival = (name: string) =>
  Schema.decodeUnknownSync(GeneralInformationInput)(
    generalInformationBody({
      contents: [{ language: 'en', name, description: null, isMain: true, type: 1 }],
      dateStart: '2030-08-01',
      dateEnd: '2030-08-02',
    }),
  )

/** The fields a 400 names. */
const namedFields = (answer: { readonly text: string }) =>
  Schema.decodeUnknownSync(Schema.fromJsonString(FieldErrors))(answer.text).errors.map((e) => e.field)

describe('the crashes reported in issue 13', () => {
  it('lists an event published with no tournaments in the search, and every page and read of it answers', async () => {
    const model = await createEvent(world, festival('Tournamentless Gathering'))
    if (model === null) throw new Error('the editor refused the festival')
    const id = model.eventId
    const published = await write(world, 'PUT', `/api/v1/event/${id}/publish`, world.owner.token)
    expect(published.status).toBe(200)
    // Stored as a JSON array, not as the JSON string "[]".
    const rows = Schema.decodeUnknownSync(WindowsRow)(
      await world.orm.em
        .fork()
        .execute('select jsonb_typeof(registration_windows) as kind from event where id = ?', [id]),
    )
    expect(rows).toEqual([{ kind: 'array' }])
    for (const path of [
      '/api/v1/event/search-future-events',
      '/api/v1/event/search-future-events?nameOrLocation=Tournamentless',
    ]) {
      const search = await world.site.send(path)
      expect(search.status).toBe(200)
      const listed = Schema.decodeUnknownSync(Schema.fromJsonString(Listing))(search.text).events
      expect(listed.find((e) => e.id === id)).toEqual({
        id,
        state: 'accepted',
        tournamentsCount: 0,
        isOpenRegistration: false,
      })
    }
    model.state = 'accepted'
    await verify(world, model, 'publishing with no tournaments', 'en')
  })

  it('refuses a retired time zone at the input, naming the field, on creation and on an edit of a public event', async () => {
    for (const zone of ['US/Pacific-New', 'Canada/East-Saskatchewan']) {
      const refused = await write(world, 'POST', '/api/v1/event', world.owner.token, {
        generalInformation: { ...festival('Zoned Out Cup'), timeZone: zone },
      })
      expect(refused.status).toBe(400)
      expect(namedFields(refused)).toContain('timeZone')
    }
    const model = await createEvent(world, festival('Zone Keeper Cup'))
    if (model === null) throw new Error('the shape was refused')
    expect(
      (await write(world, 'PUT', `/api/v1/event/${model.eventId}/publish`, world.owner.token)).status,
    ).toBe(200)
    model.state = 'accepted'
    const edited = await write(world, 'PUT', `/api/v1/event/${model.eventId}`, world.owner.token, {
      generalInformation: { ...festival('Zone Keeper Cup'), timeZone: 'US/Pacific-New' },
    })
    expect(edited.status).toBe(400)
    expect(namedFields(edited)).toContain('timeZone')
    // Nothing changed: the place suggestions and the catalogue answer for everyone.
    const places = await world.site.send('/api/v1/event/search-event-locations?q=Pa')
    expect(places.status).toBe(200)
    await verify(world, model, 'refusing a retired time zone', 'lt')
  })
})

describe("an organiser's text on the public pages", () => {
  it('shows a tournament name with markup as typed on the player list, registration and rules pages', async () => {
    const name = 'Pairs <0>Spoof</0> <b>bold</b> <script>x</script> end'
    const model = await createEvent(
      world,
      Schema.decodeUnknownSync(GeneralInformationInput)(generalInformationBody()),
    )
    if (model === null) throw new Error('the editor refused the festival')
    const added = await write(
      world,
      'POST',
      `/api/v1/event/${model.eventId}/tournaments`,
      world.owner.token,
      tournamentBody({
        name,
        startDate: '2030-07-02',
        endDate: '2030-07-02',
        registrationStart: '2020-01-01T09:00',
        registrationEnd: '2030-07-01T20:00',
      }),
    )
    const tournament = Schema.decodeUnknownSync(
      Schema.fromJsonString(Schema.Struct({ tournamentId: Schema.Int, alias: Schema.String })),
    )(added.text)
    expect(
      (await write(world, 'PUT', `/api/v1/event/${model.eventId}/publish`, world.owner.token)).status,
    ).toBe(200)
    const escaped =
      'Pairs &lt;0&gt;Spoof&lt;/0&gt; &lt;b&gt;bold&lt;/b&gt; &lt;script&gt;x&lt;/script&gt; end'
    for (const path of [
      `/event/${model.alias}/tournament/${tournament.alias}/player-list`,
      `/event/${model.alias}/tournament/${tournament.alias}/register`,
      `/rules/${tournament.tournamentId}`,
    ]) {
      const page = await world.site.send(path)
      expect(page.status).toBe(200)
      const heading = /<h[12][^>]*>([\s\S]*?)<\/h[12]>/g
      const headings = [...page.text.matchAll(heading)].map((m) => (m[1] ?? '').replaceAll('<!-- -->', ''))
      expect(headings.some((h) => h.includes(escaped))).toBe(true)
    }
  })
})

// ---------------------------------------------------------------------------------------------------------
// Every accepted time zone, on a public event that starts today: a zone decides which day "today" is there, and
// one that only Node knew once took the catalogue down for everyone. All of them (about 420, some 15 s).

describe('every time zone the editor accepts', () => {
  it('keeps the catalogue, the place suggestions and the event answering for an event starting today in it', {
    timeout: 600_000,
  }, async () => {
    const today = todayUtc()
    const general = (timeZone: string) => ({
      ...festival('Zone Walker Cup'),
      dateStart: today,
      dateEnd: today,
      timeZone,
    })
    const model = await createEvent(world, general('UTC'))
    if (model === null) throw new Error('the editor refused the festival')
    expect(
      (await write(world, 'PUT', `/api/v1/event/${model.eventId}/publish`, world.owner.token)).status,
    ).toBe(200)
    const reads = [
      '/api/v1/event/search-event-locations?q=Pa',
      '/api/v1/event/search-future-events',
      '/api/v1/event/future-events',
      `/api/v1/event/${model.eventId}`,
      `/api/v1/event/ical?ids=${model.eventId}`,
      '/',
    ]
    const failures: Array<string> = []
    for (const zone of acceptedZones) {
      const edited = await write(world, 'PUT', `/api/v1/event/${model.eventId}`, world.owner.token, {
        generalInformation: general(zone),
      })
      if (edited.status !== 200) failures.push(`${zone}: the edit answered ${edited.status}: ${edited.text}`)
      for (const path of reads) {
        const answer = await world.site.send(path, { headers: { 'accept-timezone': zone } })
        if (answer.status !== 200) failures.push(`${zone}: GET ${path} answered ${answer.status}`)
      }
    }
    expect(failures).toEqual([])
  })
})
