import { describe, expect, it } from '@effect/vitest'
import { EventService } from '@kibitz/events'
import { EventId } from '@kibitz/kernel'
import { runWith } from '@kibitz/testing'
import { Effect } from 'effect'
import { cardNames, now, setNow, useEventService } from './support/eventService.ts'

const { db, event, cards, card } = useEventService()

describe(EventService.name, () => {
  describe('cards', () => {
    it.effect('returns public events in the order of the ids, skipping the others', () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const a = yield* event({ name: 'A', dateStart: '2027-04-01' })
        const draft = yield* event({ name: 'Draft', state: 'draft', dateStart: '2027-04-01' })
        const b = yield* event({ name: 'B', state: 'canceled', dateStart: '2027-05-01' })

        expect(cardNames(yield* cards([b, draft, EventId.make(9999), a]))).toEqual(['B', 'A'])
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
})
