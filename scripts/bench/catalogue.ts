// The catalogue at scale: twenty typical searches (names, towns, accented and misspelt words, date ranges, filters)
// as the site runs them (EventService.browse: a keyset page and a count up to 1,000), timed against a primary-key
// lookup over the same stack; each query's plan, read with EXPLAIN ANALYZE, for the rows it sorts and whether it
// counts or ranks its whole match set; page 1,000 of a long listing against page 1.
import {
  type CatalogueQuery,
  type CatalogueTextMatch,
  catalogueAsTyped,
  catalogueCorrectedWords,
  catalogueNearestWordsSql,
  cataloguePageSql,
  catalogueTypedWords,
  EventService,
} from '@kibitz/events'
import { Database, DomainServices, withEm } from '@kibitz/infra'
import { Em, EventId } from '@kibitz/kernel'
import { Effect, Layer, ManagedRuntime, Schema } from 'effect'
import { type Figure, figure, percentile, sample } from './measure.ts'

const pageSize = 18

const day = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10)

/** The twenty searches, relative to `today` so a world made on any day gives the same kinds of results. */
const searches = (today: Date): ReadonlyArray<readonly [string, Partial<CatalogueQuery>]> => [
  ['home page (upcoming)', { upcomingOnly: true }],
  ['name "festival"', { text: 'festival', upcomingOnly: true }],
  ['name "open pairs"', { text: 'open pairs', upcomingOnly: true }],
  ['name "championship"', { text: 'championship', upcomingOnly: true }],
  ['town "vilnius"', { text: 'vilnius', upcomingOnly: true }],
  ['town "wrocław" (accented)', { text: 'wrocław', upcomingOnly: true }],
  ['town "wroclaw" (folded)', { text: 'wroclaw', upcomingOnly: true }],
  ['town "šiauliai" (accented)', { text: 'šiauliai', upcomingOnly: true }],
  ['town "jurmala" (folded)', { text: 'jurmala', upcomingOnly: true }],
  ['misspelt "vilnus"', { text: 'vilnus', upcomingOnly: true }],
  ['misspelt "krakw"', { text: 'krakw', upcomingOnly: true }],
  ['next month', { startDate: day(today, 30), endDate: day(today, 60) }],
  ['a month five years ago', { startDate: day(today, -1826), endDate: day(today, -1796) }],
  ['a whole past year', { startDate: day(today, -730), endDate: day(today, -365) }],
  ['international and world class', { eventTypes: [3, 4], upcomingOnly: true }],
  ['running or future', { eventStates: ['running', 'future'] }],
  ['past events (newest first)', { eventStates: ['past'] }],
  ['canceled or postponed', { eventStates: ['canceled', 'postponed'] }],
  ['country LT, upcoming', { countryCode: 'LT', upcomingOnly: true }],
  ['"bridge" in the past year', { text: 'bridge', startDate: day(today, -365), endDate: day(today, -1) }],
]

const PlanNode: Schema.Codec<PlanNodeType> = Schema.suspend(() =>
  Schema.Struct({
    'Node Type': Schema.String,
    'Actual Rows': Schema.Number,
    'Actual Loops': Schema.Number,
    Plans: Schema.optional(Schema.Array(PlanNode)),
  }),
)
interface PlanNodeType {
  readonly 'Node Type': string
  readonly 'Actual Rows': number
  readonly 'Actual Loops': number
  readonly Plans?: ReadonlyArray<PlanNodeType> | undefined
}
const decodeNearest = Schema.decodeUnknownSync(
  Schema.Array(
    Schema.Struct({ word: Schema.String, nearest: Schema.NullOr(Schema.String), score: Schema.Number }),
  ),
)
const decodeExplain = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ 'QUERY PLAN': Schema.Array(Schema.Struct({ Plan: PlanNode })) })),
)

