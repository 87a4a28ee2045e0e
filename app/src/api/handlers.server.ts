import {
  activeStates,
  type CatalogueQuery,
  type CatalogueState,
  catalogueQueryFor,
  EditionType,
  type EventCard,
  EventService,
  EventState,
  EventStatusId,
  EventType,
  type EventTypeId,
  type EventView,
} from '@kibitz/events'
import {
  type CalendarEvent,
  calendarSearchLimit,
  dateRangeMessage,
  defaultTimeZone,
  futureEventsDefaultLimit,
  futureEventsDefaultOffset,
  type InterfaceLocale,
  isoDate,
  isValidTimeZone,
  LookupService,
  localeFromAcceptLanguage,
  locationSuggestionMinLength,
  locationSuggestionsLimit,
  renderCalendar,
} from '@kibitz/kernel'
import { RegistrationService } from '@kibitz/registration'
import { type Tournament, TournamentType } from '@kibitz/tournaments'
import { Clock, Effect, Layer, SchemaIssue } from 'effect'
import { type HttpServerRequest, HttpServerResponse } from 'effect/http'
import { HttpApiBuilder, HttpApiMiddleware } from 'effect/http-api'
import { eventPage } from '../server/eventPage.functions.ts'
import {
  Api,
  AppConfig,
  EventData,
  EventList,
  EventStatuses,
  LiveResultsCount,
  Lookup,
  RestrictedTypes,
  ServerStatus,
} from './Api.ts'
import { EventActionHandlers } from './eventActionHandlers.server.ts'
import { EventEditorHandlers } from './eventEditorHandlers.server.ts'
import { EventWritesHandlers } from './eventWritesHandlers.server.ts'
import { FileHandlers } from './fileHandlers.server.ts'
import { FileSystemHandlers } from './fileSystemHandlers.server.ts'
import { GalleryHandlers } from './galleryHandlers.server.ts'
import { documentTypes, type NamedLookup, prizeTypes, stageTypes, tourTypes } from './lookups.ts'
import {
  InvalidRequest,
  invalidQueryField,
  notFound,
  Problems,
  ServerError,
  unknownCode,
} from './Problems.ts'
import { RegistrationHandlers } from './registrationHandlers.server.ts'
import { ApiTranslations } from './translations.server.ts'
import { unitOfWork } from './unitOfWork.server.ts'
import { AuthenticatedLive, UserHandlers } from './userHandlers.server.ts'

// ---------------------------------------------------------------------------------------------------------
// Request context: language, time zone, public origin

/** The content language: the first interface language the client accepts, else English (spec section 1). */
const requestLocale = (request: HttpServerRequest.HttpServerRequest): InterfaceLocale =>
  localeFromAcceptLanguage(request.headers['accept-language'])

/** A lookup's entries with their names in the request's language. */
const translatedLookups = (
  translations: ApiTranslations['Service'],
  lookups: ReadonlyArray<NamedLookup>,
  request: HttpServerRequest.HttpServerRequest,
): Effect.Effect<ReadonlyArray<Lookup>> =>
  Effect.map(translations.translate(requestLocale(request)), (translate) =>
    lookups.map((l) => new Lookup({ id: l.id, key: l.key, name: translate(l.name) })),
  )

/** The client's zone from Accept-Timezone (spec section 7), when it names a real IANA zone. */
const requestTimeZone = (request: HttpServerRequest.HttpServerRequest): string => {
  const zone = request.headers['accept-timezone']?.trim()
  return zone && isValidTimeZone(zone) ? zone : defaultTimeZone
}

/** Today's calendar date in the client's zone. */
const requestToday = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.map(Clock.currentTimeMillis, (ms) => isoDate(new Date(ms), requestTimeZone(request)))

/** Where the public pages live: PUBLIC_URL when set, else the origin the request came to. */
const publicOrigin = (request: HttpServerRequest.HttpServerRequest): string => {
  const configured = process.env.PUBLIC_URL?.trim()
  if (configured && URL.canParse(configured)) return new URL(configured).origin
  return URL.canParse(request.originalUrl) ? new URL(request.originalUrl).origin : 'http://localhost'
}

