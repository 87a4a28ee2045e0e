import { defineEntity, p } from '@mikro-orm/postgresql'
import type { RegistrationWindow } from '../../Event.ts'

/**
 * An event of spec section 3. Cross-domain references (organiser, country, currency) are plain
 * ids: entities never leave their domain, so no ORM relation crosses a domain boundary
 * (docs/decisions/003-cross-domain-references.md).
 */
const EventSchema = defineEntity({
  name: 'EventEntity',
  tableName: 'event',
  properties: {
    id: p.integer().primary().autoincrement(),
    key: p.uuid().unique(),
    alias: p.string().length(120).unique(),
    organiserId: p.integer().index(),
    // Spec section 4: status ids draft 1, accepted 2, declined 3.
    status: p.smallint(),
    // Spec section 4: the server status with its flags.
    state: p.string().length(20),
    type: p.smallint().default(3),
    isLive: p.boolean().default(true),
    isOnline: p.boolean().default(false),
    editionType: p.smallint().default(1),
    editionYear: p.integer().nullable(),
    editionSeason: p.string().length(20).nullable(),
    dateStart: p.date(),
    dateEnd: p.date(),
    countryCode: p.string().length(2).nullable(),
    // The languages spoken at the event (content language codes), in the organiser's order. JSON columns start
    // empty through onCreate: a string default would be stored as the JSON string "[]" (docs/decisions/026).
    languages: p
      .json<ReadonlyArray<string>>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    currencyCode: p.string().length(3).default('EUR'),
    timeZone: p.string().length(64).default('Europe/Vilnius'),
    organiserEmail: p.string().length(254).nullable(),
    // Where registrations are paid by bank transfer (issue 5); none: no bank transfer offered.
    paymentBeneficiary: p.string().length(140).nullable(),
    paymentIban: p.string().length(34).nullable(),
    paymentBic: p.string().length(11).nullable(),
    imageUrl: p.string().length(500).nullable(),
    thumbUrl: p.string().length(500).nullable(),
    imageAlt: p.string().length(250).nullable(),
    liveResultsUrl: p.string().length(500).nullable(),
    hasLiveResults: p.boolean().default(false),
    hasFinalResults: p.boolean().default(false),
    externalPageUrl: p.string().length(500).nullable(),
    isRecommended: p.boolean().default(false),
    isYouth: p.boolean().default(false),
    adsEnabled: p.boolean().default(true),
    fbCommentsEnabled: p.boolean().default(true),
    showNativeName: p.boolean().default(false),
    championshipTypeText: p.string().length(120).nullable(),
    stateMessage: p.text().nullable(),
    /** Postponed without new dates: they are to be announced (docs/decisions/032). */
    datesToBeAnnounced: p.boolean().default(false),
    // Kept by the tournaments domain through EventService.recordTournamentSummary.
    tournamentsCount: p.integer().default(0),
    registrationOpensAt: p.datetime().nullable(),
    registrationClosesAt: p.datetime().nullable(),
    // Each tournament's window (ISO instants; no opening: open from publication on). Registration is
    // open when one of them is, so a gap between two windows reads as closed.
    registrationWindows: p
      .json<ReadonlyArray<RegistrationWindow>>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    // Lower-cased names, aliases and places in every language, for catalogue text search.
    searchText: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    contents: () => p.oneToMany(EventContentEntity).mappedBy('event').orderBy({ id: 'asc' }),
    locations: () => p.oneToMany(LocationEntity).mappedBy('event').orderBy({ id: 'asc' }),
  },
  indexes: [
    {
      name: 'event_catalogue_idx',
      properties: ['dateEnd', 'dateStart', 'id'],
      where: "state in ('accepted','postponed','canceled')",
    },
    { name: 'event_start_idx', properties: ['dateStart', 'id'] },
  ],
})
export class EventEntity extends EventSchema.class {}
EventSchema.setClass(EventEntity)

const EventContentSchema = defineEntity({
  name: 'EventContentEntity',
  tableName: 'event_content',
  properties: {
    id: p.integer().primary().autoincrement(),
    event: () => p.manyToOne(EventEntity).inversedBy('contents').deleteRule('cascade'),
    language: p.string().length(5),
    name: p.string().length(200),
    description: p.text().nullable(),
    alias: p.string().length(200),
    isMain: p.boolean().default(false),
    // Spec section 3: content type 1 (translation) or 2 (the native language).
    type: p.smallint().default(1),
  },
  uniques: [{ properties: ['event', 'language'] }],
})
export class EventContentEntity extends EventContentSchema.class {}
EventContentSchema.setClass(EventContentEntity)

const LocationSchema = defineEntity({
  name: 'LocationEntity',
  tableName: 'event_location',
  properties: {
    id: p.integer().primary().autoincrement(),
    event: () => p.manyToOne(EventEntity).inversedBy('locations').deleteRule('cascade'),
    name: p.string().length(200).nullable(),
    addressLine: p.string().length(300).nullable(),
    formattedAddress: p.string().length(300).nullable(),
    shortAddressLine: p.string().length(120).nullable(),
    countryCode: p.string().length(2).nullable(),
    lat: p.double().nullable(),
    long: p.double().nullable(),
    placeId: p.string().length(200).nullable(),
    dateStart: p.date().nullable(),
    dateEnd: p.date().nullable(),
    hasStartTime: p.boolean().default(false),
    hasEndTime: p.boolean().default(false),
    startTime: p.string().length(5).nullable(),
    endTime: p.string().length(5).nullable(),
    isMain: p.boolean().default(false),
    type: p.smallint().default(1),
    externalUrl: p.string().length(500).nullable(),
  },
})
export class LocationEntity extends LocationSchema.class {}
LocationSchema.setClass(LocationEntity)
