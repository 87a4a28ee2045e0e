import { displayTimeState, type Em, isoDate, OrganiserId, oneOf, placeWithCountry } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Option, Schema } from 'effect'
import {
  type CatalogueCard,
  type CatalogueKeyset,
  type CatalogueQuery,
  EventCard,
  EventContent,
  EventId,
  type EventListing,
  EventLocation,
  EventPage,
  EventState,
  EventTypeId,
  EventView,
  type EventViewData,
  LocationSuggestion,
  type TournamentSummary,
} from './Event.ts'
import { EventNotFound } from './EventErrors.ts'
import { Gallery } from './Gallery.ts'
import { type CardSource, CatalogueRepo } from './internal/CatalogueRepo.ts'
import { EventRepo } from './internal/EventRepo.ts'
import type { ViewSource } from './internal/EventViewSql.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'

/** Reads and maintains events. Public reads see only accepted, postponed and canceled events. */
export class EventService extends Context.Service<
  EventService,
  {
    /**
     * Anyone (the API): `limit` events of the public catalogue from `offset`, in the visitor's language, with the
     * exact total.
     */
    search(query: CatalogueQuery, locale: string): Effect.Effect<EventPage, never, Em>
    /**
     * Anyone (the site): one page of the public catalogue after or before a keyset (the first page without one),
     * with the neighbour pages' keysets and the total counted up to `countUpTo`. Every page costs the same.
     */
    browse(
      query: CatalogueQuery,
      keyset: CatalogueKeyset | undefined,
      locale: string,
      countUpTo: number,
    ): Effect.Effect<EventListing, never, Em>
    /** Anyone: one public event by alias (any language's) or numeric id. */
    view(aliasOrId: string, locale: string): Effect.Effect<EventView, EventNotFound, Em>
    /**
     * The same as plain data, EventView's encoded form (what the site's event screens send on as it is): no
     * class to construct and nothing to encode for values the database typed (docs/decisions/025).
     */
    viewData(aliasOrId: string, locale: string): Effect.Effect<EventViewData, EventNotFound, Em>
    /**
     * The event's organiser or the super user: the public page's view of their event in any state (a draft as
     * it will look once published; docs/decisions/032), as plain data like `viewData`. Anyone else, and a
     * missing event: EventNotFound.
     */
    preview(
      actor: { readonly organiserId: OrganiserId | null; readonly isSuper: boolean },
      eventId: EventId,
      locale: string,
    ): Effect.Effect<EventViewData, EventNotFound, Em>
    /** Anyone: public events by id, in the given order (ids that are not public are skipped). */
    cards(ids: ReadonlyArray<EventId>, locale: string): Effect.Effect<ReadonlyArray<EventCard>, never, Em>
    /** Anyone: up to `limit` place names of upcoming events matching `text`. */
    locationSuggestions(
      text: string,
      limit: number,
    ): Effect.Effect<ReadonlyArray<LocationSuggestion>, never, Em>
    /** Anyone: events with live results running on `date` (YYYY-MM-DD). */
    liveResults(
      date: string,
      offset: number,
      limit: number,
      locale: string,
    ): Effect.Effect<EventPage, never, Em>
    /** Anyone: how many events have live results on `date`. */
    liveResultsCount(date: string): Effect.Effect<number, never, Em>
    /**
     * An organiser (their own id) or the super user (null: every organiser's): events of every state, newest
     * first, or only the drafts. Another organiser's events are never in the page.
     */
    ownEvents(
      owner: { readonly organiserId: OrganiserId | null; readonly draftsOnly: boolean },
      page: { readonly offset: number; readonly limit: number },
      locale: string,
    ): Effect.Effect<EventPage, never, Em>
    /**
     * The sitemap job: up to `limit` public events after `afterId` (null: from the first) in id order, with their
     * alias and the day they last changed (YYYY-MM-DD). Walk it with the last id to read them all in pages of
     * equal cost.
     */
    sitemapPage(
      afterId: EventId | null,
      limit: number,
    ): Effect.Effect<
      ReadonlyArray<{ readonly id: EventId; readonly alias: string; readonly updatedAt: string }>,
      never,
      Em
    >
    /** The tournaments domain only: keeps the event's tournament count and registration window. */
    recordTournamentSummary(eventId: EventId, summary: TournamentSummary): Effect.Effect<void, never, Em>
  }
