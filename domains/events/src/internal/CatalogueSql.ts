import { likeLiteral, withoutControlCharacters } from '@kibitz/kernel'
import type { CatalogueQuery } from '../Event.ts'
import { publicStates } from '../Event.ts'

// The catalogue's SQL (docs/decisions/022). A listing is ordered by (date_start, id); a page is read by walking
// an index in that order from where the previous page ended (keyset), so page 1,000 costs what page 1 costs,
// and no query sorts or counts more rows than it needs. The visitor's filters split into *segments*, each of
// which an index serves in order with a LIMIT:
// - events that have not started yet (a range walk of event_public_start_idx, which carries the organiser, so a
//   count of them reads the index alone);
// - events that overlap the next days or a date range's start (event_public_span_idx, a GiST index on the
//   event's span, finds them without scanning the past);
// - past, canceled and postponed events, walked in order and filtered.
// The segments never overlap, so the page is the first rows of their plain concatenation (UNION ALL).

/** A fragment of SQL with its parameters, in order. */
interface Sql {
  readonly text: string
  readonly params: ReadonlyArray<unknown>
}

const sql = (text: string, ...params: ReadonlyArray<unknown>): Sql => ({ text, params })

const all = (parts: ReadonlyArray<Sql>): Sql => ({
  text: parts.length === 0 ? 'true' : parts.map((p) => p.text).join(' and '),
  params: parts.flatMap((p) => p.params),
})

const publicStateList = publicStates.map((s) => `'${s}'`).join(',')

/**
 * What a visitor may see: an event in a public state whose organiser is accepted (spec section 4: a declined
 * organiser counts as having no organiser account; a pending one is not yet public). The one read of another
 * domain's table, through the foreign key (docs/decisions/003). The state list is the partial indexes' own. Every
 * event has its organiser (a required foreign key), so "no organiser of it is anything but accepted" says the same
 * as "its organiser is accepted", and the database checks it against the few organisers not accepted instead of
 * hashing every accepted one for each part of a listing (a fifth of the home page's statement, issue 16).
 */
export const visibleToPublic = `e.state in (${publicStateList}) and not exists (select 1 from organiser o where o.id = e.organiser_id and o.status <> 3)`

/** The calendar date "now" in the event's own time zone: an event runs by its local calendar. */
const localToday = (now: string) => sql(`(?::timestamptz at time zone e.time_zone)::date`, now)

/**
 * How the visitor's text is matched: as typed (a substring of the search text), or, when that finds nothing, by
 * words: each typed word, or the known words nearest to it when it is not one (see `nearestWordsQuery`). An event
 * matches when it has, for every typed word, one of that word's alternatives.
 */
export type TextMatch =
  | { readonly kind: 'exact' }
  | { readonly kind: 'similar'; readonly words: ReadonlyArray<ReadonlyArray<string>> }

export const asTyped: TextMatch = { kind: 'exact' }

/**
 * The visitor's words, lower-cased, without control characters, at most ten; split where the database splits
 * the search text into its word list (event_word, Migration20261125180000).
 */
