import {
  type AdditionalInformationInput,
  type EventContentInput,
  GeneralInformationInput,
  type LocationInput,
} from '@kibitz/events/input'
import { addDays, contentLanguages, isoDate, PlainText } from '@kibitz/kernel/format'
import {
  type AgeCategoryInput,
  type PrizeInput,
  type ProgramDayInput,
  type TicketInput,
  TournamentInput,
  type TournamentInputEncoded,
  tournamentLimits,
} from '@kibitz/tournaments/input'
import { Schema } from 'effect'
import fc from 'fast-check'

// What organisers can make, as fast-check arbitraries of the editor's own input schemas: events, their
// contents in every content language, locations (or none, or an online platform), tournaments with sessions,
// stages, program days, tickets, age categories, early birds and prizes, at dates and prices from the ordinary
// to the extremes the schemas accept. Every generated body is kept only when the editor's schema accepts it,
// so the suite explores what the product takes and never wastes its runs on refusals of malformed input; the
// server's own rules (publishing, edits of public events) still refuse some, as they would refuse a person.

type GeneralBody = typeof GeneralInformationInput.Encoded
type LocationBody = typeof LocationInput.Encoded
type ContentBody = typeof EventContentInput.Encoded

// ---------------------------------------------------------------------------------------------------------
// Time zones and dates

/**
 * Zone names people and systems send: every canonical name Node knows, plus links and names retired from the
 * IANA database that Node may still accept (PostgreSQL does not know all of them).
 */
const zoneCandidates: ReadonlyArray<string> = [
  ...Intl.supportedValuesOf('timeZone'),
  'UTC',
  'Etc/UTC',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'US/Pacific',
  'US/Pacific-New',
  'Canada/East-Saskatchewan',
  'Asia/Calcutta',
  'Europe/Kiev',
  'America/Buenos_Aires',
  'Asia/Katmandu',
  'Pacific/Enderbury',
  'Antarctica/Troll',
  'Europe/Belfast',
]

const acceptsZone = (timeZone: string) =>
  Schema.is(GeneralInformationInput)({
    contents: [{ language: 'en', name: 'Zone probe', isMain: true, type: 1 }],
    type: 1,
    isLive: true,
    isOnline: false,
    editionType: 1,
    dateStart: '2030-01-01',
    dateEnd: '2030-01-01',
    languages: [],
    currencyCode: 'EUR',
    timeZone,
    locations: [],
  })

/** Every time zone the event editor accepts (decided by its schema, so a narrower rule narrows this list). */
export const acceptedZones: ReadonlyArray<string> = [...new Set(zoneCandidates)].filter(acceptsZone)

/** Zones at the edges of the clock: far ahead of UTC, far behind, half and quarter hours, a summer-time flip. */
const edgeZones = [
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Europe/Vilnius',
  'UTC',
].filter((zone) => acceptedZones.includes(zone))

export const zoneArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...acceptedZones), weight: 3 },
  { arbitrary: fc.constantFrom(...edgeZones), weight: 2 },
)

/** Today (UTC) moved by `days`, clamped to the years 1900–2199 the event editor accepts. */
const dayFrom = (base: string, days: number): string => {
  const moved = addDays(base, days) ?? base
  return moved < '1900-01-01' ? '1900-01-01' : moved > '2199-12-31' ? '2199-12-31' : moved
}

/** An event's first day: around today (where time zones decide which day it is), later, earlier, or an edge. */
const eventStartArb = (today: string): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.integer({ min: -2, max: 2 }).map((d) => dayFrom(today, d)), weight: 4 },
    { arbitrary: fc.integer({ min: 3, max: 800 }).map((d) => dayFrom(today, d)), weight: 3 },
    { arbitrary: fc.integer({ min: -800, max: -3 }).map((d) => dayFrom(today, d)), weight: 2 },
    { arbitrary: fc.constantFrom('1900-01-01', '2199-12-31', '2199-12-25', '1999-12-31'), weight: 1 },
  )

// ---------------------------------------------------------------------------------------------------------
// Texts

const plainText = (max: number) => Schema.is(PlainText({ max, allowCyrillic: true }))

/** Names in the content languages, texts a page must escape, and the longest a field takes. */
const namePool = [
  'Baltic Bridge Festival',
  'Vilniaus pavasario taurė',
  'Кубок Белых ночей',
  'Turniej Par Żółtej Łodzi',
  'Torneo di Primavera',
  'Festival de bridge d’été à Nîmes',
  'Campeonato de España por Parejas',
  'Ünlü Briç Turnuvası',
  'Tallinna talveturniir',
  'Deutsche Paarmeisterschaft',
  '<script>alert(1)</script>',
  'O\'Brien "Cup" & Co </title>',
  '{{7*7}} #{x} %s',
  'Ab',
  'x'.repeat(200),
]