// ---------------------------------------------------------------------------------------------------------
// Catalogue queries

interface CatalogueParams {
  readonly nameOrLocation?: string | undefined
  readonly eventTypes?: ReadonlyArray<EventTypeId> | undefined
  readonly eventStates?: ReadonlyArray<CatalogueState> | undefined
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
  readonly monthOnly?: boolean | undefined
  readonly online?: boolean | undefined
  readonly live?: boolean | undefined
  readonly country?: string | undefined
  readonly offset?: number | undefined
}

/** The catalogue query for validated parameters (the events domain's rules); reversed dates are a 400. */
const catalogueQuery = (
  params: CatalogueParams,
  today: string,
  page: { readonly limit: number; readonly upcomingOnly?: boolean },
): Effect.Effect<CatalogueQuery, InvalidRequest> => {
  const result = catalogueQueryFor(
    {
      text: params.nameOrLocation,
      eventTypes: params.eventTypes,
      eventStates: params.eventStates,
      startDate: params.startDate,
      endDate: params.endDate,
      monthOnly: params.monthOnly,
      online: params.online,
      live: params.live,
      country: params.country,
    },
    today,
    {
      offset: params.offset ?? futureEventsDefaultOffset,
      limit: page.limit,
      upcomingOnly: page.upcomingOnly,
    },
  )
  return result.ok
    ? Effect.succeed(result.query)
    : Effect.fail(invalidQueryField(result.field, dateRangeMessage))
}

// ---------------------------------------------------------------------------------------------------------
// Calendars

const eventUrl = (origin: string, alias: string) => `${origin}/event/${encodeURIComponent(alias)}`

// A postponed event keeps its old dates until the organiser sets new ones, so calendars mark it tentative.
const calendarStatus = (state: EventState): CalendarEvent['status'] =>
  state === 'canceled' ? 'CANCELLED' : state === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'

/** An event as an all-day calendar entry (spec section 9: calendar links use all-day or date-time form). */
const eventEntry = (card: EventCard, origin: string, host: string): CalendarEvent => ({
  uid: `event-${card.id}@${host}`,
  summary: card.name,
  start: { date: card.dateStart },
  end: { date: card.dateEnd },
  url: eventUrl(origin, card.alias),
  status: calendarStatus(card.state),
  ...(card.shortAddresses.length > 0 ? { location: card.shortAddresses.join('; ') } : {}),
})

/** A tournament in date-time form in its event's zone, or all-day when it has no start time. */
const tournamentEntry = (t: Tournament, event: EventView, origin: string, host: string): CalendarEvent => {
  const startTime = t.startTime
  const timed = startTime !== null
  const location = t.locationName ?? event.card.shortAddresses[0]
  return {
    uid: `tournament-${t.tournamentId}@${host}`,
    summary: `${t.name} · ${event.card.name}`,
    start: timed
      ? { dateTime: `${t.startDate}T${startTime}`, timeZone: event.timeZone }
      : { date: t.startDate },
    // Without an end time a tournament ends at its start time on its last day (a point for one day).
    end: timed
      ? { dateTime: `${t.endDate}T${t.endTime ?? startTime}`, timeZone: event.timeZone }
      : { date: t.endDate },
    url: eventUrl(origin, event.card.alias),
    status: calendarStatus(event.card.state),
    ...(location ? { location } : {}),
  }
}

const calendarResponse = (body: string, filename: string) =>
  HttpServerResponse.text(body, {
    contentType: 'text/calendar; charset=utf-8',
    headers: { 'content-disposition': `attachment; filename="${filename}"` },
  })