>()('@kibitz/events/EventService') {
  static readonly layer = Layer.effect(
    EventService,
    Effect.gen(function* () {
      const repo = yield* EventRepo
      const catalogue = yield* CatalogueRepo
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const search = Effect.fn('EventService.search')(function* (query: CatalogueQuery, locale: string) {
        const at = yield* now
        const { rows, total } = yield* catalogue.page(
          query,
          at,
          { skip: query.offset, take: query.limit, site: false },
          undefined,
        )
        const cards = yield* cardsOf(rows, locale, at)
        return new EventPage({ events: cards.map((card) => new EventCard(card)), totalEventsCount: total })
      })

      const browse = Effect.fn('EventService.browse')(function* (
        query: CatalogueQuery,
        keyset: CatalogueKeyset | undefined,
        locale: string,
        countUpTo: number,
      ) {
        const at = yield* now
        // One row more than the page tells whether the listing goes on in the direction walked.
        const { rows, total, textMatch } = yield* catalogue.page(
          query,
          at,
          { keyset, skip: 0, take: query.limit + 1, site: true },
          countUpTo,
        )
        const backwards = keyset?.direction === 'before'
        const more = rows.length > query.limit
        // Walked backwards, the extra row is the first one (the rows come back in listing order).
        const shown = more ? (backwards ? rows.slice(1) : rows.slice(0, query.limit)) : rows
        const first = shown[0]
        const last = shown[shown.length - 1]
        const edge = (row: { dateStart: string; id: number } | undefined) =>
          row ? { dateStart: row.dateStart, id: EventId.make(row.id) } : null
        // A page that came back empty (its neighbour went away meanwhile) still leads back where it came from.
        const here = keyset ? { dateStart: keyset.dateStart, id: keyset.id } : null
        const listing: EventListing = {
          events: yield* cardsOf(shown, locale, at),
          total: Math.min(total, countUpTo),
          totalIsLowerBound: total > countUpTo,
          next: backwards ? (edge(last) ?? here) : more ? edge(last) : null,
          previous:
            keyset === undefined ? null : backwards ? (more ? edge(first) : null) : (edge(first) ?? here),
          similarText: textMatch.kind === 'similar',
        }
        return listing
      })

      const viewData = Effect.fn('EventService.viewData')(function* (aliasOrId: string, locale: string) {
        const at = yield* now
        const found = yield* repo.publicView(aliasOrId.trim())
        if (Option.isNone(found)) return yield* new EventNotFound({ aliasOrId })
        return toViewData(found.value, locale, at)
      })

      const preview = Effect.fn('EventService.preview')(function* (
        actor: { readonly organiserId: OrganiserId | null; readonly isSuper: boolean },
        eventId: EventId,
        locale: string,
      ) {
        const at = yield* now
        const found = yield* repo.anyView(eventId)
        // Another organiser's event reads as missing, as in the editor (decision 014).
        if (
          Option.isNone(found) ||
          !(actor.isSuper || (actor.organiserId !== null && found.value.organiserId === actor.organiserId))
        )
          return yield* new EventNotFound({ aliasOrId: String(eventId) })
        return toViewData(found.value, locale, at)
      })

      const cards = Effect.fn('EventService.cards')(function* (ids: ReadonlyArray<EventId>, locale: string) {
        const at = yield* now
        const sources = yield* catalogue.publicCards(ids)
        return (yield* cardsOf(sources, locale, at)).map((card) => new EventCard(card))
      })

      const locationSuggestions = Effect.fn('EventService.locationSuggestions')(function* (
        text: string,
        limit: number,
      ) {
        const at = yield* now
        const rows = yield* repo.locationSuggestions(text.trim(), limit, at)
        return rows.map((r) => new LocationSuggestion({ label: r.label, countryCode: r.country_code }))
      })

      const liveResults = Effect.fn('EventService.liveResults')(function* (
        date: string,
        offset: number,
        limit: number,
        locale: string,
      ) {
        const at = yield* now
        const { entities, total } = yield* repo.liveOn(date, offset, limit)
        return new EventPage({
          events: (yield* cardsOf(entities.map(cardSourceOf), locale, at)).map((card) => new EventCard(card)),
          totalEventsCount: total,
        })
      })

      const ownEvents = Effect.fn('EventService.ownEvents')(function* (
        owner: { readonly organiserId: OrganiserId | null; readonly draftsOnly: boolean },
        page: { readonly offset: number; readonly limit: number },
        locale: string,
      ) {
        const at = yield* now
        const { entities, total } = yield* repo.ownedBy(
          owner.organiserId,
          owner.draftsOnly,
          page.offset,
          page.limit,
        )
        return new EventPage({
          events: (yield* cardsOf(entities.map(cardSourceOf), locale, at)).map((card) => new EventCard(card)),
          totalEventsCount: total,
        })
      })

      return EventService.of({
        search,
        browse,
        ownEvents,
        view: (aliasOrId, locale) => Effect.map(viewData(aliasOrId, locale), toView),
        viewData,
        preview,
        cards,
        locationSuggestions,
        liveResults,
        liveResultsCount: (date) => repo.liveCount(date),
        recordTournamentSummary: (eventId, summary) => repo.recordTournamentSummary(eventId, summary),
        sitemapPage: (afterId, limit) => repo.sitemapPage(afterId ?? 0, limit),
      })
    }),
  ).pipe(Layer.provide([EventRepo.layer, CatalogueRepo.layer]))
}

