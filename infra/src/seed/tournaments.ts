import type { EventState } from '@kibitz/events'
import type { ContentLanguage } from '@kibitz/kernel'
import { zonedTimeToUtc } from '@kibitz/kernel'
import { plusDays } from './dates.ts'
import type { EventSpec } from './events.ts'
import { localPrice } from './money.ts'
import { type Gender, type Person, person, teamName } from './names.ts'
import type {
  CategoryPlan,
  ContestantPlan,
  EntryPlan,
  EntryStatus,
  PrizePlan,
  PrizeSetupPlan,
  ProgramDayPlan,
  SessionPlan,
  StagePlan,
  TicketPlan,
  TournamentPlan,
} from './plan.ts'
import type { Rng } from './random.ts'
import { slugify } from './text.ts'
import {
  type TournamentKind,
  type TournamentKindKey,
  tournamentKinds,
  vocabulary,
} from './tournamentKinds.ts'

/** What a tournament needs to know about its event. */
export interface EventContext {
  readonly rng: Rng
  readonly spec: EventSpec
  readonly alias: string
  readonly language: ContentLanguage
  readonly state: EventState
  readonly country: string
  readonly currency: string
  readonly timeZone: string
  readonly localToday: string
  readonly now: Date
  readonly dateStart: string
  /** Name of the second venue, where team events are played, when the event has one. */
  readonly secondVenue: string | null
  readonly platformUrl: string | null
  readonly resultsUrl: string
}

// Where the foreign players of an event in each country come from.
const visitors: Readonly<Record<string, ReadonlyArray<string>>> = {
  LT: ['LV', 'EE', 'PL', 'UA', 'SE'],
  LV: ['LT', 'EE', 'UA'],
  EE: ['LT', 'LV', 'SE', 'NO'],
  PL: ['LT', 'DE', 'UA', 'SE', 'NL'],
  IT: ['FR', 'ES', 'DE', 'NL', 'PL'],
  ES: ['FR', 'IT', 'GB', 'NL', 'SE'],
  FR: ['IT', 'ES', 'GB', 'DE', 'NL'],
  TR: ['DE', 'NL', 'GB', 'PL', 'UA'],
  GB: ['NL', 'SE', 'FR', 'DK', 'IT'],
  SE: ['NO', 'DK', 'GB', 'NL', 'PL'],
  NL: ['DE', 'GB', 'FR', 'SE', 'IT'],
  DE: ['NL', 'PL', 'DK', 'SE', 'FR'],
  DK: ['SE', 'NO', 'DE', 'NL', 'GB'],
  NO: ['SE', 'DK', 'GB', 'NL'],
}
const worldField = ['IT', 'FR', 'PL', 'NL', 'SE', 'NO', 'DK', 'GB', 'DE', 'ES', 'TR', 'LT', 'EE', 'LV', 'UA']

/** Share of entries from the host country, by event type (local, national, international, world class). */
export const hostShare: Readonly<Record<number, number>> = { 1: 0.95, 2: 0.92, 3: 0.55, 4: 0.15 }
/**
 * Field size relative to the kind's full field, by event type: the demo keeps about 1,500 players in
 * all, enough for lively player lists and small enough to seed in well under a second.
 */
export const fieldScale: Readonly<Record<number, number>> = { 1: 0.3, 2: 0.35, 3: 0.42, 4: 0.45 }

/** Entry fees in euro cents: per person for pairs and individuals, per team for teams. */
const personFee: Readonly<Record<number, number>> = { 1: 1500, 2: 3000, 3: 4500, 4: 9000 }
const teamFee: Readonly<Record<number, number>> = { 1: 8000, 2: 16000, 3: 24000, 4: 60000 }
/** Money prize pools in euro cents. */
export const prizePool: Readonly<Record<number, number>> = { 1: 30000, 2: 100000, 3: 300000, 4: 1000000 }

/** Which ticket types a tournament sells: basic only, or also medium and advanced packages. */
const ticketSets: ReadonlyArray<ReadonlyArray<1 | 2 | 3>> = [[1], [1, 2], [1, 2, 3]]

