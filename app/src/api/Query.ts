import { CatalogueState, EventTypeId } from '@kibitz/events'
import { CountryCode, EventId, hasControlCharacters, IsoDateString, TournamentId } from '@kibitz/kernel'
import { Schema, SchemaTransformation } from 'effect'

// Query-string codecs of the public API. Each decodes from the text (or repeated texts) a client sends, so a
// bad value fails decoding and the Problems middleware answers 400 naming the parameter. Descriptions sit on
// the text side because the OpenAPI document describes what the client sends.

/** A query parameter's text, described for the OpenAPI document. */
export const queryText = (description: string) =>
  Schema.String.check(
    Schema.makeFilter((value: string) => !hasControlCharacters(value), {
      expected: 'text without control characters',
    }),
  ).annotate({ description })

/** A list given as repeated parameters, as one comma-separated value, or both (`a=1,2&a=3`). */
export const commaList = <A>(item: Schema.Codec<A, string>, description: string) =>
  Schema.Array(Schema.String)
    .annotate({ description: `${description}; repeated or comma-separated.` })
    .pipe(
      Schema.decodeTo(
        Schema.Array(item),
        SchemaTransformation.transform<ReadonlyArray<string>, ReadonlyArray<string>>({
          decode: (values) =>
            values
              .flatMap((value) => value.split(','))
              .map((value) => value.trim())
              .filter((value) => value.length > 0),
          encode: (values) => values,
        }),
      ),
    )

/** A whole number between `minimum` and `maximum` from its decimal text. */
const integer = (description: string, minimum: number, maximum = Number.MAX_SAFE_INTEGER) =>
  queryText(description).pipe(
    Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
    Schema.decodeTo(Schema.Int.check(Schema.isBetween({ minimum, maximum }))),
  )

/** An id of the kernel's (a positive PostgreSQL integer) from its decimal text; decoding brands it. */
const idFromString = <Id extends Schema.Decoder<number>>(id: Id) =>
  queryText('An id').pipe(
    Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
    Schema.decodeTo(id),
  )

export const EventIdFromString = idFromString(EventId)
export const TournamentIdFromString = idFromString(TournamentId)

/** An offset into a result list. */
export const Offset = integer('How many results to skip; default 0.', 0)

/** A page size between 1 and `maximum`. */
export const limitUpTo = (maximum: number, byDefault: number) =>
  integer(`How many results to return, 1 to ${maximum}; default ${byDefault}.`, 1, maximum)

const flagText = Schema.Literals(['1', 'true', '0', 'false'])

/** A boolean flag: 1, true, 0 or false. */
export const flag = (description: string) =>
  flagText.annotate({ description }).pipe(
    Schema.decodeTo(
      Schema.Boolean,
      SchemaTransformation.transform<boolean, typeof flagText.Type>({
        decode: (value) => value === '1' || value === 'true',
        encode: (value) => (value ? '1' : '0'),
      }),
    ),
  )

/** An event type id of spec section 9 (local 1, national 2, international 3, world class 4). */
export const EventTypeFromString = Schema.FiniteFromString.pipe(Schema.decodeTo(EventTypeId))

/** A calendar date YYYY-MM-DD that exists. */
export const queryDate = (description: string) =>
  queryText(`${description} (YYYY-MM-DD).`).pipe(Schema.decodeTo(IsoDateString))

/** An ISO 3166-1 alpha-2 country code in any case. */
export const QueryCountry = queryText('An ISO 3166-1 alpha-2 country code, e.g. LT.').pipe(
  Schema.decodeTo(
    CountryCode,
    SchemaTransformation.transform<string, string>({
      decode: (value) => value.trim().toUpperCase(),
      encode: (value) => value,
    }),
  ),
)

/** The catalogue filters shared by the event list endpoints (spec section 7 "filters"). */
export const catalogueFilters = {
  nameOrLocation: Schema.optionalKey(
    queryText('Event name or place; under 3 characters it is ignored and the default results are given.'),
  ),
  eventTypes: Schema.optionalKey(
    commaList(EventTypeFromString, 'Event type ids: 1 local, 2 national, 3 international, 4 world class'),
  ),
  eventStates: Schema.optionalKey(commaList(CatalogueState, 'running, future, past, canceled, postponed')),
  startDate: Schema.optionalKey(queryDate('First day')),
  endDate: Schema.optionalKey(queryDate('Last day, not before startDate')),
  monthOnly: Schema.optionalKey(flag('Month mode: the dates widen to whole months.')),
  online: Schema.optionalKey(flag('1: online events only.')),
  live: Schema.optionalKey(flag('1: in-person events only.')),
  country: Schema.optionalKey(QueryCountry),
  offset: Schema.optionalKey(Offset),
}

/** Event or tournament ids, as `ids[]=1&ids[]=2` or `ids=1,2`. */
const idsQuery = <A extends number>(id: Schema.Codec<A, string>) => ({
  'ids[]': Schema.optionalKey(commaList(id, 'Ids')),
  ids: Schema.optionalKey(commaList(id, 'Ids')),
})

export const eventIdsQuery = idsQuery(EventIdFromString)
export const tournamentIdsQuery = idsQuery(TournamentIdFromString)