const decodeState = (state: string): EventState => oneOf(EventState.literals, state, 'event state')
const decodeType = (type: number): EventTypeId => oneOf(EventTypeId.literals, type, 'event type')

/** The content in the visitor's language when the event has one, else the main content. */
export const pickContent = <C extends { readonly language: string; readonly isMain: boolean }>(
  contents: ReadonlyArray<C>,
  locale: string,
) => contents.find((c) => c.language === locale) ?? contents.find((c) => c.isMain) ?? contents[0]

/** A location as the public reads it: the formatted address names its country in `locale` (decision 030). */
const locationData = (l: ViewSource['locations'][number], locale: string): typeof EventLocation.Encoded => ({
  locationId: l.id,
  name: l.name,
  addressLine: l.addressLine,
  formattedAddress:
    l.formattedAddress === null ? null : placeWithCountry(l.formattedAddress, l.countryCode, locale),
  shortAddressLine: l.shortAddressLine,
  countryCode: l.countryCode,
  lat: l.lat,
  long: l.long,
  dateStart: l.dateStart,
  dateEnd: l.dateEnd,
  startTime: l.startTime,
  endTime: l.endTime,
  isMain: l.isMain,
  type: l.type,
  externalUrl: l.externalUrl,
})

/** An event as the ORM holds it, in the shape a card is made from. */
const cardSourceOf = (e: EventEntity): CardSource => ({
  id: e.id,
  alias: e.alias,
  state: e.state,
  type: e.type,
  timeZone: e.timeZone,
  dateStart: e.dateStart,
  dateEnd: e.dateEnd,
  registrationWindows: e.registrationWindows,
  showNativeName: e.showNativeName,
  tournamentsCount: e.tournamentsCount,
  countryCode: e.countryCode ?? null,
  isOnline: e.isOnline,
  isLive: e.isLive,
  hasLiveResults: e.hasLiveResults,
  hasFinalResults: e.hasFinalResults,
  liveResultsUrl: e.liveResultsUrl ?? null,
  isRecommended: e.isRecommended,
  thumbUrl: e.thumbUrl ?? null,
  imageAlt: e.imageAlt ?? null,
  organiserId: e.organiserId,
  contents: e.contents.getItems(),
  locations: e.locations.getItems().map((l) => ({
    shortAddressLine: l.shortAddressLine ?? null,
    name: l.name ?? null,
    countryCode: l.countryCode ?? null,
  })),
})

/**
 * The cards of a list, as plain data (CatalogueCard). An event whose card cannot be made (a value no check foresaw)
 * is logged with its id and left out: one organiser's row never takes a list, the home page or the search down for
 * everyone. `sources` may hold rows without a readable card (the repository has logged them): they are skipped.
 */
const cardsOf = (
  sources: ReadonlyArray<CardSource | { readonly card: CardSource | null }>,
  locale: string,
  now: Date,
): Effect.Effect<ReadonlyArray<CatalogueCard>> =>
  Effect.suspend(() => {
    const cards: Array<CatalogueCard> = []
    const failed: Array<{ readonly eventId: number; readonly cause: unknown }> = []
    for (const item of sources) {
      const source = 'card' in item ? item.card : item
      if (source === null) continue
      try {
        cards.push(toCard(source, locale, now))
      } catch (cause) {
        failed.push({ eventId: source.id, cause })
      }
    }
    if (failed.length === 0) return Effect.succeed(cards)
    return Effect.forEach(failed, (f) => Effect.logWarning('events: an event was left out of a list', f), {
      discard: true,
    }).pipe(Effect.as(cards))
  })

/**
 * Today in a time zone at `now`, worked out once a minute per zone (a catalogue page asks it for every card, and
 * Intl's answer costs microseconds): a zone's date changes at its midnight, which falls on a whole minute of UTC
 * as every zone's offset today is whole minutes. An unknown zone throws, as isoDate does, and is not kept.
 */
const todays = new Map<string, { readonly minute: number; readonly day: string }>()
const todayIn = (zone: string, now: Date): string => {
  const minute = Math.floor(now.getTime() / 60_000)
  const known = todays.get(zone)
  if (known?.minute === minute) return known.day
  const day = isoDate(now, zone)
  todays.set(zone, { minute, day })
  return day
}