/** The ids of `ids[]=1&ids[]=2` and `ids=1,2`, once each, or a 400 naming ids when there are none. */
const requestedIds = <Id extends number>(query: {
  readonly 'ids[]'?: ReadonlyArray<Id> | undefined
  readonly ids?: ReadonlyArray<Id> | undefined
}): Effect.Effect<ReadonlyArray<Id>, InvalidRequest> => {
  const ids = [...new Set([...(query['ids[]'] ?? []), ...(query.ids ?? [])])]
  return ids.length > 0 ? Effect.succeed(ids) : Effect.fail(invalidQueryField('ids', 'Give at least one id'))
}

// ---------------------------------------------------------------------------------------------------------
// Static catalogues of spec sections 4 and 9

const serverStatusNames: Record<EventState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  postponed: 'Postponed',
  canceled: 'Canceled',
  draft: 'Draft',
  postponedToDraft: 'Postponed to draft',
}

const eventTypes = [
  new Lookup({ id: EventType.local, key: 'local', name: 'Local' }),
  new Lookup({ id: EventType.national, key: 'national', name: 'National' }),
  new Lookup({ id: EventType.international, key: 'international', name: 'International' }),
  new Lookup({ id: EventType.worldClass, key: 'worldClass', name: 'World class' }),
]

const editions = [
  new Lookup({ id: EditionType.year, key: 'year', name: 'Year' }),
  new Lookup({ id: EditionType.season, key: 'season', name: 'Season' }),
]

const eventStatuses = new EventStatuses({
  statuses: [
    new Lookup({ id: EventStatusId.draft, key: 'draft', name: 'Draft' }),
    new Lookup({ id: EventStatusId.accepted, key: 'accepted', name: 'Accepted' }),
    new Lookup({ id: EventStatusId.declined, key: 'declined', name: 'Declined' }),
  ],
  serverStatuses: EventState.literals.map(
    (key) => new ServerStatus({ key, name: serverStatusNames[key], isActive: activeStates.includes(key) }),
  ),
})

// The catalogue searches upcoming events (running and future) unless the visitor adds other states.
const restrictedTypes = new RestrictedTypes({
  allActiveTypes: Object.values(EventType),
  defaultStates: ['running', 'future'],
  additionalStates: ['past', 'canceled', 'postponed'],
})

// ---------------------------------------------------------------------------------------------------------
// Handlers

const eventNotFound = () => notFound('Event not found')

/** The public event, or a 404 problem: drafts and pending events do not exist for the public. */
const publicEvent = (page: Effect.Success<ReturnType<typeof eventPage>>, aliasOrId: string, locale: string) =>
  page
    .publicEvent(aliasOrId, locale)
    .pipe(Effect.catchTag('EventNotFound', () => Effect.fail(eventNotFound())))

