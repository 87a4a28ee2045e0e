import { formatMoneyInput, parseMoney } from '@kibitz/kernel/format'
import { idFromText, TournamentId } from '@kibitz/kernel/ids'
import { PrizeType, prizeSplit, type TournamentInputEncoded } from '@kibitz/tournaments/input'

// The tournament screens' form state and the input they send (pure, browser-safe). Every input of a form holds
// a string, as the browser gives it; the payload carries numbers and minor units. A number the organiser left
// empty becomes null, which the domain's schema reports as 'required' on that field, and a number it cannot
// read stays NaN, which the schema reports as out of range: the form never guesses a value.

/** A tournament input as a form builds it: the encoded input, where a number may still be missing (null). */
type Loose<T> = T extends number
  ? number | null
  : T extends string | boolean | null | undefined
    ? T
    : T extends ReadonlyArray<infer U>
      ? ReadonlyArray<Loose<U>>
      : { readonly [K in keyof T]: Loose<T[K]> }

/** What the tournament screens send to saveTournamentFn; the stored input (encoded) is one. */
export type TournamentPayload = Loose<TournamentInputEncoded>

/** The search of the steps that show one tournament at a time: `?tournament={id}`, else none (the first). */
export const tournamentSearch = (search: Record<string, unknown>): { tournament?: number } => {
  const raw = search.tournament
  const id = typeof raw === 'number' || typeof raw === 'string' ? idFromText(TournamentId, String(raw)) : null
  return { tournament: id ?? undefined }
}

const text = (value: string | null | undefined): string => value ?? ''
const orNull = (value: string): string | null => (value.trim() === '' ? null : value)
const numberText = (value: number | null | undefined): string => (value == null ? '' : String(value))
/** Empty: null; else the number typed (NaN when it is not one, so the schema refuses it). */
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()))

/** The event's currency and the organiser's interface locale: how prices are typed and shown in the editor. */
export interface MoneyFormat {
  /** ISO 4217 code of the event's currency; its minor unit decides the digits (JPY 0, EUR 2, KWD 3). */
  readonly currency: string
  readonly locale: string
}

/** Minor units as the major amount an organiser types: 4000 → "40", 4050 → "40.50" ("40,50" in Polish). Null → "". */
export const moneyText = (minor: number | null | undefined, money: MoneyFormat): string =>
  formatMoneyInput(minor, money.currency, money.locale)

/** A typed major amount in minor units ("40.5" → 4050, "1,250" → 125000, "5000" yen → 5000); empty → null, unreadable → NaN. */
export const moneyMinor = (typed: string, money: MoneyFormat): number | null =>
  typed.trim() === '' ? null : (parseMoney(typed, money.currency, money.locale) ?? Number.NaN)

// ---------------------------------------------------------------------------------------------------------
// The tournament's own fields (new tournament and edit tournament screens).

export interface SessionDraft {
  startDate: string
  endDate: string
  startTime: string
  endTime: string
  text: string
  boards: string
  /** Not edited on the screen (no lookup yet): kept as loaded. */
  type: number | null | undefined
}

export interface StageDraft {
  name: string
  resultsUrl: string
  /** Not edited on the screen (no lookup yet): kept as loaded. */
  type: number | null | undefined
}

export interface TournamentDraft {
  name: string
  additionalName: string
  type: string
  isMultiSession: boolean
  isComplicated: boolean
  isComplicatedMultiSession: boolean
  isComplicatedMultiRound: boolean
  isComplicatedGroup: boolean
  startDate: string
  endDate: string
  startTime: string
  endTime: string
  pointsScoreType: string
  verifyPlayer: boolean
  /** '' (none), '1' (results web address) or '2' (uploaded file). */
  resultsSource: string
  resultsUrl: string
  hasRegistration: boolean
  isRegistrationEnabled: boolean
  /** Wall-clock YYYY-MM-DDTHH:mm in the event's time zone, as a datetime-local input gives it. */
  registrationStart: string
  registrationEnd: string
  playerListUrl: string
  isPrizeInformationEnabled: boolean
  isPlayerListViewEnabled: boolean
  boards: string
  description: string
  locationName: string
  sessions: Array<SessionDraft>
  stages: Array<StageDraft>
}

export const emptySession = (date: string): SessionDraft => ({
  startDate: date,
  endDate: '',
  startTime: '',
  endTime: '',
  text: '',
  boards: '',
  type: undefined,
})

