import { createServerFn } from '@tanstack/react-start'
import { Schema } from 'effect'
import {
  eventData,
  eventPreviewData,
  homeData,
  liveScoreData,
  moreEventsData,
  playerListData,
  searchData,
} from './catalogue.server.ts'

const Page = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10_000 }))
// Keys and filters come from the address bar: any text is accepted here and judged by the server
// code (an unknown key is a 404, a nonsense filter is ignored), so odd input never becomes a 500.
const Slug = Schema.String

/** Where a catalogue page starts (`YYYY-MM-DD.id`); anything else reads as the first page. */
const PageStart = Schema.Struct({
  after: Schema.optional(Schema.String.check(Schema.isMaxLength(30))),
  before: Schema.optional(Schema.String.check(Schema.isMaxLength(30))),
})

export const fetchHome = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(PageStart))
  .handler(({ data }) => homeData(data))

export const fetchSearch = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ q: Schema.optional(Slug), ...PageStart.fields })))
  .handler(({ data }) => searchData(data.q, data))

export const fetchEvent = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ aliasOrId: Slug })))
  .handler(({ data }) => eventData(data.aliasOrId))

/** The signed-in organiser's own event in any state, as its public page will show it (null: not theirs). */
export const fetchEventPreview = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ aliasOrId: Slug })))
  .handler(({ data }) => eventPreviewData(data.aliasOrId))

export const fetchPlayerList = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ event: Slug, tournament: Slug })))
  .handler(({ data }) => playerListData(data.event, data.tournament))

export const fetchLiveScore = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ date: Schema.optional(Slug), page: Page })))
  .handler(({ data }) => liveScoreData(data.date, data.page))

export const fetchMoreEvents = createServerFn({ method: 'GET' }).handler(() => moreEventsData())
