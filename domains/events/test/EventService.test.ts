import { describe, expect, it } from '@effect/vitest'
import {
  type CatalogueQuery,
  type EventCard,
  EventId,
  EventNotFound,
  type EventPage,
  EventService,
} from '@kibitz/events'
import {
  type EventFixture,
  insertEvent,
  insertOrganiser,
  insertTournament,
  runWith,
  type TournamentFixture,
  useDomainDatabase,
} from '@kibitz/testing'
import { TournamentService } from '@kibitz/tournaments'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'

const db = useDomainDatabase()

/** A Wednesday; 14:00 in Vilnius (UTC+2), the default zone of an event. */
const now = '2027-03-10T12:00:00.000Z'
const setNow = (iso: string) => TestClock.setTime(Date.parse(iso))

const event = (spec: EventFixture) => Effect.promise(() => insertEvent(db.orm, spec))
const tournament = (spec: TournamentFixture) => Effect.promise(() => insertTournament(db.orm, spec))

const search = (query: Partial<CatalogueQuery>, locale = 'en') =>
  runWith(
    db.orm,
    EventService.use((events) => events.search({ offset: 0, limit: 50, ...query }, locale)),
  )
const view = (aliasOrId: string, locale = 'en') =>
  runWith(
    db.orm,
    EventService.use((events) => events.view(aliasOrId, locale)),
  )
const cards = (ids: ReadonlyArray<number>, locale = 'en') =>
  runWith(
    db.orm,
    EventService.use((events) => events.cards(ids, locale)),
  )
/** The card of one public event, as search and view show it. */
const card = (id: number) =>
  cards([id]).pipe(
    Effect.map((found) => {
      const [first] = found
      if (!first) throw new Error(`no public event ${id}`)
      return first
    }),
  )

const names = (page: EventPage) => page.events.map((e) => e.name)
const cardNames = (list: ReadonlyArray<EventCard>) => list.map((e) => e.name)