export const emptyStage = (): StageDraft => ({ name: '', resultsUrl: '', type: undefined })

/** The form values of the tournament's own fields. */
export const tournamentDraftOf = (input: TournamentPayload): TournamentDraft => ({
  name: input.name,
  additionalName: text(input.additionalName),
  type: numberText(input.type),
  isMultiSession: input.isMultiSession,
  isComplicated: input.isComplicated,
  isComplicatedMultiSession: input.isComplicatedMultiSession,
  isComplicatedMultiRound: input.isComplicatedMultiRound,
  isComplicatedGroup: input.isComplicatedGroup,
  startDate: input.startDate,
  endDate: input.endDate,
  startTime: text(input.startTime),
  endTime: text(input.endTime),
  pointsScoreType: input.pointsScoreType,
  verifyPlayer: input.verifyPlayer,
  resultsSource: numberText(input.resultsSource),
  resultsUrl: text(input.resultsUrl),
  hasRegistration: input.hasRegistration,
  isRegistrationEnabled: input.isRegistrationEnabled,
  registrationStart: text(input.registrationStart),
  registrationEnd: text(input.registrationEnd),
  playerListUrl: text(input.playerListUrl),
  isPrizeInformationEnabled: input.isPrizeInformationEnabled,
  isPlayerListViewEnabled: input.isPlayerListViewEnabled,
  boards: numberText(input.boards),
  description: text(input.description),
  locationName: text(input.locationName),
  sessions: input.sessions.map((s) => ({
    startDate: s.startDate,
    endDate: text(s.endDate),
    startTime: text(s.startTime),
    endTime: text(s.endTime),
    text: text(s.text),
    boards: numberText(s.boards),
    type: s.type,
  })),
  stages: input.stages.map((s) => ({ name: s.name, resultsUrl: text(s.resultsUrl), type: s.type })),
})

/** A type that was not chosen stays out of the input (the domain then keeps its default). */
const lookup = (type: number | null | undefined) => (type == null ? {} : { type })

/**
 * `base` with the tournament's own fields of `draft`; its tickets, prizes, prize setup, program, rules file
 * and registration type stay as they are (the other steps edit them).
 */
export const withTournamentDraft = (base: TournamentPayload, d: TournamentDraft): TournamentPayload => ({
  ...base,
  name: d.name,
  additionalName: orNull(d.additionalName),
  type: numberOrNull(d.type),
  isMultiSession: d.isMultiSession,
  isComplicated: d.isComplicated,
  isComplicatedMultiSession: d.isComplicated && d.isComplicatedMultiSession,
  isComplicatedMultiRound: d.isComplicated && d.isComplicatedMultiRound,
  isComplicatedGroup: d.isComplicated && d.isComplicatedGroup,
  startDate: d.startDate,
  endDate: d.endDate,
  startTime: orNull(d.startTime),
  endTime: orNull(d.endTime),
  pointsScoreType: d.pointsScoreType,
  verifyPlayer: d.verifyPlayer,
  resultsSource: numberOrNull(d.resultsSource),
  resultsUrl: orNull(d.resultsUrl),
  hasRegistration: d.hasRegistration,
  isRegistrationEnabled: d.isRegistrationEnabled,
  registrationStart: orNull(d.registrationStart),
  registrationEnd: orNull(d.registrationEnd),
  playerListUrl: orNull(d.playerListUrl),
  isPrizeInformationEnabled: d.isPrizeInformationEnabled,
  isPlayerListViewEnabled: d.isPlayerListViewEnabled,
  boards: numberOrNull(d.boards),
  description: orNull(d.description),
  locationName: orNull(d.locationName),
  sessions: d.sessions.map((s) => ({
    startDate: s.startDate,
    endDate: orNull(s.endDate),
    startTime: orNull(s.startTime),
    endTime: orNull(s.endTime),
    text: orNull(s.text),
    boards: numberOrNull(s.boards),
    ...lookup(s.type),
  })),
  stages: d.stages.map((s) => ({ name: s.name, resultsUrl: orNull(s.resultsUrl), ...lookup(s.type) })),
})

/** Ticket type 1 of spec section 3, the one a new tournament starts with. */
const basicTicket = 1

/**
 * A new tournament: pairs on the event's first day, players register on the site, and one basic ticket the
 * organiser prices on the entry-fees step.
 */
