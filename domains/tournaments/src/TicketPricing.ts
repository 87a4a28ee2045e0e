import { type CategoryPricing, categoryPriceOn, earlyBirdUnits, TicketType } from './Tournament.ts'

// The price rule of a ticket sale, one for both sides: TicketSales prices and sells with it on the server, the
// registration form shows the price with it in the browser. Browser-safe: pure functions and types only (no
// ORM, no services). A free ticket costs nothing; a per-team ticket is sold once per entry; a category's price
// (its early-bird price while the early bird runs) replaces the ticket's, for as many places as the early bird
// has left, the others paying the category's price. The rules are in docs/decisions/018-ticket-sales.md.

export { type CategoryPricing, categoryPriceOn, earlyBirdUnits, TicketType }

/** What of a ticket its price reads. */
export interface TicketPriceTerms {
  readonly type: number
  readonly priceMinor: number
  readonly isPricePerTeam: boolean
}

/** Whether a ticket is of the free type (spec section 3): every price of it is 0. */
export const isFreeTicket = (ticket: Pick<TicketPriceTerms, 'type'>): boolean =>
  ticket.type === TicketType.free

/** What one unit costs: nothing for a free ticket, else the category's price when sold through one, else the ticket's. */
export const unitPriceOf = (
  ticket: Pick<TicketPriceTerms, 'type' | 'priceMinor'>,
  categoryPriceMinor: number | undefined,
): number => (isFreeTicket(ticket) ? 0 : (categoryPriceMinor ?? ticket.priceMinor))

/** The units `persons` players take of a ticket: one for a per-team ticket (sold once per entry), else one each. */
export const unitsOf = (ticket: Pick<TicketPriceTerms, 'isPricePerTeam'>, persons: number): number =>
  ticket.isPricePerTeam ? 1 : persons

/** A category's prices for one line: its early-bird price for the first `earlyBirdUnits` units, `priceMinor` after. */
export interface CategoryLinePrices {
  readonly earlyBirdUnits: number
  readonly earlyBirdPriceMinor: number
  readonly priceMinor: number
}

/**
 * A category's prices for a line of `units` units on `today` (YYYY-MM-DD in the event's zone), `sold` units of
 * it sold before: early bird by quantity counts places, this line's included.
 */
export const categoryLinePrices = (
  category: CategoryPricing,
  sold: number,
  units: number,
  today: string,
): CategoryLinePrices => {
  const early = earlyBirdUnits(category, sold, units, today)
  return {
    earlyBirdUnits: early,
    earlyBirdPriceMinor: categoryPriceOn(category, sold, today).priceMinor,
    priceMinor: categoryPriceOn(category, sold + early, today).priceMinor,
  }
}

/** One priced part of a line: its players, what one unit costs, the units it takes and its total. */
export interface PricedPart {
  readonly persons: number
  readonly unitPriceMinor: number
  readonly units: number
  readonly totalMinor: number
  readonly earlyBird: boolean
}

/**
 * Prices `persons` players of one ticket, sold through a category (its `prices`) or not (null). A line the early
 * bird ends inside is priced as two parts, the early-bird places first and then the others; a per-team line
 * keeps all its players in each part, as its one unit is what is priced.
 */
export const priceLine = (
  ticket: TicketPriceTerms,
  persons: number,
  prices: CategoryLinePrices | null,
): ReadonlyArray<PricedPart> => {
  const part = (partPersons: number, categoryPriceMinor: number | undefined, earlyBird: boolean) => {
    const unitPriceMinor = unitPriceOf(ticket, categoryPriceMinor)
    const units = unitsOf(ticket, partPersons)
    return { persons: partPersons, unitPriceMinor, units, totalMinor: unitPriceMinor * units, earlyBird }
  }
  if (prices === null) return [part(persons, undefined, false)]
  const units = unitsOf(ticket, persons)
  const early = Math.min(units, Math.max(0, prices.earlyBirdUnits))
  const parts: Array<PricedPart> = []
  if (early > 0) parts.push(part(ticket.isPricePerTeam ? persons : early, prices.earlyBirdPriceMinor, true))
  if (early < units) parts.push(part(persons - (ticket.isPricePerTeam ? 0 : early), prices.priceMinor, false))
  return parts
}
