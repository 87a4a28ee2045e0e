import { EventId, TournamentId } from '@kibitz/kernel/ids'
import { Schema } from 'effect'

/** Spec section 9: tournament type ids pairs 1, team 2, individual 3, others 4. */
export const TournamentType = { pairs: 1, team: 2, individual: 3, others: 4 } as const
export const TournamentTypeId = Schema.Literals([1, 2, 3, 4])
export type TournamentTypeId = typeof TournamentTypeId.Type

/** Spec section 5: type number 1 to 3 registers persons, anything else teams. */
export const registersPersons = (type: number): boolean => type >= 1 && type <= 3

/** Spec section 3: points score types, pairs and teams variants of MP. */
export const PointsScoreType = Schema.Literals([
  'VP',
  'IMP',
  'BAM',
  'PATTON',
  'OTHER',
  'MP_PAIRS',
  'MP_TEAMS',
])
export type PointsScoreType = typeof PointsScoreType.Type

/** Spec section 3: ticket types basic 1, medium 2, advanced 3, free of charge 4. */
export const TicketType = { basic: 1, medium: 2, advanced: 3, free: 4 } as const

/** Spec section 9: results source URL 1, uploaded file 2. */
export const ResultsSource = { url: 1, file: 2 } as const

/**
 * Kinds of a session of play (Session.type), which are also the kinds of a program's tours (spec section 7
 * tour/types): a sitting of play, one round of a Swiss or round robin, a team match. The spec names no list;
 * 1 is what a session without a type is stored as (decision 010).
 */
export const SessionType = { session: 1, round: 2, match: 3 } as const

/**
 * Kinds of a stage with its own results (Stage.type). 1, a stage the organiser did not classify, is what a stage
 * without a type is stored as; the others are the usual stages of a bridge championship (decision 010).
 */
export const StageType = { stage: 1, qualification: 2, semiFinal: 3, final: 4, consolation: 5 } as const

export { TournamentId }

export class TicketAgeCategory extends Schema.Class<TicketAgeCategory>(
  '@kibitz/tournaments/TicketAgeCategory',
)({
  ticketAgeCategoryId: Schema.Int,
  name: Schema.String,
  ageFrom: Schema.NullOr(Schema.Int),
  ageTo: Schema.NullOr(Schema.Int),
  priceMinor: Schema.Int,
  /** The price a visitor pays today: early bird when its window and quantity allow. */
  currentPriceMinor: Schema.Int,
  quantity: Schema.NullOr(Schema.Int),
  discountPercent: Schema.Int,
  salesStartDate: Schema.NullOr(Schema.String),
  salesEndDate: Schema.NullOr(Schema.String),
  isEarlyBird: Schema.Boolean,
  earlyBirdPriceMinor: Schema.NullOr(Schema.Int),
  earlyBirdSalesStartDate: Schema.NullOr(Schema.String),
  earlyBirdSalesEndDate: Schema.NullOr(Schema.String),
  earlyBirdEndSalesQuantity: Schema.NullOr(Schema.Int),
  earlyBirdActive: Schema.Boolean,
  /** While the early bird runs with an end quantity: the places left at its price (null: no such limit). */
  earlyBirdPlacesLeft: Schema.NullOr(Schema.Int),
  enabled: Schema.Boolean,
  /** Whether a player can choose it today: enabled, inside its sales dates, with places left. */
  isAvailable: Schema.Boolean,
}) {}

export class Ticket extends Schema.Class<Ticket>('@kibitz/tournaments/Ticket')({
  ticketId: Schema.Int,
  type: Schema.Int,
  priceMinor: Schema.Int,
  quantity: Schema.Int,
  /** Always computed: quantity minus sold, never typed in. */
  ticketsLeft: Schema.Int,
  isForSale: Schema.Boolean,
  isPricePerTeam: Schema.Boolean,
  ticketAgeCategories: Schema.Array(TicketAgeCategory),
  /**
   * Whether a player can take it today: for sale, with places left and, when it has age categories, one of them
   * available (a ticket with categories is sold only through one of them).
   */
  isAvailable: Schema.Boolean,
}) {}