/** Rows fed to sorts and rows seen by window aggregates anywhere in a plan. */
const planWork = (node: PlanNodeType): { sorted: number; windowed: number } => {
  const children = node.Plans ?? []
  const below = children.map(planWork)
  const input = children.reduce((n, c) => n + c['Actual Rows'] * c['Actual Loops'], 0)
  return {
    sorted:
      below.reduce((n, w) => n + w.sorted, 0) +
      (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort' ? input : 0),
    windowed: below.reduce((n, w) => n + w.windowed, 0) + (node['Node Type'] === 'WindowAgg' ? input : 0),
  }
}

/**
 * The data figures' baseline: a read of one event by its primary key through `run`'s runtime (an Effect run, a
 * MikroORM fork, the pg pool). Picks 200 random events; round `i` reads the i-th of them (modulo).
 */
export const primaryKeyLookup = async (
  run: <A>(effect: Effect.Effect<A, never, Em>) => Promise<A>,
): Promise<(round: number) => Promise<unknown>> => {
  const ids = await run(
    Effect.flatMap(Em, (em) =>
      Effect.promise(() => em.execute('select id from event order by random() limit 200')),
    ),
  )
  const idList = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ id: Schema.Int })))(ids).map(
    (r) => r.id,
  )
  return (round) =>
    run(
      Effect.flatMap(Em, (em) =>
        Effect.promise(() =>
          em.execute('select * from event where id = ?', [idList[Math.abs(round) % idList.length] ?? 1]),
        ),
      ),
    )
}

export interface CatalogueResult {
  readonly figures: ReadonlyArray<Figure>
  readonly rows: ReadonlyArray<{
    readonly name: string
    readonly p50: number
    readonly p95: number
    readonly shown: number
    readonly total: string
    readonly sorted: number
    readonly windowed: number
    readonly similar: boolean
  }>
}

