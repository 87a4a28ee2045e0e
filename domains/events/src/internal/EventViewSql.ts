import { hasControlCharacters } from '@kibitz/kernel'
import { Schema } from 'effect'
import { visibleToPublic } from './CatalogueSql.ts'

// The public event page's read of one event (EventService.view and preview): the event, its contents and its
// locations as one row shaped as the page needs them, from one statement that also finds the event by alias or
// id. No entity is hydrated on this path (docs/decisions/025).

/** An instant as the ORM's Date would print it (toISOString), or null. */
const instant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A gallery `g`'s items as a JSON array, in the organiser's order (docs/decisions/041). */
const galleryItems = `
  select json_agg(json_build_object('galleryItemId', i.id, 'title', i.title, 'url', i.url,
                                    'imageThumb', i.thumb_url, 'thumbnails', i.thumbnails,
                                    'filename', i.filename, 'uploadedAt', ${instant('i.uploaded_at')},
                                    'orderNumber', i.order_number, 'key', i.key,
                                    'width', i.width, 'height', i.height) order by i.order_number, i.id)
    from gallery_item i where i.gallery_id = g.id`

const columns = `
  e.id, e.alias, e.state, e.type, e.time_zone as "timeZone", e.date_start::text as "dateStart",
  e.date_end::text as "dateEnd", e.registration_windows as "registrationWindows",
  e.show_native_name as "showNativeName", e.tournaments_count as "tournamentsCount",
  e.country_code as "countryCode", e.is_online as "isOnline", e.is_live as "isLive",
  e.has_live_results as "hasLiveResults", e.has_final_results as "hasFinalResults",
  e.live_results_url as "liveResultsUrl", e.is_recommended as "isRecommended", e.thumb_url as "thumbUrl",
  e.image_alt as "imageAlt", e.organiser_id as "organiserId",
  e.key::text as key, e.status, e.edition_type as "editionType", e.edition_year as "editionYear",
  e.edition_season as "editionSeason", e.currency_code as "currencyCode", e.organiser_email as "organiserEmail",
  e.image_url as "imageUrl", e.external_page_url as "externalPageUrl",
  e.championship_type_text as "championshipTypeText", e.state_message as "stateMessage",
  e.dates_to_be_announced as "datesToBeAnnounced", e.ads_enabled as "adsEnabled",
  e.fb_comments_enabled as "fbCommentsEnabled", e.is_youth as "isYouth",
  ${instant('e.registration_opens_at')} as "registrationOpensAt",
  ${instant('e.registration_closes_at')} as "registrationClosesAt",
  ${instant('e.updated_at')} as "updatedAt",
  coalesce((select json_agg(json_build_object('language', c.language, 'name', c.name,
                                             'description', c.description, 'alias', c.alias,
                                             'isMain', c.is_main, 'type', c.type) order by c.id)
              from event_content c where c.event_id = e.id), '[]') as contents,
  coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'addressLine', l.address_line,
                                             'formattedAddress', l.formatted_address,
                                             'shortAddressLine', l.short_address_line,
                                             'countryCode', l.country_code, 'lat', l.lat, 'long', l.long,
                                             'dateStart', l.date_start, 'dateEnd', l.date_end,
                                             'startTime', l.start_time, 'endTime', l.end_time,
                                             'isMain', l.is_main, 'type', l.type,
                                             'externalUrl', l.external_url) order by l.id)
              from event_location l where l.event_id = e.id), '[]') as locations,
  coalesce((select json_agg(json_build_object('galleryId', g.id, 'tournamentId', g.tournament_id, 'title', g.title,
                                             'items', (${galleryItems})) order by g.tournament_id nulls first, g.id)
              from gallery g
             where g.event_id = e.id and g.is_active
               and exists (select 1 from gallery_item i where i.gallery_id = g.id)), '[]') as galleries`

/**
 * The columns `columns` (of an event `e`) of a public event found by its id or its own alias (the lower id when a
 * number is both), else by one of its contents' aliases; the contents are looked at only when nothing else
 * matched. Parameters: $1 the id (-1 when the key is not a number), $2 the alias (publicKey makes both).
 */
export const publicEventSql = (columns: string) => `
  with direct as (
    select e.id from event e where ${visibleToPublic} and (e.id = $1 or e.alias = $2) order by e.id limit 1
  ),
  found as (
    select id from direct
    union all
    (select e.id from event e
      where not exists (select 1 from direct) and ${visibleToPublic}
        and exists (select 1 from event_content c where c.event_id = e.id and c.alias = $2)
      order by e.id limit 1)
  )
  select ${columns} from event e join found on found.id = e.id`

