import { describe, expect, it } from '@effect/vitest'
import { type CatalogueKeyset, type CatalogueQuery, type EventListing, EventService } from '@kibitz/events'
import { EventId } from '@kibitz/kernel'
import { type EventFixture, insertEvent, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'

// The site's catalogue reads pages by keyset (docs/decisions/022): these tests walk whole listings page by page,
// forwards and back, and hold them to the offset listing the API serves.

const db = useDomainDatabase()

/** 14:00 in Vilnius (UTC+2), 12:00 UTC. */
const now = '2027-03-10T12:00:00.000Z'

const event = (spec: EventFixture) => Effect.promise(() => insertEvent(db.orm, spec))

const browse = (query: Partial<CatalogueQuery>, keyset?: CatalogueKeyset, countUpTo = 1000) =>
  runWith(
    db.orm,
    EventService.use((events) => events.browse({ offset: 0, limit: 4, ...query }, keyset, 'en', countUpTo)),
  )

const search = (query: Partial<CatalogueQuery>) =>
  runWith(
    db.orm,
    EventService.use((events) => events.search({ offset: 0, limit: 100, ...query }, 'en')),
  )

const names = (listing: EventListing) => listing.events.map((e) => e.name)

/** Every page of a listing, following `next` from the first page; then back again following `previous`. */
const walk = (query: Partial<CatalogueQuery>, countUpTo = 1000) =>
  Effect.gen(function* () {
    const forwards: Array<ReadonlyArray<string>> = []
    let page = yield* browse(query, undefined, countUpTo)
    expect(page.previous).toBeNull()
    forwards.push(names(page))
    while (page.next) {
      page = yield* browse(query, { ...page.next, direction: 'after' }, countUpTo)
      forwards.push(names(page))
    }
    const backwards: Array<ReadonlyArray<string>> = [names(page)]
    while (page.previous) {
      page = yield* browse(query, { ...page.previous, direction: 'before' }, countUpTo)
      backwards.unshift(names(page))
    }
    return { forwards, backwards }
  })

/**
 * A spread of events around `now`: running ones, one that ended on Kiritimati (UTC+14, whose day is already the
 * 11th), later ones with the same start day (ordered by id), ended ones, canceled and postponed ones.
 */
const seedSpread = Effect.gen(function* () {
  yield* event({ name: 'Ran last year', dateStart: '2026-05-01', dateEnd: '2026-05-03' })
  yield* event({ name: 'Ended yesterday', dateStart: '2027-03-07', dateEnd: '2027-03-09' })
  yield* event({ name: 'Long league', dateStart: '2026-10-01', dateEnd: '2027-05-31' })
  yield* event({ name: 'Running now', dateStart: '2027-03-09', dateEnd: '2027-03-11' })
  yield* event({
    name: 'Ended on Kiritimati',
    dateStart: '2027-03-08',
    dateEnd: '2027-03-10',
    timeZone: 'Pacific/Kiritimati',
  })
  yield* event({ name: 'Starts tomorrow', dateStart: '2027-03-11', dateEnd: '2027-03-12' })
  for (let i = 1; i <= 5; i++)
    yield* event({ name: `April ${i}`, dateStart: '2027-04-02', dateEnd: '2027-04-04' })
  yield* event({ name: 'Canceled in May', state: 'canceled', dateStart: '2027-05-05' })
  yield* event({ name: 'Postponed in June', state: 'postponed', dateStart: '2027-06-06' })
  yield* event({ name: 'Summer', dateStart: '2027-07-01', dateEnd: '2027-07-10' })
  yield* event({ name: 'Draft', state: 'draft', dateStart: '2027-07-02' })
})

describe('EventService.browse', () => {
  it.effect(
    'walks every page of the upcoming listing, forwards and back, in the order of the API listing',
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.parse(now))
        yield* seedSpread
        const { forwards, backwards } = yield* walk({ upcomingOnly: true })
        expect(forwards).toEqual(backwards)
        const offset = (yield* search({ upcomingOnly: true })).events.map((e) => e.name)
        expect(forwards.flat()).toEqual(offset)
        expect(offset).toEqual([
          'Long league',
          'Running now',
          'Starts tomorrow',
          'April 1',
          'April 2',
          'April 3',
          'April 4',
          'April 5',
          'Canceled in May',
          'Postponed in June',
          'Summer',
        ])
        expect(forwards.map((p) => p.length)).toEqual([4, 4, 3])
      }),
  )

  it.effect('walks a filtered listing of states and past events the same way', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* seedSpread
      for (const eventStates of [
        ['running', 'canceled'],
        ['future', 'postponed'],
        ['past'],
        ['running', 'future', 'past'],
      ] as const) {
        const { forwards, backwards } = yield* walk({ eventStates })
        expect(forwards, eventStates.join()).toEqual(backwards)
        const offset = (yield* search({ eventStates })).events.map((e) => e.name)
        expect(forwards.flat(), eventStates.join()).toEqual(offset)
      }
      // Only past events: newest first.
      expect((yield* search({ eventStates: ['past'] })).events.map((e) => e.name)).toEqual([
        'Ended on Kiritimati',
        'Ended yesterday',
        'Ran last year',
      ])
    }),
  )

  it.effect('keeps the events that began before a date range and still run in it', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* seedSpread
      const range = { startDate: '2027-03-09', endDate: '2027-04-02' }
      const { forwards } = yield* walk(range)
      expect(forwards.flat()).toEqual([
        'Long league',
        'Ended yesterday',
        'Ended on Kiritimati',
        'Running now',
        'Starts tomorrow',
        'April 1',
        'April 2',
        'April 3',
        'April 4',
        'April 5',
      ])
      expect(forwards.flat()).toEqual((yield* search(range)).events.map((e) => e.name))
    }),
  )

  it.effect('counts up to the cap and says when it stopped there', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* seedSpread
      const capped = yield* browse({ upcomingOnly: true }, undefined, 5)
      expect([capped.total, capped.totalIsLowerBound]).toEqual([5, true])
      const exact = yield* browse({ upcomingOnly: true }, undefined, 11)
      expect([exact.total, exact.totalIsLowerBound]).toEqual([11, false])
    }),
  )

  it.effect('walks a text listing alike whether its matches are counted once or are more than the cap', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* seedSpread
      for (const [text, query] of [
        ['e', { upcomingOnly: true }],
        ['r', { upcomingOnly: true }],
        ['april', { upcomingOnly: true }],
        ['e', { eventStates: ['running', 'future', 'past'] }],
        ['n', { eventStates: ['past'] }],
      ] as const) {
        const listing = { ...query, text }
        const offset = (yield* search(listing)).events.map((e) => e.name)
        expect(offset.length, text).toBeGreaterThan(1)
        // A cap of 1000 takes each part's page from the matches it counted; a cap of 1 has more matches than that
        // in every part and walks them in order instead.
        for (const countUpTo of [1000, 1]) {
          const { forwards, backwards } = yield* walk(listing, countUpTo)
          expect(forwards, `${text} up to ${countUpTo}`).toEqual(backwards)
          expect(forwards.flat(), `${text} up to ${countUpTo}`).toEqual(offset)
        }
        const capped = yield* browse(listing, undefined, 1)
        expect([capped.total, capped.totalIsLowerBound]).toEqual([1, true])
        const counted = yield* browse(listing, undefined, 1000)
        expect([counted.total, counted.totalIsLowerBound]).toEqual([offset.length, false])
      }
    }),
  )

  it.effect('matches similar words when the text matches nothing as typed, on every page', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      for (let i = 1; i <= 5; i++) {
        yield* event({ name: `Vilnius Cup ${i}`, dateStart: `2027-04-0${i}` })
      }
      yield* event({ name: 'Kaunas Pairs', dateStart: '2027-04-03' })
      const typed = yield* browse({ upcomingOnly: true, text: 'vilnius' })
      expect([typed.similarText, typed.total]).toEqual([false, 5])
      const misspelt = yield* browse({ upcomingOnly: true, text: 'vilnus' })
      expect(misspelt.similarText).toBe(true)
      expect(names(misspelt)).toEqual(['Vilnius Cup 1', 'Vilnius Cup 2', 'Vilnius Cup 3', 'Vilnius Cup 4'])
      const next = misspelt.next
      if (!next) throw new Error('a second page was expected')
      const second = yield* browse({ upcomingOnly: true, text: 'vilnus' }, { ...next, direction: 'after' })
      expect([second.similarText, names(second)]).toEqual([true, ['Vilnius Cup 5']])
      // The API listing falls back the same way.
      expect((yield* search({ upcomingOnly: true, text: 'vilnus' })).totalEventsCount).toBe(5)
      const nothing = yield* browse({ upcomingOnly: true, text: 'xqzwv' })
      expect([nothing.events.length, nothing.next]).toEqual([0, null])
    }),
  )

  it.effect('matches every known word equally near a misspelt one: a city in all its spellings', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      // "krakw" is as near "kraków" as "krakow" and "krakov" (a transliteration); the index gives such ties in no
      // set order, and picking one found a single event of the city's many.
      yield* event({ name: 'Kraków Open', dateStart: '2027-04-01' })
      yield* event({ name: 'Krakow Pairs', dateStart: '2027-04-02' })
      yield* event({ name: 'Krakov Teams', dateStart: '2027-04-03' })
      yield* event({ name: 'Kaunas Cup', dateStart: '2027-04-04' })
      const misspelt = yield* browse({ upcomingOnly: true, text: 'krakw' })
      expect([misspelt.similarText, names(misspelt)]).toEqual([
        true,
        ['Kraków Open', 'Krakow Pairs', 'Krakov Teams'],
      ])
      expect((yield* search({ upcomingOnly: true, text: 'krakw' })).totalEventsCount).toBe(3)
      // With a second word, an event needs one spelling of the city and the other word.
      expect(names(yield* browse({ upcomingOnly: true, text: 'krakw pairz' }))).toEqual(['Krakow Pairs'])
    }),
  )

  it.effect("finds an event by its country's name in any content language (decision 030)", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* event({ name: 'Sopot Festival', dateStart: '2027-08-01', countryCode: 'PL' })
      yield* event({
        name: 'Baltic Cup',
        dateStart: '2027-08-02',
        locations: [{ name: 'Gdańsk', countryCode: 'PL' }],
      })
      yield* event({ name: 'Vilnius Open', dateStart: '2027-08-03', countryCode: 'LT' })
      for (const text of [
        'Polska',
        'Польша',
        'Pologne',
        'Polonia',
        'Polen',
        'Polonya',
        'Poola',
        'Lenkija',
        'poland',
      ]) {
        const found = yield* browse({ upcomingOnly: true, text })
        expect([text, found.similarText, names(found)]).toEqual([
          text,
          false,
          ['Sopot Festival', 'Baltic Cup'],
        ])
      }
      expect(names(yield* browse({ upcomingOnly: true, text: 'Литва' }))).toEqual(['Vilnius Open'])
      // A misspelt country name is corrected to the nearest known word like any other.
      const misspelt = yield* browse({ upcomingOnly: true, text: 'polsca' })
      expect([misspelt.similarText, names(misspelt)]).toEqual([true, ['Sopot Festival', 'Baltic Cup']])
    }),
  )

  it.effect('corrects each misspelt word to the nearest word of a public event, and only of one', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* event({ name: 'Šiauliai Spring Open', dateStart: '2027-04-01' })
      yield* event({ name: 'Spring Teams Kaunas', dateStart: '2027-04-02' })
      yield* event({ name: 'Zanzibar Masters', dateStart: '2027-04-03', state: 'draft' })
      // Two words, both misspelt, in another order: each is corrected, and an event must have both.
      const both = yield* browse({ upcomingOnly: true, text: 'ope sprng' })
      expect([both.similarText, names(both)]).toEqual([true, ['Šiauliai Spring Open']])
      // Folded and misspelt: the folded words of names are known too.
      expect(names(yield* browse({ upcomingOnly: true, text: 'siauliay' }))).toEqual(['Šiauliai Spring Open'])
      // Words too short to correct are left out; with nothing left, nothing is matched.
      expect(names(yield* browse({ upcomingOnly: true, text: 'g_c' }))).toEqual([])
      // A draft's words are nobody's to find, misspelt or not; once published, they are.
      expect(names(yield* browse({ upcomingOnly: true, text: 'zanzibr' }))).toEqual([])
      yield* Effect.promise(() =>
        db.orm.em
          .fork()
          .getConnection()
          .execute(`update event set state = 'accepted' where search_text like '%zanzibar%'`),
      )
      const published = yield* browse({ upcomingOnly: true, text: 'zanzibr' })
      expect([published.similarText, names(published)]).toEqual([true, ['Zanzibar Masters']])
    }),
  )

  it.effect('a page whose neighbour went away still leads back', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse(now))
      yield* event({ name: 'Only one', dateStart: '2027-04-01' })
      const after = yield* browse(
        { upcomingOnly: true },
        { dateStart: '2027-12-31', id: EventId.make(1), direction: 'after' },
      )
      expect(after.events).toEqual([])
      expect(after.next).toBeNull()
      expect(after.previous).toEqual({ dateStart: '2027-12-31', id: 1 })
      const back = yield* browse(
        { upcomingOnly: true },
        { dateStart: '2027-12-31', id: EventId.make(1), direction: 'before' },
      )
      expect(names(back)).toEqual(['Only one'])
      expect(back.previous).toBeNull()
    }),
  )
})
