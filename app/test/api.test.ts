import '../../testing/src/context.ts'
import { fileURLToPath } from 'node:url'
import { EventPage, EventView, LocationSuggestion } from '@kibitz/events'
import { AgeGroup, Country, Currency, type InterfaceLocale } from '@kibitz/kernel'
import { ParticipantsCount, PlayerList } from '@kibitz/registration'
import { PrizeType, SessionType, StageType, Tournament } from '@kibitz/tournaments'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { Schema } from 'effect'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freshDatabase } from '../../testing/src/prepare.ts'
import {
  AppConfig,
  EventData,
  EventList,
  EventStatuses,
  EventTypeConstants,
  LiveResultsCount,
  Lookup,
  RestrictedTypes,
  TournamentTypeConstants,
} from '../src/api/Api.ts'
import { disposeApiHandler, makeApiRequestHandler } from '../src/api/handler.server.ts'
import { DocumentType, documentTypes, prizeTypes, stageTypes, tourTypes } from '../src/api/lookups.ts'
import { disposeRuntime } from '../src/server/runtime.server.ts'
import { Problem, readJson, request } from './support/api.ts'
import { type ApiFixtures, insertApiFixtures } from './support/apiFixtures.ts'

let db: { url: string; drop: () => Promise<void> }
let fx: ApiFixtures

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  // The web runtime reads DATABASE_URL on first use, as it does behind the launcher.
  process.env.DATABASE_URL = db.url
  fx = await insertApiFixtures(db.url)
})

/**
 * The app's catalogue of `locale` compiled as the Lingui Vite plugin compiles it for the web build (same
 * config, same fallback to English). Tests run without that plugin, so they cannot import the .po files.
 */
const appCatalogue = async (locale: InterfaceLocale): Promise<Messages> => {
  const config = getConfig({ configPath: fileURLToPath(new URL('../lingui.config.ts', import.meta.url)) })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('the app has no Lingui catalogue')
  const { messages } = await catalog.getTranslations(locale, {
    sourceLocale: config.sourceLocale,
    fallbackLocales: config.fallbackLocales,
  })
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]))
}

/** The API as the web app serves it, its names read from the app's real catalogues. */
const translatedApi = makeApiRequestHandler(appCatalogue)

afterAll(async () => {
  await translatedApi.dispose()
  await disposeApiHandler()
  await disposeRuntime()
  await db?.drop()
})

const names = (page: { readonly events: ReadonlyArray<{ readonly name: string }> }) =>
  page.events.map((e) => e.name)

const fillers = Array.from({ length: 8 }, (_, i) => `Filler Cup ${i + 1}`)
const upcoming = [
  'Kaunas Pairs',
  'Vilnius Spring Cup',
  'Riga Teams',
  'Warsaw Open',
  'Klaipeda Festival',
  ...fillers,
]

/** Expects a 400 problem whose errors name `field`; returns the problem. */
const expectInvalid = async (path: string, field: string) => {
  const response = await request(path)
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  const problem = await readJson(response, Problem)
  expect(problem).toMatchObject({ type: 'about:blank', status: 400, title: 'Bad Request', code: 0 })
  expect(problem.errors?.map((e) => e.field)).toContain(field)
  return problem
}

const expectNotFound = async (path: string) => {
  const response = await request(path)
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  expect(await readJson(response, Problem)).toMatchObject({ status: 404, title: 'Not Found', code: 0 })
}

