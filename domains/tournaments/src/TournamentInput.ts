import {
  FieldProblem,
  isSupportedIsoDate,
  PlainText,
  type RuleId,
  rule,
  ruleMessages,
  TextArea,
  ValidationRule,
  WebsiteUrl,
  zonedTimeToUtc,
  zoneOffsetMs,
} from '@kibitz/kernel/format'
import { Schema } from 'effect'
import {
  PointsScoreType,
  ResultsSource,
  TicketType,
  type Tournament,
  TournamentTypeId,
} from './Tournament.ts'

// What an organiser types for one tournament, shared by the editor screens (in the browser) and the
// tournaments domain. Browser-safe: effect, the kernel's format entry and the DTO schemas only.
// Each field fails with one rule id. The rules that span fields of one input (dates in order, a free ticket
// costs nothing) are checked here and refuse a save; the publish-time rules (the event's dates, registration
// against the tournament's start, prize places) are `tournamentProblems`, which never refuses a draft.
// Money is an integer number of minor units of the event's currency. The rules are in
// docs/decisions/015-tournament-editing.md.

/** Upper bounds of the numbers and lists an organiser may type. */
export const tournamentLimits = {
  /** 10 million in major units: far above any bridge entry fee or prize. */
  moneyMinor: 1_000_000_000,
  quantity: 100_000,
  boards: 10_000,
  places: 1_000,
  age: 150,
  tickets: 20,
  ageCategories: 20,
  prizes: 1_000,
  sessions: 50,
  stages: 50,
  programDays: 60,
  tours: 50,
  description: 2000,
} as const

const maxId = 2_147_483_647

const dateTimePattern = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * States in the API's document (JSON Schema keywords) what the checks of the schema it annotates enforce; it
 * annotates the last check and checks nothing itself.
 */
const stated = (jsonSchema: Record<string, unknown>) => ({ toJsonSchema: () => jsonSchema })

/** A calendar date, YYYY-MM-DD. */
const DateField = Schema.String.check(rule(ValidationRule.invalidDate, isSupportedIsoDate)).annotate(
  stated({ format: 'date' }),
)

/** A wall-clock time, HH:mm. */
const TimeField = Schema.String.check(
  rule(ValidationRule.invalidTime, (s: string) => timePattern.test(s)),
).annotate(stated({ pattern: timePattern.source }))

/** A wall-clock date and time in the event's time zone, YYYY-MM-DDTHH:mm. */
const LocalDateTimeField = Schema.String.check(
  rule(ValidationRule.invalidDateTime, (s: string) => {
    const match = dateTimePattern.exec(s)
    return match?.[1] !== undefined && isSupportedIsoDate(match[1])
  }),
).annotate({
  ...stated({ pattern: dateTimePattern.source }),
  description: 'A wall-clock date and time in the event’s time zone, YYYY-MM-DDTHH:mm.',
})

/** A whole number from `min` to `max`; the API's schema states both bounds (a price's limit among them). */
const intBetween = (min: number, max: number) =>
  Schema.Number.check(
    Schema.makeFilter((n: number) => Number.isSafeInteger(n) && n >= min && n <= max, {
      rule: ValidationRule.outOfRange,
      message: ruleMessages.outOfRange,
      toJsonSchema: () => ({ type: 'integer', minimum: min, maximum: max }),
    }).abort(),
    // Never reached (the range check aborts first); it keeps the JSON schema a number, whose bounds then show.
    Schema.isFinite(),
  )

const choiceCheck = { rule: ValidationRule.unknownChoice, message: ruleMessages.unknownChoice }

/** One of a closed set of numbers, typed as that set; the API's document states the set as an `enum`. */
const choice = <const T extends number>(values: ReadonlyArray<T>) =>
  Schema.Number.pipe(
    Schema.refine((n: number): n is T => values.some((v) => v === n), {
      ...choiceCheck,
      ...stated({ enum: values }),
    }),
    // Never fails once the set check passed; it keeps the JSON schema a number, whose `enum` then shows.
    Schema.check(Schema.isFinite()),
  )