export class Prize extends Schema.Class<Prize>('@kibitz/tournaments/Prize')({
  elementId: Schema.Int,
  placeNumber: Schema.Int,
  additionalName: Schema.NullOr(Schema.String),
  prizeAmountMinor: Schema.NullOr(Schema.Int),
  customPrize: Schema.NullOr(Schema.String),
  medalIconKey: Schema.NullOr(Schema.String),
  cupIconKey: Schema.NullOr(Schema.String),
  type: Schema.Int,
}) {}

export class PrizeSetup extends Schema.Class<PrizeSetup>('@kibitz/tournaments/PrizeSetup')({
  placesNumber: Schema.Int,
  prizePoolMinor: Schema.NullOr(Schema.Int),
  customPrizePool: Schema.NullOr(Schema.String),
  customPrizeText: Schema.NullOr(Schema.String),
  isFormulaUsed: Schema.Boolean,
}) {}

export class Session extends Schema.Class<Session>('@kibitz/tournaments/Session')({
  startDate: Schema.String,
  endDate: Schema.NullOr(Schema.String),
  startTime: Schema.NullOr(Schema.String),
  endTime: Schema.NullOr(Schema.String),
  type: Schema.Int,
  text: Schema.NullOr(Schema.String),
  boards: Schema.NullOr(Schema.Int),
}) {}

export class Stage extends Schema.Class<Stage>('@kibitz/tournaments/Stage')({
  name: Schema.String,
  type: Schema.Int,
  resultsUrl: Schema.NullOr(Schema.String),
}) {}

export class ProgramDay extends Schema.Class<ProgramDay>('@kibitz/tournaments/ProgramDay')({
  date: Schema.String,
  tours: Schema.Array(Schema.Struct({ time: Schema.String, name: Schema.String })),
}) {}

export class Tournament extends Schema.Class<Tournament>('@kibitz/tournaments/Tournament')({
  tournamentId: TournamentId,
  eventId: EventId,
  alias: Schema.String,
  name: Schema.String,
  additionalName: Schema.NullOr(Schema.String),
  type: TournamentTypeId,
  isMultiSession: Schema.Boolean,
  isComplicated: Schema.Boolean,
  isComplicatedMultiSession: Schema.Boolean,
  isComplicatedMultiRound: Schema.Boolean,
  isComplicatedGroup: Schema.Boolean,
  startDate: Schema.String,
  startTime: Schema.NullOr(Schema.String),
  endDate: Schema.String,
  endTime: Schema.NullOr(Schema.String),
  pointsScoreType: Schema.String,
  verifyPlayer: Schema.Boolean,
  resultsSource: Schema.NullOr(Schema.Int),
  resultsUrl: Schema.NullOr(Schema.String),
  resultsFile: Schema.NullOr(Schema.String),
  hasResults: Schema.Boolean,
  rulesAndRegulationsFile: Schema.NullOr(Schema.String),
  hasRegistration: Schema.Boolean,
  isRegistrationEnabled: Schema.Boolean,
  /** Spec section 4: offered only if an open ticket exists and the tournament has neither started nor ended. */
  isOpenRegistration: Schema.Boolean,
  registrationStartDatetime: Schema.NullOr(Schema.String),
  registrationEndDatetime: Schema.NullOr(Schema.String),
  registrationType: Schema.Int,
  playerListUrl: Schema.NullOr(Schema.String),
  orderNumber: Schema.Int,
  isMain: Schema.Boolean,
  boards: Schema.NullOr(Schema.Int),
  description: Schema.NullOr(Schema.String),
  isPrizeInformationEnabled: Schema.Boolean,
  isPlayerListViewEnabled: Schema.Boolean,
  locationName: Schema.NullOr(Schema.String),
  tickets: Schema.Array(Ticket),
  prizes: Schema.Array(Prize),
  prizeSetup: Schema.NullOr(PrizeSetup),
  sessions: Schema.Array(Session),
  stages: Schema.Array(Stage),
  programs: Schema.Array(ProgramDay),
}) {}

