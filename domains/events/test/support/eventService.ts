import { type CatalogueQuery, type EventCard, type EventPage, EventService } from '@kibitz/events'
import type { EventId } from '@kibitz/kernel'
import {
  type EventFixture,
  insertEvent,
  insertTournament,
  runWith,
  type TournamentFixture,
  useDomainDatabase,
} from '@kibitz/testing'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'

// The set-up the EventService tests share: a database of the file's own, events and tournaments written as
// rows, and the catalogue's reads run against it.

/** A Wednesday; 14:00 in Vilnius (UTC+2), the default zone of an event. */
export const now = '2027-03-10T12:00:00.000Z'
export const setNow = (iso: string) => TestClock.setTime(Date.parse(iso))

export const names = (page: EventPage) => page.events.map((e) => e.name)
export const cardNames = (list: ReadonlyArray<EventCard>) => list.map((e) => e.name)

/** The set-up of an EventService test file; call at the top level of the file. */
export const useEventService = () => {
  const db = useDomainDatabase()

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
  const cards = (ids: ReadonlyArray<EventId>, locale = 'en') =>
    runWith(
      db.orm,
      EventService.use((events) => events.cards(ids, locale)),
    )
  /** The card of one public event, as search and view show it. */
  const card = (id: EventId) =>
    cards([id]).pipe(
      Effect.map((found) => {
        const [first] = found
        if (!first) throw new Error(`no public event ${id}`)
        return first
      }),
    )

  return { db, event, tournament, search, view, cards, card }
}
