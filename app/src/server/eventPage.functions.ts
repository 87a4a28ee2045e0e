import { OrganiserService, PublicOrganiser } from '@kibitz/accounts'
import { EventService, type EventState, type EventView, type EventViewData } from '@kibitz/events'
import { EventFiles, PublicDocument } from '@kibitz/files'
import { Hotel, HotelService } from '@kibitz/hotels'
import {
  EventId,
  hasControlCharacters,
  idFromText,
  type OrganiserId,
  type TournamentId,
} from '@kibitz/kernel'
import { PageService, PageSummary } from '@kibitz/pages'
import { ParticipantsCount, PlayerList, RegistrationService } from '@kibitz/registration'
import { Tournament, TournamentService } from '@kibitz/tournaments'
import { createIsomorphicFn, createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Effect, Schema } from 'effect'
import { eventActorOfRequest, personal } from './actor.server.ts'
import { requestLocale } from './request.server.ts'
import { runDomain } from './runtime.server.ts'

// The public event's screens (/event/{aliasOrId}, its details, program and player lists) and its preview. The
// page is assembled once here (`eventPage`), for the server functions below and for `/api/v1`
// (api/handlers.server.ts): each side reads the event its own way, encodes or answers its own shape, and asks
// `eventPage` what the event shows. Built from the domain services (`yield* eventPage()`); its effects then need
// only the unit of work's EntityManager. Server functions hand plain JSON to the browser: DTO classes are encoded
// here. Keys come from the address bar: any text is accepted and judged here (an unknown key is a 404), so odd
// input never becomes a 500.

/** What the event's reads need of its view: the class (the API) or its plain data (the site) alike. */
type EventRef = Pick<EventView, 'timeZone'> & {
  readonly card: { readonly id: EventId; readonly state: EventState; readonly organiserId: OrganiserId }
}

/** The event page's reads over the domain services. */
export const eventPage = createServerOnlyFn(() =>
  Effect.gen(function* () {
    const events = yield* EventService
    const tournaments = yield* TournamentService
    const organisers = yield* OrganiserService
    const hotels = yield* HotelService
    const pages = yield* PageService
    const registration = yield* RegistrationService
    const files = yield* EventFiles

    /** The event `view` shows, as the tournaments domain reads it (it decides who takes registrations). */
    const eventOf = (view: EventRef, preview: boolean) => ({
      id: view.card.id,
      timeZone: view.timeZone,
      state: view.card.state,
      preview,
    })

    /** A public event by alias or id (accepted, postponed or canceled); EventNotFound for anything else. */
    const publicEvent = (aliasOrId: string, locale: string) => events.view(aliasOrId, locale)

    /** The same as plain data, for the site's screens (EventService.viewData). */
    const publicEventData = (aliasOrId: string, locale: string) => events.viewData(aliasOrId, locale)

    /** The tournaments of `view`'s event as its page shows them; a preview's take no registrations. */
    const tournamentsOf = (view: EventRef, preview = false) =>
      tournaments.listForEvent(eventOf(view, preview))

    /** The event page's core (`/api/v1` event-data): its tournaments, its organiser and its hotels. */
    const dataOf = (view: EventRef, preview = false) =>
      Effect.map(
        Effect.all([
          tournamentsOf(view, preview),
          organisers.publicOrganisers([view.card.organiserId]),
          hotels.forEvent(view.card.id),
        ]),
        ([list, people, stays]) => ({ tournaments: list, organisers: people, hotels: stays }),
      )

    /**
     * Everything the event screens show: the tournaments (already in their encoded form: the page sends them on
     * as they are), the organiser, its pages, the hotels, the participant counts and the documents of the event
     * and its tournaments (the galleries come with the event's own read).
     */
    const screensOf = (view: EventRef, preview = false) =>
      Effect.gen(function* () {
        // Independent reads, each on a connection of its own: the page waits for the slowest, not for the sum.
        const [list, people, stays, counts, documents] = yield* Effect.all(
          [
            tournaments.listDataForEvent(eventOf(view, preview)),
            organisers.publicOrganisers([view.card.organiserId]),
            hotels.forEvent(view.card.id),
            registration.participantsCount(view.card.id),
            files.publicDocuments(view.card.organiserId, view.card.id),
          ],
          { concurrency: 'unbounded' },
        )
        const pageList = yield* pages.visibleOf(people)
        return {
          tournaments: list,
          organisers: people,
          hotels: stays,
          pages: pageList,
          participants: counts,
          documents,
        }
      })

    /** One tournament of `view`'s public event by alias or id, as its page shows it; TournamentNotFound else. */
    const tournamentOf = (view: EventRef, aliasOrId: string) =>
      tournaments.findInEvent(eventOf(view, false), aliasOrId)

    /**
     * A tournament of `view`'s event and its player list, null when the organiser keeps the list private;
     * TournamentNotFound when the event has no such tournament.
     */
    const playerListOf = (view: EventRef, tournamentAliasOrId: string) =>
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
    const publicTournaments = (ids: ReadonlyArray<TournamentId>, locale: string, within?: string) =>
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

    return {
      publicEvent,
      publicEventData,
      tournamentsOf,
      dataOf,
      screensOf,
      tournamentOf,
      playerListOf,
      publicTournaments,
    }
  }),
)