export const typedWords = (text: string): ReadonlyArray<string> =>
  withoutControlCharacters(text)
    .toLowerCase()
    .split(/[\s,.;:!?()"'„“”«»‹›/\\|+&*#@%=<>~^_–—-]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 10)

/** Shorter words are left out of the search by words: two letters have too few trigrams to find a neighbour. */
const correctedFrom = 3
/** How similar (pg_trgm's trigram similarity) the nearest known word must be: "vilnus" to "vilnius" is 0.5. */
const nearestAtLeast = 0.4

/** How many of the nearest known words are read for each typed word, to find those equally near it. */
const nearestRead = 4

/**
 * For each typed word, the known words nearest to it (a GiST index walk of the word list in distance order, so
 * one word costs a few index pages) and how similar each is; 1 for a word that is known. Several may be equally
 * near: "krakw" is as near "kraków", "krakow" and "krakov" (the same city in three spellings), and "vilnus" as near
 * "vilnius" as "vilnyus"; `correctedWords` keeps them all.
 */
export const nearestWordsQuery = (words: ReadonlyArray<string>): Sql => {
  const long = words.filter((word) => word.length >= correctedFrom)
  return sql(
    `select q.word, n.word as nearest, coalesce(similarity(n.word, q.word), 0)::float8 as score
       from unnest(array[${long.length === 0 ? 'null' : long.map(() => '?::text').join(',')}]::text[]) with ordinality q(word, ord)
       left join lateral (select w.word from event_word w order by w.word <-> q.word limit ${nearestRead}) n on true
      where q.word is not null
      order by q.ord, score desc, n.word`,
    ...long,
  )
}

/** Similarities this close are the same: pg_trgm computes them alike for words of the same trigram counts. */
const sameScore = 1e-6

/**
 * The words to match when the text as typed matched nothing: for each typed word of three letters or more, the
 * known words nearest to it (all of those equally near, in alphabetical order); none (nothing to match) when a
 * word has no near enough neighbour or none is long enough.
 */
export const correctedWords = (
  rows: ReadonlyArray<{ readonly word: string; readonly nearest: string | null; readonly score: number }>,
): ReadonlyArray<ReadonlyArray<string>> | undefined => {
  const byWord = new Map<string, Array<{ readonly nearest: string | null; readonly score: number }>>()
  for (const row of rows) {
    if (row.word.length < correctedFrom) continue
    const found = byWord.get(row.word)
    if (found) found.push(row)
    else byWord.set(row.word, [row])
  }
  const groups = new Map<string, ReadonlyArray<string>>()
  for (const candidates of byWord.values()) {
    const best = Math.max(...candidates.map((c) => (c.nearest === null ? 0 : c.score)))
    if (best < nearestAtLeast) return undefined
    const nearest = [
      ...new Set(
        candidates.flatMap((c) => (c.nearest !== null && c.score >= best - sameScore ? [c.nearest] : [])),
      ),
    ].sort()
    groups.set(nearest.join('\u0000'), nearest)
  }
  return groups.size > 0 ? [...groups.values()] : undefined
}

/**
 * The visitor's filters other than time. A text is matched with `like`, which the trigram index on search_text
 * serves; in a `narrow` segment, whose few rows the span index finds, with `strpos`, the same test the index
 * cannot serve, so the planner filters those rows instead of reading the text's whole trigram match beside them
 * ("festival" matches a tenth of all events: 0.8 ms a segment, against 0.1 ms).
 */
export const filtersOf = (
  query: CatalogueQuery,
  textMatch: TextMatch,
  narrow = false,
): ReadonlyArray<Sql> => {
  const parts: Array<Sql> = [sql(visibleToPublic)]
  const text = query.text ? withoutControlCharacters(query.text).toLowerCase() : ''
  if (text) {
    const groups = textMatch.kind === 'exact' ? [[text]] : textMatch.words
    for (const alternatives of groups) {
      const tests = alternatives.map((word) =>
        narrow
          ? sql(`strpos(e.search_text, ?) > 0`, word)
          : sql(`e.search_text like ?`, `%${likeLiteral(word)}%`),
      )
      parts.push(
        tests.length === 1 && tests[0]
          ? tests[0]
          : sql(`(${tests.map((t) => t.text).join(' or ')})`, ...tests.flatMap((t) => t.params)),
      )
    }
  }
  if (query.eventTypes && query.eventTypes.length > 0) {
    parts.push(sql(`e.type in (${query.eventTypes.map((t) => Number(t)).join(',')})`))
  }
  if (query.startDate) parts.push(sql(`e.date_end >= ?::date`, query.startDate))
  if (query.endDate) parts.push(sql(`e.date_start <= ?::date`, query.endDate))
  if (query.online !== undefined) parts.push(sql(`e.is_online = ?`, query.online))
  if (query.live !== undefined) parts.push(sql(`e.is_live = ?`, query.live))
  if (query.countryCode) parts.push(sql(`e.country_code = ?`, query.countryCode.toUpperCase()))
  return parts
}

/**
 * One part of a listing an index serves in order; `fromStart` when it has no lower date bound of its own, `narrow`
 * when the span index finds its few rows (the events around one day).
 */
interface Segment {
  readonly where: ReadonlyArray<Sql>
  readonly fromStart: boolean
  readonly narrow?: boolean
}

/**
 * The time segments of a query. Every time zone's "today" lies within a day of UTC's, so the sargable bounds use
 * UTC today ± 1 and the exact condition uses the event's own zone.
 */
export const segmentsOf = (query: CatalogueQuery, now: Date): ReadonlyArray<Segment> => {
  const day = now.toISOString().slice(0, 10)
  const instant = now.toISOString()
  // Events whose span touches the next days: the GiST index finds them directly. The overlap alone bounds the start
  // (at most UTC today + 1, where the later segment begins): a second bound on date_start offered the planner the
  // start index too, and a prepared statement's generic plan took it, reading every past event's entry (the home
  // page's statement ran 4.7 ms instead of 1.8 ms).
  const aroundToday = sql(
    `daterange(e.date_start, e.date_end, '[]') && daterange(?::date - 1, ?::date + 1, '[]')`,
    day,
    day,
  )
  const laterThanAnyZone = sql(`e.date_start > ?::date + 1`, day)
  const accepted = sql(`e.state = 'accepted'`)
  const today = localToday(instant)
  const segments: Array<Segment> = []
  const states = query.eventStates ?? []
  if (states.length === 0) {
    if (query.upcomingOnly) {
      segments.push(
        {
          where: [aroundToday, sql(`e.date_end >= ${today.text}`, ...today.params)],
          fromStart: false,
          narrow: true,
        },
        { where: [laterThanAnyZone], fromStart: false },
      )
    } else {
      segments.push({ where: [], fromStart: true })
    }
  }
  for (const state of states) {
    switch (state) {
      case 'running':
        segments.push({
          where: [
            accepted,
            aroundToday,
            sql(
              `e.date_start <= ${today.text} and e.date_end >= ${today.text}`,
              ...today.params,
              ...today.params,
            ),
          ],
          fromStart: false,
          narrow: true,
        })
        break
      case 'future':
        segments.push(
          {
            where: [accepted, aroundToday, sql(`e.date_start > ${today.text}`, ...today.params)],
            fromStart: false,
            narrow: true,
          },
          { where: [accepted, laterThanAnyZone], fromStart: false },
        )
        break
      case 'past':
        // A past event ended before its local today, so it started at the latest UTC tomorrow.
        segments.push({
          where: [
            accepted,
            sql(`e.date_start <= ?::date + 1 and e.date_end < ${today.text}`, day, ...today.params),
          ],
          fromStart: true,
        })
        break
      case 'canceled':
      case 'postponed':
        segments.push({ where: [sql(`e.state = '${state}'`)], fromStart: true })
        break
    }
  }
  // From a start date on, a segment that would walk from the first event ever is split in two: the events that
  // start on or after it (a walk from that date) and the few that started before it and still run then.
  const start = query.startDate
  if (!start) return segments
  return segments.flatMap((segment) =>
    segment.fromStart
      ? [
          { where: [...segment.where, sql(`e.date_start >= ?::date`, start)], fromStart: false },
          {
            where: [
              ...segment.where,
              sql(
                `e.date_start < ?::date and daterange(e.date_start, e.date_end, '[]') && daterange(?::date, ?::date, '[]')`,
                start,
                start,
                start,
              ),
            ],
            fromStart: false,
            narrow: true,
          },
        ]
      : [segment],
  )
}

/** Only past events are listed newest first; every other listing soonest first. */
export const listingOrder = (query: CatalogueQuery): 'asc' | 'desc' =>
  query.eventStates?.length === 1 && query.eventStates[0] === 'past' ? 'desc' : 'asc'

/** Where a page starts in a listing: after or before this event (its date and id). */
export interface Keyset {
  readonly dateStart: string
  readonly id: number
  readonly direction: 'after' | 'before'
}

/**
 * The ids (and dates) of one page: `take` rows from `skip`, walking the listing's order, or its reverse when the
 * keyset says `before` (the caller turns those rows back). Every segment is read in index order with a LIMIT.
 */
export const pageQuery = (
  query: CatalogueQuery,
  now: Date,
  page: { readonly keyset?: Keyset | undefined; readonly skip: number; readonly take: number },
  textMatch: TextMatch,
): Sql => {
  const order = listingOrder(query)
  const walk = page.keyset?.direction === 'before' ? (order === 'asc' ? 'desc' : 'asc') : order
  const keyset = page.keyset
    ? [
        sql(
          `(e.date_start, e.id) ${walk === 'asc' ? '>' : '<'} (?::date, ?)`,
          page.keyset.dateStart,
          page.keyset.id,
        ),
      ]
    : []
  const segments = segmentsOf(query, now)
  const limit = page.skip + page.take
  const parts = segments.map((segment) => {
    const where = all([...filtersOf(query, textMatch, segment.narrow), ...segment.where, ...keyset])
    return sql(
      `select e.id, e.date_start::text as date_start from event e where ${where.text} order by e.date_start ${walk}, e.id ${walk} limit ${limit}`,
      ...where.params,
    )
  })
  const [only] = parts
  if (parts.length === 1 && only) {
    return page.skip === 0 ? only : sql(`select * from (${only.text}) p offset ${page.skip}`, ...only.params)
  }
  return sql(
    `select id, date_start from (${parts.map((p) => `(${p.text})`).join(' union all ')}) p order by date_start ${walk}, id ${walk} limit ${page.take} offset ${page.skip}`,
    ...parts.flatMap((p) => p.params),
  )
}

/**
 * How many events the query lists, read up to `upTo + 1` rows when a cap is given (the catalogue shows "1,000+"),
 * else exactly (the API's totalEventsCount).
 */
export const countQuery = (
  query: CatalogueQuery,
  now: Date,
  upTo: number | undefined,
  textMatch: TextMatch,
): Sql => {
  const parts = segmentsOf(query, now).map((segment) => {
    const where = all([...filtersOf(query, textMatch, segment.narrow), ...segment.where])
    return sql(
      `select e.id from event e where ${where.text}${upTo === undefined ? '' : ` limit ${upTo + 1}`}`,
      ...where.params,
    )
  })
  return sql(
    `select count(*)::int as count from (${parts.map((p) => `(${p.text})`).join(' union all ')}) c`,
    ...parts.flatMap((p) => p.params),
  )
}

/** What a catalogue card shows of an event (EventService's toCard), as `cardJson` reads it. */
export interface CardSource {
  readonly id: number
  readonly alias: string
  readonly state: string
  readonly type: number
  readonly timeZone: string
  readonly dateStart: string
  readonly dateEnd: string
  readonly registrationWindows: ReadonlyArray<{ readonly opensAt: string | null; readonly closesAt: string }>
  readonly showNativeName: boolean
  readonly tournamentsCount: number
  readonly countryCode: string | null
  readonly isOnline: boolean
  readonly isLive: boolean
  readonly hasLiveResults: boolean
  readonly hasFinalResults: boolean
  readonly liveResultsUrl: string | null
  readonly isRecommended: boolean
  readonly thumbUrl: string | null
  readonly imageAlt: string | null
  readonly organiserId: number
  readonly contents: ReadonlyArray<{
    readonly name: string
    readonly language: string
    readonly type: number
    readonly isMain: boolean
  }>
  readonly locations: ReadonlyArray<{
    readonly shortAddressLine: string | null
    readonly name: string | null
    readonly countryCode: string | null
  }>
}

/**
 * What a catalogue card shows of the event `e` (CardSource), field by field: the field's name and the SQL that reads
 * it, typed as the database types its column; the contents and places in id order (as the ORM's collections were).
 * A card travels as a JSON array of these values in this order (`cardJson`), a third smaller than an object that
 * names every field on every card.
 */
export const cardFields = [
  ['id', 'e.id'],
  ['alias', 'e.alias'],
  ['state', 'e.state'],
  ['type', 'e.type'],
  ['timeZone', 'e.time_zone'],
  ['dateStart', 'e.date_start'],
  ['dateEnd', 'e.date_end'],
  ['registrationWindows', 'e.registration_windows'],
  ['showNativeName', 'e.show_native_name'],
  ['tournamentsCount', 'e.tournaments_count'],
  ['countryCode', 'e.country_code'],
  ['isOnline', 'e.is_online'],
  ['isLive', 'e.is_live'],
  ['hasLiveResults', 'e.has_live_results'],
  ['hasFinalResults', 'e.has_final_results'],
  ['liveResultsUrl', 'e.live_results_url'],
  ['isRecommended', 'e.is_recommended'],
  ['thumbUrl', 'e.thumb_url'],
  ['imageAlt', 'e.image_alt'],
  ['organiserId', 'e.organiser_id'],
  [
    'contents',
    `coalesce((select json_agg(json_build_object('name', c.name, 'language', c.language, 'type', c.type,
                                                  'isMain', c.is_main) order by c.id)
                 from event_content c where c.event_id = e.id), '[]')`,
  ],
  [
    'locations',
    `coalesce((select json_agg(json_build_object('shortAddressLine', l.short_address_line, 'name', l.name,
                                                  'countryCode', l.country_code) order by l.id)
                 from event_location l where l.event_id = e.id), '[]')`,
  ],
] as const satisfies ReadonlyArray<readonly [keyof CardSource, string]>

/** True: `cardFields` reads every field of CardSource (this fails to compile when one is missing). */
export const cardFieldsReadAll: [Exclude<keyof CardSource, (typeof cardFields)[number][0]>] extends [never]
  ? true
  : never = true

/** A card of the event `e` as one JSON array: `cardFields`' values in their order. */
export const cardJson = `json_build_array(${cardFields.map(([, value]) => value).join(', ')})`

/**
 * A catalogue page in one statement: the page's rows (`pageQuery`), each as its card (`cardJson`) in the listing's
 * order, and how many the listing has (`countQuery`, up to `upTo + 1` rows or exactly), as one row `total, cards`.
 * One round trip and one plan instead of three: the page, its cards and the count were separate statements. Its
 * text holds no `?` but its parameters' (`numbered` relies on it).
 */
export const catalogueQuery = (
  query: CatalogueQuery,
  now: Date,
  page: { readonly keyset?: Keyset | undefined; readonly skip: number; readonly take: number },
  textMatch: TextMatch,
  upTo: number | undefined,
): Sql => {
  const text = query.text ? withoutControlCharacters(query.text) : ''
  if (text !== '' && upTo !== undefined && page.skip === 0)
    return countedTextQuery(query, now, page, textMatch, upTo)
  const rows = pageQuery(query, now, page, textMatch)
  const count = countQuery(query, now, upTo, textMatch)
  const order = listingOrder(query)
  return sql(
    `with page as (${rows.text})
     select (${count.text}) as total,
            coalesce((select json_agg(${cardJson} order by e.date_start ${order}, e.id ${order})
                        from page p join event e on e.id = p.id), '[]') as cards`,
    ...rows.params,
    ...count.params,
  )
}

/**
 * `catalogueQuery` for a text on the site (a count capped at `upTo`, a first page or a keyset's): each segment's
 * matches are read once, up to `upTo + 1` of them (`m0`, `m1`, …, materialized), for the count, and the page is the
 * first rows of those matches in the listing's order. Reading them again for the page cost a second trigram scan:
 * a prepared statement's plan cannot know how many events a text matches, and its generic plan took the trigram
 * index for the page too ("festival" on the search page: 1.5 ms of a 3.8 ms statement, issue 16). A segment with
 * more than `upTo` matches (a word in many names) is walked in order instead, with the test the index cannot serve
 * (`strpos`), where matches are dense enough for the walk to find a page soon. Sorting a segment's matches sorts
 * at most `upTo + 1` short rows in memory.
 */
const countedTextQuery = (
  query: CatalogueQuery,
  now: Date,
  page: { readonly keyset?: Keyset | undefined; readonly take: number },
  textMatch: TextMatch,
  upTo: number,
): Sql => {
  const order = listingOrder(query)
  const walk = page.keyset?.direction === 'before' ? (order === 'asc' ? 'desc' : 'asc') : order
  const after = (alias: string) =>
    page.keyset
      ? [
          sql(
            `(${alias}date_start, ${alias}id) ${walk === 'asc' ? '>' : '<'} (?::date, ?)`,
            page.keyset.dateStart,
            page.keyset.id,
          ),
        ]
      : []
  const segments = segmentsOf(query, now)
  const matches = segments.map((segment, i) => {
    const where = all([...filtersOf(query, textMatch, segment.narrow), ...segment.where])
    return sql(
      `m${i} as materialized (select e.id, e.date_start from event e where ${where.text} limit ${upTo + 1})`,
      ...where.params,
    )
  })
  const parts = segments.map((segment, i) => {
    const few = `(select count(*) from m${i}) <= ${upTo}`
    const fromMatches = all([sql(few), ...after('')])
    const walked = all([
      sql(`not ${few}`),
      ...filtersOf(query, textMatch, true),
      ...segment.where,
      ...after('e.'),
    ])
    return sql(
      `(select id, date_start from m${i} where ${fromMatches.text} order by date_start ${walk}, id ${walk} limit ${page.take})
       union all
       (select e.id, e.date_start from event e where ${walked.text} order by e.date_start ${walk}, e.id ${walk} limit ${page.take})`,
      ...fromMatches.params,
      ...walked.params,
    )
  })
  return sql(
    `with ${matches.map((m) => m.text).join(', ')},
     page as (select id, date_start from (${parts.map((p) => p.text).join(' union all ')}) p
              order by date_start ${walk}, id ${walk} limit ${page.take})
     select (select count(*)::int from (${segments.map((_, i) => `select id from m${i}`).join(' union all ')}) c) as total,
            coalesce((select json_agg(${cardJson} order by e.date_start ${order}, e.id ${order})
                        from page p join event e on e.id = p.id), '[]') as cards`,
    ...matches.flatMap((m) => m.params),
    ...parts.flatMap((p) => p.params),
  )
}

/**
 * The same statement with its parameters numbered `$1`…`$n` in order, as a named prepared statement takes them.
 * The catalogue's SQL holds no `?` but its parameters' (no jsonb `?` operator, no literal question mark).
 */
export const numbered = (text: string): string => {
  let n = 0
  return text.replace(/\?/g, () => `$${++n}`)
}

/**
 * Whether a site listing's statement may be sent as a named prepared statement (planned once per connection: the
 * home page's took 0.7 ms to plan, a typed word's 1.1 ms, against under 1 ms to run). Only the few shapes the site
 * asks all the time: the upcoming listing, with a text as typed or without, from its first row (the first page, or
 * after or before an event). Each prepared statement keeps about 300 kB of plan on each connection, so the many
 * shapes filters make (types, states, dates, places, corrected words) are planned each time instead of kept, and
 * so are the API's pages, whose offsets and sizes the client chooses.
 */
export const preparable = (
  query: CatalogueQuery,
  page: { readonly skip: number },
  textMatch: TextMatch,
): boolean =>
  page.skip === 0 &&
  textMatch.kind === 'exact' &&
  (query.eventTypes?.length ?? 0) === 0 &&
  (query.eventStates?.length ?? 0) === 0 &&
  query.startDate === undefined &&
  query.endDate === undefined &&
  query.online === undefined &&
  query.live === undefined &&
  query.countryCode === undefined
