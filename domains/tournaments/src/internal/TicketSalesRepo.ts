import { type Db, db, preparedWrite } from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'

// The ORM side of ticket sales: conditional updates on the caller's (transactional) EntityManager. A
// reservation succeeds only while `sold + count <= quantity`, so concurrent buyers cannot oversell, whatever
// they read before; the check constraints of Migration20261122152800 are the backstop.

const Updated = Schema.Array(Schema.Struct({ id: Schema.Int }))
const decodeUpdated = Schema.decodeUnknownSync(Updated)

const TicketRow = Schema.Struct({
  id: Schema.Int,
  type: Schema.Int,
  price_minor: Schema.Int,
  quantity: Schema.Int,
  sold: Schema.Int,
  is_for_sale: Schema.Boolean,
  is_price_per_team: Schema.Boolean,
})
export type TicketRow = typeof TicketRow.Type
const CategoryRow = Schema.Struct({
  id: Schema.Int,
  ticket_id: Schema.Int,
  price_minor: Schema.Int,
  quantity: Schema.NullOr(Schema.Int),
  sold: Schema.Int,
  sales_start_date: Schema.NullOr(Schema.String),
  sales_end_date: Schema.NullOr(Schema.String),
  is_early_bird: Schema.Boolean,
  early_bird_price_minor: Schema.NullOr(Schema.Int),
  early_bird_sales_start_date: Schema.NullOr(Schema.String),
  early_bird_sales_end_date: Schema.NullOr(Schema.String),
  early_bird_end_sales_quantity: Schema.NullOr(Schema.Int),
  enabled: Schema.Boolean,
})
export type CategoryRow = typeof CategoryRow.Type
const decodeTickets = Schema.decodeUnknownSync(Schema.Array(TicketRow))
const decodeCategories = Schema.decodeUnknownSync(Schema.Array(CategoryRow))

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/**
 * The units a sale takes of one ticket: one per line on a per-team ticket (a team is one unit), else one per
 * player. Which of the two applies is the ticket's own column, read under the lock in the same statement.
 */
export interface TicketUnits {
  readonly lines: number
  readonly persons: number
}

const ticketColumns = 'id, type, price_minor, quantity, sold, is_for_sale, is_price_per_team'
/** An age category's columns as a sale reads them, its `sold` read as the expression `sold`. */
const categoryColumns = (sold: string) => `id, ticket_id, price_minor, quantity, ${sold} as sold,
  to_char(sales_start_date, 'YYYY-MM-DD') as sales_start_date,
  to_char(sales_end_date, 'YYYY-MM-DD') as sales_end_date, is_early_bird, early_bird_price_minor,
  to_char(early_bird_sales_start_date, 'YYYY-MM-DD') as early_bird_sales_start_date,
  to_char(early_bird_sales_end_date, 'YYYY-MM-DD') as early_bird_sales_end_date,
  early_bird_end_sales_quantity, enabled`

/**
 * Takes a sale's units of a ticket: $1 on a per-team ticket, else $2; ticket $3 of tournament $4. Answers its row
 * as it was just before, if it was for sale and had that many left.
 */
const takeTicketSql = `update ticket set sold = sold + (case when is_price_per_team then $1::int else $2::int end)
   where id = $3 and tournament_id = $4 and is_for_sale
     and sold + (case when is_price_per_team then $1::int else $2::int end) <= quantity
   returning id, type, price_minor, quantity, sold - (case when is_price_per_team then $1::int else $2::int end) as sold,
     is_for_sale, is_price_per_team`
/** Takes $1 units of age category $2 of ticket $3; its row as it was just before, if enabled with room. */
const takeCategorySql = `update ticket_age_category set sold = sold + $1::int
   where id = $2 and ticket_id = $3 and enabled and (quantity is null or sold + $1::int <= quantity)
   returning ${categoryColumns('sold - $1::int')}`

/** The stored tickets and age categories a sale reads. */
export interface SaleRows {
  readonly tickets: ReadonlyArray<TicketRow>
  readonly categories: ReadonlyArray<CategoryRow>
}