describe('GET /api/v1/event/future-events', () => {
  it('lists public events that have not ended, 10 from offset 0 by default, with the total', async () => {
    const response = await request('/api/v1/event/future-events')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    const page = await readJson(response, EventPage)
    expect(page.totalEventsCount).toBe(fx.upcomingCount)
    expect(names(page)).toEqual(upcoming.slice(0, 10))
  })

  it('never returns drafts, pending or past events, and shows canceled and postponed states', async () => {
    const page = await readJson(await request('/api/v1/event/future-events?limit=100'), EventPage)
    expect(names(page)).toEqual(upcoming)
    expect(names(page)).not.toContain('Secret Draft')
    expect(names(page)).not.toContain('Pending Event')
    expect(page.events.find((e) => e.name === 'Riga Teams')?.state).toBe('canceled')
    expect(page.events.find((e) => e.name === 'Warsaw Open')?.state).toBe('postponed')
  })

  it('pages with offset and answers with or without the trailing slash', async () => {
    const page = await readJson(await request('/api/v1/event/future-events/?offset=10'), EventPage)
    expect(names(page)).toEqual(upcoming.slice(10))
    expect(page.totalEventsCount).toBe(fx.upcomingCount)
  })

  it('takes eventTypes as a comma list or repeated', async () => {
    const comma = await readJson(await request('/api/v1/event/future-events?eventTypes=2,4'), EventPage)
    const repeated = await readJson(
      await request('/api/v1/event/future-events?eventTypes=2&eventTypes=4'),
      EventPage,
    )
    expect(names(comma)).toEqual(['Kaunas Pairs', 'Warsaw Open'])
    expect(names(repeated)).toEqual(names(comma))
  })

  it('refuses bad input with a 400 problem naming the field', async () => {
    await expectInvalid('/api/v1/event/future-events?limit=abc', 'limit')
    await expectInvalid('/api/v1/event/future-events?limit=-1', 'limit')
    await expectInvalid('/api/v1/event/future-events?limit=101', 'limit')
    await expectInvalid('/api/v1/event/future-events?offset=-5', 'offset')
    await expectInvalid('/api/v1/event/future-events?eventTypes=9', 'eventTypes')
    await expectInvalid('/api/v1/event/future-events?eventTypes=1,x', 'eventTypes')
    await expectInvalid('/api/v1/event/future-events?startDate=2027-13-45', 'startDate')
    await expectInvalid('/api/v1/event/future-events?country=Lithuania', 'country')
    // PostgreSQL refuses NUL bytes in text: such input must be a 400, never reach the database.
    await expectInvalid('/api/v1/event/future-events?nameOrLocation=%00abc', 'nameOrLocation')
    await expectInvalid('/api/v1/event/search-event-locations?q=%00ab', 'q')
    await expectInvalid('/api/v1/event/%00', 'id')
    // An id longer than any alias names no event: a 404 problem.
    await expectNotFound(`/api/v1/event/${'x'.repeat(300)}`)
  })

  it('names every invalid field at once', async () => {
    const problem = await expectInvalid('/api/v1/event/future-events?limit=abc&eventTypes=9', 'limit')
    expect(problem.errors).toEqual([
      { path: ['query', 'eventTypes', 0], field: 'eventTypes', message: 'Expected 1 | 2 | 3 | 4' },
      { path: ['query', 'limit'], field: 'limit', message: 'Expected a finite number' },
    ])
  })
})

