import { PublicOrganiser } from '@kibitz/accounts'
import {
  type CatalogueKeyset,
  type CatalogueQuery,
  catalogueQueryFor,
  EventCard,
  EventListing,
  EventPage,
  EventService,
  EventView,
} from '@kibitz/events'
import { Hotel } from '@kibitz/hotels'
import {
  decodeSearchFilter,
  defaultTimeZone,
  encodeSearchFilter,
  hasAnyFilter,
  hasControlCharacters,
  homePageSize,
  isoDate,
  isValidIsoDate,
  LookupService,
} from '@kibitz/kernel'
import { PageSummary } from '@kibitz/pages'
import { ParticipantsCount, PlayerList } from '@kibitz/registration'
import { Tournament } from '@kibitz/tournaments'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { Effect, Schema } from 'effect'
import { eventPage } from '../features/eventPage.server.ts'
import { eventActorOf } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { requestLocale } from './request.server.ts'
import { runDomain } from './runtime.server.ts'

// Server functions hand plain JSON to the browser: DTO classes are encoded at this edge.
const encodePage = Schema.encodeSync(EventPage)
const encodeListing = Schema.encodeSync(EventListing)
const encodeCards = Schema.encodeSync(Schema.Array(EventCard))
const encodeView = Schema.encodeSync(EventView)
const encodeTournaments = Schema.encodeSync(Schema.Array(Tournament))
const encodeTournament = Schema.encodeSync(Tournament)
const encodeOrganisers = Schema.encodeSync(Schema.Array(PublicOrganiser))
const encodeHotels = Schema.encodeSync(Schema.Array(Hotel))
const encodePages = Schema.encodeSync(Schema.Array(PageSummary))
const encodeCounts = Schema.encodeSync(Schema.Array(ParticipantsCount))
const encodePlayerList = Schema.encodeSync(PlayerList)

const pageOffset = (page: number) => (Math.max(1, page) - 1) * homePageSize

/** An alias or id a visitor may have typed: short, without control characters; else nothing matches. */
const plausibleKey = (key: string) => key.length > 0 && key.length <= 200 && !hasControlCharacters(key)

/** The catalogue counts its events up to this many and then says "more than" (docs/decisions/022). */
const catalogueCountCap = 1_000

/** Where a catalogue page starts: `after` or `before` an event (`YYYY-MM-DD.id`), the first page otherwise. */
export const keysetOf = (start: { after?: string; before?: string }): CatalogueKeyset | undefined => {
  const text = start.after ?? start.before
  const match = text ? /^(\d{4}-\d{2}-\d{2})\.(\d{1,9})$/.exec(text) : null
  if (!match?.[1] || !match[2] || !isValidIsoDate(match[1])) return undefined
  return { dateStart: match[1], id: Number(match[2]), direction: start.after ? 'after' : 'before' }
}

/** The home page: upcoming events, 18 a page, read by keyset. */
export const homeData = (start: { after?: string; before?: string }) => {
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      const listing = yield* events.browse(
        { upcomingOnly: true, offset: 0, limit: homePageSize },
        keysetOf(start),
        locale,
        catalogueCountCap,
      )
      return { listing: encodeListing(listing) }
    }),
  )
}

/** The event catalogue for the filters held in `q` (spec section 5 rules applied on the server). */
export const searchData = (q: string | undefined, start: { after?: string; before?: string }) => {
  const locale = requestLocale()
  const today = isoDate(new Date(), defaultTimeZone)
  // A filter longer than any form could produce is ignored rather than parsed.
  const raw = decodeSearchFilter(q !== undefined && q.length <= 1000 ? q : undefined)
  const page = { offset: 0, limit: homePageSize }
  const checked = catalogueQueryFor(hasAnyFilter(raw) ? raw : {}, today, page)
  // Reversed dates: the form says so on the end date, and the list ignores the dates meanwhile.
  const result = checked.ok
    ? checked
    : catalogueQueryFor({ ...raw, startDate: undefined, endDate: undefined }, today, page)
  const query: CatalogueQuery = result.ok ? result.query : { upcomingOnly: true, ...page }
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      const listing = yield* events.browse(query, keysetOf(start), locale, catalogueCountCap)
      // The country filter's choices, named in the visitor's language (decision 030).
      const countries = yield* LookupService.use((l) => l.countries(locale))
      return {
        listing: encodeListing(listing),
        countries: countries.map((c) => ({ code: c.code, name: c.name })),
        filter: raw,
        canonicalQ: encodeSearchFilter(raw),
        error: checked.ok ? null : { field: checked.field, code: checked.code },
      }
    }),
  )
}

