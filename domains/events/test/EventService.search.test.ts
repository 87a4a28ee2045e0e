import { describe, expect, it } from '@effect/vitest'
import { EventService } from '@kibitz/events'
import { Effect } from 'effect'
import { names, now, setNow, useEventService } from './support/eventService.ts'

const { event, search } = useEventService()

describe(EventService.name, () => {
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

      // Events around today are found by their span and their text tested one by one (strpos); later ones through
      // the trigram index (like): both must match the same way.
      it.effect('matches the text alike in events running now and in later ones', () =>
        Effect.gen(function* () {
          yield* setNow(now)
          yield* event({
            name: 'Snake_Case Live',
            alias: 'snake-live',
            dateStart: '2027-03-08',
            dateEnd: '2027-03-12',
          })
          yield* event({
            name: 'SnakeXCase Cup',
            alias: 'snake-x',
            dateStart: '2027-03-09',
            dateEnd: '2027-03-11',
          })
          yield* event({ name: 'Snake_Case Open', alias: 'snake-open', dateStart: '2027-04-03' })

          const upcoming = yield* search({ text: 'e_c', upcomingOnly: true })
          expect(names(upcoming)).toEqual(['Snake_Case Live', 'Snake_Case Open'])
          expect(upcoming.totalEventsCount).toBe(2)
          expect(names(yield* search({ text: 'SNAKE_case l', upcomingOnly: true }))).toEqual([
            'Snake_Case Live',
          ])
          expect(names(yield* search({ text: 'e_c', eventStates: ['running'] }))).toEqual(['Snake_Case Live'])
          expect(names(yield* search({ text: 'e_c', startDate: '2027-03-11' }))).toEqual([
            'Snake_Case Live',
            'Snake_Case Open',
          ])
          expect(names(yield* search({ text: 'xcase', eventStates: ['running', 'future'] }))).toEqual([
            'SnakeXCase Cup',
          ])
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
})