describe('GET /api/v1/event/search-future-events', () => {
  it('returns up to 100 events by default (calendar search) with totalEventsCount', async () => {
    const page = await readJson(await request('/api/v1/event/search-future-events'), EventPage)
    expect(names(page)).toEqual(upcoming)
    expect(page.totalEventsCount).toBe(fx.upcomingCount)
    await expectInvalid('/api/v1/event/search-future-events?limit=101', 'limit')
  })

  it('ignores a name or location under 3 characters and searches with 3 or more', async () => {
    const short = await readJson(
      await request('/api/v1/event/search-future-events?nameOrLocation=vi'),
      EventPage,
    )
    expect(names(short)).toEqual(upcoming)
    const long = await readJson(
      await request('/api/v1/event/search-future-events?nameOrLocation=vilnius'),
      EventPage,
    )
    expect(names(long)).toEqual(['Vilnius Spring Cup'])
    expect(long.totalEventsCount).toBe(1)
  })

  it('filters by event states, past ones included when asked', async () => {
    const past = await readJson(
      await request('/api/v1/event/search-future-events?nameOrLocation=vilnius&eventStates=past'),
      EventPage,
    )
    expect(names(past)).toEqual(['Old Vilnius Masters'])
    const flagged = await readJson(
      await request('/api/v1/event/search-future-events?eventStates=canceled,postponed'),
      EventPage,
    )
    expect(flagged.events.map((e) => [e.name, e.state])).toEqual([
      ['Riga Teams', 'canceled'],
      ['Warsaw Open', 'postponed'],
    ])
  })

  it('searches a date range, and a calendar search includes past days', async () => {
    const range = await readJson(
      await request(`/api/v1/event/search-future-events?startDate=${fx.day(9)}&endDate=${fx.day(25)}`),
      EventPage,
    )
    expect(names(range)).toEqual(['Vilnius Spring Cup', 'Riga Teams'])
    const calendar = await readJson(
      await request('/api/v1/event/search-future-events?forCalendar=1&eventTypes=3'),
      EventPage,
    )
    expect(names(calendar)).toEqual(['Old Vilnius Masters', 'Vilnius Spring Cup', 'Riga Teams'])
  })

  it('refuses a start date after the end date naming endDate with the spec message', async () => {
    const problem = await expectInvalid(
      '/api/v1/event/search-future-events?startDate=2030-05-10&endDate=2030-05-01',
      'endDate',
    )
    expect(problem.detail).toBe('The dates are not valid!')
    expect(problem.errors).toEqual([
      { path: ['query', 'endDate'], field: 'endDate', message: 'The dates are not valid!' },
    ])
  })
})

describe('GET /api/v1/event', () => {
  it('lists public events matching the filters, past ones included', async () => {
    const response = await request('/api/v1/event?eventTypes=3')
    expect(response.status).toBe(200)
    const list = await readJson(response, EventList)
    expect(list.events.map((e) => e.name)).toEqual([
      'Old Vilnius Masters',
      'Vilnius Spring Cup',
      'Riga Teams',
    ])
  })
})

describe('GET /api/v1/event/search-event-locations', () => {
  it('suggests 2 places of upcoming public events by default, more on request', async () => {
    const two = await readJson(
      await request('/api/v1/event/search-event-locations?q=lithuania'),
      Schema.Array(LocationSuggestion),
    )
    expect(two).toHaveLength(2)
    const all = await readJson(
      await request('/api/v1/event/search-event-locations/?q=lithuania&limit=10'),
      Schema.Array(LocationSuggestion),
    )
    expect(all.map((s) => s.label).sort()).toEqual([
      'Kaunas, Lithuania',
      'Klaipeda, Lithuania',
      'Vilnius, Lithuania',
    ])
    await expectInvalid('/api/v1/event/search-event-locations?q=lithuania&limit=11', 'limit')
  })

  it('answers nothing for under 2 characters', async () => {
    const none = await readJson(
      await request('/api/v1/event/search-event-locations?q=l'),
      Schema.Array(LocationSuggestion),
    )
    expect(none).toEqual([])
  })
})

