import '../../testing/src/context.ts'
import { AgeGroup, Country, Currency } from '@kibitz/kernel'
import { PrizeType, SessionType, StageType } from '@kibitz/tournaments'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { AppConfig, EventStatuses, EventTypeConstants, Lookup, RestrictedTypes } from '../src/api/Api.ts'
import { DocumentType, documentTypes, prizeTypes, stageTypes, tourTypes } from '../src/api/lookups.ts'
import { readJson, request } from './support/api.ts'
import { useApiReads, useTranslatedApi } from './support/apiReads.ts'

// The constants, lookups and reference data of the REST API v1, in English and as the app's catalogues name them.

useApiReads()

const translatedApi = useTranslatedApi()

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