/** Everything the event screens show of `view`'s event, encoded; a preview's tournaments take no registrations. */
const eventScreens = (view: EventView, preview: boolean) =>
  Effect.gen(function* () {
    const page = yield* eventPage
    const screens = yield* page.screensOf(view, preview)
    return {
      view: encodeView(view),
      tournaments: encodeTournaments(screens.tournaments),
      organisers: encodeOrganisers(screens.organisers),
      hotels: encodeHotels(screens.hotels),
      pages: encodePages(screens.pages),
      participants: encodeCounts(screens.participants),
      preview,
    }
  })

/** Everything the event screens show; null when no public event has that alias or id. */
export const eventData = async (aliasOrId: string) => {
  if (!plausibleKey(aliasOrId)) return null
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const page = yield* eventPage
      const view = yield* page.publicEvent(aliasOrId, locale).pipe(
        Effect.map((v): EventView | null => v),
        Effect.catchTag('EventNotFound', () => Effect.succeed(null)),
      )
      if (view === null) return null
      return yield* eventScreens(view, false)
    }),
  )
}

/**
 * The event screens of one of the signed-in organiser's events in any state, as its public page will show it
 * (`/event/{id}?preview`, docs/decisions/032); null for anyone else (another organiser's event reads as missing).
 * Never kept by a cache: the answer is personal.
 */
export const eventPreviewData = async (aliasOrId: string) => {
  setResponseHeader('cache-control', 'private, no-store')
  setResponseHeader('x-robots-tag', 'noindex')
  if (!/^\d{1,9}$/.test(aliasOrId)) return null
  const { user } = await sessionOf(getRequest())
  const actor = user ? eventActorOf(user) : null
  if (!actor) return null
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      const view = yield* events.preview(actor, Number(aliasOrId), locale).pipe(
        Effect.map((v): EventView | null => v),
        Effect.catchTag('EventNotFound', () => Effect.succeed(null)),
      )
      if (view === null) return null
      return yield* eventScreens(view, true)
    }),
  )
}

/** A tournament's public player list; null when the event, the tournament or the list is not public. */
export const playerListData = async (eventAliasOrId: string, tournamentAliasOrId: string) => {
  if (!plausibleKey(eventAliasOrId) || !plausibleKey(tournamentAliasOrId)) return null
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const page = yield* eventPage
      const view = yield* page.publicEvent(eventAliasOrId, locale).pipe(
        Effect.map((v): EventView | null => v),
        Effect.catchTag('EventNotFound', () => Effect.succeed(null)),
      )
      if (view === null) return null
      const found = yield* page
        .playerListOf(view, tournamentAliasOrId)
        .pipe(Effect.catchTag('TournamentNotFound', () => Effect.succeed(null)))
      if (found === null) return null
      return {
        view: encodeView(view),
        tournament: encodeTournament(found.tournament),
        playerList: found.playerList ? encodePlayerList(found.playerList) : null,
      }
    }),
  )
}

/** Events with live results on a date (today when none or invalid). */
export const liveScoreData = (date: string | undefined, page: number) => {
  const locale = requestLocale()
  const day = date && isValidIsoDate(date) ? date : isoDate(new Date(), defaultTimeZone)
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      const result = yield* events.liveResults(day, pageOffset(page), homePageSize, locale)
      return { date: day, page: encodePage(result), pageNumber: page, pageSize: homePageSize }
    }),
  )
}

/** A few upcoming events for the not-found screen (3 on wide screens, 2 on narrow ones). */
export const moreEventsData = () => {
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      // A not-found page (bots find many) needs three cards, not a count of every upcoming event.
      const result = yield* events.browse({ upcomingOnly: true, offset: 0, limit: 3 }, undefined, locale, 0)
      return encodeCards(result.events)
    }),
  )
}
