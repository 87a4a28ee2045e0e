import { EventStateId, EventTypeId, OrganiserId } from '@kibitz/kernel'
import { EventId } from '@kibitz/kernel/ids'
import { Schema } from 'effect'
import { EventState } from './EventStates.ts'
import { Gallery } from './Gallery.ts'

/** Spec section 9: event types local 1, national 2, international 3, world class 4. */
export const EventType = { local: 1, national: 2, international: 3, worldClass: 4 } as const
export { EventTypeId }

/** Spec section 9: edition types year 1, season 2. */
export const EditionType = { year: 1, season: 2 } as const

/** Spec section 4: event status ids. */
export const EventStatusId = { draft: 1, accepted: 2, declined: 3 } as const

export { activeStates, EventState, publicStates } from './EventStates.ts'

/** Spec section 4: time state running 0, future 1, past 2; display adds just finished. */
export const DisplayTimeState = Schema.Literals(['running', 'future', 'justFinished', 'past'])
export type DisplayTimeState = typeof DisplayTimeState.Type

export { EventId }

export class EventLocation extends Schema.Class<EventLocation>('@kibitz/events/EventLocation')({
  locationId: Schema.Int,
  name: Schema.NullOr(Schema.String),
  addressLine: Schema.NullOr(Schema.String),
  formattedAddress: Schema.NullOr(Schema.String),
  shortAddressLine: Schema.NullOr(Schema.String),
  countryCode: Schema.NullOr(Schema.String),
  lat: Schema.NullOr(Schema.Number),
  long: Schema.NullOr(Schema.Number),
  dateStart: Schema.NullOr(Schema.String),
  dateEnd: Schema.NullOr(Schema.String),
  startTime: Schema.NullOr(Schema.String),
  endTime: Schema.NullOr(Schema.String),
  isMain: Schema.Boolean,
  type: Schema.Int,
  externalUrl: Schema.NullOr(Schema.String),
}) {}

export class EventContent extends Schema.Class<EventContent>('@kibitz/events/EventContent')({
  language: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  alias: Schema.String,
  isMain: Schema.Boolean,
  type: Schema.Int,
}) {}

/** What an event card of spec section 2 shows, in the visitor's language. */
const eventCardFields = {
  id: EventId,
  alias: Schema.String,
  name: Schema.String,
  nativeName: Schema.NullOr(Schema.String),
  language: Schema.String,
  type: EventTypeId,
  state: EventState,
  dateStart: Schema.String,
  dateEnd: Schema.String,
  timeState: DisplayTimeState,
  tournamentsCount: Schema.Int,
  shortAddresses: Schema.Array(Schema.String),
  countryCode: Schema.NullOr(Schema.String),
  isOnline: Schema.Boolean,
  isLive: Schema.Boolean,
  hasLiveResults: Schema.Boolean,
  hasFinalResults: Schema.Boolean,
  liveResultsUrl: Schema.NullOr(Schema.String),
  isOpenRegistration: Schema.Boolean,
  isRecommended: Schema.Boolean,
  thumbUrl: Schema.NullOr(Schema.String),
  imageAlt: Schema.NullOr(Schema.String),
  organiserId: OrganiserId,
}

/** What an event card of spec section 2 needs, in the visitor's language. */
export class EventCard extends Schema.Class<EventCard>('@kibitz/events/EventCard')(eventCardFields) {}

/**
 * The same card as plain data: what the site's catalogue pages get (EventService.browse). It is made once from rows
 * the database typed, with no class to construct and nothing to encode (its ids are plain numbers on the wire), so
 * a page of eighteen cards costs no validation of values the database already holds valid (docs/decisions/025).
 */
export const CatalogueCard = Schema.Struct(eventCardFields)
export type CatalogueCard = typeof CatalogueCard.Type

