import { OrganiserService } from '@kibitz/accounts'
import { EventService, type EventView } from '@kibitz/events'
import { HotelService } from '@kibitz/hotels'
import { PageService } from '@kibitz/pages'
import { RegistrationService } from '@kibitz/registration'
import { type Tournament, TournamentService } from '@kibitz/tournaments'
import { Effect } from 'effect'

// The event page, assembled once for both the server-rendered screens (server/catalogue.server.ts) and
// `/api/v1` (api/handlers.server.ts): each side reads the event its own way, encodes or answers its own shape,
// and asks this module what the event shows. Built from the domain services (`yield* eventPage`); its
// effects then need only the unit of work's EntityManager.

/** The event page's reads over the domain services. */
export const eventPage = Effect.gen(function* () {
  const events = yield* EventService
  const tournaments = yield* TournamentService
  const organisers = yield* OrganiserService
  const hotels = yield* HotelService
  const pages = yield* PageService
  const registration = yield* RegistrationService

  /** The event `view` shows, as the tournaments domain reads it (it decides who takes registrations). */
  const eventOf = (view: EventView, preview: boolean) => ({
    id: view.card.id,
    timeZone: view.timeZone,
    state: view.card.state,
    preview,
  })

  /** A public event by alias or id (accepted, postponed or canceled); EventNotFound for anything else. */
  const publicEvent = (aliasOrId: string, locale: string) => events.view(aliasOrId, locale)

  /** The tournaments of `view`'s event as its page shows them; a preview's take no registrations. */
  const tournamentsOf = (view: EventView, preview = false) => tournaments.listForEvent(eventOf(view, preview))

  /** The event page's core (`/api/v1` event-data): its tournaments, its organiser and its hotels. */
  const dataOf = (view: EventView, preview = false) =>
    Effect.map(
      Effect.all([
        tournamentsOf(view, preview),
        organisers.publicOrganisers([view.card.organiserId]),
        hotels.forEvent(view.card.id),
      ]),
      ([list, people, stays]) => ({ tournaments: list, organisers: people, hotels: stays }),
    )

  /** Everything the event screens show: the core, the organiser's pages and the participant counts. */
  const screensOf = (view: EventView, preview = false) =>
    Effect.map(
      Effect.all([
        dataOf(view, preview),
        pages.visibleForOrganisers([view.card.organiserId]),
        registration.participantsCount(view.card.id),
      ]),
      ([data, pageList, counts]) => ({ ...data, pages: pageList, participants: counts }),
    )

  /** One tournament of `view`'s public event by alias or id, as its page shows it; TournamentNotFound else. */
  const tournamentOf = (view: EventView, aliasOrId: string) =>
    tournaments.findInEvent(eventOf(view, false), aliasOrId)

  /**
   * A tournament of `view`'s event and its player list, null when the organiser keeps the list private;
   * TournamentNotFound when the event has no such tournament.
   */
  const playerListOf = (view: EventView, tournamentAliasOrId: string) =>
    Effect.gen(function* () {
      const tournament = yield* tournamentOf(view, tournamentAliasOrId)
      const list = tournament.isPlayerListViewEnabled
        ? yield* registration.playerList(tournament.tournamentId)
        : null
      return { tournament, playerList: list }
    })

  /**
   * The tournaments of `ids` that public events show, each with its event (shown in that event's time zone);
   * only those of the event `within` names, when given (EventNotFound when it names no public event).
   */
  const publicTournaments = (ids: ReadonlyArray<number>, locale: string, within?: string) =>
    Effect.gen(function* () {
      const owners = yield* tournaments.eventIdsOf(ids)
      const scoped = within === undefined ? undefined : yield* publicEvent(within, locale)
      const eventIds = [...new Set(owners.values())].filter((id) => !scoped || scoped.card.id === id)
      const found: Array<{ readonly tournament: Tournament; readonly event: EventView }> = []
      for (const eventId of eventIds) {
        const event =
          scoped ??
          (yield* publicEvent(String(eventId), locale).pipe(
            Effect.catchTag('EventNotFound', () => Effect.succeed(undefined)),
          ))
        if (event === undefined) continue
        for (const tournament of yield* tournamentsOf(event)) {
          if (ids.includes(tournament.tournamentId)) found.push({ tournament, event })
        }
      }
      return found
    })

  return { publicEvent, tournamentsOf, dataOf, screensOf, tournamentOf, playerListOf, publicTournaments }
})