const Slug = Schema.String

const encodeTournament = Schema.encodeSync(Tournament)
const encodeOrganisers = Schema.encodeSync(Schema.Array(PublicOrganiser))
const encodeHotels = Schema.encodeSync(Schema.Array(Hotel))
const encodePages = Schema.encodeSync(Schema.Array(PageSummary))
const encodeCounts = Schema.encodeSync(Schema.Array(ParticipantsCount))
const encodePlayerList = Schema.encodeSync(PlayerList)
const encodeDocuments = Schema.encodeSync(Schema.Array(PublicDocument))

/** An alias or id a visitor may have typed: short, without control characters; else nothing matches. */
const plausibleKey = (key: string) => key.length > 0 && key.length <= 200 && !hasControlCharacters(key)

/** Everything the event screens show of `view`'s event, encoded; a preview's tournaments take no registrations. */
const eventScreens = (view: EventViewData, preview: boolean) =>
  Effect.gen(function* () {
    const page = yield* eventPage()
    const screens = yield* page.screensOf(view, preview)
    return {
      view,
      tournaments: screens.tournaments,
      organisers: encodeOrganisers(screens.organisers),
      hotels: encodeHotels(screens.hotels),
      pages: encodePages(screens.pages),
      participants: encodeCounts(screens.participants),
      documents: encodeDocuments(screens.documents),
      preview,
    }
  })

/** Everything the event screens show; null when no public event has that alias or id. */
export const eventData = createServerOnlyFn(async (aliasOrId: string) => {
  if (!plausibleKey(aliasOrId)) return null
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const page = yield* eventPage()
      const view = yield* page.publicEventData(aliasOrId, locale).pipe(
        Effect.map((v): EventViewData | null => v),
        Effect.catchTag('EventNotFound', () => Effect.succeed(null)),
      )
      if (view === null) return null
      return yield* eventScreens(view, false)
    }),
  )
})

export const fetchEvent = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ aliasOrId: Slug })))
  .handler(({ data }) => eventData(data.aliasOrId))

/** The event screens for a route's loader: read directly on the server, by the server function in the browser. */
export const loadEvent = createIsomorphicFn()
  .server((aliasOrId: string) => eventData(aliasOrId))
  .client((aliasOrId: string) => fetchEvent({ data: { aliasOrId } }))

/**
 * The event screens of one of the signed-in organiser's events in any state, as its public page will show it
 * (`/event/{id}?preview`, docs/decisions/032); null for anyone else (another organiser's event reads as missing).
 * Never kept by a cache: the answer is personal.
 */
export const eventPreviewData = createServerOnlyFn(async (aliasOrId: string) => {
  personal()
  setResponseHeader('x-robots-tag', 'noindex')
  const eventId = idFromText(EventId, aliasOrId)
  if (eventId === null) return null
  const actor = await eventActorOfRequest(getRequest())
  if (!actor) return null
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      const view = yield* events.preview(actor, eventId, locale).pipe(
        Effect.map((v): EventViewData | null => v),
        Effect.catchTag('EventNotFound', () => Effect.succeed(null)),
      )
      if (view === null) return null
      return yield* eventScreens(view, true)
    }),
  )
})

/** The signed-in organiser's own event in any state, as its public page will show it (null: not theirs). */
export const fetchEventPreview = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ aliasOrId: Slug })))
  .handler(({ data }) => eventPreviewData(data.aliasOrId))

/** A tournament's public player list; null when the event, the tournament or the list is not public. */
export const playerListData = createServerOnlyFn(
  async (eventAliasOrId: string, tournamentAliasOrId: string) => {
    if (!plausibleKey(eventAliasOrId) || !plausibleKey(tournamentAliasOrId)) return null
    const locale = requestLocale()
    return runDomain(
      Effect.gen(function* () {
        const page = yield* eventPage()
        const view = yield* page.publicEventData(eventAliasOrId, locale).pipe(
          Effect.map((v): EventViewData | null => v),
          Effect.catchTag('EventNotFound', () => Effect.succeed(null)),
        )
        if (view === null) return null
        const found = yield* page
          .playerListOf(view, tournamentAliasOrId)
          .pipe(Effect.catchTag('TournamentNotFound', () => Effect.succeed(null)))
        if (found === null) return null
        return {
          view,
          tournament: encodeTournament(found.tournament),
          playerList: found.playerList ? encodePlayerList(found.playerList) : null,
        }
      }),
    )
  },
)

export const fetchPlayerList = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ event: Slug, tournament: Slug })))
  .handler(({ data }) => playerListData(data.event, data.tournament))

/** A tournament's public player list for a route's loader. */
export const loadPlayerList = createIsomorphicFn()
  .server((data: { event: string; tournament: string }) => playerListData(data.event, data.tournament))
  .client((data: { event: string; tournament: string }) => fetchPlayerList({ data }))