const textArb = (max: number): fc.Arbitrary<string> =>
  fc
    .oneof(
      { arbitrary: fc.constantFrom(...namePool).map((s) => s.slice(0, max).trim()), weight: 4 },
      { arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 60) }), weight: 1 },
    )
    .filter((s) => s.trim() !== '' && plainText(max)(s))

const optionalText = (max: number) => fc.option(textArb(max), { nil: null, freq: 3 })

const urlArb = fc.constantFrom(
  'https://bridge.example.test/',
  'https://results.example.test/event?id=1&x=<b>',
  `https://www.example.org/a/very/long/path/${'p'.repeat(180)}`,
)

// ---------------------------------------------------------------------------------------------------------
// Events

const contentsArb: fc.Arbitrary<ReadonlyArray<ContentBody>> = fc
  .tuple(
    fc.shuffledSubarray([...contentLanguages], { minLength: 1, maxLength: contentLanguages.length }),
    fc.nat(),
    fc.boolean(),
  )
  .chain(([languages, mainPick, native]) =>
    fc
      .tuple(...languages.map(() => fc.tuple(textArb(200), fc.option(textArb(5000), { nil: null }))))
      .map((texts) =>
        languages.map(
          (language, i): ContentBody => ({
            language,
            name: texts[i]?.[0] ?? 'Cup',
            description: texts[i]?.[1] ?? null,
            isMain: i === mainPick % languages.length,
            // The organiser's native language (at most one) is the last content when they mark one.
            type: native && i === languages.length - 1 && languages.length > 1 ? 2 : 1,
          }),
        ),
      ),
  )

const locationArb = (start: string, end: string): fc.Arbitrary<LocationBody> =>
  fc.record({
    name: optionalText(200),
    addressLine: optionalText(300),
    shortAddressLine: optionalText(120),
    countryCode: fc.option(fc.constantFrom('LT', 'PL', 'US', 'JP', 'ZZ'), { nil: null }),
    lat: fc.option(fc.double({ min: -90, max: 90, noNaN: true }), { nil: null }),
    long: fc.option(fc.double({ min: -180, max: 180, noNaN: true }), { nil: null }),
    dateStart: fc.option(fc.constant(start), { nil: null }),
    dateEnd: fc.option(fc.constant(end), { nil: null }),
    startTime: fc.option(fc.constantFrom('00:00', '09:30', '23:59'), { nil: null }),
    endTime: fc.option(fc.constantFrom('23:59'), { nil: null }),
    isMain: fc.constant(false),
    externalUrl: fc.option(urlArb, { nil: null }),
  })

/** No locations, one, or several with exactly one main (the editor's rule). */
const locationsArb = (start: string, end: string): fc.Arbitrary<ReadonlyArray<LocationBody>> =>
  fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constant(0), weight: 1 },
        { arbitrary: fc.constant(1), weight: 4 },
        { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 },
        { arbitrary: fc.constant(20), weight: 1 },
      ),
      fc.nat(),
    )
    .chain(([count, main]) =>
      fc
        .array(locationArb(start, end), { minLength: count, maxLength: count })
        .map((ls) => ls.map((l, i) => ({ ...l, isMain: i === main % ls.length }))),
    )

/** Any general information the editor's first step takes, ready to publish or not. */
const anyGeneralArb = (today: string): fc.Arbitrary<GeneralBody> =>
  fc
    .tuple(
      eventStartArb(today),
      fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 4 }), weight: 5 },
        { arbitrary: fc.constantFrom(30, 365), weight: 1 },
      ),
    )
    .chain(([dateStart, length]) => {
      const dateEnd = dayFrom(dateStart, length)
      return fc.record({
        contents: contentsArb,
        type: fc.constantFrom(1, 2, 3, 4),
        // Live, online or both; the editor refuses neither.
        isLive: fc.boolean(),
        isOnline: fc.boolean(),
        editionType: fc.constantFrom(1, 2),
        editionYear: fc.option(fc.integer({ min: 1900, max: 2199 }), { nil: null }),
        editionSeason: fc.option(fc.constantFrom('2030', '2030/2031', '1900'), { nil: null }),
        dateStart: fc.constant(dateStart),
        dateEnd: fc.constant(dateEnd),
        countryCode: fc.option(fc.constantFrom('LT', 'PL', 'DE', 'US', 'JP', 'ZZ'), { nil: null, freq: 6 }),
        languages: fc.shuffledSubarray([...contentLanguages], { maxLength: 4 }),
        currencyCode: fc.constantFrom('EUR', 'PLN', 'USD', 'JPY', 'XXX'),
        timeZone: zoneArb,
        organiserEmail: fc.option(fc.constantFrom('club@example.test', 'ąžuolas@example.test'), {
          nil: null,
        }),
        locations: locationsArb(dateStart, dateEnd),
      })
    })
    .map((g): GeneralBody => ({ ...g, isLive: g.isLive || !g.isOnline }))
    .filter((g) => Schema.is(GeneralInformationInput)(g))