export class TicketSalesRepo extends Context.Service<
  TicketSalesRepo,
  {
    /** Adds `count` sales to the tournament's ticket if it is for sale and that many are left; false otherwise. */
    reserveTicket(tournamentId: number, ticketId: number, count: number): Db<boolean>
    /** Adds `count` sales to the ticket's enabled age category, within its own quantity when it has one. */
    reserveCategory(ticketId: number, categoryId: number, count: number): Db<boolean>
    /** Gives back `count` sales of a ticket, never below zero. */
    releaseTicket(ticketId: number, count: number): Db<void>
    /** Gives back `count` sales of a ticket's age category, never below zero. */
    releaseCategory(ticketId: number, categoryId: number, count: number): Db<void>
    /** Takes `count` units of a ticket if that many are left, whatever its sales rules say; false otherwise. */
    takeTicketCapacity(ticketId: number, count: number): Db<boolean>
    /** Takes `count` units of an age category within its own quantity, whatever its sales rules say. */
    takeCategoryCapacity(ticketId: number, categoryId: number, count: number): Db<boolean>
    /** Locks tickets, then age categories, each in id order: the order every sale and release follows. */
    lockInOrder(ticketIds: ReadonlyArray<number>, categoryIds: ReadonlyArray<number>): Db<void>
    /**
     * Takes a sale's units of one of the tournament's tickets if it is for sale and that many are left, in one
     * statement that locks its row until the transaction ends; the row as it was just before (its `sold` not
     * counting this sale), or null when nothing was taken.
     */
    takeTicket(tournamentId: number, ticketId: number, units: TicketUnits): Db<TicketRow | null>
    /**
     * Takes `count` units of the ticket's enabled age category, within its own quantity when it has one, in one
     * statement that locks its row; the row as it was just before, or null when nothing was taken.
     */
    takeCategory(ticketId: number, categoryId: number, count: number): Db<CategoryRow | null>
    /**
     * The tournament's tickets and their age categories named in a sale, as stored now; with `lock`, locked in
     * id order until the transaction ends, so the price (early bird by quantity) and the sale see the same counts.
     */
    saleRows(
      tournamentId: number,
      ticketIds: ReadonlyArray<number>,
      categoryIds: ReadonlyArray<number>,
      lock: boolean,
    ): Db<SaleRows>
  }
>()('@kibitz/tournaments/TicketSalesRepo') {
  static readonly layer = Layer.succeed(
    TicketSalesRepo,
    TicketSalesRepo.of({
      reserveTicket: (tournamentId, ticketId, count) =>
        db(
          async (em) =>
            decodeUpdated(
              await em.execute(
                `update ticket set sold = sold + ? where id = ? and tournament_id = ? and is_for_sale
                 and sold + ? <= quantity returning id`,
                [count, ticketId, tournamentId, count],
              ),
            ).length === 1,
        ),
      reserveCategory: (ticketId, categoryId, count) =>
        db(
          async (em) =>
            decodeUpdated(
              await em.execute(
                `update ticket_age_category set sold = sold + ? where id = ? and ticket_id = ? and enabled
                 and (quantity is null or sold + ? <= quantity) returning id`,
                [count, categoryId, ticketId, count],
              ),
            ).length === 1,
        ),
      takeTicket: (tournamentId, ticketId, units) =>
        Effect.map(
          preparedWrite(takeTicketSql, [units.lines, units.persons, ticketId, tournamentId]),
          (rows) => decodeTickets(rows)[0] ?? null,
        ),
      takeCategory: (ticketId, categoryId, count) =>
        Effect.map(
          preparedWrite(takeCategorySql, [count, categoryId, ticketId]),
          (rows) => decodeCategories(rows)[0] ?? null,
        ),
      releaseTicket: (ticketId, count) =>
        db(async (em) => {
          await em.execute('update ticket set sold = greatest(sold - ?, 0) where id = ?', [count, ticketId])
        }),
      releaseCategory: (ticketId, categoryId, count) =>
        db(async (em) => {
          await em.execute(
            'update ticket_age_category set sold = greatest(sold - ?, 0) where id = ? and ticket_id = ?',
            [count, categoryId, ticketId],
          )
        }),
      takeTicketCapacity: (ticketId, count) =>
        db(
          async (em) =>
            decodeUpdated(
              await em.execute(
                'update ticket set sold = sold + ? where id = ? and sold + ? <= quantity returning id',
                [count, ticketId, count],
              ),
            ).length === 1,
        ),
      takeCategoryCapacity: (ticketId, categoryId, count) =>
        db(
          async (em) =>
            decodeUpdated(
              await em.execute(
                `update ticket_age_category set sold = sold + ? where id = ? and ticket_id = ?
                 and (quantity is null or sold + ? <= quantity) returning id`,
                [count, categoryId, ticketId, count],
              ),
            ).length === 1,
        ),
      lockInOrder: (ticketIds, categoryIds) =>
        db(async (em) => {
          if (ticketIds.length > 0)
            await em.execute(
              `select id from ticket where id in (${placeholders(ticketIds.length)}) order by id for update`,
              [...ticketIds],
            )
          if (categoryIds.length > 0)
            await em.execute(
              `select id from ticket_age_category where id in (${placeholders(categoryIds.length)}) order by id for update`,
              [...categoryIds],
            )
        }),
      saleRows: (tournamentId, ticketIds, categoryIds, lock) =>
        db(async (em) => {
          const forUpdate = lock ? ' order by id for update' : ''
          const tickets =
            ticketIds.length === 0
              ? []
              : decodeTickets(
                  await em.execute(
                    `select ${ticketColumns} from ticket where tournament_id = ? and id in (${placeholders(ticketIds.length)})${forUpdate}`,
                    [tournamentId, ...ticketIds],
                  ),
                )
          const categories =
            categoryIds.length === 0
              ? []
              : decodeCategories(
                  await em.execute(
                    `select ${categoryColumns('sold')} from ticket_age_category where id in (${placeholders(categoryIds.length)})${forUpdate}`,
                    [...categoryIds],
                  ),
                )
          return { tickets, categories }
        }),
    }),
  )
}
