// Business constants and limits of spec section 9, in one place so server, jobs and UI agree.
// The language cookie lifetime lives in Languages.ts; money and date formats live in Money.ts and Dates.ts.

/** A lazily loaded UI chunk that has not arrived after this long counts as failed (spec section 8). */
export const chunkLoadTimeoutMs = 120_000

/** How long the restricted event types reply (GET v1/event/restricted-types) is cached. */
export const restrictedTypesCacheMs = 60_000

/** Future events list (GET v1/event/future-events/) default offset. */
export const futureEventsDefaultOffset = 0

/** Future events list default limit. */
export const futureEventsDefaultLimit = 10

/** Events per home page load. */
export const homePageSize = 18

/** Limit of the catalogue search when it fills a calendar (search-future-events with forCalendar). */
export const calendarSearchLimit = 100

/** Entries per page of the file manager. */
export const fileManagerPageSize = 10

/** Default thumbnail width of image uploads (thumbWidth), in pixels. */
export const thumbnailWidthPx = 500

/** Location suggestions offered by the event search (search-event-locations limit). */
export const locationSuggestionsLimit = 2

/** Place suggestions start at this many characters (web and API alike). */
export const locationSuggestionMinLength = 2

/** Search text shorter than this (after trimming) gives the default results instead of a text search. */
export const minimumSearchTextLength = 3

/** An ad is inserted after every third event in lists… */
export const adEveryNthEvent = 3

/** …until this event index; no ads after it. */
export const adMaxIndex = 10

/** The spec's session count constant. */
export const sessionCount = 7

/** Default delay before a modal opens, in milliseconds. */
export const modalDelayMs = 0

// The spec found two mobile breakpoints in the legacy styles ("two readings") and keeps both.
/** Narrow (phone) layout below this width, in pixels. */
export const mobileBreakpointPx = 800

/** Below this width the layout is not the desktop one (Bootstrap's lg bound), in pixels. */
export const mobileWideBreakpointPx = 991.98

/** Default maximum length of a text area. */
export const textAreaMaxLength = 250

/** Cookie consent values as stored in the cookie (spec section 4). */
export const CookieConsent = { accepted: 1, declined: 2 } as const

/** An accepted cookie consent is remembered this many days. */
export const cookieConsentAcceptedDays = 180

/** A declined cookie consent is remembered this many days, so the banner comes back the next day. */
export const cookieConsentDeclinedDays = 1

/** Social login provider ids. */
export const SocialProvider = { facebook: 1, google: 2, vk: 3 } as const

/** ID information provider ids. */
export const IdInformationProvider = { nationalBridgeFederation: 1 } as const

/** The zone whose calendar day is "today" when a visitor's own is unknown (the app config's default). */
export const defaultTimeZone = 'Europe/Vilnius'
