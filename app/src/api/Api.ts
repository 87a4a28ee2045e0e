import { PublicOrganiser } from '@kibitz/accounts'
import { EventPage, EventView, LocationSuggestion } from '@kibitz/events'
import { Hotel } from '@kibitz/hotels'
import {
  AgeGroup,
  Country,
  Currency,
  calendarSearchLimit,
  futureEventsDefaultLimit,
  hasControlCharacters,
  Language,
  locationSuggestionsLimit,
} from '@kibitz/kernel'
import { ParticipantsCount, PlayerList } from '@kibitz/registration'
import { PrizeType, SessionType, StageType, Tournament } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from 'effect/http-api'
import { EventActionsGroup } from './EventActionsApi.ts'
import { EventEditorGroup } from './EventEditorApi.ts'
import { EventWritesGroup } from './EventWritesApi.ts'
import { FileGroup } from './FileApi.ts'
import { FileSystemGroup } from './FileSystemApi.ts'
import { GalleryGroup } from './GalleryApi.ts'
import { DocumentType } from './lookups.ts'
import { InvalidRequest, NotFound, Problems } from './Problems.ts'
import {
  catalogueFilters,
  eventIdsQuery,
  flag,
  limitUpTo,
  Offset,
  queryDate,
  queryText,
  tournamentIdsQuery,
} from './Query.ts'
import { RegistrationGroup } from './RegistrationApi.ts'
import { UserGroup } from './UserApi.ts'

// The public REST API v1 of spec section 7: schemas and endpoints only, shared by the server and the OpenAPI
// document at /api/v1/openapi.json. Replies reuse the domains' DTO classes.

/** A generic lookup of spec section 3: id, key, name. */
export class Lookup extends Schema.Class<Lookup>('Lookup')({
  id: Schema.Int,
  key: Schema.String,
  name: Schema.String,
}) {}

/** An event with everything its public page shows (event-data and event-view-data). */
export class EventData extends Schema.Class<EventData>('EventData')({
  event: EventView,
  tournaments: Schema.Array(Tournament),
  organizers: Schema.Array(PublicOrganiser),
  hotels: Schema.Array(Hotel),
}) {}

/** The reply of GET event: the events matching the filters. */
export class EventList extends Schema.Class<EventList>('EventList')({
  events: EventPage.fields.events,
}) {}

/** How many events have live results on a day. */
export class LiveResultsCount extends Schema.Class<LiveResultsCount>('LiveResultsCount')({
  date: Schema.String,
  count: Schema.Int,
}) {}

/** A server status of spec section 4 and whether it counts as active. */
export class ServerStatus extends Schema.Class<ServerStatus>('ServerStatus')({
  key: Schema.String,
  name: Schema.String,
  isActive: Schema.Boolean,
}) {}

/** Event status ids (draft 1, accepted 2, declined 3) and the server statuses with their flags. */
export class EventStatuses extends Schema.Class<EventStatuses>('EventStatuses')({
  statuses: Schema.Array(Lookup),
  serverStatuses: Schema.Array(ServerStatus),
}) {}

/** Which event types and catalogue states the search offers. */
export class RestrictedTypes extends Schema.Class<RestrictedTypes>('RestrictedTypes')({
  allActiveTypes: Schema.Array(Schema.Int),
  defaultStates: Schema.Array(Schema.String),
  additionalStates: Schema.Array(Schema.String),
}) {}

/** Event type constants by name (spec section 9). */
export const EventTypeConstants = Schema.Struct({
  local: Schema.Int,
  national: Schema.Int,
  international: Schema.Int,
  worldClass: Schema.Int,
})

/** Tournament type constants by name (spec section 9). */
export const TournamentTypeConstants = Schema.Struct({
  pairs: Schema.Int,
  team: Schema.Int,
  individual: Schema.Int,
  others: Schema.Int,
})

/** How the translated lookups say where their names come from. */
const lookupNames = 'Names are in the language of Accept-Language (English by default).'

/** A constant's entries as `key id, key id` for a description. */
const listed = (ids: Readonly<Record<string, number>>) =>
  Object.entries(ids)
    .map(([key, id]) => `${key} ${id}`)
    .join(', ')

/** What the client shell needs at start (spec section 3 App config). */
export class AppConfig extends Schema.Class<AppConfig>('AppConfig')({
  languages: Schema.Array(Language),
  footer: Schema.Struct({ contactForms: Schema.Array(Schema.Unknown) }),
  adsense: Schema.Struct({ showAds: Schema.Boolean }),
  timezone: Schema.Struct({ defaultTimeZone: Schema.String }),
  version: Schema.String,
}) {}

/** An iCalendar (RFC 5545) document. */
export const Calendar = Schema.String.pipe(HttpApiSchema.asText({ contentType: 'text/calendar' })).annotate({
  description: 'An iCalendar (RFC 5545) document.',
})

/** The largest page any list endpoint answers. */
export const maximumPageSize = 100

/** The most location suggestions one request may ask for. */
export const maximumLocationSuggestions = 10

