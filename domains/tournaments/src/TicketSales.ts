import { type Em, inTransaction, isoDate, type TournamentId } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import { type CategoryRow, type SaleRows, TicketSalesRepo } from './internal/TicketSalesRepo.ts'
import { categoryLinePrices, type PricedPart, priceLine, unitsOf as ticketUnits } from './TicketPricing.ts'

// Ticket prices and sales (issue 5's foundation): what a registration costs, computed on the server only, and
// the reservation of its tickets that can never oversell. The registration domain calls both inside its own
// transaction; the rules are in docs/decisions/018-ticket-sales.md.

/** One ticket choice of a registration: a ticket, optionally an age category of it, for `persons` players. */
export const SaleLine = Schema.Struct({
  ticketId: Schema.Int,
  ageCategoryId: Schema.NullOr(Schema.Int),
  persons: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 20 })),
})
export type SaleLine = typeof SaleLine.Type

/** A priced line: the unit price today (early bird applied), the units it sells and its total. */
export class PricedLine extends Schema.Class<PricedLine>('@kibitz/tournaments/PricedLine')({
  ticketId: Schema.Int,
  ageCategoryId: Schema.NullOr(Schema.Int),
  persons: Schema.Int,
  /** What one unit costs: per team for a per-team ticket, else per person. */
  unitPriceMinor: Schema.Int,
  /** Units the line takes from the ticket (and category): 1 for a per-team ticket, else one per person. */
  units: Schema.Int,
  totalMinor: Schema.Int,
  earlyBird: Schema.Boolean,
}) {}

export class SaleQuote extends Schema.Class<SaleQuote>('@kibitz/tournaments/SaleQuote')({
  lines: Schema.Array(PricedLine),
  totalMinor: Schema.Int,
}) {}

/** Why a line cannot be sold: gone (sold out, no longer for sale, outside its sales window) or not this tournament's. */
export class TicketsUnavailable extends Schema.TaggedError<TicketsUnavailable>()('TicketsUnavailable', {
  ticketId: Schema.Int,
  ageCategoryId: Schema.NullOr(Schema.Int),
  reason: Schema.Literals(['unknown', 'notForSale', 'soldOut', 'outsideSalesWindow']),
}) {}

const within = (day: string, start: string | null, end: string | null) =>
  (start === null || start <= day) && (end === null || day <= end)

/** The stored category as the shared price rule reads it. */
const pricingOf = (c: CategoryRow) => ({
  priceMinor: c.price_minor,
  isEarlyBird: c.is_early_bird,
  earlyBirdPriceMinor: c.early_bird_price_minor,
  earlyBirdSalesStartDate: c.early_bird_sales_start_date,
  earlyBirdSalesEndDate: c.early_bird_sales_end_date,
  earlyBirdEndSalesQuantity: c.early_bird_end_sales_quantity,
})

/**
 * Prices `lines` against the stored tickets, or names the first line that cannot be sold. The units each line
 * takes are added to the counts as it goes, so two lines of one ticket (or category) are checked together.
 */
const price = (
  lines: ReadonlyArray<SaleLine>,
  rows: SaleRows,
  today: string,
): SaleQuote | TicketsUnavailable => {
  const soldTickets = new Map(rows.tickets.map((t) => [t.id, t.sold]))
  const soldCategories = new Map(rows.categories.map((c) => [c.id, c.sold]))
  const priced: Array<PricedLine> = []
  for (const line of lines) {
    const refuse = (reason: TicketsUnavailable['reason']) =>
      new TicketsUnavailable({ ticketId: line.ticketId, ageCategoryId: line.ageCategoryId, reason })
    const ticket = rows.tickets.find((t) => t.id === line.ticketId)
    if (!ticket) return refuse('unknown')
    if (!ticket.is_for_sale) return refuse('notForSale')
    const terms = {
      type: ticket.type,
      priceMinor: ticket.price_minor,
      isPricePerTeam: ticket.is_price_per_team,
    }
    const units = ticketUnits(terms, line.persons)
    const ticketSold = soldTickets.get(ticket.id) ?? ticket.sold
    if (ticketSold + units > ticket.quantity) return refuse('soldOut')
    soldTickets.set(ticket.id, ticketSold + units)
    const pricedLine = (part: PricedPart) =>
      new PricedLine({ ticketId: ticket.id, ageCategoryId: line.ageCategoryId, ...part })
    if (line.ageCategoryId === null) {
      priced.push(...priceLine(terms, line.persons, null).map(pricedLine))
      continue
    }
    const category = rows.categories.find((c) => c.id === line.ageCategoryId && c.ticket_id === ticket.id)
    if (!category) return refuse('unknown')
    if (!category.enabled) return refuse('notForSale')
    if (!within(today, category.sales_start_date, category.sales_end_date))
      return refuse('outsideSalesWindow')
    const categorySold = soldCategories.get(category.id) ?? category.sold
    if (category.quantity !== null && categorySold + units > category.quantity) return refuse('soldOut')
    soldCategories.set(category.id, categorySold + units)
    // Early bird by quantity counts places sold before each one, this registration's (this line's) included:
    // a line the early bird ends inside is priced as two, the early-bird places and the others.
    const prices = categoryLinePrices(pricingOf(category), categorySold, units, today)
    priced.push(...priceLine(terms, line.persons, prices).map(pricedLine))
  }
  return new SaleQuote({ lines: priced, totalMinor: priced.reduce((sum, l) => sum + l.totalMinor, 0) })
}