export const newTournamentInput = (firstDay: string): TournamentPayload => ({
  name: '',
  additionalName: null,
  type: 1,
  isMultiSession: false,
  isComplicated: false,
  isComplicatedMultiSession: false,
  isComplicatedMultiRound: false,
  isComplicatedGroup: false,
  startDate: firstDay,
  endDate: firstDay,
  startTime: null,
  endTime: null,
  pointsScoreType: 'MP_PAIRS',
  verifyPlayer: false,
  resultsSource: null,
  resultsUrl: null,
  hasRegistration: true,
  isRegistrationEnabled: true,
  registrationStart: null,
  registrationEnd: null,
  playerListUrl: null,
  isPrizeInformationEnabled: true,
  isPlayerListViewEnabled: true,
  boards: null,
  description: null,
  locationName: null,
  sessions: [],
  stages: [],
  programs: [],
  tickets: [
    {
      type: basicTicket,
      priceMinor: 0,
      quantity: 0,
      isForSale: true,
      isPricePerTeam: false,
      ageCategories: [],
    },
  ],
  prizes: [],
  prizeSetup: null,
})

// ---------------------------------------------------------------------------------------------------------
// Tickets, age categories, prizes and the prize setup (registration-entry-fees-and-prizes screen).

export interface AgeCategoryDraft {
  /** The stored category's id; none for a new one. */
  id: number | null | undefined
  name: string
  ageFrom: string
  ageTo: string
  price: string
  quantity: string
  discountPercent: string
  salesStartDate: string
  salesEndDate: string
  isEarlyBird: boolean
  earlyBirdPrice: string
  earlyBirdSalesStartDate: string
  earlyBirdSalesEndDate: string
  earlyBirdEndSalesQuantity: string
  enabled: boolean
}

export interface TicketDraft {
  /** The stored ticket's id; none for a new one. */
  ticketId: number | null | undefined
  type: string
  price: string
  quantity: string
  isForSale: boolean
  isPricePerTeam: boolean
  ageCategories: Array<AgeCategoryDraft>
}

export interface PrizeDraft {
  placeNumber: string
  /** Empty for the main ranking; a side ranking's name otherwise (best juniors…). */
  additionalName: string
  /** '1' money, '2' custom prize. */
  type: string
  amount: string
  customPrize: string
  medalIconKey: string
  cupIconKey: string
}

export interface PrizeSetupDraft {
  placesNumber: string
  prizePool: string
  customPrizePool: string
  customPrizeText: string
  isFormulaUsed: boolean
}

export interface FeesDraft {
  tickets: Array<TicketDraft>
  prizes: Array<PrizeDraft>
  prizeSetup: PrizeSetupDraft
}

export const emptyAgeCategory = (): AgeCategoryDraft => ({
  id: undefined,
  name: '',
  ageFrom: '',
  ageTo: '',
  price: '',
  quantity: '',
  discountPercent: '0',
  salesStartDate: '',
  salesEndDate: '',
  isEarlyBird: false,
  earlyBirdPrice: '',
  earlyBirdSalesStartDate: '',
  earlyBirdSalesEndDate: '',
  earlyBirdEndSalesQuantity: '',
  enabled: true,
})

export const emptyTicket = (): TicketDraft => ({
  ticketId: undefined,
  type: String(basicTicket),
  price: '',
  quantity: '',
  isForSale: true,
  isPricePerTeam: false,
  ageCategories: [],
})

export const emptyPrize = (place: number): PrizeDraft => ({
  placeNumber: String(place),
  additionalName: '',
  type: String(PrizeType.money),
  amount: '',
  customPrize: '',
  medalIconKey: '',
  cupIconKey: '',
})

const id = (value: number | null | undefined) => (value == null ? {} : { id: value })
const ticketId = (value: number | null | undefined) => (value == null ? {} : { ticketId: value })

