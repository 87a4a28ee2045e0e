import {
  type CatalogueKeyset,
  type CatalogueQuery,
  catalogueQueryFor,
  EventPage,
  EventService,
} from '@kibitz/events'
import {
  type CountryName,
  decodeSearchFilter,
  defaultTimeZone,
  EventId,
  encodeSearchFilter,
  hasAnyFilter,
  homePageSize,
  idFromText,
  isoDate,
  isValidIsoDate,
  LookupService,
} from '@kibitz/kernel'
import { createIsomorphicFn, createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { Effect, Schema } from 'effect'
import { requestLocale } from './request.server.ts'
import { runDomain } from './runtime.server.ts'

// The catalogue's screens (spec section 2: home, search, live score, and the few events a not-found page
// offers): each server function right after the server code it runs, which names the events domain's use case.
// Server functions hand plain JSON to the browser: DTO classes are encoded here; the home page's and the search's
// listing is plain data already (EventService.browse, docs/decisions/025) and goes as it is. Keys and filters come from the
// address bar: any text is accepted here and judged by the server code (a nonsense filter is ignored), so odd
// input never becomes a 500.

const Page = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 }))

const Slug = Schema.String

/** Where a catalogue page starts (`YYYY-MM-DD.id`); anything else reads as the first page. */
const PageStart = Schema.Struct({
  after: Schema.optional(Schema.String.check(Schema.isMaxLength(30))),
  before: Schema.optional(Schema.String.check(Schema.isMaxLength(30))),
})

const encodePage = Schema.encodeSync(EventPage)

const pageOffset = (page: number) => (Math.max(1, page) - 1) * homePageSize

/**
 * The country filter's choices as the page takes them (code and name), made once per list the lookups keep (one per
 * language): the same object every time, so the form's kept HTML is found by it (Kept.tsx `keptListKey`).
 */
const choices = new WeakMap<ReadonlyArray<CountryName>, ReadonlyArray<{ code: string; name: string }>>()
const choicesOf = (countries: ReadonlyArray<CountryName>) => {
  let found = choices.get(countries)
  if (found === undefined) {
    found = countries.map((c) => ({ code: c.code, name: c.name }))
    choices.set(countries, found)
  }
  return found
}

/** The catalogue counts its events up to this many and then says "more than" (docs/decisions/022). */
const catalogueCountCap = 1_000

/** Where a catalogue page starts: `after` or `before` an event (`YYYY-MM-DD.id`), the first page otherwise. */
const keysetOf = (start: { after?: string; before?: string }): CatalogueKeyset | undefined => {
  const text = start.after ?? start.before
  const match = text ? /^(\d{4}-\d{2}-\d{2})\.(\d{1,9})$/.exec(text) : null
  const id = idFromText(EventId, match?.[2])
  if (!match?.[1] || id === null || !isValidIsoDate(match[1])) return undefined
  return { dateStart: match[1], id, direction: start.after ? 'after' : 'before' }
}

/** The home page: upcoming events, 18 a page, read by keyset. */
export const homeData = createServerOnlyFn((start: { after?: string; before?: string }) => {
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
      return { listing }
    }),
  )
})

export const fetchHome = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(PageStart))
  .handler(({ data }) => homeData(data))

// The `load…` functions are what the routes' loaders call: on the server (every page it renders) they read
// directly, without a server function's round of middleware, validation and dispatch (5% of a page's CPU,
// issue 16), the routes having checked their search parameters already; in the browser, through the server
// function.

/** The home page's listing for a route's loader. */
export const loadHome = createIsomorphicFn()
  .server((start: { after?: string; before?: string }) => homeData(start))
  .client((start: { after?: string; before?: string }) => fetchHome({ data: start }))

/** The event catalogue for the filters held in `q` (spec section 5 rules applied on the server). */
export const searchData = createServerOnlyFn(
  (q: string | undefined, start: { after?: string; before?: string }) => {
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
        const countries = yield* LookupService.use((l) => l.countryChoices(locale))
        return {
          listing,
          countries: choicesOf(countries),
          filter: raw,
          canonicalQ: encodeSearchFilter(raw),
          error: checked.ok ? null : { field: checked.field, code: checked.code },
        }
      }),
    )
  },
)

export const fetchSearch = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ q: Schema.optional(Slug), ...PageStart.fields })))
  .handler(({ data }) => searchData(data.q, data))

/** The catalogue for a route's loader. */
export const loadSearch = createIsomorphicFn()
  .server((data: { q?: string; after?: string; before?: string }) => searchData(data.q, data))
  .client((data: { q?: string; after?: string; before?: string }) => fetchSearch({ data }))

/** Events with live results on a date (today when none or invalid). */
export const liveScoreData = createServerOnlyFn((date: string | undefined, page: number) => {
  const locale = requestLocale()
  const day = date && isValidIsoDate(date) ? date : isoDate(new Date(), defaultTimeZone)
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      const result = yield* events.liveResults(day, pageOffset(page), homePageSize, locale)
      return { date: day, page: encodePage(result), pageNumber: page, pageSize: homePageSize }
    }),
  )
})

export const fetchLiveScore = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ date: Schema.optional(Slug), page: Page })))
  .handler(({ data }) => liveScoreData(data.date, data.page))

/** Events with live results for a route's loader; `page` as `pageParam` reads it (1 to 10,000). */
export const loadLiveScore = createIsomorphicFn()
  .server((data: { date?: string; page: number }) => liveScoreData(data.date, data.page))
  .client((data: { date?: string; page: number }) => fetchLiveScore({ data }))

/** A few upcoming events for the not-found screen (3 on wide screens, 2 on narrow ones). */
export const moreEventsData = createServerOnlyFn(() => {
  const locale = requestLocale()
  return runDomain(
    Effect.gen(function* () {
      const events = yield* EventService
      // A not-found page (bots find many) needs three cards, not a count of every upcoming event.
      const result = yield* events.browse({ upcomingOnly: true, offset: 0, limit: 3 }, undefined, locale, 0)
      return result.events
    }),
  )
})

export const fetchMoreEvents = createServerFn({ method: 'GET' }).handler(() => moreEventsData())

/** A few upcoming events for a not-found screen. */
export const loadMoreEvents = createIsomorphicFn()
  .server(() => moreEventsData())
  .client(() => fetchMoreEvents())