/** One of a closed set of strings, typed as that set; the API's document states the set as an `enum`. */
const textChoice = <const T extends string>(values: ReadonlyArray<T>) =>
  Schema.String.pipe(
    Schema.refine((s: string): s is T => values.some((v) => v === s), {
      ...choiceCheck,
      ...stated({ enum: values }),
    }),
  )

const Money = intBetween(0, tournamentLimits.moneyMinor)
const Quantity = intBetween(0, tournamentLimits.quantity)
const Id = intBetween(1, maxId)
const required = rule(ValidationRule.required, (s: string) => s.trim() !== '')
const Name = (max: number) =>
  PlainText({ max, allowCyrillic: true })
    .check(required)
    .annotate(stated({ minLength: 1, maxLength: max }))
const OptionalText = (max: number) =>
  Schema.optional(Schema.NullOr(PlainText({ max, allowCyrillic: true }).annotate(stated({ maxLength: max }))))
/** A text area's value of at most `max` characters, the limit stated in the API's document. */
const LongText = (max: number) => TextArea({ max }).annotate(stated({ maxLength: max }))
const Optional = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))
/** Lookups the spec does not list (session, stage and registration types): small positive numbers. */
const LookupId = intBetween(1, 9)
/** A medal or cup picture of the prize screen, by key. */
const IconKey = Schema.String.check(
  rule(ValidationRule.unknownChoice, (s: string) => /^[a-z0-9-]{1,20}$/.test(s)),
).annotate(stated({ pattern: '^[a-z0-9-]{1,20}$' }))

const atMostItems = (max: number) =>
  rule(ValidationRule.outOfRange, (items: ReadonlyArray<unknown>) => items.length <= max).annotate(
    stated({ maxItems: max }),
  )

/** A check of a struct that points at `field` when `valid` is false. */
const pointing = <T>(id: RuleId, field: ReadonlyArray<string | number>, valid: (value: T) => boolean) =>
  Schema.makeFilter<T>((value) => valid(value) || { path: field, issue: ruleMessages[id] }, { rule: id })

/** Points at the first item whose key was seen before; true when every key is unique. */
const uniqueBy = <T>(field: string, key: (item: T) => string | number | undefined) =>
  Schema.makeFilter<ReadonlyArray<T>>(
    (items) => {
      const seen = new Set<string | number>()
      for (const [index, item] of items.entries()) {
        const k = key(item)
        if (k === undefined) continue
        if (seen.has(k)) return { path: [index, field], issue: ruleMessages.duplicate }
        seen.add(k)
      }
      return true
    },
    { rule: ValidationRule.duplicate },
  )

const ageInOrder = (c: { readonly ageFrom?: number | null; readonly ageTo?: number | null }) =>
  c.ageFrom == null || c.ageTo == null || c.ageFrom <= c.ageTo

const inOrder = (start: string | null | undefined, end: string | null | undefined) =>
  start == null || end == null || start <= end

/** A session of a multi-session tournament. */
export const SessionInput = Schema.Struct({
  startDate: DateField,
  endDate: Optional(DateField),
  startTime: Optional(TimeField),
  endTime: Optional(TimeField),
  type: Schema.optional(LookupId),
  text: OptionalText(200),
  boards: Optional(intBetween(1, tournamentLimits.boards)),
}).check(pointing(ValidationRule.dateRange, ['endDate'], (s) => inOrder(s.startDate, s.endDate)))
export type SessionInput = typeof SessionInput.Type

/** A stage (qualification, final A, …) with its own results. */
export const StageInput = Schema.Struct({
  name: Name(200),
  type: Schema.optional(LookupId),
  resultsUrl: Optional(WebsiteUrl),
})
export type StageInput = typeof StageInput.Type

/** One tour (round) of a program day. */
export const TourInput = Schema.Struct({ time: TimeField, name: Name(200) })
export type TourInput = typeof TourInput.Type