/** The whole public event of spec section 3, for the event home, details and program. */
export class EventView extends Schema.Class<EventView>('@kibitz/events/EventView')({
  card: EventCard,
  key: Schema.String,
  status: Schema.Int,
  description: Schema.NullOr(Schema.String),
  contents: Schema.Array(EventContent),
  locations: Schema.Array(EventLocation),
  editionType: Schema.Int,
  editionYear: Schema.NullOr(Schema.Int),
  editionSeason: Schema.NullOr(Schema.String),
  currencyCode: Schema.String,
  timeZone: Schema.String,
  organiserEmail: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  externalPageUrl: Schema.NullOr(Schema.String),
  /** Online events use the main location's external url as their home page. */
  homePageUrl: Schema.NullOr(Schema.String),
  championshipTypeText: Schema.NullOr(Schema.String),
  stateMessage: Schema.NullOr(Schema.String),
  /** A postponed event whose new dates are to be announced; otherwise its dates are the new ones. */
  datesToBeAnnounced: Schema.Boolean,
  adsEnabled: Schema.Boolean,
  fbCommentsEnabled: Schema.Boolean,
  showNativeName: Schema.Boolean,
  isYouth: Schema.Boolean,
  registrationOpensAt: Schema.NullOr(Schema.String),
  registrationClosesAt: Schema.NullOr(Schema.String),
  updatedAt: Schema.String,
  /**
   * The event's active galleries with at least one image (spec section 3 gallery; docs/decisions/041): the event's
   * own first (`tournamentId` null), then each tournament's.
   */
  galleries: Schema.Array(Gallery),
}) {}

/**
 * The public view as plain data: EventView's encoded form, the card as the catalogue's (the same values, its ids
 * typed as ids). What EventService.viewData answers and the site's event screens send on as it is.
 */
export type EventViewData = Omit<typeof EventView.Encoded, 'card'> & { readonly card: CatalogueCard }

export class EventPage extends Schema.Class<EventPage>('@kibitz/events/EventPage')({
  events: Schema.Array(EventCard),
  totalEventsCount: Schema.Int,
}) {}

export class LocationSuggestion extends Schema.Class<LocationSuggestion>('@kibitz/events/LocationSuggestion')(
  {
    label: Schema.String,
    countryCode: Schema.NullOr(Schema.String),
  },
) {}

/** Catalogue states a visitor can filter on (spec section 7 eventStates). */
export const CatalogueState = EventStateId
export type CatalogueState = EventStateId

/** A catalogue query after validation at the edge. */
export interface CatalogueQuery {
  readonly text?: string | undefined
  readonly eventTypes?: ReadonlyArray<EventTypeId> | undefined
  readonly eventStates?: ReadonlyArray<CatalogueState> | undefined
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
  readonly online?: boolean | undefined
  readonly live?: boolean | undefined
  readonly countryCode?: string | undefined
  /** Only events that have not ended (future-events and the home page). */
  readonly upcomingOnly?: boolean | undefined
  readonly offset: number
  readonly limit: number
}

/** Where a page of a listing starts: after or before this event (its start date and id) in the listing's order. */
export interface CatalogueKeyset {
  readonly dateStart: string
  readonly id: EventId
  readonly direction: 'after' | 'before'
}

/**
 * One page of the catalogue as the site shows it (docs/decisions/022): read by keyset, counted up to a cap. Plain
 * data, as its cards are.
 */
export const EventListing = Schema.Struct({
  events: Schema.Array(CatalogueCard),
  /** How many events the listing has, or at least this many when `totalIsLowerBound`. */
  total: Schema.Int,
  totalIsLowerBound: Schema.Boolean,
  /** Where the next and the previous page start; null at either end. */
  next: Schema.NullOr(Schema.Struct({ dateStart: Schema.String, id: EventId })),
  previous: Schema.NullOr(Schema.Struct({ dateStart: Schema.String, id: EventId })),
  /** True when the visitor's text matched nothing as typed and the listing shows events with similar words. */
  similarText: Schema.Boolean,
})
export type EventListing = typeof EventListing.Type

/** When one tournament takes registrations; `opensAt` null: from publication on. ISO instants. */
export interface RegistrationWindow {
  readonly opensAt: string | null
  readonly closesAt: string
}

/** Summary of an event's tournaments, kept on the event by the tournaments domain. */
export interface TournamentSummary {
  readonly tournamentsCount: number
  /** Null with a closing time: open from publication on. */
  readonly registrationOpensAt: Date | null
  /** Null: no tournament takes registrations. */
  readonly registrationClosesAt: Date | null
  /** Every tournament's window; registration is open while one of them is. */
  readonly registrationWindows: ReadonlyArray<RegistrationWindow>
}
