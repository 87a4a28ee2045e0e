import { randomUUID } from 'node:crypto'
import type { EventState } from '@kibitz/events'
import { searchTextOf } from '@kibitz/events'
import { type ContentLanguage, contentLanguages, isoDate, mod97 } from '@kibitz/kernel'
import { plusDays } from './dates.ts'
import { describe } from './descriptions.ts'
import { type EventSpec, eventSpecs, type OnlinePlatform } from './events.ts'
import { demoImageFor } from './images.ts'
import { localPrice } from './money.ts'
import { type OrganiserSpec, organisers } from './organisers.ts'
import { type City, cities, cityName, formattedAddress, profileOf, shortAddress } from './places.ts'
import type { ContentPlan, EventPlan, HotelPlan, LocationPlan } from './plan.ts'
import type { Rng } from './random.ts'
import { fill, slugify, uniqueSlug } from './text.ts'
import { type EventContext, planTournament } from './tournaments.ts'

// Result pages live under a reserved domain: a demo link must never point at somebody's real site.
const resultsBase = 'https://results.kibitz.example'

const platforms: Readonly<
  Record<OnlinePlatform, { name: string; short: string; url: (alias: string) => string }>
> = {
  realbridge: {
    name: 'RealBridge',
    short: 'RealBridge',
    url: (alias) => `https://realbridge.online/events/${alias}`,
  },
  bbo: {
    name: 'BBO – Bridge Base Online',
    short: 'BBO',
    url: (alias) => `https://www.bridgebase.com/v3/?t=${alias}`,
  },
}

const publicStates: ReadonlyArray<EventState> = ['accepted', 'postponed', 'canceled']

/** Seasons run from August to July, as most bridge federations count them. */
const seasonOf = (date: string): string => {
  const year = Number(date.slice(0, 4))
  return Number(date.slice(5, 7)) >= 8 ? `${year}/${year + 1}` : `${year - 1}/${year}`
}

function alignToWeekday(date: string, spec: EventSpec): string {
  if (spec.weekday === undefined) return date
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return plusDays(date, spec.start < 0 ? -((day - spec.weekday + 7) % 7) : (spec.weekday - day + 7) % 7)
}

const hasYear = (name: string) => /\d{4}/.test(name)

function venueCoordinates(city: City, index: number) {
  // Venues sit a few hundred metres apart around the city centre.
  const round = (n: number) => Math.round(n * 1e6) / 1e6
  return { lat: round(city.lat + 0.0037 * (index + 1)), long: round(city.long - 0.0049 * (index + 1)) }
}

function planLocations(
  spec: EventSpec,
  city: City | undefined,
  alias: string,
  dates: { start: string; end: string },
  times: { start: string | null; end: string | null },
): Array<LocationPlan> {
  if (spec.online) {
    const platform = platforms[spec.online]
    return [
      {
        name: platform.name,
        addressLine: null,
        formattedAddress: null,
        shortAddressLine: `Online – ${platform.short}`,
        countryCode: null,
        lat: null,
        long: null,
        dateStart: dates.start,
        dateEnd: dates.end,
        startTime: times.start,
        endTime: times.end,
        isMain: true,
        externalUrl: platform.url(alias),
      },
    ]
  }
  if (!city) throw new Error(`seed: event ${alias} has neither a city nor a platform`)
  const venues = spec.secondVenue ? city.venues : city.venues.slice(0, 1)
  return venues.map((venue, i) => ({
    name: venue.name,
    addressLine: venue.street,
    formattedAddress: formattedAddress(city, venue),
    shortAddressLine: shortAddress(city),
    countryCode: city.country,
    ...venueCoordinates(city, i),
    // The second venue hosts the team events, which start a day later.
    dateStart: i === 0 ? dates.start : ([plusDays(dates.start, 1), dates.end].sort()[0] ?? dates.end),
    dateEnd: dates.end,
    startTime: times.start,
    endTime: times.end,
    isMain: i === 0,
    externalUrl: null,
  }))
}

function planHotels(rng: Rng, city: City, currency: string): Array<HotelPlan> {
  const hotels = city.hotels ?? []
  return rng.sample(hotels, Math.min(hotels.length, rng.int(2, 3))).map((h) => ({
    name: h.name,
    priceMinor: localPrice(h.euroMinor, currency),
    websiteUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${h.name} ${city.nameEn}`)}`,
    addressLine: `${h.street}, ${city.name}`,
    stars: h.stars,
  }))
}