/** One day of the tournament's program. */
export const ProgramDayInput = Schema.Struct({
  date: DateField,
  tours: Schema.Array(TourInput).check(atMostItems(tournamentLimits.tours)),
})
export type ProgramDayInput = typeof ProgramDayInput.Type

/** An age category of a ticket; `id` names an existing one, none makes a new one. */
export const AgeCategoryInput = Schema.Struct({
  id: Schema.optional(Id),
  name: Name(120),
  ageFrom: Optional(intBetween(0, tournamentLimits.age)),
  ageTo: Optional(intBetween(0, tournamentLimits.age)),
  priceMinor: Money,
  /** Null: as many as the ticket has. */
  quantity: Optional(Quantity),
  discountPercent: intBetween(0, 100),
  salesStartDate: Optional(DateField),
  salesEndDate: Optional(DateField),
  isEarlyBird: Schema.Boolean,
  earlyBirdPriceMinor: Optional(Money),
  earlyBirdSalesStartDate: Optional(DateField),
  earlyBirdSalesEndDate: Optional(DateField),
  /** The early-bird price ends once this many are sold. */
  earlyBirdEndSalesQuantity: Optional(intBetween(1, tournamentLimits.quantity)),
  enabled: Schema.Boolean,
}).check(
  pointing(ValidationRule.outOfRange, ['ageTo'], ageInOrder),
  pointing(ValidationRule.dateRange, ['salesEndDate'], (c) => inOrder(c.salesStartDate, c.salesEndDate)),
  pointing(ValidationRule.dateRange, ['earlyBirdSalesEndDate'], (c) =>
    inOrder(c.earlyBirdSalesStartDate, c.earlyBirdSalesEndDate),
  ),
)
export type AgeCategoryInput = typeof AgeCategoryInput.Type

/** Spec section 3: ticket types basic 1, medium 2, advanced 3, free of charge 4. */
export const TicketTypeInput = choice([
  TicketType.basic,
  TicketType.medium,
  TicketType.advanced,
  TicketType.free,
])

/** A ticket; `ticketId` names an existing ticket of this tournament, none makes a new one. */
export const TicketInput = Schema.Struct({
  ticketId: Schema.optional(Id),
  type: TicketTypeInput,
  priceMinor: Money,
  quantity: Quantity,
  isForSale: Schema.Boolean,
  isPricePerTeam: Schema.Boolean,
  ageCategories: Schema.Array(AgeCategoryInput).check(
    atMostItems(tournamentLimits.ageCategories),
    uniqueBy('id', (c: AgeCategoryInput) => c.id),
  ),
}).check(
  pointing(
    ValidationRule.freeTicketPrice,
    ['priceMinor'],
    (k) => k.type !== TicketType.free || k.priceMinor === 0,
  ),
  Schema.makeFilter(
    (k: { readonly type: number; readonly ageCategories: ReadonlyArray<AgeCategoryInput> }) => {
      if (k.type !== TicketType.free) return true
      const index = k.ageCategories.findIndex((c) => c.priceMinor !== 0 || (c.earlyBirdPriceMinor ?? 0) !== 0)
      return (
        index < 0 || { path: ['ageCategories', index, 'priceMinor'], issue: ruleMessages.freeTicketPrice }
      )
    },
    { rule: ValidationRule.freeTicketPrice },
  ),
)
export type TicketInput = typeof TicketInput.Type

/** Spec section 3: prize types money 1, custom 2. */
export const PrizeType = { money: 1, custom: 2 } as const

/** A prize for one place; `additionalName` marks a side ranking (best juniors, best mixed pair…). */
export const PrizeInput = Schema.Struct({
  placeNumber: intBetween(1, tournamentLimits.places),
  additionalName: OptionalText(200),
  prizeAmountMinor: Optional(Money),
  customPrize: OptionalText(200),
  medalIconKey: Optional(IconKey),
  cupIconKey: Optional(IconKey),
  type: choice([PrizeType.money, PrizeType.custom]),
})
export type PrizeInput = typeof PrizeInput.Type