const aliasOrId = Schema.String.check(
  Schema.isMaxLength(200),
  Schema.makeFilter((value: string) => !hasControlCharacters(value), {
    expected: 'text without control characters',
  }),
).annotate({ description: 'The alias or numeric id.' })

/** GET v1/event/*: the public catalogue and event pages. */
export class EventGroup extends HttpApiGroup.make('event')
  .add(
    HttpApiEndpoint.get('futureEvents', '/event/future-events', {
      query: {
        ...catalogueFilters,
        limit: Schema.optionalKey(limitUpTo(maximumPageSize, futureEventsDefaultLimit)),
      },
      success: EventPage,
      error: InvalidRequest,
    }).annotate(OpenApi.Summary, 'Public events that have not ended yet, soonest first'),
    HttpApiEndpoint.get('searchFutureEvents', '/event/search-future-events', {
      query: {
        ...catalogueFilters,
        forCalendar: Schema.optionalKey(flag('1: fill a calendar, so past days are included.')),
        limit: Schema.optionalKey(limitUpTo(calendarSearchLimit, calendarSearchLimit)),
      },
      success: EventPage,
      error: InvalidRequest,
    }).annotate(
      OpenApi.Description,
      'The catalogue search. Without states or dates it lists events that have not ended; with them it lists ' +
        'the events matching them. A start date after the end date is refused with "The dates are not valid!".',
    ),
    HttpApiEndpoint.get('listEvents', '/event', {
      query: {
        ...catalogueFilters,
        limit: Schema.optionalKey(limitUpTo(maximumPageSize, futureEventsDefaultLimit)),
      },
      success: EventList,
      error: InvalidRequest,
    }).annotate(OpenApi.Summary, 'Public events matching the filters, past ones included'),
    HttpApiEndpoint.get('searchEventLocations', '/event/search-event-locations', {
      query: {
        q: Schema.optionalKey(
          queryText('At least 2 characters of a place name; fewer answer an empty list.'),
        ),
        limit: Schema.optionalKey(limitUpTo(maximumLocationSuggestions, locationSuggestionsLimit)),
      },
      success: Schema.Array(LocationSuggestion),
    }).annotate(OpenApi.Summary, 'Place names of upcoming events for the search box'),
    HttpApiEndpoint.get('eventTypes', '/event/types', { success: Schema.Array(Lookup) }),
    HttpApiEndpoint.get('eventTypeConstants', '/event/event-type-constants', { success: EventTypeConstants }),
    HttpApiEndpoint.get('editions', '/event/editions', { success: Schema.Array(Lookup) }),
    HttpApiEndpoint.get('occasionTypes', '/event/occasion-types', { success: Schema.Array(Lookup) }).annotate(
      OpenApi.Description,
      'Always empty: the specification names event occasions but defines no occasion types.',
    ),
    HttpApiEndpoint.get('eventStatuses', '/event/event-statuses', { success: EventStatuses }),
    HttpApiEndpoint.get('restrictedTypes', '/event/restricted-types', { success: RestrictedTypes }).annotate(
      OpenApi.Description,
      'allActiveTypes: the event type ids the catalogue offers; defaultStates: the catalogue states searched ' +
        'when none is chosen; additionalStates: the states a visitor may add. Cached for 60 seconds.',
    ),
    HttpApiEndpoint.get('liveResults', '/event/live-results', {
      query: {
        date: Schema.optionalKey(queryDate('The day, by default today in the Accept-Timezone zone')),
        offset: Schema.optionalKey(Offset),
        limit: Schema.optionalKey(limitUpTo(maximumPageSize, futureEventsDefaultLimit)),
      },
      success: EventPage,
    }).annotate(OpenApi.Description, 'Events with live results on the date (default today).'),
    HttpApiEndpoint.get('liveResultsCount', '/event/live-results-count', {
      query: { date: Schema.optionalKey(queryDate('The day, by default today in the Accept-Timezone zone')) },
      success: LiveResultsCount,
    }),
    HttpApiEndpoint.get('eventsCalendar', '/event/ical', {
      query: eventIdsQuery,
      success: Calendar,
      error: [InvalidRequest, NotFound],
    }).annotate(
      OpenApi.Description,
      'All-day calendar entries of public events; ids[]=1&ids[]=2 or ids=1,2.',
    ),
    HttpApiEndpoint.get('event', '/event/:id', {
      params: { id: aliasOrId },
      success: EventView,
      error: NotFound,
    }),
    HttpApiEndpoint.get('eventViewData', '/event/:id/event-view-data', {
      params: { id: aliasOrId },
      success: EventData,
      error: NotFound,
    }),
    HttpApiEndpoint.get('eventData', '/event/:id/event-data', {
      params: { id: aliasOrId },
      success: EventData,
      error: NotFound,
    }),
    HttpApiEndpoint.get('eventTournaments', '/event/:id/tournaments', {
      params: { id: aliasOrId },
      success: Schema.Array(Tournament),
      error: NotFound,
    }),
    HttpApiEndpoint.get('participantsCount', '/event/:id/tournament-participants-count', {
      params: { id: aliasOrId },
      success: Schema.Array(ParticipantsCount),
      error: NotFound,
    }),
  )
  .prefix('/api/v1') {}