const pad = (n: number) => String(n).padStart(2, '0')
const time = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`

const pickCountry = (ctx: EventContext): string => {
  const { rng, spec, country } = ctx
  const share = spec.online ? 0.6 : (hostShare[spec.type] ?? 0.9)
  if (rng.chance(share)) return country
  return rng.pick(spec.type === 4 ? worldField : (visitors[country] ?? worldField))
}

/** Sessions of a tournament: one or two a day, at most three, evenings for online and side events. */
function planSessions(ctx: EventContext, kind: TournamentKind, start: string, length: number) {
  const { spec } = ctx
  const words = vocabulary[ctx.language]
  const boards = spec.online ? Math.min(kind.boardsPerSession, 20) : kind.boardsPerSession
  const slots: Array<{ day: number; from: number; to: number }> = []
  if (length > 3) {
    // A league: three match evenings spread over its weeks.
    for (let s = 0; s < 3; s++)
      slots.push({ day: Math.round((s * (length - 1)) / 2), from: 19 * 60, to: 22 * 60 })
  } else if (kind.evening || spec.online) {
    slots.push({ day: 0, from: 19 * 60 + 30, to: 23 * 60 })
  } else if (length === 1) {
    if (spec.kind === 'club') slots.push({ day: 0, from: 17 * 60, to: 21 * 60 })
    else slots.push({ day: 0, from: 11 * 60, to: 14 * 60 + 30 }, { day: 0, from: 16 * 60, to: 19 * 60 + 30 })
  } else if (length === 2) {
    slots.push(
      { day: 0, from: 10 * 60 + 30, to: 14 * 60 },
      { day: 0, from: 15 * 60 + 30, to: 19 * 60 },
      { day: 1, from: 10 * 60, to: 13 * 60 + 30 },
    )
  } else {
    for (let d = 0; d < 3; d++) slots.push({ day: d, from: 10 * 60, to: 14 * 60 + 30 })
  }
  const sessions: Array<SessionPlan> = slots.map((slot, i) => ({
    date: plusDays(start, slot.day),
    startTime: time(slot.from),
    endTime: time(slot.to),
    text: slots.length > 1 ? `${words.session} ${i + 1}` : words.session,
    boards,
  }))
  const days = [...new Set(sessions.map((s) => s.date))]
  const programDays: Array<ProgramDayPlan> = days.map((date, d) => {
    const tours = sessions.filter((s) => s.date === date).map((s) => ({ time: s.startTime, name: s.text }))
    const last = sessions[sessions.length - 1]
    const closing =
      d === days.length - 1 && !spec.online && last ? [{ time: last.endTime, name: words.prizeGiving }] : []
    return { date, tours: [...tours, ...closing] }
  })
  return { sessions, programDays }
}

function planStages(ctx: EventContext, kind: TournamentKind, resultsUrl: string | null, finished: boolean) {
  const words = vocabulary[ctx.language]
  // Stage type 1 qualifies, 2 decides places (the stage-types lookup itself is not in the spec).
  const stage = (name: string, type: number): StagePlan => ({
    name,
    type,
    resultsUrl: finished && resultsUrl ? `${resultsUrl}/${slugify(name)}` : null,
  })
  if (kind.knockout) {
    return [stage(words.roundRobin, 1), stage(words.knockout, 2), stage(words.semiAndFinal, 2)]
  }
  if (kind.type === 1 && ctx.spec.kind === 'championship' && !ctx.spec.online) {
    return [stage(words.qualification, 1), stage(words.finalA, 2), stage(words.finalB, 2)]
  }
  return []
}

/** One age category of a ticket as priced: its discount off the ticket and an early bird, if any. */
export interface CategoryPrice {
  readonly name: string
  readonly ageFrom: number | null
  readonly ageTo: number | null
  readonly priceMinor: number
  readonly discountPercent: number
  readonly earlyBird: {
    readonly priceMinor: number
    readonly startDate: string | null
    readonly endDate: string
    readonly endSalesQuantity: number
  } | null
}

/** One ticket of a tournament as priced. */
export interface TicketPrice {
  /** Spec section 3: basic 1, medium 2, advanced 3, free of charge 4. */
  readonly type: 1 | 2 | 3 | 4
  readonly priceMinor: number
  readonly isPricePerTeam: boolean
  readonly categories: ReadonlyArray<CategoryPrice>
}

/**
 * The tickets a tournament sells and their prices, as the demo prices them (the benchmark world too): which
 * packages, the entry fee by event type and tournament kind (times `feeFactor`), age categories with their
 * discounts, and early birds in the first three weeks of sales.
 */
export const ticketPrices = (
  rng: Rng,
  options: {
    readonly eventType: number
    readonly kind: Pick<TournamentKind, 'type' | 'youth' | 'evening'>
    readonly feeFactor: number
    readonly currency: string
    readonly salesStart: string | null
    readonly salesEnd: string
  },
): ReadonlyArray<TicketPrice> => {
  const { kind, currency, salesStart, salesEnd } = options
  const perTeam = kind.type === 2 || kind.type === 4
  const category = (
    name: string,
    ageFrom: number | null,
    ageTo: number | null,
    euro: number,
    discountPercent: number,
    earlyBird: CategoryPrice['earlyBird'] = null,
  ): CategoryPrice => ({
    name,
    ageFrom,
    ageTo,
    priceMinor: localPrice(Math.round((euro * (100 - discountPercent)) / 100), currency),
    discountPercent,
    earlyBird,
  })
  if (kind.youth) {
    // Youth events are free for the players: the federation pays.
    return [
      {
        type: 4,
        priceMinor: 0,
        isPricePerTeam: false,
        categories: [category('Juniors U26', null, 25, 0, 0)],
      },
    ]
  }
  const base = Math.round(
    (perTeam ? (teamFee[options.eventType] ?? 16000) : (personFee[options.eventType] ?? 3000)) *
      (kind.evening ? 0.6 : 1) *
      (kind.type === 3 ? 0.8 : 1) *
      options.feeFactor,
  )
  const types = rng.weighted(ticketSets, perTeam ? [70, 30, 0] : [55, 25, 20])
  // Medium adds the players' dinner, advanced the gala evening as well.
  const factors: Readonly<Record<number, number>> = { 1: 1, 2: 1.4, 3: 2 }
  return types.map((type) => {
    const euro = Math.round(base * (factors[type] ?? 1))
    const early =
      type === 1 && !perTeam && rng.chance(0.5)
        ? {
            priceMinor: localPrice(Math.round(euro * 0.8), currency),
            startDate: salesStart,
            endDate: [plusDays(salesStart ?? salesEnd, 21), salesEnd].sort()[0] ?? salesEnd,
            endSalesQuantity: rng.int(4, 8) * 5,
          }
        : null
    const categories = perTeam
      ? [category('Open', null, null, euro, 0), category('Juniors U26', null, 25, euro, 50)]
      : [
          category('Open', null, null, euro, 0, early),
          // Juniors get their own early bird, a fifth off their half price, in the same window.
          category(
            'Juniors U26',
            null,
            25,
            euro,
            50,
            early && { ...early, priceMinor: localPrice(Math.round(euro * 0.4), currency) },
          ),
          ...(rng.chance(0.6) ? [category('Seniors 62+', 62, null, euro, 20)] : []),
        ]
    return { type, priceMinor: localPrice(euro, currency), isPricePerTeam: perTeam, categories }
  })
}

function planTickets(
  ctx: EventContext,
  kind: TournamentKind,
  start: string,
  salesStart: string,
): Array<TicketPlan> {
  const salesEnd = plusDays(start, -1)
  const isForSale = ctx.state !== 'canceled'
  const prices = ticketPrices(ctx.rng, {
    eventType: ctx.spec.type,
    kind,
    feeFactor: ctx.spec.online ? 0.25 : 1,
    currency: ctx.currency,
    salesStart,
    salesEnd,
  })
  return prices.map((ticket) => ({
    id: 0,
    type: ticket.type,
    priceMinor: ticket.priceMinor,
    quantity: 0,
    sold: 0,
    isForSale,
    isPricePerTeam: ticket.isPricePerTeam,
    categories: ticket.categories.map((c) => ({
      id: 0,
      name: c.name,
      ageFrom: c.ageFrom,
      ageTo: c.ageTo,
      priceMinor: c.priceMinor,
      discountPercent: c.discountPercent,
      salesStartDate: salesStart,
      salesEndDate: salesEnd,
      earlyBird: c.earlyBird && { ...c.earlyBird, startDate: salesStart },
      sold: 0,
    })),
  }))
}

function planPrizes(ctx: EventContext): { prizes: Array<PrizePlan>; setup: PrizeSetupPlan } {
  const { rng, spec, currency } = ctx
  const words = vocabulary[ctx.language]
  const medals: ReadonlyArray<string> = ['gold', 'silver', 'bronze']
  if (spec.type >= 2 && !spec.online && rng.chance(0.65)) {
    const pool = localPrice(Math.round((prizePool[spec.type] ?? 100000) * (0.7 + rng.next() * 0.8)), currency)
    const shares = [0.5, 0.3, 0.2]
    const prizes = shares.map(
      (share, i): PrizePlan => ({
        placeNumber: i + 1,
        amountMinor: Math.round((pool * share) / 100) * 100,
        customPrize: null,
        medalIconKey: medals[i] ?? null,
        cupIconKey: null,
        type: 1,
      }),
    )
    const formula = rng.chance(0.3)
    return {
      prizes,
      setup: {
        placesNumber: formula ? 7 : 3,
        prizePoolMinor: pool,
        customPrizePool: null,
        customPrizeText: formula ? words.formula : null,
        isFormulaUsed: formula,
      },
    }
  }
  const prizes = words.prizes.map(
    (text, i): PrizePlan => ({
      placeNumber: i + 1,
      amountMinor: null,
      customPrize: text,
      medalIconKey: null,
      cupIconKey: medals[i] ?? null,
      type: 2,
    }),
  )
  return {
    prizes,
    setup: {
      placesNumber: 3,
      prizePoolMinor: null,
      customPrizePool: words.prizePool,
      customPrizeText: null,
      isFormulaUsed: false,
    },
  }
}

function teamSize(rng: Rng, kind: TournamentKind): number {
  if (kind.type === 1) return 2
  if (kind.type === 3) return 1
  if (kind.type === 4) return rng.weighted([4, 5], [85, 15])
  return rng.weighted([4, 5, 6], [50, 25, 25])
}

function planEntries(
  ctx: EventContext,
  kind: TournamentKind,
  tickets: ReadonlyArray<TicketPlan>,
  window: { started: boolean; opensAt: number; closesAt: number },
  verifyPlayer: boolean,
): Array<EntryPlan> {
  const { rng, spec, state } = ctx
  const nowMs = ctx.now.getTime()
  const [min, max] = kind.field
  const scaled = Math.round(rng.int(min, max) * (fieldScale[spec.type] ?? 1) * (spec.online ? 1.2 : 1))
  // An individual needs a multiple of four players: each table seats four.
  const full =
    kind.type === 3 ? Math.max(8, Math.round(scaled / 4) * 4) : Math.max(kind.type === 1 ? 5 : 6, scaled)
  let count: number
  if (window.started) count = full
  else if (nowMs < window.opensAt) count = 0
  else {
    const progress = Math.min(1, (nowMs - window.opensAt) / Math.max(1, window.closesAt - window.opensAt))
    count = Math.round(full * (0.25 + 0.6 * progress) * (0.8 + rng.next() * 0.3))
  }
  // Now and then somebody withdraws; those entries stay on file as canceled.
  const cancellations = count > 0 && state !== 'canceled' && rng.chance(0.35) ? 1 : 0
  const usedTeamNames = new Set<string>()
  const entries: Array<EntryPlan> = []
  const registeredUntil = Math.min(nowMs, window.closesAt)
  for (let e = 0; e < count + cancellations; e++) {
    const status: EntryStatus =
      state === 'canceled' || e >= count
        ? 'canceled'
        : !window.started && rng.chance(0.25)
          ? 'pending'
          : 'confirmed'
    const entryCountry = pickCountry(ctx)
    const size = teamSize(rng, kind)
    const people: Array<Person> = []
    for (let p = 0; p < size; p++) {
      const gender: Gender | undefined = kind.mixed ? (p === 0 ? 'male' : 'female') : undefined
      const from = p === 0 || rng.chance(0.85) ? entryCountry : pickCountry(ctx)
      people.push(person(rng, from, gender))
    }
    const ticket = rng.weighted(
      tickets,
      tickets.map((t) => (t.type === 1 || t.type === 4 ? 70 : t.type === 2 ? 20 : 10)),
    )
    const counts = status !== 'canceled'
    const contestants: Array<ContestantPlan> = people.map((p) => {
      const category = ticket.isPricePerTeam ? null : pickCategory(rng, kind, ticket.categories)
      if (category && counts) category.sold++
      return {
        firstName: p.firstName,
        lastName: p.lastName,
        countryCode: p.countryCode,
        federationId: verifyPlayer ? String(rng.int(10000, 99999)) : null,
        category,
      }
    })
    if (counts) ticket.sold += ticket.isPricePerTeam ? 1 : contestants.length
    const captain = people[0]
    entries.push({
      ticket,
      status,
      teamName:
        (kind.type === 2 || kind.type === 4) && captain
          ? teamName(rng, captain.countryCode, captain, usedTeamNames)
          : null,
      createdAt: new Date(
        window.opensAt + rng.next() * Math.max(0, registeredUntil - window.opensAt),
      ).toISOString(),
      contestants,
    })
  }
  return entries
}

function pickCategory(rng: Rng, kind: TournamentKind, categories: ReadonlyArray<CategoryPlan>) {
  const find = (name: string) => categories.find((c) => c.name === name)
  if (kind.youth) return find('Juniors U26') ?? null
  if (kind.seniors) return find('Seniors 62+') ?? find('Open') ?? null
  const seniors = find('Seniors 62+')
  const options = [find('Open'), find('Juniors U26'), seniors].filter(
    (c): c is CategoryPlan => c !== undefined,
  )
  if (options.length === 0) return null
  return rng.weighted(
    options,
    options.map((c) => (c.name === 'Open' ? 75 : c.name === 'Juniors U26' ? 8 : 17)),
  )
}

/** Plans the tournament at position `index` of `count` in the event. */
export function planTournament(
  ctx: EventContext,
  key: TournamentKindKey,
  index: number,
  count: number,
  takenAliases: Set<string>,
): TournamentPlan {
  const { rng, spec, state, timeZone, localToday } = ctx
  const kind: TournamentKind = tournamentKinds[key]
  const league = spec.days > 14
  const startDay = league
    ? Math.min(index * 7, spec.days - 1)
    : Math.min(Math.floor((index * spec.days) / count), spec.days - 1)
  const length = league ? spec.days - startDay : Math.min(kind.days, spec.days - startDay)
  const start = plusDays(ctx.dateStart, startDay)
  const { sessions, programDays } = planSessions(ctx, kind, start, length)
  const first = sessions[0]
  const last = sessions[sessions.length - 1]
  if (!first || !last) throw new Error('seed: a tournament without sessions')

  const alias = takenAliases.has(kind.alias) ? `${kind.alias}-${index + 1}` : kind.alias
  takenAliases.add(alias)
  const started = first.date <= localToday
  const finished = last.date < localToday
  const published = state === 'accepted' || state === 'postponed' || state === 'canceled'
  const resultsUrl = started && published ? `${ctx.resultsUrl}/${alias}` : null
  const stages = planStages(ctx, kind, resultsUrl, finished)

  const lead = rng.int(35, 75)
  const salesStart = plusDays(start, -lead)
  const opensAt = zonedTimeToUtc(salesStart, '09:00', timeZone)
  const closesAt = zonedTimeToUtc(plusDays(start, -1), '22:00', timeZone)
  const hasRegistration = !spec.externalRegistration
  const verifyPlayer = spec.kind === 'championship'

  const tickets = planTickets(ctx, kind, start, salesStart)
  const entries =
    hasRegistration && published
      ? planEntries(ctx, kind, tickets, { started, opensAt, closesAt }, verifyPlayer)
      : []
  // A ticket never sells more than it offers (ticket_sold_check); organisers size quantities in round numbers.
  for (const ticket of tickets) {
    const offered = ticket.isPricePerTeam ? rng.int(3, 6) * 8 : rng.int(4, 20) * 10
    ticket.quantity = Math.max(offered, Math.ceil((ticket.sold + rng.int(0, 8)) / 10) * 10)
  }
  const withPrizes = rng.chance(0.8)
  const { prizes, setup } = planPrizes(ctx)

  return {
    id: 0,
    alias,
    name: kind.names[ctx.language],
    type: kind.type,
    isMultiSession: sessions.length > 1,
    isComplicated: stages.length > 0,
    isComplicatedMultiSession: stages.length > 0 && sessions.length > 1,
    isComplicatedMultiRound: kind.knockout === true,
    isComplicatedGroup: stages.length > 0 && !kind.knockout,
    startDate: first.date,
    startTime: first.startTime,
    endDate: last.date,
    endTime: last.endTime,
    pointsScoreType: kind.scoring,
    verifyPlayer,
    resultsUrl,
    registrationUrl: hasRegistration ? null : ctx.platformUrl,
    hasRegistration,
    isRegistrationEnabled: state !== 'canceled' && state !== 'postponed' && state !== 'postponedToDraft',
    registrationStartAt: new Date(opensAt).toISOString(),
    registrationEndAt: new Date(closesAt).toISOString(),
    orderNumber: index + 1,
    isMain: index === 0,
    boards: sessions.reduce((sum, s) => sum + s.boards, 0),
    isPrizeInformationEnabled: withPrizes,
    isPlayerListViewEnabled: rng.chance(0.9),
    locationName: ctx.secondVenue && kind.type !== 1 && kind.type !== 3 ? ctx.secondVenue : null,
    sessions,
    stages,
    programDays,
    tickets,
    prizes: withPrizes ? prizes : [],
    prizeSetup: withPrizes ? setup : null,
    entries,
  }
}
