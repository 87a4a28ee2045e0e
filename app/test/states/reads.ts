import type { Site } from './site.ts'

// Everything a visitor (or another organiser) can request that shows an event: the shared pages (home, the
// search with and without filters, live scores), the event's own pages (index, details, program, each
// tournament's player list and registration form), every public read of the REST API v1 (lists, searches,
// place suggestions, the event by id and alias, its data, tournaments, counts, player lists, registration
// data), both iCalendar feeds, and the sitemap with each of its parts. The judge: no 5xx, no error page, no
// internal error text; JSON where JSON is promised, iCalendar where a calendar is.

/** Who reads: a visitor without a session, or a signed-in organiser who does not own the event. */
export interface Viewer {
  readonly name: string
  readonly headers: Readonly<Record<string, string>>
}

/** What of an event the reads need: its id and alias, its tournaments, and a place and name to search by. */
export interface Shown {
  readonly eventId: number
  readonly alias: string
  readonly tournaments: ReadonlyArray<{ readonly id: number; readonly alias: string }>
  /** Two or more letters of its main location's short address, for the place suggestions. */
  readonly place: string | null
  /** A word of its name, for the searches. */
  readonly word: string
  /** Its first day, for the live scores of that day. */
  readonly dateStart: string
}

export interface Read {
  readonly what: string
  readonly path: string
  readonly kind: 'page' | 'json' | 'calendar' | 'xml'
}

const q = encodeURIComponent

/** The shared reads: pages and lists every visitor meets, whatever event they look for. */
export const sharedReads = (word: string, today: string): ReadonlyArray<Read> => [
  { what: 'home page', path: '/', kind: 'page' },
  { what: 'search page', path: '/search-filter', kind: 'page' },
  { what: 'live scores', path: '/live-score', kind: 'page' },
  { what: 'future events', path: '/api/v1/event/future-events', kind: 'json' },
  { what: 'catalogue search', path: '/api/v1/event/search-future-events', kind: 'json' },
  {
    what: 'catalogue search by word and every state',
    path: `/api/v1/event/search-future-events?nameOrLocation=${q(word)}&eventStates=running,future,past,canceled,postponed`,
    kind: 'json',
  },
  {
    what: 'calendar search of this month',
    path: `/api/v1/event/search-future-events?forCalendar=1&monthOnly=1&startDate=${today}&endDate=${today}`,
    kind: 'json',
  },
  { what: 'online events', path: '/api/v1/event/search-future-events?online=1', kind: 'json' },
  { what: 'event list with past ones', path: `/api/v1/event?nameOrLocation=${q(word)}`, kind: 'json' },
  { what: 'live results', path: '/api/v1/event/live-results', kind: 'json' },
  { what: 'live results count', path: '/api/v1/event/live-results-count', kind: 'json' },
]

/** The reads of one event's own pages and API answers (some answer 404 while it is not public: never 5xx). */
export const eventReads = (e: Shown): ReadonlyArray<Read> => {
  const ref = q(e.alias)
  const first = e.tournaments.slice(0, 2)
  return [
    { what: 'event page by alias', path: `/event/${ref}`, kind: 'page' },
    { what: 'event page by id', path: `/event/${e.eventId}`, kind: 'page' },
    { what: 'event page with the tournament picker', path: `/event/${ref}?register`, kind: 'page' },
    { what: 'event details', path: `/event/${ref}/details`, kind: 'page' },
    { what: 'event program', path: `/event/${ref}/program`, kind: 'page' },
    { what: 'live scores of its first day', path: `/live-score/${e.dateStart}`, kind: 'page' },
    {
      what: 'live results of its first day',
      path: `/api/v1/event/live-results?date=${e.dateStart}`,
      kind: 'json',
    },
    ...first.flatMap(
      (t): ReadonlyArray<Read> => [
        {
          what: 'player list page',
          path: `/event/${ref}/tournament/${q(t.alias)}/player-list`,
          kind: 'page',
        },
        { what: 'registration page', path: `/event/${ref}/tournament/${q(t.alias)}/register`, kind: 'page' },
        { what: 'player list', path: `/api/v1/tournament/${t.id}/event/${ref}/player-list`, kind: 'json' },
        {
          what: 'registration data',
          path: `/api/v1/tournament/${t.id}/register-tournament-data/${ref}`,
          kind: 'json',
        },
      ],
    ),
    {
      what: 'search page for the event',
      path: `/search?text=${q(e.word)}&state=future&state=past&state=canceled&state=postponed`,
      kind: 'page',
    },
    { what: 'event by id', path: `/api/v1/event/${e.eventId}`, kind: 'json' },
    { what: 'event by alias', path: `/api/v1/event/${ref}`, kind: 'json' },
    { what: 'event view data', path: `/api/v1/event/${ref}/event-view-data`, kind: 'json' },
    { what: 'event data', path: `/api/v1/event/${e.eventId}/event-data`, kind: 'json' },
    { what: 'event tournaments', path: `/api/v1/event/${e.eventId}/tournaments`, kind: 'json' },
    {
      what: 'participants count',
      path: `/api/v1/event/${e.eventId}/tournament-participants-count`,
      kind: 'json',
    },
    { what: 'event calendar', path: `/api/v1/event/ical?ids=${e.eventId}`, kind: 'calendar' },
    ...(e.tournaments.length > 0
      ? [
          {
            what: 'tournament calendar',
            path: `/api/v1/tournament/ical/generate?ids=${e.tournaments.map((t) => t.id).join(',')}&event=${ref}`,
            kind: 'calendar' as const,
          },
        ]
      : []),
    ...(e.place === null
      ? []
      : [
          {
            what: 'place suggestions',
            path: `/api/v1/event/search-event-locations?q=${q(e.place)}`,
            kind: 'json' as const,
          },
        ]),
  ]
}