describe(EventService.name, () => {
  describe('events of organisers who are not accepted', () => {
    // Spec section 4: a declined organiser counts as having no organiser account; a pending one is not
    // public yet. Their events stay hidden even when the event itself is accepted.
    it.effect('are hidden from search, view, cards, suggestions and live results', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const shown = yield* event({ name: 'Shown', dateStart: '2027-03-09', dateEnd: '2027-03-12' })
        for (const status of [1, 2]) {
          const organiserId = yield* Effect.promise(() => insertOrganiser(db.orm, { status }))
          const hidden = yield* event({
            organiserId,
            name: `Hidden ${status}`,
            alias: `hidden-${status}`,
            dateStart: '2027-03-09',
            dateEnd: '2027-03-12',
            hasLiveResults: true,
            locations: [{ shortAddressLine: `Hiddenville ${status}` }],
          })
          expect(names(yield* search({}))).toEqual(['Shown'])
          expect((yield* Effect.flip(view(`hidden-${status}`)))._tag).toBe('EventNotFound')
          expect((yield* Effect.flip(view(String(hidden))))._tag).toBe('EventNotFound')
          expect(cardNames(yield* cards([hidden, shown]))).toEqual(['Shown'])
          const places = yield* runWith(
            db.orm,
            EventService.use((events) => events.locationSuggestions('hiddenville', 10)),
          )
          expect(places).toEqual([])
          const live = yield* runWith(
            db.orm,
            EventService.use((events) => events.liveResultsCount('2027-03-10')),
          )
          expect(live).toBe(0)
        }
      }),
    )
  })

  describe('search', () => {
    it.effect('never returns draft, pending or postponedToDraft events', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        for (const [state, day] of [
          ['accepted', '2027-04-01'],
          ['postponed', '2027-04-02'],
          ['canceled', '2027-04-03'],
          ['draft', '2027-04-04'],
          ['pending', '2027-04-05'],
          ['postponedToDraft', '2027-04-06'],
        ] as const) {
          yield* event({ name: `${state} event`, state, dateStart: day })
        }

        const page = yield* search({})

        expect(names(page)).toEqual(['accepted event', 'postponed event', 'canceled event'])
        expect(page.events.map((e) => e.state)).toEqual(['accepted', 'postponed', 'canceled'])
        expect(page.totalEventsCount).toBe(3)
      }),
    )

    describe('upcomingOnly', () => {
      it.effect('leaves out events that have ended and keeps running and future ones', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({ name: 'Ended Yesterday', dateStart: '2027-03-07', dateEnd: '2027-03-09' })
          yield* event({ name: 'Ends Today', dateStart: '2027-03-08', dateEnd: '2027-03-10' })
          yield* event({ name: 'Next Month', dateStart: '2027-04-10', dateEnd: '2027-04-11' })

          expect(names(yield* search({ upcomingOnly: true }))).toEqual(['Ends Today', 'Next Month'])
          expect(names(yield* search({}))).toEqual(['Ended Yesterday', 'Ends Today', 'Next Month'])
        }),
      )

      it.effect('keeps an event ending today in its zone while a zone already on tomorrow has ended it', () =>
        Effect.gen(function* () {
          // 23:30 UTC: still 10 March in Lisbon (UTC+0), already 12:30 on 11 March in Auckland (UTC+13).
          yield* setNow('2027-03-10T23:30:00.000Z')
          yield* event({ name: 'Lisbon Pairs', timeZone: 'Europe/Lisbon', dateStart: '2027-03-10' })
          yield* event({ name: 'Auckland Pairs', timeZone: 'Pacific/Auckland', dateStart: '2027-03-10' })

          const page = yield* search({ upcomingOnly: true })

          expect(names(page)).toEqual(['Lisbon Pairs'])
          expect(page.totalEventsCount).toBe(1)
        }),
      )

      it.effect('keeps an event whose zone is still on the previous UTC date', () =>
        Effect.gen(function* () {
          // 05:00 UTC on 10 March: 19:00 on 9 March in Honolulu (UTC-10), 05:00 on 10 March in Lisbon.
          yield* setNow('2027-03-10T05:00:00.000Z')
          yield* event({ name: 'Honolulu Teams', timeZone: 'Pacific/Honolulu', dateStart: '2027-03-09' })
          yield* event({ name: 'Lisbon Teams', timeZone: 'Europe/Lisbon', dateStart: '2027-03-09' })
          yield* event({ name: 'Auckland Teams', timeZone: 'Pacific/Auckland', dateStart: '2027-03-10' })

          expect(names(yield* search({ upcomingOnly: true }))).toEqual(['Honolulu Teams', 'Auckland Teams'])
        }),
      )
    })

    describe('text', () => {
      it.effect("matches the name in any of the event's languages and shows the visitor's one", () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({
            dateStart: '2027-04-01',
            contents: [
              { language: 'en', name: 'Vilnius Spring Cup' },
              { language: 'lt', name: 'Vilniaus pavasario taurė' },
            ],
          })
          yield* event({ name: 'Kaunas Autumn Cup', dateStart: '2027-04-02' })

          expect(names(yield* search({ text: 'pavasario' }))).toEqual(['Vilnius Spring Cup'])
          expect(names(yield* search({ text: 'spring' }, 'lt'))).toEqual(['Vilniaus pavasario taurė'])
          expect(names(yield* search({ text: 'cup' }))).toEqual(['Vilnius Spring Cup', 'Kaunas Autumn Cup'])
        }),
      )

      it.effect('matches place names and addresses of the locations', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({
            name: 'Baltic Congress',
            dateStart: '2027-04-01',
            locations: [{ name: 'Hotel Neringa', shortAddressLine: 'Kaunas, Lithuania' }],
          })
          yield* event({
            name: 'Riga Open',
            dateStart: '2027-04-02',
            locations: [{ name: 'Radisson Blu', formattedAddress: 'Elizabetes iela 55, Riga, Latvia' }],
          })

          expect(names(yield* search({ text: 'kaunas' }))).toEqual(['Baltic Congress'])
          expect(names(yield* search({ text: 'neringa' }))).toEqual(['Baltic Congress'])
          expect(names(yield* search({ text: 'elizabetes' }))).toEqual(['Riga Open'])
        }),
      )

      it.effect('ignores letter case in the text', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({ name: 'Vilnius Spring Cup', dateStart: '2027-04-01' })
          yield* event({ name: 'Warsaw Open', dateStart: '2027-04-02' })

          const page = yield* search({ text: 'SPRING cUP' })

          expect(names(page)).toEqual(['Vilnius Spring Cup'])
          expect(page.totalEventsCount).toBe(1)
        }),
      )

      it.effect('treats the LIKE wildcards % and _ in the text as plain characters', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({ name: '100% Bridge Weekend', alias: 'hundred-bridge', dateStart: '2027-04-01' })
          yield* event({ name: 'Spring Cup', alias: 'spring-cup', dateStart: '2027-04-02' })
          yield* event({ name: 'Snake_Case Open', alias: 'snake-case-open', dateStart: '2027-04-03' })

          expect(names(yield* search({ text: '%' }))).toEqual(['100% Bridge Weekend'])
          expect(names(yield* search({ text: '0% b' }))).toEqual(['100% Bridge Weekend'])
          expect(names(yield* search({ text: 'e_c' }))).toEqual(['Snake_Case Open'])
          expect(names(yield* search({ text: 'g_c' }))).toEqual([])
          expect((yield* search({ text: '%%%' })).totalEventsCount).toBe(0)
        }),
      )
    })

    it.effect('selects the requested event types only', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ name: 'Local', type: 1, dateStart: '2027-04-01' })
        yield* event({ name: 'National', type: 2, dateStart: '2027-04-02' })
        yield* event({ name: 'International', type: 3, dateStart: '2027-04-03' })
        yield* event({ name: 'World Class', type: 4, dateStart: '2027-04-04' })

        const page = yield* search({ eventTypes: [1, 3] })

        expect(names(page)).toEqual(['Local', 'International'])
        expect(page.events.map((e) => e.type)).toEqual([1, 3])
      }),
    )

    it.effect('selects events overlapping the date range, including those touching its ends', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ name: 'Ends Before', dateStart: '2027-02-26', dateEnd: '2027-03-02' })
        yield* event({ name: 'Ends On Start', dateStart: '2027-03-01', dateEnd: '2027-03-03' })
        yield* event({ name: 'Inside', dateStart: '2027-03-05', dateEnd: '2027-03-06' })
        yield* event({ name: 'Spans All', dateStart: '2027-03-01', dateEnd: '2027-03-31' })
        yield* event({ name: 'Starts On End', dateStart: '2027-03-09', dateEnd: '2027-03-12' })
        yield* event({ name: 'Starts After', dateStart: '2027-03-10', dateEnd: '2027-03-10' })

        const range = yield* search({ startDate: '2027-03-03', endDate: '2027-03-09' })
        expect(names(range)).toEqual(['Ends On Start', 'Spans All', 'Inside', 'Starts On End'])

        const oneDay = yield* search({ startDate: '2027-03-05', endDate: '2027-03-05' })
        expect(names(oneDay)).toEqual(['Spans All', 'Inside'])
      }),
    )

    describe('event states', () => {
      const states = Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ name: 'Past', dateStart: '2027-03-01', dateEnd: '2027-03-02' })
        yield* event({ name: 'Running', dateStart: '2027-03-09', dateEnd: '2027-03-11' })
        yield* event({ name: 'Future', dateStart: '2027-03-20', dateEnd: '2027-03-21' })
        yield* event({ name: 'Canceled Future', state: 'canceled', dateStart: '2027-03-25' })
        yield* event({ name: 'Postponed Past', state: 'postponed', dateStart: '2027-02-01' })
      })

      it.effect.each([
        { states: ['running'], expected: ['Running'] },
        { states: ['future'], expected: ['Future'] },
        { states: ['past'], expected: ['Past'] },
        { states: ['canceled'], expected: ['Canceled Future'] },
        { states: ['postponed'], expected: ['Postponed Past'] },
      ] as const)('selects $states events as $expected', ({ states: eventStates, expected }) =>
        Effect.gen(function* () {
          yield* states
          const page = yield* search({ eventStates })
          expect(names(page)).toEqual(expected)
          expect(page.totalEventsCount).toBe(expected.length)
        }),
      )

      it.effect('combines several states with OR', () =>
        Effect.gen(function* () {
          yield* states
          expect(names(yield* search({ eventStates: ['running', 'canceled'] }))).toEqual([
            'Running',
            'Canceled Future',
          ])
          expect(names(yield* search({ eventStates: ['past', 'postponed'] }))).toEqual([
            'Postponed Past',
            'Past',
          ])
          expect(names(yield* search({ eventStates: ['running', 'future', 'past'] }))).toEqual([
            'Past',
            'Running',
            'Future',
          ])
        }),
      )

      it.effect("judges running and past by the event's own calendar date", () =>
        Effect.gen(function* () {
          // 12:00 UTC is already 01:00 on 11 March in Auckland: its 10 March event has ended there.
          yield* setNow(now)
          yield* event({ name: 'Auckland Day', timeZone: 'Pacific/Auckland', dateStart: '2027-03-10' })
          yield* event({ name: 'Lisbon Day', timeZone: 'Europe/Lisbon', dateStart: '2027-03-10' })
          yield* event({ name: 'Auckland Tomorrow', timeZone: 'Pacific/Auckland', dateStart: '2027-03-11' })

          expect(names(yield* search({ eventStates: ['running'] }))).toEqual([
            'Lisbon Day',
            'Auckland Tomorrow',
          ])
          expect(names(yield* search({ eventStates: ['past'] }))).toEqual(['Auckland Day'])
          expect(names(yield* search({ eventStates: ['future'] }))).toEqual([])
        }),
      )
    })

    it.effect('filters online, live and country events; the country code in any case', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ name: 'Online Pairs', isOnline: true, isLive: false, dateStart: '2027-04-01' })
        yield* event({ name: 'Vilnius Live', countryCode: 'LT', dateStart: '2027-04-02' })
        yield* event({ name: 'Warsaw Live', countryCode: 'PL', dateStart: '2027-04-03' })

        expect(names(yield* search({ online: true }))).toEqual(['Online Pairs'])
        expect(names(yield* search({ live: true }))).toEqual(['Vilnius Live', 'Warsaw Live'])
        expect(names(yield* search({ countryCode: 'lt' }))).toEqual(['Vilnius Live'])
        expect(names(yield* search({ countryCode: 'PL', live: true }))).toEqual(['Warsaw Live'])
        expect(names(yield* search({ countryCode: 'PL', online: true }))).toEqual([])
      }),
    )

    describe('paging', () => {
      const fiveEvents = Effect.gen(function* () {
        yield* setNow(now)
        for (const day of ['01', '02', '03', '04', '05']) {
          yield* event({ name: `April ${day}`, dateStart: `2027-04-${day}` })
        }
      })

      it.effect('returns the page at offset and limit with the count of all matching events', () =>
        Effect.gen(function* () {
          yield* fiveEvents
          const page = yield* search({ offset: 2, limit: 2 })
          expect(names(page)).toEqual(['April 03', 'April 04'])
          expect(page.totalEventsCount).toBe(5)
          const last = yield* search({ offset: 4, limit: 2 })
          expect(names(last)).toEqual(['April 05'])
          expect(last.totalEventsCount).toBe(5)
        }),
      )

      it.effect('still counts every matching event when the offset is past the end', () =>
        Effect.gen(function* () {
          yield* fiveEvents
          const page = yield* search({ offset: 10, limit: 2, text: 'april' })
          expect(page.events).toEqual([])
          expect(page.totalEventsCount).toBe(5)
          // Every kind of filter at once, so each placeholder of the count meets its own value.
          const filtered = yield* search({
            offset: 10,
            limit: 2,
            upcomingOnly: true,
            text: 'april 0',
            eventTypes: [3],
            startDate: '2027-04-02',
            endDate: '2027-04-04',
            live: true,
            online: false,
            eventStates: ['running', 'future'],
          })
          expect(filtered.events).toEqual([])
          expect(filtered.totalEventsCount).toBe(3)
        }),
      )

      it.effect('counts nothing when nothing matches', () =>
        Effect.gen(function* () {
          yield* fiveEvents
          const page = yield* search({ text: 'nowhere' })
          expect(page.events).toEqual([])
          expect(page.totalEventsCount).toBe(0)
        }),
      )
    })

    describe('ordering', () => {
      it.effect('lists the soonest first, the earlier created first on the same day', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({ name: 'May', dateStart: '2027-05-01' })
          yield* event({ name: 'April B', dateStart: '2027-04-01' })
          yield* event({ name: 'Running', dateStart: '2027-03-09', dateEnd: '2027-03-12' })
          yield* event({ name: 'April C', dateStart: '2027-04-01', dateEnd: '2027-04-09' })

          expect(names(yield* search({ upcomingOnly: true }))).toEqual([
            'Running',
            'April B',
            'April C',
            'May',
          ])
        }),
      )

      it.effect('lists the most recent first when the only state filter is past', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({ name: 'January', dateStart: '2027-01-10' })
          yield* event({ name: 'February', dateStart: '2027-02-10' })
          yield* event({ name: 'Canceled December', state: 'canceled', dateStart: '2026-12-10' })

          expect(names(yield* search({ eventStates: ['past'] }))).toEqual(['February', 'January'])
          expect(names(yield* search({ eventStates: ['past', 'canceled'] }))).toEqual([
            'Canceled December',
            'January',
            'February',
          ])
        }),
      )
    })

    describe('content language', () => {
      const polishEvent = event({
        dateStart: '2027-04-01',
        showNativeName: true,
        contents: [
          { language: 'pl', name: 'Festiwal Brydżowy', isMain: true, type: 2 },
          { language: 'en', name: 'Bridge Festival', isMain: false },
          { language: 'lt', name: 'Bridžo festivalis', isMain: false },
        ],
      })

      it.effect("shows the content in the visitor's language, else the main content", () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* polishEvent

          const [en] = (yield* search({}, 'en')).events
          const [lt] = (yield* search({}, 'lt')).events
          const [de] = (yield* search({}, 'de')).events

          expect([en?.name, en?.language]).toEqual(['Bridge Festival', 'en'])
          expect([lt?.name, lt?.language]).toEqual(['Bridžo festivalis', 'lt'])
          expect([de?.name, de?.language]).toEqual(['Festiwal Brydżowy', 'pl'])
        }),
      )

      it.effect('adds the native name when the event shows it and the visitor reads another language', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* polishEvent
          yield* event({
            dateStart: '2027-04-02',
            showNativeName: false,
            contents: [
              { language: 'it', name: 'Festival del Bridge', type: 2 },
              { language: 'en', name: 'Italian Bridge Festival', isMain: false },
            ],
          })

          const en = (yield* search({}, 'en')).events
          expect(en.map((e) => [e.name, e.nativeName])).toEqual([
            ['Bridge Festival', 'Festiwal Brydżowy'],
            ['Italian Bridge Festival', null],
          ])
          const pl = (yield* search({}, 'pl')).events
          expect(pl.map((e) => [e.name, e.nativeName])).toEqual([
            ['Festiwal Brydżowy', null],
            ['Festival del Bridge', null],
          ])
        }),
      )
    })
  })

  describe('view', () => {
    const springCup = () =>
      event({
        alias: 'vilnius-spring-cup',
        dateStart: '2027-04-01',
        dateEnd: '2027-04-03',
        countryCode: 'LT',
        currencyCode: 'EUR',
        contents: [
          { language: 'en', name: 'Vilnius Spring Cup', description: 'Three days of pairs.' },
          {
            language: 'lt',
            name: 'Vilniaus pavasario taurė',
            alias: 'vilniaus-taure',
            description: 'Trys dienos.',
          },
        ],
        locations: [
          { name: 'Hotel Neringa', shortAddressLine: 'Vilnius, Lithuania', countryCode: 'LT', lat: 54.6872 },
        ],
      })

    it.effect('finds a public event by its numeric id', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const id = yield* springCup()

        const found = yield* view(String(id))

        expect(found.card.id).toBe(EventId.make(id))
        expect(found.card.name).toBe('Vilnius Spring Cup')
        expect(found.card.shortAddresses).toEqual(['Vilnius, Lithuania'])
        expect(found.description).toBe('Three days of pairs.')
        expect(found.timeZone).toBe('Europe/Vilnius')
        expect(found.currencyCode).toBe('EUR')
        expect(found.contents.map((c) => [c.language, c.alias, c.isMain])).toEqual([
          ['en', 'vilnius-spring-cup', true],
          ['lt', 'vilniaus-taure', false],
        ])
        expect(found.locations.map((l) => [l.name, l.countryCode, l.lat, l.long, l.isMain])).toEqual([
          ['Hotel Neringa', 'LT', 54.6872, null, true],
        ])
      }),
    )

    it.effect(
      "names each place's country in the visitor's language on the card, the page and the search (decision 030)",
      () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const id = yield* event({
            dateStart: '2027-05-01',
            countryCode: 'PL',
            contents: [{ language: 'pl', name: 'Festiwal Sopot' }],
            locations: [
              {
                name: 'Hotel Sheraton',
                shortAddressLine: 'Sopot',
                formattedAddress: 'Powstańców Warszawy 10, 81-718 Sopot, Poland',
                countryCode: 'PL',
              },
              { name: 'Hala Olivia', shortAddressLine: 'Gdańsk, Polska', countryCode: 'PL' },
              { name: 'Online', shortAddressLine: 'Online – BBO' },
            ],
          })
          const places = (locale: string) =>
            Effect.map(view(String(id), locale), (v) => v.card.shortAddresses)
          expect(yield* places('en')).toEqual(['Sopot, Poland', 'Gdańsk, Poland', 'Online – BBO'])
          expect(yield* places('ru')).toEqual(['Sopot, Польша', 'Gdańsk, Польша', 'Online – BBO'])
          expect(yield* places('lt')).toEqual(['Sopot, Lenkija', 'Gdańsk, Lenkija', 'Online – BBO'])
          const page = yield* view(String(id), 'fr')
          expect(page.locations.map((l) => l.formattedAddress)).toEqual([
            'Powstańców Warszawy 10, 81-718 Sopot, Pologne',
            null,
            null,
          ])
          // The catalogue's cards, read by its own query, say the same.
          const listed = yield* search({ upcomingOnly: true, text: 'sopot' }, 'it')
          expect(listed.events.map((e) => e.shortAddresses)).toEqual([
            ['Sopot, Polonia', 'Gdańsk, Polonia', 'Online – BBO'],
          ])
        }),
    )

    it.effect('finds a public event by its alias, ignoring case and surrounding spaces', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const id = yield* springCup()

        const found = yield* view('  Vilnius-Spring-Cup ', 'lt')

        expect(found.card.id).toBe(EventId.make(id))
        expect(found.card.name).toBe('Vilniaus pavasario taurė')
        expect(found.description).toBe('Trys dienos.')
      }),
    )

    it.effect("finds a public event by a content's alias, with all its contents", () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const id = yield* springCup()

        const found = yield* view('vilniaus-taure')

        expect(found.card.id).toBe(EventId.make(id))
        expect(found.card.name).toBe('Vilnius Spring Cup')
        expect(found.contents.map((c) => c.language)).toEqual(['en', 'lt'])
      }),
    )

    it.effect('shows canceled and postponed events', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ alias: 'canceled-cup', state: 'canceled', dateStart: '2027-04-01' })
        yield* event({ alias: 'postponed-cup', state: 'postponed', dateStart: '2027-04-01' })

        expect((yield* view('canceled-cup')).card.state).toBe('canceled')
        expect((yield* view('postponed-cup')).card.state).toBe('postponed')
      }),
    )

    it.effect('fails with EventNotFound for draft, pending and postponedToDraft events, by id or alias', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        for (const state of ['draft', 'pending', 'postponedToDraft']) {
          const slug = state.toLowerCase()
          const id = yield* event({
            alias: `${slug}-cup`,
            state,
            dateStart: '2027-04-01',
            contents: [{ name: `${state} cup` }, { language: 'lt', name: 'taurė', alias: `${slug}-lt` }],
          })
          for (const key of [String(id), `${slug}-cup`, `${slug}-lt`]) {
            expect(yield* Effect.flip(view(key))).toEqual(new EventNotFound({ aliasOrId: key }))
          }
        }
      }),
    )

    it.effect('fails with EventNotFound for an unknown alias or id', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const id = yield* springCup()

        expect(yield* Effect.flip(view('no-such-event'))).toEqual(
          new EventNotFound({ aliasOrId: 'no-such-event' }),
        )
        expect(yield* Effect.flip(view(String(id + 1)))).toEqual(
          new EventNotFound({ aliasOrId: String(id + 1) }),
        )
      }),
    )

    it.effect("uses the main location's external url as the home page of an online event", () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({
          alias: 'online-pairs',
          isOnline: true,
          dateStart: '2027-04-01',
          externalPageUrl: 'https://club.example.test/',
          locations: [
            { name: 'Backup room', isMain: false, externalUrl: 'https://backup.example.test/' },
            { name: 'BBO', isMain: true, externalUrl: 'https://play.example.test/room' },
          ],
        })
        yield* event({
          alias: 'vilnius-pairs',
          dateStart: '2027-04-01',
          externalPageUrl: 'https://club.example.test/vilnius',
          locations: [{ name: 'Hotel Neringa', externalUrl: 'https://hotel.example.test/' }],
        })

        const online = yield* view('online-pairs')
        expect(online.homePageUrl).toBe('https://play.example.test/room')
        expect(online.externalPageUrl).toBe('https://club.example.test/')
        expect((yield* view('vilnius-pairs')).homePageUrl).toBe('https://club.example.test/vilnius')
      }),
    )
  })

  describe('cards', () => {
    it.effect('returns public events in the order of the ids, skipping the others', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const a = yield* event({ name: 'A', dateStart: '2027-04-01' })
        const draft = yield* event({ name: 'Draft', state: 'draft', dateStart: '2027-04-01' })
        const b = yield* event({ name: 'B', state: 'canceled', dateStart: '2027-05-01' })

        expect(cardNames(yield* cards([b, draft, 9999, a]))).toEqual(['B', 'A'])
        expect(yield* cards([])).toEqual([])
      }),
    )

    describe('isOpenRegistration', () => {
      const window = {
        registrationOpensAt: '2027-03-01T00:00:00.000Z',
        registrationClosesAt: '2027-03-20T00:00:00.000Z',
      }

      it.effect('is true for an accepted event that has not ended, inside its registration window', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const future = yield* event({ dateStart: '2027-03-25', ...window })
          const running = yield* event({ dateStart: '2027-03-09', dateEnd: '2027-03-11', ...window })

          expect((yield* card(future)).isOpenRegistration).toBe(true)
          expect((yield* card(running)).isOpenRegistration).toBe(true)
        }),
      )

      it.effect('is false for canceled and postponed events, even inside the window', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const canceled = yield* event({ state: 'canceled', dateStart: '2027-03-25', ...window })
          const postponed = yield* event({ state: 'postponed', dateStart: '2027-03-25', ...window })

          expect((yield* card(canceled)).isOpenRegistration).toBe(false)
          expect((yield* card(postponed)).isOpenRegistration).toBe(false)
        }),
      )

      it.effect('is false for an event that has ended, even inside the window', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const ended = yield* event({ dateStart: '2027-03-08', dateEnd: '2027-03-09', ...window })

          expect((yield* card(ended)).isOpenRegistration).toBe(false)
        }),
      )

      it.effect('opens at the opening instant and closes at the closing instant', () =>
        Effect.gen(function* () {
          const id = yield* event({ dateStart: '2027-03-25', ...window })

          yield* setNow('2027-02-28T23:59:59.999Z')
          expect((yield* card(id)).isOpenRegistration).toBe(false)
          yield* setNow('2027-03-01T00:00:00.000Z')
          expect((yield* card(id)).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-19T23:59:59.999Z')
          expect((yield* card(id)).isOpenRegistration).toBe(true)
          yield* setNow('2027-03-20T00:00:00.000Z')
          expect((yield* card(id)).isOpenRegistration).toBe(false)
        }),
      )

      it.effect(
        'is true until the closing instant when the window has no opening (open from publication)',
        () =>
          Effect.gen(function* () {
            const id = yield* event({
              dateStart: '2027-03-25',
              registrationClosesAt: window.registrationClosesAt,
            })

            yield* setNow(now)
            expect((yield* card(id)).isOpenRegistration).toBe(true)
            yield* setNow('2027-03-20T00:00:00.000Z')
            expect((yield* card(id)).isOpenRegistration).toBe(false)
          }),
      )

      it.effect("is false between two tournaments' windows and true inside either", () =>
        Effect.gen(function* () {
          const id = yield* event({
            dateStart: '2027-04-01',
            registrationOpensAt: '2027-01-01T00:00:00.000Z',
            registrationClosesAt: '2027-03-10T00:00:00.000Z',
            registrationWindows: [
              { opensAt: '2027-01-01T00:00:00.000Z', closesAt: '2027-01-10T00:00:00.000Z' },
              { opensAt: '2027-03-01T00:00:00.000Z', closesAt: '2027-03-10T00:00:00.000Z' },
            ],
          })

          yield* setNow('2027-01-05T12:00:00.000Z')
          expect((yield* card(id)).isOpenRegistration).toBe(true)
          yield* setNow('2027-02-01T12:00:00.000Z')
          expect((yield* card(id)).isOpenRegistration).toBe(false)
          yield* setNow('2027-03-05T12:00:00.000Z')
          expect((yield* card(id)).isOpenRegistration).toBe(true)
        }),
      )

      it.effect('is false without a closing instant (no tournament takes registrations)', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const id = yield* event({ dateStart: '2027-03-25' })
          const onlyOpens = yield* event({
            dateStart: '2027-03-25',
            registrationOpensAt: window.registrationOpensAt,
          })

          expect((yield* card(id)).isOpenRegistration).toBe(false)
          expect((yield* card(onlyOpens)).isOpenRegistration).toBe(false)
        }),
      )
    })

    describe('timeState', () => {
      it.effect('is running, future, justFinished (1 to 7 days after the end) or past', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          const ids = [
            yield* event({ name: 'Running', dateStart: '2027-03-10' }),
            yield* event({ name: 'Future', dateStart: '2027-03-11' }),
            yield* event({ name: 'Ended Yesterday', dateStart: '2027-03-08', dateEnd: '2027-03-09' }),
            yield* event({ name: 'Ended 7 Days Ago', dateStart: '2027-03-03' }),
            yield* event({ name: 'Ended 8 Days Ago', dateStart: '2027-03-02' }),
          ]

          expect((yield* cards(ids)).map((c) => [c.name, c.timeState])).toEqual([
            ['Running', 'running'],
            ['Future', 'future'],
            ['Ended Yesterday', 'justFinished'],
            ['Ended 7 Days Ago', 'justFinished'],
            ['Ended 8 Days Ago', 'past'],
          ])
        }),
      )

      it.effect("follows the event's own time zone", () =>
        Effect.gen(function* () {
          // 23:30 UTC on 10 March is 12:30 on 11 March in Auckland and 13:30 on 10 March in Honolulu.
          yield* setNow('2027-03-10T23:30:00.000Z')
          const auckland = yield* event({ timeZone: 'Pacific/Auckland', dateStart: '2027-03-11' })
          const aucklandEnded = yield* event({ timeZone: 'Pacific/Auckland', dateStart: '2027-03-10' })
          const honolulu = yield* event({ timeZone: 'Pacific/Honolulu', dateStart: '2027-03-11' })

          expect((yield* card(auckland)).timeState).toBe('running')
          expect((yield* card(aucklandEnded)).timeState).toBe('justFinished')
          expect((yield* card(honolulu)).timeState).toBe('future')
        }),
      )
    })

    it.effect('lists each distinct short address once, falling back to the place name', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const id = yield* event({
          dateStart: '2027-04-01',
          locations: [
            { name: 'Hall A', shortAddressLine: 'Vilnius, Lithuania' },
            { name: 'Hall B', shortAddressLine: 'Vilnius, Lithuania' },
            { name: 'Kaunas Arena' },
            {},
          ],
        })

        expect((yield* card(id)).shortAddresses).toEqual(['Vilnius, Lithuania', 'Kaunas Arena'])
      }),
    )
  })

  describe('locationSuggestions', () => {
    const suggest = (text: string, limit: number) =>
      runWith(
        db.orm,
        EventService.use((events) => events.locationSuggestions(text, limit)),
      )

    it.effect('offers at most `limit` places, the most used first, with their country', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const place = (shortAddressLine: string, countryCode: string) => ({ shortAddressLine, countryCode })
        yield* event({ dateStart: '2027-04-01', locations: [place('Vilnius, Lithuania', 'LT')] })
        yield* event({ dateStart: '2027-04-02', locations: [place('Vilnius, Lithuania', 'LT')] })
        yield* event({ dateStart: '2027-04-03', locations: [place('Vilniaus rajonas, Lithuania', 'LT')] })
        yield* event({ dateStart: '2027-04-04', locations: [place('Kaunas, Lithuania', 'LT')] })

        const two = yield* suggest('  VILN ', 2)
        expect(two.map((s) => [s.label, s.countryCode])).toEqual([
          ['Vilnius, Lithuania', 'LT'],
          ['Vilniaus rajonas, Lithuania', 'LT'],
        ])
        expect((yield* suggest('viln', 1)).map((s) => s.label)).toEqual(['Vilnius, Lithuania'])
        expect((yield* suggest('lithuania', 10)).map((s) => s.label)).toEqual([
          'Vilnius, Lithuania',
          'Kaunas, Lithuania',
          'Vilniaus rajonas, Lithuania',
        ])
      }),
    )

    it.effect('uses the short address, else the formatted address, else the place name; prefixes first', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({
          dateStart: '2027-04-01',
          locations: [
            {
              name: 'Riga Hall',
              formattedAddress: 'Elizabetes iela 55, Riga',
              shortAddressLine: 'Riga, Latvia',
            },
            { name: 'Riga Club', formattedAddress: 'Brivibas iela 1, Riga' },
            { name: 'Riga Arena' },
          ],
        })

        expect((yield* suggest('riga', 10)).map((s) => s.label)).toEqual([
          'Riga Arena',
          'Riga, Latvia',
          'Brivibas iela 1, Riga',
        ])
      }),
    )

    it.effect('offers only places of public events that have not ended', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ dateStart: '2027-04-01', locations: [{ shortAddressLine: 'Tallinn, Estonia' }] })
        yield* event({
          state: 'draft',
          dateStart: '2027-04-01',
          locations: [{ shortAddressLine: 'Tartu, Estonia' }],
        })
        yield* event({
          state: 'pending',
          dateStart: '2027-04-01',
          locations: [{ shortAddressLine: 'Parnu, Estonia' }],
        })
        yield* event({ dateStart: '2027-02-01', locations: [{ shortAddressLine: 'Narva, Estonia' }] })

        expect((yield* suggest('estonia', 10)).map((s) => s.label)).toEqual(['Tallinn, Estonia'])
      }),
    )

    it.effect('offers no place of an event that ended yesterday in its own time zone', () =>
      Effect.gen(function* () {
        // 14:00 on 10 March in Vilnius: the event that ended on 9 March is over there.
        yield* setNow(now)
        yield* event({
          dateStart: '2027-03-08',
          dateEnd: '2027-03-09',
          locations: [{ shortAddressLine: 'Vilnius, Lithuania' }],
        })

        expect(yield* suggest('vilnius', 10)).toEqual([])
      }),
    )

    it.effect('treats LIKE wildcards in the text as plain characters', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        yield* event({ dateStart: '2027-04-01', locations: [{ shortAddressLine: 'Vilnius, Lithuania' }] })

        expect(yield* suggest('%', 10)).toEqual([])
        expect(yield* suggest('v_lnius', 10)).toEqual([])
      }),
    )
  })

  describe('liveResults', () => {
    const live = (date: string, offset = 0, limit = 10) =>
      runWith(
        db.orm,
        EventService.use((events) => events.liveResults(date, offset, limit, 'en')),
      )
    const liveCount = (date: string) =>
      runWith(
        db.orm,
        EventService.use((events) => events.liveResultsCount(date)),
      )
    const liveEvents = Effect.gen(function* () {
      yield* setNow(now)
      const results = (alias: string) => ({
        hasLiveResults: true,
        liveResultsUrl: `https://results.example.test/${alias}`,
      })
      yield* event({
        name: 'Two Days',
        dateStart: '2027-03-09',
        dateEnd: '2027-03-10',
        ...results('two-days'),
      })
      yield* event({ name: 'One Day', dateStart: '2027-03-10', ...results('one-day') })
      yield* event({ name: 'Recommended', dateStart: '2027-03-10', isRecommended: true, ...results('rec') })
      yield* event({ name: 'No Results', dateStart: '2027-03-10' })
      yield* event({ name: 'Canceled', state: 'canceled', dateStart: '2027-03-10', ...results('canceled') })
      yield* event({ name: 'Yesterday', dateStart: '2027-03-09', ...results('yesterday') })
    })

    it.effect(
      'lists accepted events with live results on the day, recommended first, then the earliest',
      () =>
        Effect.gen(function* () {
          yield* liveEvents

          const page = yield* live('2027-03-10')

          expect(names(page)).toEqual(['Recommended', 'Two Days', 'One Day'])
          expect(page.totalEventsCount).toBe(3)
          expect(page.events[1]?.liveResultsUrl).toBe('https://results.example.test/two-days')
          expect(page.events.every((e) => e.hasLiveResults)).toBe(true)
        }),
    )

    it.effect('pages with offset and limit and counts all of the day', () =>
      Effect.gen(function* () {
        yield* liveEvents

        const page = yield* live('2027-03-10', 1, 1)

        expect(names(page)).toEqual(['Two Days'])
        expect(page.totalEventsCount).toBe(3)
        expect(names(yield* live('2027-03-09'))).toEqual(['Two Days', 'Yesterday'])
      }),
    )

    it.effect('counts the events with live results on the day', () =>
      Effect.gen(function* () {
        yield* liveEvents

        expect(yield* liveCount('2027-03-10')).toBe(3)
        expect(yield* liveCount('2027-03-09')).toBe(2)
        expect(yield* liveCount('2027-03-11')).toBe(0)
      }),
    )
  })

  describe('recordTournamentSummary', () => {
    const record = (eventId: number) =>
      runWith(
        db.orm,
        Effect.gen(function* () {
          const summary = yield* TournamentService.use((t) => t.summaryForEvent(eventId, 'Europe/Vilnius'))
          yield* EventService.use((events) => events.recordTournamentSummary(EventId.make(eventId), summary))
        }),
      )

    it.effect("keeps the tournaments' count and registration window on the event card", () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event({ alias: 'spring-cup', dateStart: '2027-04-01', dateEnd: '2027-04-02' })
        yield* tournament({
          eventId,
          startDate: '2027-04-01',
          startTime: '10:00',
          registrationStartAt: '2027-03-01T08:00:00.000Z',
          tickets: [{ quantity: 20 }],
        })
        yield* tournament({ eventId, startDate: '2027-04-02', hasRegistration: false })

        yield* record(eventId)

        const found = yield* view('spring-cup')
        expect(found.card.tournamentsCount).toBe(2)
        expect(found.registrationOpensAt).toBe('2027-03-01T08:00:00.000Z')
        // 10:00 in Vilnius (UTC+3 from 28 March) on 1 April.
        expect(found.registrationClosesAt).toBe('2027-04-01T07:00:00.000Z')
        expect(found.card.isOpenRegistration).toBe(true)
      }),
    )

    it.effect('clears the window when no tournament offers a ticket any more', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const eventId = yield* event({
          alias: 'sold-out-cup',
          dateStart: '2027-04-01',
          tournamentsCount: 3,
          registrationOpensAt: '2027-03-01T00:00:00.000Z',
          registrationClosesAt: '2027-03-31T00:00:00.000Z',
        })
        yield* tournament({ eventId, startDate: '2027-04-01', tickets: [{ quantity: 10, sold: 10 }] })

        yield* record(eventId)

        const found = yield* view('sold-out-cup')
        expect(found.card.tournamentsCount).toBe(1)
        expect(found.registrationOpensAt).toBeNull()
        expect(found.registrationClosesAt).toBeNull()
        expect(found.card.isOpenRegistration).toBe(false)
      }),
    )
  })
  describe('ownEvents', () => {
    const own = (organiserId: number | null, draftsOnly = false, offset = 0, limit = 18) =>
      runWith(
        db.orm,
        EventService.use((events) => events.ownEvents({ organiserId, draftsOnly }, { offset, limit }, 'en')),
      )

    it.effect('lists an organiser’s events of every state, newest first, and never another organiser’s', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const mine = yield* Effect.promise(() => insertOrganiser(db.orm, { name: 'Vilnius Club' }))
        const theirs = yield* Effect.promise(() => insertOrganiser(db.orm, { name: 'Riga Club' }))
        yield* event({ organiserId: mine, name: 'Spring Pairs', dateStart: '2027-04-01' })
        yield* event({ organiserId: mine, name: 'Draft Teams', state: 'draft', dateStart: '2027-05-01' })
        yield* event({ organiserId: mine, name: 'Old Cup', state: 'canceled', dateStart: '2026-01-01' })
        yield* event({ organiserId: theirs, name: 'Riga Open', dateStart: '2027-04-10' })

        const page = yield* own(mine)
        expect(names(page)).toEqual(['Draft Teams', 'Spring Pairs', 'Old Cup'])
        expect(page.totalEventsCount).toBe(3)
        expect(page.events.map((e) => e.state)).toEqual(['draft', 'accepted', 'canceled'])

        expect(names(yield* own(mine, true))).toEqual(['Draft Teams'])
        expect(names(yield* own(theirs))).toEqual(['Riga Open'])
        // The super user sees every organiser's events.
        expect(names(yield* own(null))).toEqual(['Draft Teams', 'Riga Open', 'Spring Pairs', 'Old Cup'])
        expect(names(yield* own(mine, false, 1, 1))).toEqual(['Spring Pairs'])
      }),
    )
  })
})