/** How many places the main ranking pays, from which pool, and whether the server splits the pool. */
export const PrizeSetupInput = Schema.Struct({
  placesNumber: intBetween(1, tournamentLimits.places),
  prizePoolMinor: Optional(Money),
  customPrizePool: OptionalText(200),
  customPrizeText: Optional(LongText(tournamentLimits.description)),
  isFormulaUsed: Schema.Boolean,
})
export type PrizeSetupInput = typeof PrizeSetupInput.Type

export const ResultsSourceInput = choice([ResultsSource.url, ResultsSource.file])
export const TournamentTypeInput = choice(TournamentTypeId.literals)
export const PointsScoreTypeInput = textChoice(PointsScoreType.literals)

/** Everything an organiser types for one tournament (new tournament and edit tournament screens). */
export const TournamentInput = Schema.Struct({
  name: Name(200),
  additionalName: OptionalText(200),
  type: TournamentTypeInput,
  isMultiSession: Schema.Boolean,
  isComplicated: Schema.Boolean,
  isComplicatedMultiSession: Schema.Boolean,
  isComplicatedMultiRound: Schema.Boolean,
  isComplicatedGroup: Schema.Boolean,
  startDate: DateField,
  endDate: DateField,
  startTime: Optional(TimeField),
  endTime: Optional(TimeField),
  pointsScoreType: PointsScoreTypeInput,
  verifyPlayer: Schema.Boolean,
  resultsSource: Optional(ResultsSourceInput),
  resultsUrl: Optional(WebsiteUrl),
  /** The uploaded rules' file key, set by the files flow; left out, the stored one is kept. */
  rulesAndRegulationsFile: Optional(LongText(500)),
  hasRegistration: Schema.Boolean,
  isRegistrationEnabled: Schema.Boolean,
  /** Wall-clock date and time in the event's time zone. */
  registrationStart: Optional(LocalDateTimeField),
  registrationEnd: Optional(LocalDateTimeField),
  registrationType: Schema.optional(LookupId),
  playerListUrl: Optional(WebsiteUrl),
  isPrizeInformationEnabled: Schema.Boolean,
  isPlayerListViewEnabled: Schema.Boolean,
  boards: Optional(intBetween(1, tournamentLimits.boards)),
  description: Optional(LongText(tournamentLimits.description)),
  locationName: OptionalText(200),
  sessions: Schema.Array(SessionInput).check(atMostItems(tournamentLimits.sessions)),
  stages: Schema.Array(StageInput).check(atMostItems(tournamentLimits.stages)),
  programs: Schema.Array(ProgramDayInput).check(
    atMostItems(tournamentLimits.programDays),
    uniqueBy('date', (d: ProgramDayInput) => d.date),
  ),
  tickets: Schema.Array(TicketInput).check(
    atMostItems(tournamentLimits.tickets),
    uniqueBy('ticketId', (k: TicketInput) => k.ticketId),
  ),
  prizes: Schema.Array(PrizeInput).check(
    atMostItems(tournamentLimits.prizes),
    uniqueBy('placeNumber', (p: PrizeInput) => `${p.additionalName ?? ''}\u0000${p.placeNumber}`),
  ),
  prizeSetup: Optional(PrizeSetupInput),
}).check(
  pointing(ValidationRule.dateRange, ['endDate'], (t) => inOrder(t.startDate, t.endDate)),
  pointing(
    ValidationRule.dateRange,
    ['endTime'],
    (t) => t.startDate !== t.endDate || inOrder(t.startTime, t.endTime),
  ),
  pointing(ValidationRule.dateRange, ['registrationEnd'], (t) =>
    inOrder(t.registrationStart, t.registrationEnd),
  ),
)
export type TournamentInput = typeof TournamentInput.Type
/** The input as it crosses a boundary (JSON), before the schema's checks. */
export type TournamentInputEncoded = typeof TournamentInput.Encoded