/** GET v1/event/*. */
export const EventHandlers = HttpApiBuilder.group(Api, 'event', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const events = yield* EventService
    const page = yield* eventPage()
    const registration = yield* RegistrationService

    const eventData = (aliasOrId: string, locale: string) =>
      run(
        Effect.gen(function* () {
          const event = yield* publicEvent(page, aliasOrId, locale)
          const data = yield* page.dataOf(event)
          return new EventData({
            event,
            tournaments: data.tournaments,
            organizers: data.organisers,
            hotels: data.hotels,
          })
        }),
      )

    return handlers
      .handle('futureEvents', ({ query, request }) =>
        Effect.gen(function* () {
          const today = yield* requestToday(request)
          const catalogue = yield* catalogueQuery(query, today, {
            limit: query.limit ?? futureEventsDefaultLimit,
            upcomingOnly: true,
          })
          return yield* run(events.search(catalogue, requestLocale(request)))
        }),
      )
      .handle('searchFutureEvents', ({ query, request }) =>
        Effect.gen(function* () {
          const today = yield* requestToday(request)
          const catalogue = yield* catalogueQuery(query, today, {
            limit: query.limit ?? calendarSearchLimit,
            // A calendar shows whole months, past days included; otherwise the domain's default.
            upcomingOnly: query.forCalendar === true ? false : undefined,
          })
          return yield* run(events.search(catalogue, requestLocale(request)))
        }),
      )
      .handle('listEvents', ({ query, request }) =>
        Effect.gen(function* () {
          const today = yield* requestToday(request)
          const catalogue = yield* catalogueQuery(query, today, {
            limit: query.limit ?? futureEventsDefaultLimit,
            upcomingOnly: false,
          })
          const page = yield* run(events.search(catalogue, requestLocale(request)))
          return new EventList({ events: page.events })
        }),
      )
      .handle('searchEventLocations', ({ query }) => {
        const text = query.q?.trim() ?? ''
        if (text.length < locationSuggestionMinLength) return Effect.succeed([])
        return run(events.locationSuggestions(text, query.limit ?? locationSuggestionsLimit))
      })
      .handle('eventTypes', () => Effect.succeed(eventTypes))
      .handle('eventTypeConstants', () => Effect.succeed(EventType))
      .handle('editions', () => Effect.succeed(editions))
      .handle('occasionTypes', () => Effect.succeed([]))
      .handle('eventStatuses', () => Effect.succeed(eventStatuses))
      .handle('restrictedTypes', () => Effect.succeed(restrictedTypes))
      .handle('liveResults', ({ query, request }) =>
        Effect.gen(function* () {
          const date = query.date ?? (yield* requestToday(request))
          return yield* run(
            events.liveResults(
              date,
              query.offset ?? futureEventsDefaultOffset,
              query.limit ?? futureEventsDefaultLimit,
              requestLocale(request),
            ),
          )
        }),
      )
      .handle('liveResultsCount', ({ query, request }) =>
        Effect.gen(function* () {
          const date = query.date ?? (yield* requestToday(request))
          const count = yield* run(events.liveResultsCount(date))
          return new LiveResultsCount({ date, count })
        }),
      )
      .handle('eventsCalendar', ({ query, request }) =>
        Effect.gen(function* () {
          const ids = yield* requestedIds(query)
          const cards = yield* run(events.cards(ids, requestLocale(request)))
          if (cards.length === 0) return yield* Effect.fail(eventNotFound())
          const origin = publicOrigin(request)
          const host = new URL(origin).hostname
          const body = renderCalendar({ events: cards.map((card) => eventEntry(card, origin, host)) })
          return calendarResponse(body, cards.length === 1 ? `event-${cards[0]?.id}.ics` : 'events.ics')
        }),
      )
      .handle('event', ({ params, request }) => run(publicEvent(page, params.id, requestLocale(request))))
      .handle('eventViewData', ({ params, request }) => eventData(params.id, requestLocale(request)))
      .handle('eventData', ({ params, request }) => eventData(params.id, requestLocale(request)))
      .handle('eventTournaments', ({ params, request }) =>
        run(
          Effect.flatMap(publicEvent(page, params.id, requestLocale(request)), (event) =>
            page.tournamentsOf(event),
          ),
        ),
      )
      .handle('participantsCount', ({ params, request }) =>
        run(
          Effect.flatMap(publicEvent(page, params.id, requestLocale(request)), (event) =>
            registration.participantsCount(event.card.id),
          ),
        ),
      )
  }),
)

/** GET v1/tournament/*. */
export const TournamentHandlers = HttpApiBuilder.group(Api, 'tournament', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const page = yield* eventPage()
    const translations = yield* ApiTranslations

    return handlers
      .handle('tournamentsCalendar', ({ query, request }) =>
        Effect.gen(function* () {
          const ids = yield* requestedIds(query)
          const locale = requestLocale(request)
          const entries = yield* run(
            page
              .publicTournaments(ids, locale, query.event)
              .pipe(Effect.catchTag('EventNotFound', () => Effect.fail(eventNotFound()))),
          )
          if (entries.length === 0) return yield* Effect.fail(notFound('Tournament not found'))
          const list = entries.map((e) => e.tournament)
          const origin = publicOrigin(request)
          const host = new URL(origin).hostname
          const body = renderCalendar({
            events: entries.map((e) => tournamentEntry(e.tournament, e.event, origin, host)),
          })
          return calendarResponse(
            body,
            list.length === 1 ? `tournament-${list[0]?.tournamentId}.ics` : 'tournaments.ics',
          )
        }),
      )
      .handle('playerList', ({ params, request }) =>
        run(
          Effect.gen(function* () {
            const event = yield* publicEvent(page, params.event, requestLocale(request))
            const found = yield* page
              .playerListOf(event, params.id)
              .pipe(
                Effect.catchTag('TournamentNotFound', () => Effect.fail(notFound('Tournament not found'))),
              )
            if (found.playerList === null) {
              return yield* Effect.fail(notFound('The player list of this tournament is not public'))
            }
            return found.playerList
          }),
        ),
      )
      .handle('tournamentTypeConstants', () => Effect.succeed(TournamentType))
      .handle('tourTypes', ({ request }) => translatedLookups(translations, tourTypes, request))
      .handle('prizeTypes', ({ request }) => translatedLookups(translations, prizeTypes, request))
      .handle('stageTypes', ({ request }) => translatedLookups(translations, stageTypes, request))
  }),
)

