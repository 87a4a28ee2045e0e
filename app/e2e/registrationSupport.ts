// Registration tests' own data: a tournament of their own, written straight to the site's database (the end-to-end
// harness gives the tests its DATABASE_URL), so no other test sees its prices or places change.
import type { APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { searchEvents } from './support.ts'

/**
 * A tournament of its own in a seeded future event, so no other test sees its prices or places change:
 * written to the site's database, as an organiser's editor would leave it.
 */
export const freshTournament = async (
  request: APIRequestContext,
  spec: { readonly name: string; readonly priceMinor: number; readonly quantity: number },
) => {
  const card = (await searchEvents(request)).find((c) => c.state === 'accepted' && c.timeState === 'future')
  if (!card) throw new Error('no seeded future event')
  return withDatabase(async (db) => {
    const alias = `${spec.name.toLowerCase().replace(/[^a-z]+/g, '-')}-${Date.now().toString(36)}`
    const start = await db.query(
      'select (date_start + 1)::text as day, currency_code from event where id = $1',
      [card.id],
    )
    const day = String(start.rows[0]?.day)
    const currency = { code: String(start.rows[0]?.currency_code) }
    const inserted = await db.query(
      `insert into tournament (event_id, alias, name, type, start_date, end_date, points_score_type, order_number)
       values ($1, $2, $3, 3, $4, $4, 'MP_PAIRS', 99) returning id`,
      [card.id, alias, spec.name, day],
    )
    const tournamentId = Number(inserted.rows[0]?.id)
    const ticket = await db.query(
      'insert into ticket (tournament_id, type, price_minor, quantity) values ($1, 1, $2, $3) returning id',
      [tournamentId, spec.priceMinor, spec.quantity],
    )
    return { event: card, alias, tournamentId, ticketId: Number(ticket.rows[0]?.id), currency }
  })
}

export const withDatabase = async <A>(use: (db: pg.Client) => Promise<A>): Promise<A> => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  try {
    return await use(db)
  } finally {
    await db.end()
  }
}