// ---------------------------------------------------------------------------------------------------------
// The prize formula.

/**
 * Splits a prize pool over `places` places with linearly decreasing shares: with N places, place k gets
 * N − k + 1 shares out of N(N+1)/2 (3 places: 3/6, 2/6, 1/6 of the pool). Each amount is rounded down to a
 * whole minor unit and what rounding leaves over goes to first place, so the amounts add up exactly to the
 * pool and never increase from one place to the next. `poolMinor` and `places` are whole numbers ≥ 0.
 */
export const prizeSplit = (poolMinor: number, places: number): ReadonlyArray<number> => {
  if (!Number.isSafeInteger(poolMinor) || poolMinor < 0) throw new RangeError(`prize pool ${poolMinor}`)
  if (!Number.isSafeInteger(places) || places < 0) throw new RangeError(`prize places ${places}`)
  if (places === 0) return []
  const shares = (places * (places + 1)) / 2
  const amounts = Array.from({ length: places }, (_, i) => Math.floor((poolMinor * (places - i)) / shares))
  const rest = poolMinor - amounts.reduce((sum, a) => sum + a, 0)
  amounts[0] = (amounts[0] ?? 0) + rest
  return amounts
}

// ---------------------------------------------------------------------------------------------------------
// Publish-time problems.

/** What the event tells about itself when its tournaments are checked: its zone, currency and dates. */
export interface TournamentContext {
  /** The event's IANA time zone: registration datetimes are wall-clock times there. */
  readonly timeZone: string
  /** The event's ISO currency; every amount is in its minor units. */
  readonly currencyCode: string
  /** The event's first and last day, YYYY-MM-DD. */
  readonly eventStart: string
  readonly eventEnd: string
}

const problem = (field: string, id: RuleId) => new FieldProblem({ field, rule: id })

/** The prizes of the main ranking: those without an additional name. */
export const isMainPrize = (p: { readonly additionalName?: string | null }) => !p.additionalName

/**
 * Every reason a tournament cannot be published yet, with the field it concerns: what the input schema
 * refuses at once (dates in order) plus what only matters for publishing — the event's dates, a registration
 * window that opens or closes after the tournament starts, registration without a ticket for sale, a results
 * link, early-bird prices, and prizes that disagree with the prize setup. Empty when the tournament is ready.
 */