const idsOf = (lines: ReadonlyArray<SaleLine>) => ({
  tickets: [...new Set(lines.map((l) => l.ticketId))],
  categories: [...new Set(lines.flatMap((l) => (l.ageCategoryId === null ? [] : [l.ageCategoryId])))],
})

const sorted = (ids: ReadonlyArray<number>) => [...ids].sort((a, b) => a - b)
const unitsOf = (lines: ReadonlyArray<PricedLine>, pick: (l: PricedLine) => boolean) =>
  lines.filter(pick).reduce((n, l) => n + l.units, 0)
const byCategory = (a: PricedLine, b: PricedLine) => (a.ageCategoryId ?? 0) - (b.ageCategoryId ?? 0)

/** Prices and sells tickets; a sale never takes more than is left (conditional updates under row locks). */
export class TicketSales extends Context.Service<
  TicketSales,
  {
    /** Anyone: what `lines` cost now in the tournament, or why one of them cannot be sold. */
    quote(
      tournamentId: TournamentId,
      lines: ReadonlyArray<SaleLine>,
      timeZone: string,
    ): Effect.Effect<SaleQuote, TicketsUnavailable, Em>
    /**
     * The registration domain, inside its transaction: locks the lines' tickets and categories, prices them
     * from the locked counts and takes their units; refused (nothing taken) when one cannot be sold.
     */
    reserve(
      tournamentId: TournamentId,
      lines: ReadonlyArray<SaleLine>,
      timeZone: string,
    ): Effect.Effect<SaleQuote, TicketsUnavailable, Em>
    /** The registration domain, when an entry is canceled or expires: gives its units back. */
    release(lines: ReadonlyArray<PricedLine>): Effect.Effect<void, never, Em>
    /**
     * The registration domain, when a late payment brings an expired entry back: takes its units again at the
     * price already agreed, if that many are left, whatever the sales rules say now (sales may have closed).
     */
    takeBack(lines: ReadonlyArray<PricedLine>): Effect.Effect<void, TicketsUnavailable, Em>
  }
>()('@kibitz/tournaments/TicketSales') {
  static readonly layer = Layer.effect(
    TicketSales,
    Effect.gen(function* () {
      const repo = yield* TicketSalesRepo
      return TicketSales.of({
        quote: Effect.fn('TicketSales.quote')(function* (tournamentId, lines, timeZone) {
          const now = new Date(yield* Clock.currentTimeMillis)
          const ids = idsOf(lines)
          const rows = yield* repo.saleRows(tournamentId, ids.tickets, ids.categories, false)
          const quoted = price(lines, rows, isoDate(now, timeZone))
          return quoted instanceof TicketsUnavailable ? yield* quoted : quoted
        }),
        reserve: Effect.fn('TicketSales.reserve')(function* (tournamentId, lines, timeZone) {
          return yield* inTransaction(
            Effect.gen(function* () {
              const now = new Date(yield* Clock.currentTimeMillis)
              const ids = idsOf(lines)
              // Locked in id order (tickets, then categories): concurrent sales queue instead of deadlocking.
              const rows = yield* repo.saleRows(tournamentId, ids.tickets, ids.categories, true)
              const quoted = price(lines, rows, isoDate(now, timeZone))
              if (quoted instanceof TicketsUnavailable) return yield* quoted
              for (const line of quoted.lines) {
                // Conditional even under the lock: the database refuses what the price check would have missed.
                const taken = yield* repo.reserveTicket(tournamentId, line.ticketId, line.units)
                const takenCategory =
                  line.ageCategoryId === null
                    ? true
                    : yield* repo.reserveCategory(line.ticketId, line.ageCategoryId, line.units)
                if (!taken || !takenCategory)
                  return yield* new TicketsUnavailable({
                    ticketId: line.ticketId,
                    ageCategoryId: line.ageCategoryId,
                    reason: 'soldOut',
                  })
              }
              return quoted
            }),
          )
        }),
        release: Effect.fn('TicketSales.release')(function* (lines) {
          yield* inTransaction(
            Effect.gen(function* () {
              // Tickets then categories, each in id order, as reserve locks them: no deadlock with a sale.
              const ids = idsOf(lines)
              yield* repo.lockInOrder(sorted(ids.tickets), sorted(ids.categories))
              for (const id of sorted(ids.tickets))
                yield* repo.releaseTicket(
                  id,
                  unitsOf(lines, (l) => l.ticketId === id),
                )
              for (const line of [...lines].sort(byCategory))
                if (line.ageCategoryId !== null)
                  yield* repo.releaseCategory(line.ticketId, line.ageCategoryId, line.units)
            }),
          )
        }),
        takeBack: Effect.fn('TicketSales.takeBack')(function* (lines) {
          yield* inTransaction(
            Effect.gen(function* () {
              const ids = idsOf(lines)
              yield* repo.lockInOrder(sorted(ids.tickets), sorted(ids.categories))
              for (const line of lines) {
                const ticket = yield* repo.takeTicketCapacity(line.ticketId, line.units)
                const category =
                  line.ageCategoryId === null
                    ? true
                    : yield* repo.takeCategoryCapacity(line.ticketId, line.ageCategoryId, line.units)
                if (!ticket || !category)
                  return yield* new TicketsUnavailable({
                    ticketId: line.ticketId,
                    ageCategoryId: line.ageCategoryId,
                    reason: 'soldOut',
                  })
              }
            }),
          )
        }),
      })
    }),
  ).pipe(Layer.provide(TicketSalesRepo.layer))
}