/** The form values of the tickets, prizes and prize setup. */
export const feesDraftOf = (input: TournamentPayload, money: MoneyFormat): FeesDraft => ({
  tickets: input.tickets.map((k) => ({
    ticketId: k.ticketId,
    type: numberText(k.type),
    price: moneyText(k.priceMinor, money),
    quantity: numberText(k.quantity),
    isForSale: k.isForSale,
    isPricePerTeam: k.isPricePerTeam,
    ageCategories: k.ageCategories.map((c) => ({
      id: c.id,
      name: c.name,
      ageFrom: numberText(c.ageFrom),
      ageTo: numberText(c.ageTo),
      price: moneyText(c.priceMinor, money),
      quantity: numberText(c.quantity),
      discountPercent: numberText(c.discountPercent),
      salesStartDate: text(c.salesStartDate),
      salesEndDate: text(c.salesEndDate),
      isEarlyBird: c.isEarlyBird,
      earlyBirdPrice: moneyText(c.earlyBirdPriceMinor, money),
      earlyBirdSalesStartDate: text(c.earlyBirdSalesStartDate),
      earlyBirdSalesEndDate: text(c.earlyBirdSalesEndDate),
      earlyBirdEndSalesQuantity: numberText(c.earlyBirdEndSalesQuantity),
      enabled: c.enabled,
    })),
  })),
  prizes: input.prizes.map((p) => ({
    placeNumber: numberText(p.placeNumber),
    additionalName: text(p.additionalName),
    type: numberText(p.type),
    amount: moneyText(p.prizeAmountMinor, money),
    customPrize: text(p.customPrize),
    medalIconKey: text(p.medalIconKey),
    cupIconKey: text(p.cupIconKey),
  })),
  prizeSetup: input.prizeSetup
    ? {
        placesNumber: numberText(input.prizeSetup.placesNumber),
        prizePool: moneyText(input.prizeSetup.prizePoolMinor, money),
        customPrizePool: text(input.prizeSetup.customPrizePool),
        customPrizeText: text(input.prizeSetup.customPrizeText),
        isFormulaUsed: input.prizeSetup.isFormulaUsed,
      }
    : { placesNumber: '', prizePool: '', customPrizePool: '', customPrizeText: '', isFormulaUsed: false },
})

/** An untouched prize setup means the tournament has none. */
const isBlankSetup = (s: PrizeSetupDraft): boolean =>
  !s.isFormulaUsed &&
  [s.placesNumber, s.prizePool, s.customPrizePool, s.customPrizeText].every((v) => v.trim() === '')

/**
 * What the formula pays per place (index 0 is place 1), in minor units, while the organiser types: null when
 * the formula is off or the pool or the number of places cannot be read yet.
 */
export const formulaSplit = (s: PrizeSetupDraft, money: MoneyFormat): ReadonlyArray<number> | null => {
  if (!s.isFormulaUsed) return null
  const pool = moneyMinor(s.prizePool, money)
  const places = numberOrNull(s.placesNumber)
  if (pool == null || !Number.isSafeInteger(pool) || pool <= 0) return null
  if (places == null || !Number.isSafeInteger(places) || places < 1 || places > 1000) return null
  return prizeSplit(pool, places)
}

/** The amount the formula gives a prize row, or null when the organiser's typed amount counts. */
export const formulaAmountOf = (split: ReadonlyArray<number> | null, p: PrizeDraft): number | null => {
  if (split === null || p.additionalName.trim() !== '') return null
  const place = numberOrNull(p.placeNumber)
  return place != null && Number.isSafeInteger(place) && place >= 1 ? (split[place - 1] ?? null) : null
}

/** Tickets left: the typed quantity minus what is sold (never typed in); null while the quantity is unreadable. */
export const ticketsLeft = (quantity: string, sold: number): number | null => {
  const n = numberOrNull(quantity)
  return n == null || !Number.isSafeInteger(n) ? null : Math.max(0, n - sold)
}

/**
 * `base` with the tickets, prizes and prize setup of `draft`. With the formula on, the places it pays carry
 * the amounts it computes (the server computes them again and has the last word).
 */