describe('GET /api/v1/event/{id}', () => {
  it('answers the public event by alias or id, in the Accept-Language language', async () => {
    const byAlias = await readJson(await request('/api/v1/event/vilnius-spring-cup'), EventView)
    expect(byAlias.card.id).toBe(fx.events.springCup)
    expect(byAlias.card.name).toBe('Vilnius Spring Cup')
    const byId = await readJson(
      await request(`/api/v1/event/${fx.events.springCup}`, {
        headers: { 'accept-language': 'lt-LT,lt;q=0.9' },
      }),
      EventView,
    )
    expect(byId.card.name).toBe('Vilniaus pavasario taurė')
  })

  it('answers 404 problem+json with code 0 for drafts, pending and unknown events', async () => {
    await expectNotFound(`/api/v1/event/${fx.events.draft}`)
    await expectNotFound(`/api/v1/event/${fx.events.pending}`)
    await expectNotFound('/api/v1/event/secret-draft')
    await expectNotFound('/api/v1/event/999999')
    await expectNotFound(`/api/v1/event/${fx.events.draft}/event-data`)
    await expectNotFound(`/api/v1/event/${fx.events.draft}/tournaments`)
    await expectNotFound(`/api/v1/event/${fx.events.draft}/tournament-participants-count`)
  })

  it('gives event-data and event-view-data with tournaments, organisers and active hotels', async () => {
    for (const path of ['event-data', 'event-view-data']) {
      const data = await readJson(await request(`/api/v1/event/vilnius-spring-cup/${path}`), EventData)
      expect(data.event.card.name).toBe('Vilnius Spring Cup')
      expect(data.tournaments.map((t) => t.name)).toEqual(['Open Pairs', 'Teams'])
      expect(data.organizers.map((o) => o.name)).toEqual(['Vilnius Bridge Club'])
      expect(data.hotels.map((h) => h.name)).toEqual(['Hotel Neringa'])
    }
  })

  it('gives the tournaments and the confirmed participants per tournament', async () => {
    const list = await readJson(
      await request(`/api/v1/event/${fx.events.springCup}/tournaments`),
      Schema.Array(Tournament),
    )
    expect(list.map((t) => [t.tournamentId, t.type, t.isPlayerListViewEnabled])).toEqual([
      [fx.tournaments.openPairs, 1, true],
      [fx.tournaments.teams, 2, false],
    ])
    const counts = await readJson(
      await request(`/api/v1/event/${fx.events.springCup}/tournament-participants-count`),
      Schema.Array(ParticipantsCount),
    )
    expect(counts).toContainEqual(
      expect.objectContaining({ tournamentId: fx.tournaments.openPairs, entries: 2, players: 4 }),
    )
  })
})

describe('event constants', () => {
  it('gives the event types of spec section 9', async () => {
    const types = await readJson(await request('/api/v1/event/types'), Schema.Array(Lookup))
    expect(types.map((t) => [t.id, t.key])).toEqual([
      [1, 'local'],
      [2, 'national'],
      [3, 'international'],
      [4, 'worldClass'],
    ])
    const constants = await readJson(await request('/api/v1/event/event-type-constants/'), EventTypeConstants)
    expect(constants).toEqual({ local: 1, national: 2, international: 3, worldClass: 4 })
  })

  it('gives editions, occasion types and statuses', async () => {
    const editions = await readJson(await request('/api/v1/event/editions'), Schema.Array(Lookup))
    expect(editions.map((e) => [e.id, e.key])).toEqual([
      [1, 'year'],
      [2, 'season'],
    ])
    expect(await readJson(await request('/api/v1/event/occasion-types'), Schema.Array(Lookup))).toEqual([])
    const statuses = await readJson(await request('/api/v1/event/event-statuses/'), EventStatuses)
    expect(statuses.statuses.map((s) => [s.id, s.key])).toEqual([
      [1, 'draft'],
      [2, 'accepted'],
      [3, 'declined'],
    ])
    expect(statuses.serverStatuses.filter((s) => s.isActive).map((s) => s.key)).toEqual([
      'pending',
      'accepted',
      'postponed',
      'canceled',
    ])
  })

  it('gives the restricted types, cached for 60 seconds', async () => {
    const response = await request('/api/v1/event/restricted-types')
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(await readJson(response, RestrictedTypes)).toEqual({
      allActiveTypes: [1, 2, 3, 4],
      defaultStates: ['running', 'future'],
      additionalStates: ['past', 'canceled', 'postponed'],
    })
  })
})