export const tournamentProblems = (
  t: TournamentInput,
  context: TournamentContext,
): ReadonlyArray<FieldProblem> => {
  const found: Array<FieldProblem> = []
  const add = (field: string, id: RuleId) => found.push(problem(field, id))

  if (t.endDate < t.startDate) add('endDate', ValidationRule.dateRange)
  if (t.startDate < context.eventStart || t.startDate > context.eventEnd)
    add('startDate', ValidationRule.outsideEvent)
  if (t.endDate > context.eventEnd || t.endDate < context.eventStart)
    add('endDate', ValidationRule.outsideEvent)
  const within = (date: string | null | undefined) =>
    date == null || (date >= t.startDate && date <= t.endDate)
  for (const [i, s] of t.sessions.entries()) {
    if (!within(s.startDate)) add(`sessions.${i}.startDate`, ValidationRule.outsideTournament)
    if (!within(s.endDate)) add(`sessions.${i}.endDate`, ValidationRule.outsideTournament)
  }
  for (const [i, d] of t.programs.entries()) {
    if (!within(d.date)) add(`programs.${i}.date`, ValidationRule.outsideTournament)
  }
  if (t.resultsSource === ResultsSource.url && !t.resultsUrl) add('resultsUrl', ValidationRule.required)

  if (t.hasRegistration && t.isRegistrationEnabled) {
    if (!t.tickets.some((k) => k.isForSale && k.quantity > 0)) add('tickets', ValidationRule.noTicketForSale)
    const startsAt = zonedTimeToUtc(t.startDate, t.startTime ?? '00:00', context.timeZone)
    const instant = (local: string) =>
      zonedTimeToUtc(local.slice(0, 10), local.slice(11, 16), context.timeZone)
    if (t.registrationStart && instant(t.registrationStart) >= startsAt)
      add('registrationStart', ValidationRule.afterStart)
    if (t.registrationEnd && instant(t.registrationEnd) > startsAt)
      add('registrationEnd', ValidationRule.afterStart)
    if (!inOrder(t.registrationStart, t.registrationEnd)) add('registrationEnd', ValidationRule.dateRange)
  }

  for (const [i, k] of t.tickets.entries()) {
    for (const [j, c] of k.ageCategories.entries()) {
      if (!c.isEarlyBird) continue
      const field = `tickets.${i}.ageCategories.${j}.earlyBirdPriceMinor`
      if (c.earlyBirdPriceMinor == null) add(field, ValidationRule.required)
      else if (k.type !== TicketType.free && c.earlyBirdPriceMinor >= c.priceMinor)
        add(field, ValidationRule.outOfRange)
    }
  }

  for (const [i, p] of t.prizes.entries()) {
    // The formula pays the main ranking's places up to the setup's number; the server fills their amounts.
    const automatic =
      Boolean(t.prizeSetup?.isFormulaUsed && t.prizeSetup.prizePoolMinor) &&
      isMainPrize(p) &&
      p.placeNumber <= (t.prizeSetup?.placesNumber ?? 0)
    if (p.type === PrizeType.money && p.prizeAmountMinor == null && !automatic)
      add(`prizes.${i}.prizeAmountMinor`, ValidationRule.required)
    if (p.type === PrizeType.custom && !p.customPrize) add(`prizes.${i}.customPrize`, ValidationRule.required)
  }
  const setup = t.prizeSetup
  if (setup) {
    const main = t.prizes.flatMap((p, i) => (isMainPrize(p) ? [{ p, i }] : []))
    for (const { p, i } of main) {
      if (p.placeNumber > setup.placesNumber) add(`prizes.${i}.placeNumber`, ValidationRule.prizePlaces)
    }
    const paid = new Set(main.map(({ p }) => p.placeNumber))
    const formulaPays = setup.isFormulaUsed && Boolean(setup.prizePoolMinor)
    const everyPlace = Array.from({ length: setup.placesNumber }, (_, i) => i + 1).every((n) => paid.has(n))
    if (!formulaPays && !everyPlace) add('prizeSetup.placesNumber', ValidationRule.prizePlaces)
    if (setup.isFormulaUsed && !setup.prizePoolMinor)
      add('prizeSetup.prizePoolMinor', ValidationRule.required)
    const money = main.reduce(
      (sum, { p }) => sum + (p.type === PrizeType.money ? (p.prizeAmountMinor ?? 0) : 0),
      0,
    )
    if (setup.prizePoolMinor != null && money > setup.prizePoolMinor)
      add('prizeSetup.prizePoolMinor', ValidationRule.prizesOverPool)
  }
  return found
}

// ---------------------------------------------------------------------------------------------------------
// From what is stored back to what the edit screen shows.

/** An instant as the wall-clock YYYY-MM-DDTHH:mm of `timeZone`. */
const localDateTime = (iso: string, timeZone: string): string => {
  const ms = Date.parse(iso)
  return new Date(ms + zoneOffsetMs(timeZone, ms)).toISOString().slice(0, 16)
}