/** A card from its source; throws on a value no check foresaw (an unknown state or type, an unknown zone). */
const toCard = (e: CardSource, locale: string, now: Date): CatalogueCard => {
  const contents = e.contents
  const content = pickContent(contents, locale)
  const native = contents.find((c) => c.type === 2)
  const state = decodeState(e.state)
  const timeState = displayTimeState(e.dateStart, e.dateEnd, todayIn(e.timeZone, now))
  const nowMs = now.getTime()
  const isOpenRegistration =
    state === 'accepted' &&
    timeState !== 'past' &&
    timeState !== 'justFinished' &&
    e.registrationWindows.some(
      (w) => (w.opensAt === null || Date.parse(w.opensAt) <= nowMs) && nowMs < Date.parse(w.closesAt),
    )
  // One line per distinct place: two halls in one city read as one address on a card. A place names its country
  // in the visitor's language (decision 030).
  const shortAddresses = [
    ...new Set(
      e.locations
        .map((l) => placeWithCountry(l.shortAddressLine ?? l.name ?? '', l.countryCode, locale))
        .filter((a) => a.length > 0),
    ),
  ]
  return {
    id: EventId.make(e.id),
    alias: e.alias,
    name: content?.name ?? e.alias,
    nativeName: e.showNativeName && native && native !== content ? native.name : null,
    language: content?.language ?? 'en',
    type: decodeType(e.type),
    state,
    dateStart: e.dateStart,
    dateEnd: e.dateEnd,
    timeState,
    tournamentsCount: e.tournamentsCount,
    shortAddresses,
    countryCode: e.countryCode ?? null,
    isOnline: e.isOnline,
    isLive: e.isLive,
    hasLiveResults: e.hasLiveResults,
    hasFinalResults: e.hasFinalResults,
    liveResultsUrl: e.liveResultsUrl ?? null,
    isOpenRegistration,
    isRecommended: e.isRecommended,
    thumbUrl: e.thumbUrl ?? null,
    imageAlt: e.imageAlt ?? null,
    organiserId: OrganiserId.make(e.organiserId),
  }
}

/**
 * The public view of an event as plain data: EventView's encoded form, whose values are those of the class (its
 * ids are plain numbers on the wire), with the card as the catalogue's. `toView` makes the class of it.
 */
const toViewData = (e: ViewSource, locale: string, now: Date): EventViewData => {
  const contents = e.contents
  const content = pickContent(contents, locale)
  const locations = e.locations
  const main = locations.find((l) => l.isMain) ?? locations[0]
  return {
    card: toCard(e, locale, now),
    key: e.key,
    status: e.status,
    description: content?.description ?? null,
    contents: contents.map((c) => ({
      language: c.language,
      name: c.name,
      description: c.description,
      alias: c.alias,
      isMain: c.isMain,
      type: c.type,
    })),
    locations: locations.map((l) => locationData(l, locale)),
    editionType: e.editionType,
    editionYear: e.editionYear,
    editionSeason: e.editionSeason,
    currencyCode: e.currencyCode,
    timeZone: e.timeZone,
    organiserEmail: e.organiserEmail,
    imageUrl: e.imageUrl,
    externalPageUrl: e.externalPageUrl,
    homePageUrl: e.isOnline ? (main?.externalUrl ?? e.externalPageUrl) : e.externalPageUrl,
    championshipTypeText: e.championshipTypeText,
    stateMessage: e.stateMessage,
    datesToBeAnnounced: e.datesToBeAnnounced,
    adsEnabled: e.adsEnabled,
    fbCommentsEnabled: e.fbCommentsEnabled,
    showNativeName: e.showNativeName,
    isYouth: e.isYouth,
    registrationOpensAt: e.registrationOpensAt,
    registrationClosesAt: e.registrationClosesAt,
    updatedAt: e.updatedAt,
    galleries: e.galleries.map((g) => ({
      galleryId: g.galleryId,
      eventId: e.id,
      tournamentId: g.tournamentId,
      title: g.title,
      isActive: true,
      galleryItems: g.items.map((i) => ({ ...i, bucket: null })),
    })),
  }
}

const decodeGallery = Schema.decodeSync(Gallery)

/** The class of the view's data (each part checked as it is constructed). */
const toView = (data: EventViewData): EventView =>
  new EventView({
    ...data,
    card: new EventCard(data.card),
    contents: data.contents.map((c) => new EventContent(c)),
    locations: data.locations.map((l) => new EventLocation(l)),
    galleries: data.galleries.map((g) => decodeGallery(g)),
  })