/** Plans one event with everything below it, dated relative to `today` in the event's time zone. */
function planEvent(
  rng: Rng,
  spec: EventSpec,
  today: Date,
  taken: { events: Set<string>; contents: Set<string> },
) {
  const organiser: OrganiserSpec = organisers[spec.organiser]
  const city: City | undefined = spec.city ? cities[spec.city] : undefined
  const country = city?.country ?? organiser.country
  const { timeZone, currency } = profileOf(country)
  const localToday = isoDate(today, timeZone)
  const dateStart = alignToWeekday(plusDays(localToday, spec.start), spec)
  const dateEnd = plusDays(dateStart, spec.days - 1)
  const year = Number(dateStart.slice(0, 4))
  const season = seasonOf(dateStart)
  const state: EventState = spec.state ?? 'accepted'
  const published = publicStates.includes(state)
  const running = dateStart <= localToday && localToday <= dateEnd
  const past = dateEnd < localToday

  const main = organiser.language
  const languages: Array<ContentLanguage> = [
    main,
    ...Object.keys(spec.names).flatMap((code) => {
      const found = contentLanguages.find((l) => l === code)
      return found && found !== main ? [found] : []
    }),
  ]
  const nameIn = (language: ContentLanguage) => {
    const template = spec.names[language]
    if (!template) throw new Error(`seed: event without a ${language} name`)
    return fill(template, { year, season })
  }
  const withYear = (name: string) => (hasYear(name) ? slugify(name) : `${slugify(name)}-${year}`)
  const alias = uniqueSlug(withYear(nameIn(spec.names.en ? 'en' : main)), taken.events)
  const eventResults = `${resultsBase}/${alias}`
  const platformUrl = spec.online ? platforms[spec.online].url(alias) : null
  const venue = city?.venues[0]

  const contents: Array<ContentPlan> = languages.map((language, i) => {
    const name = nameIn(language)
    return {
      language,
      name,
      description: describe(
        spec.kind,
        language,
        {
          name,
          city: city ? cityName(city, language) : '',
          venue: venue?.name ?? '',
          days: spec.days,
          platform: spec.online ? platforms[spec.online].name : '',
        },
        spec.extra?.[language],
      ),
      alias: uniqueSlug(withYear(name), taken.contents),
      isMain: i === 0,
      type: i === 0 ? 2 : 1,
    }
  })

  const context: EventContext = {
    rng,
    spec,
    alias,
    language: main,
    state,
    country,
    currency,
    timeZone,
    localToday,
    now: today,
    dateStart,
    secondVenue: spec.secondVenue ? (city?.venues[1]?.name ?? null) : null,
    platformUrl,
    resultsUrl: eventResults,
  }
  const tournamentAliases = new Set<string>()
  const tournaments = spec.tournaments.map((kind, i) =>
    planTournament(context, kind, i, spec.tournaments.length, tournamentAliases),
  )
  const startTimes = tournaments.map((t) => t.startTime).sort()
  const endTimes = tournaments.map((t) => t.endTime).sort()
  const locations = planLocations(
    spec,
    city,
    alias,
    { start: dateStart, end: dateEnd },
    { start: startTimes[0] ?? null, end: endTimes[endTimes.length - 1] ?? null },
  )
  const hotels = city && spec.hotels ? planHotels(rng, city, currency) : []

  const hasLiveResults = published && state === 'accepted' && running && spec.liveResults !== false
  const hasFinalResults = published && state === 'accepted' && past && rng.chance(0.9)
  const names = [
    ...contents.map((c) => c.name),
    ...locations.flatMap((l) => [l.name, l.shortAddressLine, l.formattedAddress ?? '']),
    ...(city ? [city.name, city.nameEn, ...Object.values(city.names ?? {})] : []),
  ]
  const searchText = searchTextOf([alias, ...contents.map((c) => c.alias)], names, [
    country,
    ...locations.map((l) => l.countryCode),
  ])

  // Organisers announce events months ahead; a demo event never claims to be created in the future.
  const createdMs = Math.min(
    Date.parse(`${plusDays(dateStart, -rng.int(90, 160))}T10:00:00Z`),
    today.getTime() - rng.int(2, 30) * 86_400_000,
  )
  const updatedMs = Math.min(today.getTime(), createdMs + rng.int(1, 60) * 86_400_000)

  const plan: EventPlan = {
    id: 0,
    organiser: spec.organiser,
    key: randomUUID(),
    alias,
    status: spec.status ?? (published ? 2 : 1),
    state,
    type: spec.type,
    isLive: !spec.online,
    isOnline: spec.online !== undefined,
    editionType: spec.season ? 2 : 1,
    editionYear: year,
    editionSeason: spec.season ? season : null,
    dateStart,
    dateEnd,
    countryCode: country,
    currencyCode: currency,
    timeZone,
    organiserEmail: organiser.email,
    bank: { beneficiary: organiser.name, iban: demoIban(taken.events.size), bic: 'CBVILT2X' },
    liveResultsUrl: hasLiveResults || hasFinalResults ? eventResults : null,
    hasLiveResults,
    hasFinalResults,
    isRecommended: spec.recommended === true,
    image: demoImageFor(alias, { online: spec.online !== undefined, worldClass: spec.type === 4 }),
    isYouth: spec.youth === true,
    showNativeName: spec.showNativeName === true,
    championshipTypeText: spec.championshipTypeText ?? null,
    stateMessage: spec.stateMessage ?? null,
    searchText,
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(updatedMs).toISOString(),
    contents,
    locations,
    hotels,
    tournaments,
  }
  return plan
}

/** Every demo event, planned for `today`. */
export function planEvents(rng: Rng, today: Date): Array<EventPlan> {
  const taken = { events: new Set<string>(), contents: new Set<string>() }
  return eventSpecs.map((spec) => planEvent(rng, spec, today, taken))
}

/** A valid Lithuanian IBAN (demo only) whose account number is the event's index: LTkk 70440 0000000nnnn. */
export const demoIban = (index: number): string => {
  const bban = `70440${String(index + 1).padStart(11, '0')}`
  const check = 98 - mod97(`${bban}LT00`)
  return `LT${String(check).padStart(2, '0')}${bban}`
}
