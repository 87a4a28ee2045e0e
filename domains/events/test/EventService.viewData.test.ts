import { describe, expect, it } from '@effect/vitest'
import { EventService, EventView } from '@kibitz/events'
import { runWith } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { now, setNow, useEventService } from './support/eventService.ts'

// The site's event screens take the public view as plain data, made without the classes (viewData,
// docs/decisions/025): it must be exactly what encoding the view's classes writes, for every shape an event's
// view can have, in every public state, in the languages its contents have and in one they have not.

const { db, event } = useEventService()
const encode = Schema.encodeSync(EventView)

const both = (aliasOrId: string, locale: string) =>
  runWith(
    db.orm,
    EventService.use((events) =>
      Effect.all([events.view(aliasOrId, locale), events.viewData(aliasOrId, locale)]),
    ),
  )

/** Events of every shape a view shows: contents in several languages, places of each kind, none, online. */
const eventsOfEveryShape = () =>
  Effect.all([
    event({
      alias: 'vilnius-spring-cup',
      dateStart: '2027-04-01',
      dateEnd: '2027-04-03',
      countryCode: 'LT',
      organiserEmail: 'cup@example.com',
      imageUrl: '/files/cup.jpg',
      thumbUrl: '/files/cup-thumb.jpg',
      imageAlt: 'The hall',
      editionType: 2,
      editionYear: 2027,
      editionSeason: 'spring',
      championshipTypeText: 'National',
      isRecommended: true,
      isYouth: true,
      showNativeName: true,
      registrationOpensAt: '2027-02-01T00:00:00.000Z',
      registrationClosesAt: '2027-03-31T21:00:00.000Z',
      contents: [
        { language: 'en', name: 'Vilnius Spring Cup', description: 'Three days of pairs.' },
        { language: 'lt', name: 'Vilniaus pavasario taurė', alias: 'vilniaus-taure', type: 2 },
      ],
      locations: [
        {
          name: 'Hotel Neringa',
          addressLine: 'Gedimino pr. 23',
          formattedAddress: 'Gedimino pr. 23, 01103 Vilnius, Lithuania',
          shortAddressLine: 'Vilnius, Lithuania',
          countryCode: 'LT',
          lat: 54.6872,
          long: 25.2797,
          dateStart: '2027-04-01',
          dateEnd: '2027-04-03',
          startTime: '10:00',
          endTime: '22:00',
        },
        { name: 'Club room', shortAddressLine: 'Vilnius', countryCode: 'LT', type: 2 },
      ],
    }),
    event({
      alias: 'bbo-weekly',
      dateStart: '2027-03-10',
      isOnline: true,
      isLive: true,
      hasLiveResults: true,
      liveResultsUrl: 'https://results.example/live',
      externalPageUrl: 'https://club.example/',
      locations: [{ name: 'BBO', externalUrl: 'https://www.bridgebase.com/', shortAddressLine: 'Online' }],
    }),
    event({ alias: 'no-place-yet', dateStart: '2027-06-01', locations: [] }),
    event({
      alias: 'postponed-open',
      dateStart: '2027-05-01',
      state: 'postponed',
      stateMessage: 'New dates soon',
    }),
    event({ alias: 'canceled-open', dateStart: '2027-05-02', state: 'canceled', hasFinalResults: true }),
  ])

describe('EventService.viewData', () => {
  it.effect(
    "is the view encoded, for every shape and public state, in each content's language and others",
    () =>
      Effect.gen(function* () {
        yield* setNow(now)
        const ids = yield* eventsOfEveryShape()
        expect(ids).toHaveLength(5)
        for (const id of ids) {
          for (const locale of ['en', 'lt', 'fr']) {
            const [view, data] = yield* both(String(id), locale)
            expect(data).toEqual(encode(view))
          }
        }
        // By an alias in another language too.
        const [view, data] = yield* both('vilniaus-taure', 'lt')
        expect(data).toEqual(encode(view))
        expect(data.card.name).toBe('Vilniaus pavasario taurė')
      }),
  )
})