describe('tournament and document lookups', () => {
  const lookups = [
    ['/api/v1/tournament/tour/types', tourTypes, SessionType],
    ['/api/v1/tournament/prize-information/types', prizeTypes, PrizeType],
    ['/api/v1/tournament/stage-types/', stageTypes, StageType],
    ['/api/v1/document-type/', documentTypes, DocumentType],
  ] as const

  const inLithuanian = async (path: string) =>
    readJson(
      await translatedApi.handle(
        new Request(`http://localhost${path}`, { headers: { 'accept-language': 'lt-LT,lt;q=0.9' } }),
      ),
      Schema.Array(Lookup),
    )

  it('answers each with the ids and keys the domains accept, named in English by default', async () => {
    expect(await readJson(await request('/api/v1/tournament/tour/types'), Schema.Array(Lookup))).toEqual([
      { id: 1, key: 'session', name: 'Session' },
      { id: 2, key: 'round', name: 'Round' },
      { id: 3, key: 'match', name: 'Match' },
    ])
    expect(
      await readJson(await request('/api/v1/tournament/prize-information/types'), Schema.Array(Lookup)),
    ).toEqual([
      { id: 1, key: 'money', name: 'Money' },
      { id: 2, key: 'custom', name: 'Something else' },
    ])
    expect(await readJson(await request('/api/v1/tournament/stage-types/'), Schema.Array(Lookup))).toEqual([
      { id: 1, key: 'stage', name: 'Stage' },
      { id: 2, key: 'qualification', name: 'Qualification' },
      { id: 3, key: 'semiFinal', name: 'Semi-final' },
      { id: 4, key: 'final', name: 'Final' },
      { id: 5, key: 'consolation', name: 'Consolation' },
    ])
    expect(await readJson(await request('/api/v1/document-type/'), Schema.Array(Lookup))).toEqual([
      { id: 1, key: 'eventDocuments', name: 'Event documents' },
      { id: 2, key: 'tournamentDocuments', name: 'Tournament documents' },
      { id: 3, key: 'tournamentResults', name: 'Tournament results' },
      { id: 4, key: 'eventGallery', name: 'Gallery' },
    ])
    // Every key of each constant is listed once, with its id.
    for (const [path, , constant] of lookups) {
      const answered = await readJson(await request(path), Schema.Array(Lookup))
      expect(Object.fromEntries(answered.map((l) => [l.key, l.id])), path).toEqual(constant)
    }
  })

  it('is cached publicly per language, with an ETag', async () => {
    const send = (path: string, headers: Record<string, string>) =>
      translatedApi.handle(new Request(`http://localhost${path}`, { headers }))
    for (const [path] of lookups) {
      const english = await send(path, {})
      const lithuanian = await send(path, { 'accept-language': 'lt' })
      for (const response of [english, lithuanian]) {
        expect(response.status, path).toBe(200)
        expect(response.headers.get('cache-control'), path).toBe('public, max-age=60')
        expect(response.headers.get('vary'), path).toContain('Accept-Language')
        expect(response.headers.get('etag'), path).toMatch(/^".+"$/)
      }
      expect(lithuanian.headers.get('etag'), path).not.toBe(english.headers.get('etag'))
      const etag = lithuanian.headers.get('etag') ?? ''
      const again = await send(path, { 'accept-language': 'lt', 'if-none-match': etag })
      expect(again.status, path).toBe(304)
      expect(await again.text(), path).toBe('')
    }
  })

  it('names prize types and the gallery as the Lithuanian pages do, under Accept-Language: lt', async () => {
    expect(await inLithuanian('/api/v1/tournament/prize-information/types')).toEqual([
      { id: 1, key: 'money', name: 'Pinigai' },
      { id: 2, key: 'custom', name: 'Kita' },
    ])
    expect((await inLithuanian('/api/v1/document-type')).find((l) => l.key === 'eventGallery')?.name).toBe(
      'Galerija',
    )
    // English stays English through the same handler.
    const english = await readJson(
      await translatedApi.handle(new Request('http://localhost/api/v1/tournament/prize-information/types')),
      Schema.Array(Lookup),
    )
    expect(english.map((l) => l.name)).toEqual(['Money', 'Something else'])
  })

  it('has a Lithuanian name for every entry of every lookup', async () => {
    for (const [path, named] of lookups) {
      const names = (await inLithuanian(path)).map((l) => l.name)
      const english = named.map((l) => l.name.message)
      expect(
        names.filter((name, i) => name === english[i]),
        path,
      ).toEqual([])
    }
  })

  it('keeps each name under the id Lingui generates for its English text, so extraction finds it', () => {
    for (const [, named] of lookups) {
      for (const { name } of named) expect(name.id, name.message).toBe(generateMessageId(name.message ?? ''))
    }
  })
})