/**
 * `g` as an organiser finishes it for publication: a venue with an address and a country for an event in a
 * hall, the platform's link for an online one.
 */
const finishedGeneral = (g: GeneralBody): GeneralBody => {
  const locations = g.locations.length > 0 ? g.locations : [{ isMain: true, name: 'Bridge Hall' }]
  return {
    ...g,
    countryCode: g.countryCode ?? 'LT',
    locations: locations.map((l) =>
      l.isMain
        ? {
            ...l,
            addressLine: l.addressLine ?? 'Gedimino pr. 1, Vilnius',
            externalUrl: g.isOnline ? (l.externalUrl ?? 'https://play.example.test/room') : l.externalUrl,
          }
        : l,
    ),
  }
}

/**
 * The general information of an event as the editor's first step sends it: mostly finished for publication,
 * sometimes with what publishing still refuses (no venue, no country, an online event without its link).
 */
export const generalArb = (today: string): fc.Arbitrary<GeneralBody> =>
  fc.oneof(
    {
      arbitrary: anyGeneralArb(today)
        .map(finishedGeneral)
        .filter((g) => Schema.is(GeneralInformationInput)(g)),
      weight: 2,
    },
    { arbitrary: anyGeneralArb(today), weight: 1 },
  )

/** The additional information step: links, display options and the bank account. */
export const additionalArb: fc.Arbitrary<AdditionalInformationInput> = fc.record({
  externalPageUrl: fc.option(urlArb, { nil: null }),
  liveResultsUrl: fc.option(urlArb, { nil: null }),
  championshipTypeText: optionalText(120),
  isYouth: fc.boolean(),
  fbCommentsEnabled: fc.boolean(),
  showNativeName: fc.boolean(),
  payment: fc.constantFrom(
    { beneficiary: '', iban: '', bic: '' },
    { beneficiary: 'Bridge Club', iban: 'LT121000011101001000', bic: 'CBVILT2X' },
  ),
})

// ---------------------------------------------------------------------------------------------------------
// Tournaments

export interface EventDates {
  readonly dateStart: string
  readonly dateEnd: string
}

/** A day of the event mostly; sometimes just outside it or at the ends of the calendar the schema takes. */
const tournamentDayArb = (event: EventDates): fc.Arbitrary<string> => {
  const span = Math.max(
    0,
    Math.round(
      (Date.parse(`${event.dateEnd}T00:00Z`) - Date.parse(`${event.dateStart}T00:00Z`)) / 86_400_000,
    ),
  )
  return fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: span }).map((d) => dayFrom(event.dateStart, d)), weight: 12 },
    { arbitrary: fc.constantFrom(dayFrom(event.dateStart, -1), dayFrom(event.dateEnd, 1)), weight: 1 },
    { arbitrary: fc.constantFrom('0001-01-01', '9999-12-31', '1900-01-01', '2199-12-31'), weight: 1 },
  )
}

const timeArb = fc.constantFrom('00:00', '09:00', '10:30', '18:45', '23:59')

const moneyArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 20_000 }), weight: 6 },
  { arbitrary: fc.constantFrom(0, 1, 99_999_999, tournamentLimits.moneyMinor), weight: 1 },
)
const quantityArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 80 }), weight: 6 },
  { arbitrary: fc.constantFrom(1, tournamentLimits.quantity), weight: 1 },
)

const ageCategoryArb = (day: string): fc.Arbitrary<AgeCategoryInput> =>
  fc
    .record({
      name: textArb(120),
      ageFrom: fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
      ageTo: fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
      priceMinor: moneyArb,
      quantity: fc.option(quantityArb, { nil: null }),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      salesStartDate: fc.option(fc.constantFrom(dayFrom(day, -60), '1900-01-01'), { nil: null }),
      salesEndDate: fc.option(fc.constantFrom(day, dayFrom(day, -30)), { nil: null }),
      isEarlyBird: fc.boolean(),
      earlyBirdPriceMinor: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
      earlyBirdSalesStartDate: fc.option(fc.constant(dayFrom(day, -90)), { nil: null }),
      earlyBirdSalesEndDate: fc.option(fc.constant(dayFrom(day, -10)), { nil: null }),
      earlyBirdEndSalesQuantity: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      enabled: fc.boolean(),
    })
    .map((c) => ({
      ...c,
      ageTo: c.ageFrom != null && c.ageTo != null && c.ageTo < c.ageFrom ? c.ageFrom : c.ageTo,
    }))