/** What an error page or a leaked failure looks like in a rendered page (outside its scripts). */
const errorSigns = [
  /Something went wrong/i,
  /Internal server error/i,
  /is not a function/,
  /Cannot read properties of/,
  /SchemaError/,
  /Expected \w+, got/,
  /\bat [\w.<>]+ \(\/[^)]*:\d+:\d+\)/,
]

/** The visible text of a page: its scripts (the serialised catalogue and loader data) removed. */
const visible = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')

export interface Answer {
  readonly status: number
  readonly type: string
  readonly text: string
}

/** Why an answer is a failure, or null when it is sound. */
export const failureOf = (read: Read, answer: Answer): string | null => {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.status >= 300 && answer.status < 400) return null
  if (read.kind === 'page') {
    const text = visible(answer.text)
    const sign = errorSigns.find((pattern) => pattern.test(text))
    if (sign) return `shows ${sign.source}`
    if (answer.status === 200 && !answer.type.includes('text/html')) return `is ${answer.type}, not a page`
    return null
  }
  if (answer.status >= 400)
    return answer.type.includes('application/problem+json') ? null : `${answer.status} is no problem`
  if (read.kind === 'json') {
    try {
      JSON.parse(answer.text)
    } catch {
      return 'is not JSON'
    }
    return null
  }
  if (read.kind === 'calendar') {
    if (!answer.text.startsWith('BEGIN:VCALENDAR')) return 'is not a calendar'
    // RFC 5545: a DATE-TIME or DATE value has a four-digit year (a negative or five-digit year is no date).
    const bad = /^(DTSTART|DTEND|DTSTAMP)[^:]*:(?!\d{8}(T\d{6}Z?)?\r?$).*$/m.exec(answer.text)
    return bad ? `has a malformed date: ${bad[0]}` : null
  }
  return answer.text.startsWith('<?xml') ? null : 'is not XML'
}

const excerpt = (text: string) => {
  const body = visible(text).replace(/\s+/g, ' ')
  return body.length > 600 ? `${body.slice(0, 600)}…` : body
}

/**
 * Requests each read as each viewer (a redirect is followed once on the site) and gives back every failure as a
 * line naming the read, the viewer and what went wrong.
 */
export const readAll = async (
  site: Site,
  reads: ReadonlyArray<Read>,
  viewers: ReadonlyArray<Viewer>,
): Promise<ReadonlyArray<string>> => {
  const failures: Array<string> = []
  for (const viewer of viewers) {
    for (const read of reads) {
      let answer = await site.send(read.path, { headers: viewer.headers })
      if (answer.status >= 300 && answer.status < 400 && answer.location?.startsWith('/'))
        answer = await site.send(answer.location, { headers: viewer.headers })
      const failure = failureOf(read, answer)
      if (failure !== null)
        failures.push(`${viewer.name}: ${read.what} GET ${read.path} ${failure}: ${excerpt(answer.text)}`)
    }
  }
  return failures
}