/** GET v1/tournament/*: tournament calendars, player lists, constants and lookups. */
export class TournamentGroup extends HttpApiGroup.make('tournament')
  .add(
    HttpApiEndpoint.get('tournamentsCalendar', '/tournament/ical/generate', {
      query: {
        ...tournamentIdsQuery,
        event: Schema.optional(
          Schema.String.annotate({ description: 'Optional: the alias or id of the tournaments’ event.' }),
        ),
      },
      success: Calendar,
      error: [InvalidRequest, NotFound],
    }).annotate(
      OpenApi.Description,
      'Calendar entries of tournaments in date-time form in the event’s time zone (all-day when a ' +
        'tournament has no start time).',
    ),
    HttpApiEndpoint.get('playerList', '/tournament/:id/event/:event/player-list', {
      params: { id: aliasOrId, event: aliasOrId },
      success: PlayerList,
      error: NotFound,
    }).annotate(OpenApi.Description, 'Confirmed entries; 404 unless the tournament shows its player list.'),
    HttpApiEndpoint.get('tournamentTypeConstants', '/tournament/tournament-type-constants', {
      success: TournamentTypeConstants,
    }),
    HttpApiEndpoint.get('tourTypes', '/tournament/tour/types', { success: Schema.Array(Lookup) }).annotate(
      OpenApi.Description,
      'The kinds of a program’s tours, which are the session types of a tournament’s sessions (`type`): ' +
        `${listed(SessionType)}. ${lookupNames}`,
    ),
    HttpApiEndpoint.get('prizeTypes', '/tournament/prize-information/types', {
      success: Schema.Array(Lookup),
    }).annotate(
      OpenApi.Description,
      'The types of a tournament’s prizes (`type`; a money prize has an amount, a custom one a text): ' +
        `${listed(PrizeType)}. ${lookupNames}`,
    ),
    HttpApiEndpoint.get('stageTypes', '/tournament/stage-types', { success: Schema.Array(Lookup) }).annotate(
      OpenApi.Description,
      'The types of a tournament’s stages (`type`; `stage` is one not classified, the default): ' +
        `${listed(StageType)}. ${lookupNames}`,
    ),
  )
  .prefix('/api/v1') {}

/** GET v1/country, currency, age groups, app-config and document types: reference data. */
export class ReferenceGroup extends HttpApiGroup.make('reference')
  .add(
    HttpApiEndpoint.get('ticketAgeGroups', '/tournament-ticket-age-group', {
      success: Schema.Array(AgeGroup),
    }),
    HttpApiEndpoint.get('ageGroups', '/age-group', { success: Schema.Array(AgeGroup) }),
    HttpApiEndpoint.get('countries', '/country', { success: Schema.Array(Country) }),
    HttpApiEndpoint.get('currencies', '/currency', {
      query: { popular: Schema.optionalKey(flag('1: the popular currencies only.')) },
      success: Schema.Array(Currency),
    }),
    HttpApiEndpoint.get('appConfig', '/app-config', { success: AppConfig }),
    HttpApiEndpoint.get('documentTypes', '/document-type', { success: Schema.Array(Lookup) }).annotate(
      OpenApi.Description,
      'The kinds of an event’s files, by the folder of spec section 9 they are kept in: ' +
        `${listed(DocumentType)}. ${lookupNames}`,
    ),
  )
  .prefix('/api/v1') {}

/** The public REST API v1. */
export class Api extends HttpApi.make('kibitz-v1')
  .add(EventGroup)
  .add(TournamentGroup)
  .add(ReferenceGroup)
  .add(UserGroup)
  .add(EventActionsGroup)
  .add(EventEditorGroup)
  .add(EventWritesGroup)
  .add(FileSystemGroup)
  .add(GalleryGroup)
  .add(FileGroup)
  .add(RegistrationGroup)
  .middleware(Problems)
  // Report every invalid parameter at once, not only the first.
  .annotate(HttpApi.ParseOptions, { errors: 'all' })
  .annotateMerge(
    OpenApi.annotations({
      title: 'Kibitz public API',
      version: '1',
      description:
        'Public reads of the bridge event platform and the user calls (accounts, sessions, profiles). ' +
        'Every error is an RFC 9457 problem (application/problem+json) with a `code` member from the ' +
        'error catalogue (0: unknown); the status says the kind of refusal: 400 invalid input (and ' +
        '1005–1008, 1011, 1012), 401 not signed in (0, 1000, 2001, 2002), 403 refused (1003, 1004, ' +
        '1015), 404 not found (1014), 409 already exists (1001, 1002, 1009, 1010), 410 link expired ' +
        '(1013), 429 too many attempts (with Retry-After). Send Accept-Language for the content and ' +
        'e-mail language and Accept-Timezone for "today". Anonymous reads are cached publicly for 60 ' +
        "seconds; user replies never are. Calls send credentials: the session is the web pages' " +
        'HttpOnly cookie.',
    }),
  ) {}