export const withFeesDraft = (
  base: TournamentPayload,
  d: FeesDraft,
  money: MoneyFormat,
): TournamentPayload => {
  const split = formulaSplit(d.prizeSetup, money)
  return {
    ...base,
    tickets: d.tickets.map((k) => ({
      ...ticketId(k.ticketId),
      type: numberOrNull(k.type),
      priceMinor: moneyMinor(k.price, money),
      quantity: numberOrNull(k.quantity),
      isForSale: k.isForSale,
      isPricePerTeam: k.isPricePerTeam,
      ageCategories: k.ageCategories.map((c) => ({
        ...id(c.id),
        name: c.name,
        ageFrom: numberOrNull(c.ageFrom),
        ageTo: numberOrNull(c.ageTo),
        priceMinor: moneyMinor(c.price, money),
        quantity: numberOrNull(c.quantity),
        discountPercent: numberOrNull(c.discountPercent),
        salesStartDate: orNull(c.salesStartDate),
        salesEndDate: orNull(c.salesEndDate),
        isEarlyBird: c.isEarlyBird,
        earlyBirdPriceMinor: moneyMinor(c.earlyBirdPrice, money),
        earlyBirdSalesStartDate: orNull(c.earlyBirdSalesStartDate),
        earlyBirdSalesEndDate: orNull(c.earlyBirdSalesEndDate),
        earlyBirdEndSalesQuantity: numberOrNull(c.earlyBirdEndSalesQuantity),
        enabled: c.enabled,
      })),
    })),
    prizes: d.prizes.map((p) => {
      const computed = Number(p.type) === PrizeType.money ? formulaAmountOf(split, p) : null
      return {
        placeNumber: numberOrNull(p.placeNumber),
        additionalName: orNull(p.additionalName),
        prizeAmountMinor: computed ?? moneyMinor(p.amount, money),
        customPrize: orNull(p.customPrize),
        medalIconKey: orNull(p.medalIconKey),
        cupIconKey: orNull(p.cupIconKey),
        type: numberOrNull(p.type),
      }
    }),
    prizeSetup: isBlankSetup(d.prizeSetup)
      ? null
      : {
          placesNumber: numberOrNull(d.prizeSetup.placesNumber),
          prizePoolMinor: moneyMinor(d.prizeSetup.prizePool, money),
          customPrizePool: orNull(d.prizeSetup.customPrizePool),
          customPrizeText: orNull(d.prizeSetup.customPrizeText),
          isFormulaUsed: d.prizeSetup.isFormulaUsed,
        },
  }
}

/** The first place of the main ranking that has no prize row yet. */
export const nextFreePlace = (prizes: ReadonlyArray<PrizeDraft>): number => {
  const taken = new Set(
    prizes.filter((p) => p.additionalName.trim() === '').map((p) => numberOrNull(p.placeNumber)),
  )
  let place = 1
  while (taken.has(place)) place += 1
  return place
}

/** The prize rows with one added for every main-ranking place from 1 to `places` that has none, in order. */
export const withEveryPlace = (prizes: ReadonlyArray<PrizeDraft>, places: number): Array<PrizeDraft> => {
  const taken = new Set(
    prizes.filter((p) => p.additionalName.trim() === '').map((p) => numberOrNull(p.placeNumber)),
  )
  const added = Array.from({ length: Math.max(0, places) }, (_, i) => i + 1)
    .filter((place) => !taken.has(place))
    .map(emptyPrize)
  return [...prizes, ...added].sort((a, b) => {
    // The main ranking first, by place; side rankings after it, as they were.
    const sideA = a.additionalName.trim() !== ''
    const sideB = b.additionalName.trim() !== ''
    if (sideA !== sideB) return sideA ? 1 : -1
    if (sideA) return 0
    return (numberOrNull(a.placeNumber) ?? 0) - (numberOrNull(b.placeNumber) ?? 0)
  })
}

// ---------------------------------------------------------------------------------------------------------
// The program (event-program screen).

export interface TourDraft {
  time: string
  name: string
}

export interface ProgramDayDraft {
  date: string
  tours: Array<TourDraft>
}

export const programDraftOf = (input: TournamentPayload): Array<ProgramDayDraft> =>
  input.programs.map((d) => ({ date: d.date, tours: d.tours.map((x) => ({ time: x.time, name: x.name })) }))

/** `base` with the program days of `days`; everything else stays as loaded. */
export const withProgramDraft = (
  base: TournamentPayload,
  days: ReadonlyArray<ProgramDayDraft>,
): TournamentPayload => ({
  ...base,
  programs: days.map((d) => ({ date: d.date, tours: d.tours.map((x) => ({ time: x.time, name: x.name })) })),
})

/** The later of two dates (YYYY-MM-DD); an empty one counts as earliest. */
export const laterDate = (a: string, b: string): string => {
  if (a >= b) return a
  return b
}

/** The day after `date` (YYYY-MM-DD), for a new program day; '' when `date` is not a date. */
export const dayAfter = (date: string): string => {
  const ms = Date.parse(`${date}T00:00:00Z`)
  return Number.isNaN(ms) ? '' : new Date(ms + 86_400_000).toISOString().slice(0, 10)
}