/** The columns `columns` of any event by id ($1), whatever its state. */
export const eventByIdSql = (columns: string) => `select ${columns} from event e where e.id = $1`

/** publicEventSql's parameters for a key from an address; null for one no event can have. */
export const publicKey = (aliasOrId: string): readonly [number, string] | null => {
  if (hasControlCharacters(aliasOrId) || aliasOrId.length > 200) return null
  const alias = aliasOrId.toLowerCase()
  return [/^\d{1,9}$/.test(alias) ? Number(alias) : -1, alias]
}

/** The public event page's event (EventService.view). */
export const publicViewSql = publicEventSql(columns)
/** Any event as the event page shows it, whatever its state (the organiser's preview). */
export const anyViewSql = eventByIdSql(columns)

const Nullable = Schema.NullOr(Schema.String)

/** What the event page shows of an event, as publicViewSql and anyViewSql read it. */
export const ViewRow = Schema.Struct({
  id: Schema.Int,
  alias: Schema.String,
  state: Schema.String,
  type: Schema.Int,
  timeZone: Schema.String,
  dateStart: Schema.String,
  dateEnd: Schema.String,
  registrationWindows: Schema.Array(Schema.Struct({ opensAt: Nullable, closesAt: Schema.String })),
  showNativeName: Schema.Boolean,
  tournamentsCount: Schema.Int,
  countryCode: Nullable,
  isOnline: Schema.Boolean,
  isLive: Schema.Boolean,
  hasLiveResults: Schema.Boolean,
  hasFinalResults: Schema.Boolean,
  liveResultsUrl: Nullable,
  isRecommended: Schema.Boolean,
  thumbUrl: Nullable,
  imageAlt: Nullable,
  organiserId: Schema.Int,
  key: Schema.String,
  status: Schema.Int,
  editionType: Schema.Int,
  editionYear: Schema.NullOr(Schema.Int),
  editionSeason: Nullable,
  currencyCode: Schema.String,
  organiserEmail: Nullable,
  imageUrl: Nullable,
  externalPageUrl: Nullable,
  championshipTypeText: Nullable,
  stateMessage: Nullable,
  datesToBeAnnounced: Schema.Boolean,
  adsEnabled: Schema.Boolean,
  fbCommentsEnabled: Schema.Boolean,
  isYouth: Schema.Boolean,
  registrationOpensAt: Nullable,
  registrationClosesAt: Nullable,
  updatedAt: Schema.String,
  contents: Schema.Array(
    Schema.Struct({
      language: Schema.String,
      name: Schema.String,
      description: Nullable,
      alias: Schema.String,
      isMain: Schema.Boolean,
      type: Schema.Int,
    }),
  ),
  locations: Schema.Array(
    Schema.Struct({
      id: Schema.Int,
      name: Nullable,
      addressLine: Nullable,
      formattedAddress: Nullable,
      shortAddressLine: Nullable,
      countryCode: Nullable,
      lat: Schema.NullOr(Schema.Number),
      long: Schema.NullOr(Schema.Number),
      dateStart: Nullable,
      dateEnd: Nullable,
      startTime: Nullable,
      endTime: Nullable,
      isMain: Schema.Boolean,
      type: Schema.Int,
      externalUrl: Nullable,
    }),
  ),
  galleries: Schema.Array(
    Schema.Struct({
      galleryId: Schema.Int,
      tournamentId: Schema.NullOr(Schema.Int),
      title: Nullable,
      items: Schema.Array(
        Schema.Struct({
          galleryItemId: Schema.Int,
          title: Nullable,
          url: Schema.String,
          imageThumb: Schema.String,
          thumbnails: Schema.Array(
            Schema.Struct({ url: Schema.String, width: Schema.Int, height: Schema.Int }),
          ),
          filename: Schema.String,
          uploadedAt: Schema.String,
          orderNumber: Schema.Int,
          key: Schema.String,
          width: Schema.Int,
          height: Schema.Int,
        }),
      ),
    }),
  ),
})
export type ViewSource = typeof ViewRow.Type

export const decodeViewRows = Schema.decodeUnknownSync(Schema.Array(ViewRow))