/** What decides an age category's price on a given day. */
export interface CategoryPricing {
  readonly priceMinor: number
  readonly isEarlyBird: boolean
  readonly earlyBirdPriceMinor: number | null | undefined
  readonly earlyBirdSalesStartDate: string | null | undefined
  readonly earlyBirdSalesEndDate: string | null | undefined
  readonly earlyBirdEndSalesQuantity: number | null | undefined
}

/**
 * An age category's price on `today` (YYYY-MM-DD in the event's zone) after `sold` units: its early-bird price
 * while the early bird runs (inside its dates and while fewer than its end quantity are sold), else its price.
 * The category's price is what a player pays; its discount percent only says how far it is below the ticket's.
 */
export const categoryPriceOn = (
  c: CategoryPricing,
  sold: number,
  today: string,
): { readonly priceMinor: number; readonly earlyBird: boolean } => {
  const earlyBird =
    c.isEarlyBird &&
    (c.earlyBirdSalesStartDate == null || c.earlyBirdSalesStartDate <= today) &&
    (c.earlyBirdSalesEndDate == null || today <= c.earlyBirdSalesEndDate) &&
    (c.earlyBirdEndSalesQuantity == null || sold < c.earlyBirdEndSalesQuantity)
  return {
    priceMinor: earlyBird && c.earlyBirdPriceMinor != null ? c.earlyBirdPriceMinor : c.priceMinor,
    earlyBird,
  }
}

/** What decides whether an age category can be sold on a given day. */
export interface CategorySale {
  readonly enabled: boolean
  readonly salesStartDate: string | null | undefined
  readonly salesEndDate: string | null | undefined
  readonly quantity: number | null | undefined
  readonly sold: number
}

/** Whether an age category sells on `today` (YYYY-MM-DD in the event's zone) but for its places: enabled, in its dates. */
export const categorySalesOpen = (
  c: Pick<CategorySale, 'enabled' | 'salesStartDate' | 'salesEndDate'>,
  today: string,
): boolean =>
  c.enabled &&
  (c.salesStartDate == null || c.salesStartDate <= today) &&
  (c.salesEndDate == null || today <= c.salesEndDate)

/** Whether an age category can be sold on `today` (YYYY-MM-DD in the event's zone): enabled, in its dates, not sold out. */
export const categoryOnSale = (c: CategorySale, today: string): boolean =>
  categorySalesOpen(c, today) && (c.quantity == null || c.sold < c.quantity)

/**
 * Whether a ticket can be sold on `today`: for sale, not sold out and, when it has age categories, through one
 * of them that can be sold (a category that applies must be chosen, so a ticket whose categories all ended or
 * are disabled sells nothing).
 */
export const ticketOnSale = (
  k: {
    readonly isForSale: boolean
    readonly quantity: number
    readonly sold: number
    readonly ageCategories: ReadonlyArray<CategorySale>
  },
  today: string,
): boolean =>
  k.isForSale &&
  k.sold < k.quantity &&
  (k.ageCategories.length === 0 || k.ageCategories.some((c) => categoryOnSale(c, today)))

/**
 * How many of `units` places bought after `sold` get the early-bird price on `today`: the early bird by
 * quantity counts places, those of the same registration included, so a cap of one gives one player of a pair
 * the early-bird price and the other the normal price.
 */
export const earlyBirdUnits = (c: CategoryPricing, sold: number, units: number, today: string): number => {
  let count = 0
  while (count < units && categoryPriceOn(c, sold + count, today).earlyBird) count += 1
  return count
}