/** GET v1/country (names in the request's language, spec section 3's shape), currency, age groups, app-config. */
export const ReferenceHandlers = HttpApiBuilder.group(Api, 'reference', (handlers) =>
  Effect.gen(function* () {
    const run = yield* unitOfWork
    const lookups = yield* LookupService
    const translations = yield* ApiTranslations
    return handlers
      .handle('ticketAgeGroups', () => run(lookups.ageGroups()))
      .handle('ageGroups', () => run(lookups.ageGroups()))
      .handle('countries', ({ request }) => run(lookups.countries(requestLocale(request))))
      .handle('currencies', ({ query }) => run(lookups.currencies(query.popular === true)))
      .handle('appConfig', () =>
        Effect.map(
          run(lookups.languages()),
          (languages) =>
            new AppConfig({
              languages: languages.filter((l) => l.isInterface),
              footer: { contactForms: [] },
              adsense: { showAds: true },
              timezone: { defaultTimeZone },
              version: process.env.KIBITZ_VERSION ?? '0.1.0',
            }),
        ),
      )
      .handle('documentTypes', ({ request }) => translatedLookups(translations, documentTypes, request))
  }),
)

// ---------------------------------------------------------------------------------------------------------
// Problems

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

const segment = (s: PropertyKey | { readonly key: PropertyKey }): string | number => {
  const key = typeof s === 'object' ? s.key : s
  return typeof key === 'number' ? key : String(key)
}

/** Request decoding failures become 400 problems naming each field; response encoding failures 500s. */
export const ProblemsLive = HttpApiMiddleware.layerSchemaErrorTransform(Problems, (error) => {
  if (error.kind === 'Body' || error.kind === 'ResponseHeaders') {
    return Effect.andThen(
      Effect.logError('API response failed encoding', error.cause),
      Effect.fail(new ServerError({ code: unknownCode })),
    )
  }
  const slot = error.kind.toLowerCase()
  const errors = formatIssues(error.cause.issue).issues.map((issue) => {
    const path = (issue.path ?? []).map(segment)
    // The innermost named member: a query parameter, or the body field under its enclosing objects.
    const field = path.filter((p) => typeof p === 'string').at(-1) ?? slot
    return { path: [slot, ...path], field, message: issue.message }
  })
  const fields = [...new Set(errors.map((e) => e.field))].join(', ')
  return Effect.fail(
    new InvalidRequest({ code: unknownCode, detail: `Invalid request value: ${fields}`, errors }),
  )
})

/** Every group of the API with the Problems middleware; needs the domain services, Database, ApiTranslations. */
export const ApiHandlers = Layer.mergeAll(
  EventHandlers,
  TournamentHandlers,
  ReferenceHandlers,
  UserHandlers,
  EventActionHandlers,
  EventEditorHandlers,
  EventWritesHandlers,
  FileSystemHandlers,
  GalleryHandlers,
  FileHandlers,
  RegistrationHandlers,
).pipe(Layer.provideMerge(Layer.mergeAll(ProblemsLive, AuthenticatedLive)))
