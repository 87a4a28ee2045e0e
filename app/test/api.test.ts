import '../../testing/src/context.ts'
import { EventPage, EventView, LocationSuggestion } from '@kibitz/events'
import { ParticipantsCount, PlayerList } from '@kibitz/registration'
import { Tournament } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { EventData, EventList, LiveResultsCount, TournamentTypeConstants } from '../src/api/Api.ts'
import { readJson, request } from './support/api.ts'
import { expectInvalid, expectNotFound, names, upcoming, useApiReads } from './support/apiReads.ts'

// The public reads of the REST API v1 against a real PostgreSQL holding the fixtures of apiFixtures.ts: the
// event lists and searches, an event, live results, player lists and the API's HTTP behaviour.

const world = useApiReads()

describe('GET /api/v1/event/future-events', () => {
  it('lists public events that have not ended, 10 from offset 0 by default, with the total', async () => {
    const response = await request('/api/v1/event/future-events')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    const page = await readJson(response, EventPage)
    expect(page.totalEventsCount).toBe(world.fx.upcomingCount)
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
    expect(page.totalEventsCount).toBe(world.fx.upcomingCount)
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
    // An id as long as an alias may be names no event: a 404 problem; a longer one is no id at all.
    await expectNotFound(`/api/v1/event/${'x'.repeat(200)}`)
    await expectInvalid(`/api/v1/event/${'x'.repeat(300)}`, 'id')
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
    expect(page.totalEventsCount).toBe(world.fx.upcomingCount)
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
      await request(
        `/api/v1/event/search-future-events?startDate=${world.fx.day(9)}&endDate=${world.fx.day(25)}`,
      ),
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
    expect(byAlias.card.id).toBe(world.fx.events.springCup)
    expect(byAlias.card.name).toBe('Vilnius Spring Cup')
    const byId = await readJson(
      await request(`/api/v1/event/${world.fx.events.springCup}`, {
        headers: { 'accept-language': 'lt-LT,lt;q=0.9' },
      }),
      EventView,
    )
    expect(byId.card.name).toBe('Vilniaus pavasario taurė')
  })

  it('answers 404 problem+json with code 0 for drafts, pending and unknown events', async () => {
    await expectNotFound(`/api/v1/event/${world.fx.events.draft}`)
    await expectNotFound(`/api/v1/event/${world.fx.events.pending}`)
    await expectNotFound('/api/v1/event/secret-draft')
    await expectNotFound('/api/v1/event/999999')
    await expectNotFound(`/api/v1/event/${world.fx.events.draft}/event-data`)
    await expectNotFound(`/api/v1/event/${world.fx.events.draft}/tournaments`)
    await expectNotFound(`/api/v1/event/${world.fx.events.draft}/tournament-participants-count`)
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
      await request(`/api/v1/event/${world.fx.events.springCup}/tournaments`),
      Schema.Array(Tournament),
    )
    expect(list.map((t) => [t.tournamentId, t.type, t.isPlayerListViewEnabled])).toEqual([
      [world.fx.tournaments.openPairs, 1, true],
      [world.fx.tournaments.teams, 2, false],
    ])
    const counts = await readJson(
      await request(`/api/v1/event/${world.fx.events.springCup}/tournament-participants-count`),
      Schema.Array(ParticipantsCount),
    )
    expect(counts).toContainEqual(
      expect.objectContaining({ tournamentId: world.fx.tournaments.openPairs, entries: 2, players: 4 }),
    )
  })
})

describe('GET /api/v1/event/live-results', () => {
  it('lists events with live results today by default, and counts them', async () => {
    const page = await readJson(await request('/api/v1/event/live-results/'), EventPage)
    expect(names(page)).toEqual(['Kaunas Pairs'])
    expect(page.events[0]?.liveResultsUrl).toBe('https://results.example.test/kaunas-pairs')
    const count = await readJson(await request('/api/v1/event/live-results-count/'), LiveResultsCount)
    expect(count).toEqual({ date: world.fx.today, count: 1 })
  })

  it('takes another date', async () => {
    const later = await readJson(
      await request(`/api/v1/event/live-results?date=${world.fx.day(10)}`),
      EventPage,
    )
    expect(later.events).toEqual([])
    const count = await readJson(
      await request(`/api/v1/event/live-results-count?date=${world.fx.day(-1)}`),
      LiveResultsCount,
    )
    expect(count.count).toBe(1)
    await expectInvalid('/api/v1/event/live-results?date=2027-02-30', 'date')
  })
})

describe('GET /api/v1/tournament/{id}/event/{event}/player-list', () => {
  it('lists confirmed entries when the tournament shows its player list', async () => {
    const list = await readJson(
      await request(
        `/api/v1/tournament/${world.fx.tournaments.openPairs}/event/vilnius-spring-cup/player-list`,
      ),
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
      `/api/v1/tournament/${world.fx.tournaments.teams}/event/${world.fx.events.springCup}/player-list`,
    )
    await expectNotFound(
      `/api/v1/tournament/${world.fx.tournaments.draftPairs}/event/${world.fx.events.draft}/player-list`,
    )
    await expectNotFound(`/api/v1/tournament/999999/event/${world.fx.events.springCup}/player-list`)
  })

  it('gives the tournament type constants', async () => {
    const constants = await readJson(
      await request('/api/v1/tournament/tournament-type-constants/'),
      TournamentTypeConstants,
    )
    expect(constants).toEqual({ pairs: 1, team: 2, individual: 3, others: 4 })
  })
})

describe('HTTP behaviour', () => {
  it('answers unknown /api/v1 paths with a 404 problem', async () => {
    await expectNotFound('/api/v1/nope')
    await expectNotFound(`/api/v1/event/${world.fx.events.springCup}/nope`)
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
