import { type Em, inTransaction, isoDate, type TournamentId } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import {
  type CategoryRow,
  type SaleRows,
  type TicketRow,
  TicketSalesRepo,
} from './internal/TicketSalesRepo.ts'
import { categoryLinePrices, type PricedPart, priceLine, unitsOf as ticketUnits } from './TicketPricing.ts'
import type { Tournament } from './Tournament.ts'

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

/** A reservation: what the lines cost as they were sold, and whether it took the last place of one of them. */
export class Sale extends Schema.Class<Sale>('@kibitz/tournaments/Sale')({
  lines: Schema.Array(PricedLine),
  totalMinor: Schema.Int,
  /** A ticket or age category of the sale has no place left now (its tournament may have closed). */
  placesRanOut: Schema.Boolean,
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

/** The (age category, ticket) pairs of a sale, in category id order: the order their rows are locked in. */
const categoryPairs = (lines: ReadonlyArray<SaleLine>): ReadonlyArray<readonly [number, number]> => {
  const pairs = new Map<string, readonly [number, number]>()
  for (const l of lines)
    if (l.ageCategoryId !== null) pairs.set(`${l.ageCategoryId} ${l.ticketId}`, [l.ageCategoryId, l.ticketId])
  return [...pairs.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

/** The units `lines` take of a ticket, as its row says how it is sold. */
const ticketUnitsOf = (lines: ReadonlyArray<SaleLine>, ticket: TicketRow) =>
  lines
    .filter((l) => l.ticketId === ticket.id)
    .reduce((n, l) => n + ticketUnits({ isPricePerTeam: ticket.is_price_per_team }, l.persons), 0)

/** The units `lines` take of an age category of `ticket`. */
const categoryUnitsOf = (lines: ReadonlyArray<SaleLine>, ticket: TicketRow | undefined, categoryId: number) =>
  lines
    .filter((l) => l.ticketId === ticket?.id && l.ageCategoryId === categoryId)
    .reduce((n, l) => n + ticketUnits({ isPricePerTeam: ticket?.is_price_per_team ?? false }, l.persons), 0)

/** Whether a sale of `lines`, taken from these rows as they were before it, left one of them with no place. */
const ranOut = (lines: ReadonlyArray<SaleLine>, before: SaleRows) =>
  before.tickets.some((t) => t.sold + ticketUnitsOf(lines, t) >= t.quantity) ||
  before.categories.some((c) => {
    const ticket = before.tickets.find((t) => t.id === c.ticket_id)
    return c.quantity !== null && c.sold + categoryUnitsOf(lines, ticket, c.id) >= c.quantity
  })

const unitsOf = (lines: ReadonlyArray<PricedLine>, pick: (l: PricedLine) => boolean) =>
  lines.filter(pick).reduce((n, l) => n + l.units, 0)
const byCategory = (a: PricedLine, b: PricedLine) => (a.ageCategoryId ?? 0) - (b.ageCategoryId ?? 0)

/** Prices and sells tickets; a sale never takes more than is left (conditional updates, which lock the rows). */
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
     * As `quote`, from `tournament` as the caller just read it (TournamentService) when its tickets' counts are
     * all the price needs: no line names an age category (the public read does not carry a category's count),
     * so no second read. Else as `quote`.
     */
    quoteAsRead(
      tournament: Tournament,
      lines: ReadonlyArray<SaleLine>,
      timeZone: string,
    ): Effect.Effect<SaleQuote, TicketsUnavailable, Em>
    /**
     * The registration domain, inside its transaction: takes the lines' units from their tickets and categories
     * (locking their rows until the transaction ends) and prices them from the counts just before; refused
     * (nothing taken) when one cannot be sold. A caller holds the locks from here to its commit, so it does
     * everything else of its transaction first.
     */
    reserve(
      tournamentId: TournamentId,
      lines: ReadonlyArray<SaleLine>,
      timeZone: string,
    ): Effect.Effect<Sale, TicketsUnavailable, Em>
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

      /** Gives back what a refused sale had taken so far (its caller's transaction may go on). */
      const giveBack = (lines: ReadonlyArray<SaleLine>, taken: SaleRows) =>
        Effect.gen(function* () {
          for (const t of taken.tickets) yield* repo.releaseTicket(t.id, ticketUnitsOf(lines, t))
          for (const c of taken.categories) {
            const ticket = taken.tickets.find((t) => t.id === c.ticket_id)
            yield* repo.releaseCategory(c.ticket_id, c.id, categoryUnitsOf(lines, ticket, c.id))
          }
        })

      /**
       * Why a sale could not take `failed`: the lines priced against the rows as the sale found them (those it
       * took as they were before it, the others as they are), which names the first line that cannot be sold as
       * a quote would; soldOut if they could all be sold by now. What was taken is given back.
       */
      const refusal = (
        tournamentId: TournamentId,
        lines: ReadonlyArray<SaleLine>,
        taken: SaleRows,
        failed: Pick<SaleLine, 'ticketId' | 'ageCategoryId'>,
        today: string,
      ) =>
        Effect.gen(function* () {
          const ids = idsOf(lines)
          const now = yield* repo.saleRows(tournamentId, ids.tickets, ids.categories, false)
          const found: SaleRows = {
            tickets: now.tickets.map((t) => taken.tickets.find((k) => k.id === t.id) ?? t),
            categories: now.categories.map((c) => taken.categories.find((k) => k.id === c.id) ?? c),
          }
          yield* giveBack(lines, taken)
          const priced = price(lines, found, today)
          return priced instanceof TicketsUnavailable
            ? priced
            : new TicketsUnavailable({ ...failed, reason: 'soldOut' })
        })

      const quoteNow = Effect.fn('TicketSales.quote')(function* (
        tournamentId: TournamentId,
        lines: ReadonlyArray<SaleLine>,
        timeZone: string,
      ) {
        const now = new Date(yield* Clock.currentTimeMillis)
        const ids = idsOf(lines)
        const rows = yield* repo.saleRows(tournamentId, ids.tickets, ids.categories, false)
        const quoted = price(lines, rows, isoDate(now, timeZone))
        return quoted instanceof TicketsUnavailable ? yield* quoted : quoted
      })

      return TicketSales.of({
        quote: quoteNow,
        quoteAsRead: Effect.fn('TicketSales.quoteAsRead')(function* (tournament, lines, timeZone) {
          if (lines.some((l) => l.ageCategoryId !== null))
            return yield* quoteNow(tournament.tournamentId, lines, timeZone)
          const now = new Date(yield* Clock.currentTimeMillis)
          const rows: SaleRows = {
            tickets: tournament.tickets.map((k) => ({
              id: k.ticketId,
              type: k.type,
              price_minor: k.priceMinor,
              quantity: k.quantity,
              sold: k.quantity - k.ticketsLeft,
              is_for_sale: k.isForSale,
              is_price_per_team: k.isPricePerTeam,
            })),
            categories: [],
          }
          const quoted = price(lines, rows, isoDate(now, timeZone))
          return quoted instanceof TicketsUnavailable ? yield* quoted : quoted
        }),
        reserve: Effect.fn('TicketSales.reserve')(function* (tournamentId, lines, timeZone) {
          return yield* inTransaction(
            Effect.gen(function* () {
              const today = isoDate(new Date(yield* Clock.currentTimeMillis), timeZone)
              const ids = idsOf(lines)
              // Taken first, each row by one conditional update that locks it (tickets, then categories, each in
              // id order, as every sale and release locks them: concurrent sales queue instead of deadlocking).
              // The rows come back as they were just before, so the price is computed from exactly the counts
              // this sale follows (early bird by quantity) while the locks are held, with no read before.
              const taken: { tickets: Array<TicketRow>; categories: Array<CategoryRow> } = {
                tickets: [],
                categories: [],
              }
              const refused = (failed: Pick<SaleLine, 'ticketId' | 'ageCategoryId'>) =>
                Effect.flatMap(refusal(tournamentId, lines, taken, failed, today), Effect.fail)
              for (const id of sorted(ids.tickets)) {
                const own = lines.filter((l) => l.ticketId === id)
                const row = yield* repo.takeTicket(tournamentId, id, {
                  lines: own.length,
                  persons: own.reduce((n, l) => n + l.persons, 0),
                })
                if (row === null) return yield* refused({ ticketId: id, ageCategoryId: null })
                taken.tickets.push(row)
              }
              for (const [categoryId, ticketId] of categoryPairs(lines)) {
                const ticket = taken.tickets.find((t) => t.id === ticketId)
                const row = yield* repo.takeCategory(
                  ticketId,
                  categoryId,
                  categoryUnitsOf(lines, ticket, categoryId),
                )
                if (row === null) return yield* refused({ ticketId, ageCategoryId: categoryId })
                taken.categories.push(row)
              }
              const quoted = price(lines, taken, today)
              if (quoted instanceof TicketsUnavailable) {
                yield* giveBack(lines, taken)
                return yield* quoted
              }
              return new Sale({ ...quoted, placesRanOut: ranOut(lines, taken) })
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