describe('GET /api/v1/event/live-results', () => {
  it('lists events with live results today by default, and counts them', async () => {
    const page = await readJson(await request('/api/v1/event/live-results/'), EventPage)
    expect(names(page)).toEqual(['Kaunas Pairs'])
    expect(page.events[0]?.liveResultsUrl).toBe('https://results.example.test/kaunas-pairs')
    const count = await readJson(await request('/api/v1/event/live-results-count/'), LiveResultsCount)
    expect(count).toEqual({ date: fx.today, count: 1 })
  })

  it('takes another date', async () => {
    const later = await readJson(await request(`/api/v1/event/live-results?date=${fx.day(10)}`), EventPage)
    expect(later.events).toEqual([])
    const count = await readJson(
      await request(`/api/v1/event/live-results-count?date=${fx.day(-1)}`),
      LiveResultsCount,
    )
    expect(count.count).toBe(1)
    await expectInvalid('/api/v1/event/live-results?date=2027-02-30', 'date')
  })
})

/** Parses an iCalendar body and gives its VEVENTs by summary. */
const parseCalendar = (body: string) => {
  const calendar = new ICAL.Component(ICAL.parse(body))
  const byName = new Map<string, { event: ICAL.Event; vevent: ICAL.Component }>()
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent)
    byName.set(event.summary, { event, vevent })
  }
  return byName
}

const vilniusWallClock = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Vilnius',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)

