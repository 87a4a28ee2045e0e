import { describe, expect, it } from '@effect/vitest'
import { EventId, EventNotFound, EventService } from '@kibitz/events'
import type { OrganiserId } from '@kibitz/kernel'
import { insertOrganiser, runWith } from '@kibitz/testing'
import { TournamentService } from '@kibitz/tournaments'
import { Effect } from 'effect'
import { cardNames, names, now, setNow, useEventService } from './support/eventService.ts'

const { db, event, tournament, search, view, cards } = useEventService()

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

    it.effect("prefers an event's id or own alias to another event's content alias", () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const own = yield* event({
          alias: 'shared-key',
          dateStart: '2027-04-01',
          contents: [{ name: 'Own Cup', alias: 'own-cup' }],
        })
        const borrower = yield* event({
          alias: 'borrower-cup',
          dateStart: '2027-04-01',
          contents: [{ name: 'Borrower Cup' }, { language: 'lt', name: 'Taurė', alias: 'shared-key' }],
        })
        const byNumber = yield* event({ alias: String(borrower), dateStart: '2027-04-01' })

        expect((yield* view('shared-key')).card.id).toBe(EventId.make(own))
        expect((yield* view('SHARED-KEY')).card.id).toBe(EventId.make(own))
        expect((yield* view('own-cup')).card.id).toBe(EventId.make(own))
        // A number names the event with that id, or the one whose own alias it is: the lower id of the two.
        expect((yield* view(String(borrower))).card.id).toBe(EventId.make(Math.min(borrower, byNumber)))
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
    const record = (eventId: EventId) =>
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
    const own = (organiserId: OrganiserId | null, draftsOnly = false, offset = 0, limit = 18) =>
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