/** The edit screen's input for a stored tournament (registration datetimes on the event's wall clock). */
export const tournamentToInput = (t: Tournament, timeZone: string): TournamentInput => ({
  name: t.name,
  additionalName: t.additionalName,
  type: t.type,
  isMultiSession: t.isMultiSession,
  isComplicated: t.isComplicated,
  isComplicatedMultiSession: t.isComplicatedMultiSession,
  isComplicatedMultiRound: t.isComplicatedMultiRound,
  isComplicatedGroup: t.isComplicatedGroup,
  startDate: t.startDate,
  endDate: t.endDate,
  startTime: t.startTime,
  endTime: t.endTime,
  pointsScoreType: oneOfOr(PointsScoreType.literals, t.pointsScoreType, 'OTHER'),
  verifyPlayer: t.verifyPlayer,
  resultsSource:
    t.resultsSource === ResultsSource.url || t.resultsSource === ResultsSource.file ? t.resultsSource : null,
  resultsUrl: t.resultsUrl,
  rulesAndRegulationsFile: t.rulesAndRegulationsFile,
  hasRegistration: t.hasRegistration,
  isRegistrationEnabled: t.isRegistrationEnabled,
  registrationStart: t.registrationStartDatetime && localDateTime(t.registrationStartDatetime, timeZone),
  registrationEnd: t.registrationEndDatetime && localDateTime(t.registrationEndDatetime, timeZone),
  registrationType: t.registrationType,
  playerListUrl: t.playerListUrl,
  isPrizeInformationEnabled: t.isPrizeInformationEnabled,
  isPlayerListViewEnabled: t.isPlayerListViewEnabled,
  boards: t.boards,
  description: t.description,
  locationName: t.locationName,
  sessions: t.sessions.map((s) => ({
    startDate: s.startDate,
    endDate: s.endDate,
    startTime: s.startTime,
    endTime: s.endTime,
    type: s.type,
    text: s.text,
    boards: s.boards,
  })),
  stages: t.stages.map((s) => ({ name: s.name, type: s.type, resultsUrl: s.resultsUrl })),
  programs: t.programs.map((d) => ({
    date: d.date,
    tours: d.tours.map((x) => ({ time: x.time, name: x.name })),
  })),
  tickets: t.tickets.map((k) => ({
    ticketId: k.ticketId,
    type: oneOfOr([TicketType.basic, TicketType.medium, TicketType.advanced, TicketType.free], k.type, 1),
    priceMinor: k.priceMinor,
    quantity: k.quantity,
    isForSale: k.isForSale,
    isPricePerTeam: k.isPricePerTeam,
    ageCategories: k.ticketAgeCategories.map((c) => ({
      id: c.ticketAgeCategoryId,
      name: c.name,
      ageFrom: c.ageFrom,
      ageTo: c.ageTo,
      priceMinor: c.priceMinor,
      quantity: c.quantity,
      discountPercent: c.discountPercent,
      salesStartDate: c.salesStartDate,
      salesEndDate: c.salesEndDate,
      isEarlyBird: c.isEarlyBird,
      earlyBirdPriceMinor: c.earlyBirdPriceMinor,
      earlyBirdSalesStartDate: c.earlyBirdSalesStartDate,
      earlyBirdSalesEndDate: c.earlyBirdSalesEndDate,
      earlyBirdEndSalesQuantity: c.earlyBirdEndSalesQuantity,
      enabled: c.enabled,
    })),
  })),
  prizes: t.prizes.map((p) => ({
    placeNumber: p.placeNumber,
    additionalName: p.additionalName,
    prizeAmountMinor: p.prizeAmountMinor,
    customPrize: p.customPrize,
    medalIconKey: p.medalIconKey,
    cupIconKey: p.cupIconKey,
    type: p.type === PrizeType.custom ? PrizeType.custom : PrizeType.money,
  })),
  prizeSetup: t.prizeSetup && {
    placesNumber: t.prizeSetup.placesNumber,
    prizePoolMinor: t.prizeSetup.prizePoolMinor,
    customPrizePool: t.prizeSetup.customPrizePool,
    customPrizeText: t.prizeSetup.customPrizeText,
    isFormulaUsed: t.prizeSetup.isFormulaUsed,
  },
})

/** `value` when it is one of `values`, else `fallback` (a stored value from before the rules). */
const oneOfOr = <const T extends string | number>(values: ReadonlyArray<T>, value: unknown, fallback: T): T =>
  values.find((v) => v === value) ?? fallback