/** Runs the catalogue scenarios on the world in `databaseUrl`. */
export const catalogueScenario = async (
  databaseUrl: string,
  options: { readonly rounds: number; readonly now: Date; readonly events: number },
): Promise<CatalogueResult> => {
  const runtime = ManagedRuntime.make(
    DomainServices.pipe(Layer.provideMerge(Database.layer(databaseUrl, { poolMax: 4 }))),
  )
  const run = <A>(effect: Effect.Effect<A, never, EventService | Em>) => runtime.runPromise(withEm(effect))
  try {
    // The baseline: one event read by its primary key through the same runtime and pool.
    const lookupP95 = percentile(await sample(options.rounds * 5, await primaryKeyLookup(run)), 0.95)

    const rows: Array<CatalogueResult['rows'][number]> = []
    const all: Array<number> = []
    for (const [name, partial] of searches(options.now)) {
      const query: CatalogueQuery = { offset: 0, limit: pageSize, ...partial }
      const browse = () => run(EventService.use((events) => events.browse(query, undefined, 'en', 1000)))
      const samples = await sample(options.rounds, browse)
      all.push(...samples)
      const page = await browse()
      const plan = await run(
        Effect.flatMap(Em, (em) =>
          Effect.promise(async () => {
            // The text match the listing used: as typed, or its words corrected as EventRepo corrects them.
            let match: CatalogueTextMatch = catalogueAsTyped
            if (page.similarText && query.text !== undefined) {
              const nearest = catalogueNearestWordsSql(catalogueTypedWords(query.text))
              const words = catalogueCorrectedWords(
                decodeNearest(await em.execute(nearest.text, [...nearest.params])),
              )
              if (words) match = { kind: 'similar', words }
            }
            const sql = cataloguePageSql(query, options.now, { skip: 0, take: pageSize + 1 }, match)
            return em.execute(`explain (analyze, format json) ${sql.text}`, [...sql.params])
          }),
        ),
      )
      const [explained] = decodeExplain(plan)
      const root = explained?.['QUERY PLAN'][0]?.Plan
      const work = root ? planWork(root) : { sorted: 0, windowed: 0 }
      rows.push({
        name,
        p50: percentile(samples, 0.5),
        p95: percentile(samples, 0.95),
        shown: page.events.length,
        total: `${page.total}${page.totalIsLowerBound ? '+' : ''}`,
        sorted: work.sorted,
        windowed: work.windowed,
        similar: page.similarText,
      })
    }

    // Deep pages: page 1,000 of the past events (newest first), reached by keyset as the site does.
    const past: CatalogueQuery = { eventStates: ['past'], offset: 0, limit: pageSize }
    const edgeRows = await run(
      Effect.flatMap(Em, (em) =>
        Effect.promise(() => {
          const sql = cataloguePageSql(
            past,
            options.now,
            { skip: 999 * pageSize - 1, take: 1 },
            catalogueAsTyped,
          )
          return em.execute(sql.text, [...sql.params])
        }),
      ),
    )
    const [edge] = Schema.decodeUnknownSync(
      Schema.Array(Schema.Struct({ id: EventId, date_start: Schema.String })),
    )(edgeRows)
    const first = await sample(options.rounds, () =>
      run(EventService.use((events) => events.browse(past, undefined, 'en', 1000))),
    )
    const deep = edge
      ? await sample(options.rounds, () =>
          run(
            EventService.use((events) =>
              events.browse(
                past,
                { dateStart: edge.date_start, id: edge.id, direction: 'after' },
                'en',
                1000,
              ),
            ),
          ),
        )
      : []
    const offsetDeep = await sample(Math.max(5, Math.floor(options.rounds / 3)), () =>
      run(EventService.use((events) => events.search({ ...past, offset: 999 * pageSize }, 'en'))),
    )

    const overallP95 = percentile(all, 0.95)
    const worstSorted = Math.max(...rows.map((r) => r.sorted))
    const windowed = Math.max(...rows.map((r) => r.windowed))
    const section = `Catalogue (${options.events.toLocaleString('en-US')} events)`
    const figures: Array<Figure> = [
      figure(section, 'search.p95', 'search p95, all 20 queries', overallP95, 'ms', {
        better: 'lower',
        goal: 20,
      }),
      figure(section, 'search.p50', 'search p50, all 20 queries', percentile(all, 0.5), 'ms', {
        better: 'lower',
      }),
      figure(section, 'lookup.p95', 'baseline: primary-key lookup p95', lookupP95, 'ms', { better: 'lower' }),
      figure(section, 'search.ratio', 'search p95 ÷ primary-key lookup p95', overallP95 / lookupP95, '×', {
        better: 'lower',
        tracked: true,
      }),
      figure(
        section,
        'search.windowed',
        'rows counted or ranked by a window over the match set',
        windowed,
        'rows',
        {
          better: 'lower',
          tracked: true,
          goal: 0,
        },
      ),
      figure(
        section,
        'search.sorted',
        'most rows any query sorts (merging its segments’ pages)',
        worstSorted,
        'rows',
        {
          better: 'lower',
          tracked: true,
        },
      ),
      // Only a world with a page 1,000 of past events has deep pages to compare (not the quick one).
      ...(edge
        ? [
            figure(section, 'deep.first', 'past events, page 1 p50', percentile(first, 0.5), 'ms', {
              better: 'lower',
            }),
            figure(
              section,
              'deep.keyset',
              'past events, page 1,000 by keyset p50',
              percentile(deep, 0.5),
              'ms',
              {
                better: 'lower',
              },
            ),
            figure(
              section,
              'deep.ratio',
              'page 1,000 ÷ page 1 (keyset)',
              percentile(deep, 0.5) / percentile(first, 0.5),
              '×',
              {
                better: 'lower',
                tracked: true,
                goal: 2,
              },
            ),
            figure(
              section,
              'deep.offset',
              'for comparison: page 1,000 by offset (the API) p50',
              percentile(offsetDeep, 0.5),
              'ms',
              {
                better: 'lower',
              },
            ),
          ]
        : []),
    ]
    return { figures, rows }
  } finally {
    await runtime.dispose()
  }
}