describe('GET /api/v1/event/ical', () => {
  it('writes all-day entries of public events, canceled ones CANCELLED, with links to the event page', async () => {
    const response = await request(
      `/api/v1/event/ical?ids[]=${fx.events.springCup}&ids[]=${fx.events.rigaTeams}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/calendar')
    const events = parseCalendar(await response.text())
    expect([...events.keys()].sort()).toEqual(['Riga Teams', 'Vilnius Spring Cup'])
    const cup = events.get('Vilnius Spring Cup')
    expect(cup?.event.startDate.isDate).toBe(true)
    expect(cup?.event.startDate.toString()).toBe(fx.day(10))
    // An all-day DTEND is exclusive: the day after the last day.
    expect(cup?.event.endDate.toString()).toBe(fx.day(13))
    expect(cup?.vevent.getFirstPropertyValue('url')).toBe('http://localhost/event/vilnius-spring-cup')
    expect(cup?.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(cup?.event.location).toBe('Vilnius, Lithuania')
    expect(events.get('Riga Teams')?.vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
  })

  it('takes ids as a comma list and links to PUBLIC_URL when set', async () => {
    process.env.PUBLIC_URL = 'https://kibitz.example.test'
    try {
      const response = await request(`/api/v1/event/ical?ids=${fx.events.springCup},${fx.events.draft}`)
      const events = parseCalendar(await response.text())
      expect([...events.keys()]).toEqual(['Vilnius Spring Cup'])
      expect(events.get('Vilnius Spring Cup')?.vevent.getFirstPropertyValue('url')).toBe(
        'https://kibitz.example.test/event/vilnius-spring-cup',
      )
    } finally {
      delete process.env.PUBLIC_URL
    }
  })

  it('answers 404 when no id is a public event and 400 without ids', async () => {
    await expectNotFound(`/api/v1/event/ical?ids[]=${fx.events.draft}`)
    await expectInvalid('/api/v1/event/ical', 'ids')
    await expectInvalid('/api/v1/event/ical?ids[]=abc', 'ids[]')
  })
})

describe('GET /api/v1/tournament/ical/generate', () => {
  it('writes tournaments in date-time form in the event zone, all-day without a start time', async () => {
    const response = await request(
      `/api/v1/tournament/ical/generate?ids[]=${fx.tournaments.openPairs}&ids[]=${fx.tournaments.teams}&event=${fx.events.springCup}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/calendar')
    const events = parseCalendar(await response.text())
    const pairs = events.get('Open Pairs · Vilnius Spring Cup')
    expect(pairs?.event.startDate.isDate).toBe(false)
    expect(vilniusWallClock(pairs?.event.startDate.toJSDate() ?? new Date(0))).toBe(`${fx.day(10)} 10:00`)
    expect(vilniusWallClock(pairs?.event.endDate.toJSDate() ?? new Date(0))).toBe(`${fx.day(10)} 18:30`)
    const teams = events.get('Teams · Vilnius Spring Cup')
    expect(teams?.event.startDate.isDate).toBe(true)
    expect(teams?.event.startDate.toString()).toBe(fx.day(11))
  })

  it('answers 404 for tournaments of a draft event', async () => {
    await expectNotFound(
      `/api/v1/tournament/ical/generate?ids[]=${fx.tournaments.draftPairs}&event=${fx.events.draft}`,
    )
  })
})

describe('GET /api/v1/tournament/{id}/event/{event}/player-list', () => {
  it('lists confirmed entries when the tournament shows its player list', async () => {
    const list = await readJson(
      await request(`/api/v1/tournament/${fx.tournaments.openPairs}/event/vilnius-spring-cup/player-list`),
      PlayerList,
    )
    expect(list.playersCount).toBe(4)
    expect(list.entries.map((e) => e.contestants.map((c) => c.lastName))).toEqual([
      ['Jonaitis', 'Petraitis'],
      ['Nowak', 'Kowalski'],
    ])
  })

  it('answers 404 when the list is not public, or the tournament or event is not', async () => {
    await expectNotFound(
      `/api/v1/tournament/${fx.tournaments.teams}/event/${fx.events.springCup}/player-list`,
    )
    await expectNotFound(
      `/api/v1/tournament/${fx.tournaments.draftPairs}/event/${fx.events.draft}/player-list`,
    )
    await expectNotFound(`/api/v1/tournament/999999/event/${fx.events.springCup}/player-list`)
  })

  it('gives the tournament type constants', async () => {
    const constants = await readJson(
      await request('/api/v1/tournament/tournament-type-constants/'),
      TournamentTypeConstants,
    )
    expect(constants).toEqual({ pairs: 1, team: 2, individual: 3, others: 4 })
  })
})

describe('reference data', () => {
  it('gives age groups, countries and currencies (popular only on request)', async () => {
    for (const path of ['/api/v1/tournament-ticket-age-group/', '/api/v1/age-group/']) {
      const groups = await readJson(await request(path), Schema.Array(AgeGroup))
      expect(groups.map((g) => [g.name, g.ageFrom, g.ageTo])).toEqual([
        ['Juniors', 0, 25],
        ['Seniors', 60, null],
      ])
    }
    const countries = await readJson(await request('/api/v1/country/'), Schema.Array(Country))
    expect(countries.map((c) => [c.code, c.name])).toEqual([
      ['LT', 'Lithuania'],
      ['PL', 'Poland'],
    ])
    const all = await readJson(await request('/api/v1/currency/'), Schema.Array(Currency))
    expect(all.map((c) => [c.code, c.minorUnit])).toEqual([
      ['EUR', 2],
      ['JPY', 0],
      ['PLN', 2],
      ['USD', 2],
    ])
    const popular = await readJson(await request('/api/v1/currency/?popular=1'), Schema.Array(Currency))
    expect(popular.map((c) => [c.code, c.symbol])).toEqual([['EUR', '€']])
  })

  it("names the countries in the Accept-Language's interface language, in its alphabetical order", async () => {
    const names = async (acceptLanguage: string) => {
      const response = await request('/api/v1/country/', { headers: { 'accept-language': acceptLanguage } })
      expect(response.headers.get('vary')).toContain('Accept-Language')
      return (await readJson(response, Schema.Array(Country))).map((c) => [c.code, c.name])
    }
    expect(await names('pl-PL,pl;q=0.9')).toEqual([
      ['LT', 'Litwa'],
      ['PL', 'Polska'],
    ])
    expect(await names('ru')).toEqual([
      ['LT', 'Литва'],
      ['PL', 'Польша'],
    ])
    expect(await names('lt')).toEqual([
      ['PL', 'Lenkija'],
      ['LT', 'Lietuva'],
    ])
    // A language the interface is not in: English.
    expect(await names('ja')).toEqual([
      ['LT', 'Lithuania'],
      ['PL', 'Poland'],
    ])
  })

  it('gives the app config with the interface languages', async () => {
    const config = await readJson(await request('/api/v1/app-config/'), AppConfig)
    expect(config.languages.map((l) => l.code)).toEqual(['en', 'lt'])
    expect(config.footer).toEqual({ contactForms: [] })
    expect(config.adsense).toEqual({ showAds: true })
    expect(config.timezone).toEqual({ defaultTimeZone: 'Europe/Vilnius' })
    expect(config.version).toMatch(/\S/)
  })
})

describe('HTTP behaviour', () => {
  it('answers unknown /api/v1 paths with a 404 problem', async () => {
    await expectNotFound('/api/v1/nope')
    await expectNotFound(`/api/v1/event/${fx.events.springCup}/nope`)
    const write = await request('/api/v1/event/future-events', { method: 'POST', body: '{}' })
    expect(write.status).toBe(404)
    expect(write.headers.get('content-type')).toContain('application/problem+json')
  })

  it('tags replies with an ETag and answers If-None-Match with 304', async () => {
    const first = await request('/api/v1/country/')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    const again = await request('/api/v1/country/', { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await request('/api/v1/country/', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('documents itself as OpenAPI 3.1 with the spec paths', async () => {
    const response = await request('/api/v1/openapi.json')
    expect(response.status).toBe(200)
    const document = await readJson(
      response,
      Schema.Struct({ openapi: Schema.String, paths: Schema.Record(Schema.String, Schema.Unknown) }),
    )
    expect(document.openapi).toMatch(/^3\.1\./)
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/event/future-events',
        '/api/v1/event/search-future-events',
        '/api/v1/event',
        '/api/v1/event/search-event-locations',
        '/api/v1/event/{id}',
        '/api/v1/event/{id}/event-data',
        '/api/v1/event/{id}/event-view-data',
        '/api/v1/event/{id}/tournaments',
        '/api/v1/event/{id}/tournament-participants-count',
        '/api/v1/event/types',
        '/api/v1/event/restricted-types',
        '/api/v1/event/live-results',
        '/api/v1/event/live-results-count',
        '/api/v1/event/ical',
        '/api/v1/tournament/ical/generate',
        '/api/v1/tournament/{id}/event/{event}/player-list',
        '/api/v1/tournament/tournament-type-constants',
        '/api/v1/tournament/tour/types',
        '/api/v1/tournament/prize-information/types',
        '/api/v1/tournament/stage-types',
        '/api/v1/document-type',
        '/api/v1/tournament-ticket-age-group',
        '/api/v1/age-group',
        '/api/v1/country',
        '/api/v1/currency',
        '/api/v1/app-config',
      ]),
    )
  })
})