const ticketArb = (day: string): fc.Arbitrary<TicketInput> =>
  fc
    .record({
      type: fc.constantFrom(1, 2, 3, 4),
      priceMinor: moneyArb,
      quantity: quantityArb,
      isForSale: fc.oneof(
        { arbitrary: fc.constant(true), weight: 4 },
        { arbitrary: fc.constant(false), weight: 1 },
      ),
      isPricePerTeam: fc.boolean(),
      ageCategories: fc.array(ageCategoryArb(day), { maxLength: 3 }),
    })
    .map((k): TicketInput => {
      // A free ticket costs nothing, its categories included (the editor's rule).
      if (k.type !== 4) return k
      return {
        ...k,
        priceMinor: 0,
        ageCategories: k.ageCategories.map((c) => ({ ...c, priceMinor: 0, earlyBirdPriceMinor: null })),
      }
    })

const prizesArb: fc.Arbitrary<ReadonlyArray<PrizeInput>> = fc
  .array(
    fc.record({
      placeNumber: fc.integer({ min: 1, max: 5 }),
      additionalName: fc.option(fc.constantFrom('Best juniors', 'Лучшая смешанная пара'), {
        nil: null,
        freq: 4,
      }),
      prizeAmountMinor: fc.option(moneyArb, { nil: null }),
      customPrize: fc.option(fc.constantFrom('A cup', 'Puchar & dyplom'), { nil: null }),
      medalIconKey: fc.option(fc.constantFrom('gold', 'silver-2'), { nil: null }),
      cupIconKey: fc.option(fc.constantFrom('cup-1'), { nil: null }),
      type: fc.constantFrom(1, 2),
    }),
    { maxLength: 5 },
  )
  .map((ps) => {
    // One prize per place of each ranking (the editor's rule).
    const seen = new Set<string>()
    return ps.filter((p) => {
      const key = `${p.additionalName ?? ''}/${p.placeNumber}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  })

const programsArb = (start: string, end: string): fc.Arbitrary<ReadonlyArray<ProgramDayInput>> =>
  fc
    .uniqueArray(fc.constantFrom(start, end, dayFrom(start, 1), '1900-01-01'), { maxLength: 3 })
    .chain((dates) =>
      fc.tuple(
        ...dates.map((date) =>
          fc
            .array(fc.record({ time: timeArb, name: textArb(200) }), { maxLength: 4 })
            .map((tours) => ({ date, tours })),
        ),
      ),
    )

/** Program days of a tournament that runs from `start` to `end` (the program screen's body). */
export const programDaysArb = programsArb

/** Any tournament the screens send, ready to publish or not. */
const anyTournamentArb = (event: EventDates): fc.Arbitrary<TournamentInputEncoded> =>
  fc
    .tuple(tournamentDayArb(event), fc.integer({ min: 0, max: 2 }))
    .chain(([startDate, length]) => {
      const endDate =
        startDate >= '9999-12-30' || startDate < '1900-01-01' ? startDate : dayFrom(startDate, length)
      return fc.record({
        name: textArb(200),
        additionalName: optionalText(200),
        type: fc.constantFrom(1, 2, 3),
        isMultiSession: fc.boolean(),
        isComplicated: fc.boolean(),
        isComplicatedMultiSession: fc.constant(false),
        isComplicatedMultiRound: fc.constant(false),
        isComplicatedGroup: fc.constant(false),
        startDate: fc.constant(startDate),
        endDate: fc.constant(endDate),
        startTime: fc.option(timeArb, { nil: null }),
        endTime: fc.option(fc.constant('23:59'), { nil: null }),
        pointsScoreType: fc.constantFrom('MP_PAIRS', 'IMP_PAIRS', 'OTHER'),
        verifyPlayer: fc.boolean(),
        resultsSource: fc.option(fc.constantFrom(1), { nil: null }),
        resultsUrl: fc.option(urlArb, { nil: null }),
        hasRegistration: fc.boolean(),
        isRegistrationEnabled: fc.boolean(),
        registrationStart: fc.option(
          // Mostly open long before the start (so often open now), sometimes just before it or at the calendar's start.
          fc.constantFrom(
            `${dayFrom(startDate, -60)}T09:00`,
            `${dayFrom(startDate, -900)}T09:00`,
            `${dayFrom(startDate, -900)}T09:00`,
            `${dayFrom(startDate, -1)}T00:00`,
            '1900-01-01T00:00',
          ),
          { nil: null },
        ),
        registrationEnd: fc.option(fc.constantFrom(`${dayFrom(startDate, -1)}T20:00`, `${startDate}T00:00`), {
          nil: null,
        }),
        playerListUrl: fc.option(urlArb, { nil: null, freq: 4 }),
        isPrizeInformationEnabled: fc.boolean(),
        isPlayerListViewEnabled: fc.boolean(),
        boards: fc.option(fc.integer({ min: 1, max: tournamentLimits.boards }), { nil: null }),
        description: fc.option(fc.constantFrom('Two sessions.\nBring a pen.', '<b>bold</b>'), { nil: null }),
        locationName: optionalText(200),
        sessions: fc.array(
          fc.record({
            startDate: fc.constant(startDate),
            endDate: fc.option(fc.constant(endDate), { nil: null }),
            startTime: fc.option(timeArb, { nil: null }),
            endTime: fc.option(fc.constant('23:59'), { nil: null }),
            type: fc.integer({ min: 1, max: 9 }),
            text: optionalText(200),
            boards: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
          }),
          { maxLength: 3 },
        ),
        stages: fc.array(
          fc.record({
            name: textArb(200),
            type: fc.integer({ min: 1, max: 9 }),
            resultsUrl: fc.option(urlArb, { nil: null }),
          }),
          { maxLength: 2 },
        ),
        programs: programsArb(startDate, endDate),
        tickets: fc.array(ticketArb(startDate), { maxLength: 3 }),
        prizes: prizesArb,
        prizeSetup: fc.option(
          fc.record({
            placesNumber: fc.integer({ min: 1, max: 5 }),
            prizePoolMinor: fc.option(moneyArb, { nil: null }),
            customPrizePool: optionalText(200),
            customPrizeText: fc.option(fc.constant('Cups for the first three.'), { nil: null }),
            isFormulaUsed: fc.boolean(),
          }),
          { nil: null },
        ),
      })
    })
    .filter((t) => Schema.is(TournamentInput)(t))

/**
 * `t` as an organiser finishes it for publication (docs/decisions/015): the prizes filled in, a ticket for sale
 * when registration is on, early birds below the price, the program within the tournament's days.
 */
const finished = (t: TournamentInputEncoded): TournamentInputEncoded => {
  const tickets = t.tickets.map((k) => ({
    ...k,
    ageCategories: k.ageCategories.map((c) =>
      c.isEarlyBird && k.type !== 4 && c.priceMinor > 0
        ? { ...c, earlyBirdPriceMinor: Math.min(c.earlyBirdPriceMinor ?? 0, c.priceMinor - 1) }
        : { ...c, isEarlyBird: false },
    ),
  }))
  const forSale = tickets.some((k) => k.isForSale && k.quantity > 0)
  return {
    ...t,
    // Registration on or off as a whole: half of the finished tournaments take entries.
    isRegistrationEnabled: t.hasRegistration,
    resultsSource: null,
    prizeSetup: null,
    prizes: t.prizes.map((p) =>
      p.type === 1
        ? { ...p, prizeAmountMinor: p.prizeAmountMinor ?? 10_000 }
        : { ...p, customPrize: p.customPrize ?? 'A cup' },
    ),
    tickets: forSale
      ? tickets
      : [
          ...tickets,
          {
            type: 1,
            priceMinor: 4000,
            quantity: 50,
            isForSale: true,
            isPricePerTeam: false,
            ageCategories: [],
          },
        ].slice(-tournamentLimits.tickets),
    programs: t.programs.filter((d) => d.date >= t.startDate && d.date <= t.endDate),
  }
}

/**
 * A tournament as the new-tournament and edit-tournament screens send it, for an event with `event`'s dates:
 * mostly one its organiser finished for publication, sometimes one with what publishing still refuses.
 */
export const tournamentArb = (event: EventDates): fc.Arbitrary<TournamentInputEncoded> =>
  fc.oneof(
    {
      arbitrary: anyTournamentArb(event)
        .map(finished)
        .filter((t) => Schema.is(TournamentInput)(t)),
      weight: 4,
    },
    { arbitrary: anyTournamentArb(event), weight: 1 },
  )

/** Today's date in UTC, the anchor of generated dates. */
export const todayUtc = (): string => isoDate(new Date())
