import type { OrganiserId } from '@kibitz/kernel'
import { describe, expect, it } from 'vitest'
import '../../testing/src/context.ts'
import { insertEntry, insertEvent, insertOrganiser, insertTournament } from '../../testing/src/domain.ts'
import { Migration20261126150000 } from '../src/migrations/Migration20261126150000.ts'
import { useMigrationDatabase } from './support/migrationDatabase.ts'

// Decision 031: amounts were stored as price × 100 whatever the currency; Migration20261126150000 rescales every
// stored amount of events priced in a currency whose ISO minor unit is not 2, so ¥5,000 keeps meaning ¥5,000.

const { database, rows, migrationQueries } = useMigrationDatabase()

/** Runs the migration's statements in `direction` against the test database. */
const migrate = async (direction: 'up' | 'down') => {
  for (const query of migrationQueries(Migration20261126150000, direction)) await rows(query)
}

/** An event in `currency` with one priced tournament, a hotel and an entry, all written in the old cents. */
const pricedEvent = async (organiserId: OrganiserId, currency: string) => {
  const eventId = await insertEvent(database.orm, {
    organiserId,
    name: `Priced in ${currency}`,
    currencyCode: currency,
    dateStart: '2031-06-01',
  })
  const tournament = await insertTournament(database.orm, {
    eventId,
    startDate: '2031-06-01',
    tickets: [
      {
        priceMinor: 500_000,
        ageCategories: [
          { name: 'Open', priceMinor: 500_000 },
          { name: 'Juniors', priceMinor: 250_050, isEarlyBird: true, earlyBirdPriceMinor: 200_000 },
        ],
      },
    ],
    prizes: [
      { placeNumber: 1, prizeAmountMinor: 3_000_000 },
      { placeNumber: 2, type: 2, customPrize: 'Cup' },
    ],
    prizeSetup: { placesNumber: 2, prizePoolMinor: 4_500_000, isFormulaUsed: true },
  })
  await rows(`insert into hotel (event_id, name, price_minor) values (?, 'Hotel', 1234500)`, [eventId])
  const entryId = await insertEntry(database.orm, { tournamentId: tournament.id, status: 'pending' })
  const lines = [
    {
      ticketId: tournament.ticketIds[0],
      persons: 2,
      units: 2,
      unitPriceMinor: 500_000,
      totalMinor: 1_000_000,
    },
    { ticketId: tournament.ticketIds[0], persons: 1, units: 1, unitPriceMinor: 200_000, totalMinor: 200_000 },
  ]
  await rows(`update entry set currency_code = ?, total_minor = 1200000, lines = ?::jsonb where id = ?`, [
    currency,
    JSON.stringify(lines),
    entryId,
  ])
  return { eventId, tournamentId: tournament.id, entryId }
}

const amountsOf = async (event: { eventId: number; tournamentId: number; entryId: number }) => {
  const [ticket] = await rows<{ price_minor: number }>(
    `select price_minor from ticket where tournament_id = ?`,
    [event.tournamentId],
  )
  const categories = await rows<{ price_minor: number; early_bird_price_minor: number | null }>(
    `select c.price_minor, c.early_bird_price_minor from ticket_age_category c join ticket k on k.id = c.ticket_id
     where k.tournament_id = ? order by c.id`,
    [event.tournamentId],
  )
  const prizes = await rows<{ prize_amount_minor: number | null }>(
    `select prize_amount_minor from prize where tournament_id = ? order by place_number`,
    [event.tournamentId],
  )
  const [setup] = await rows<{ prize_pool_minor: number }>(
    `select prize_pool_minor from prize_setup where tournament_id = ?`,
    [event.tournamentId],
  )
  const [hotel] = await rows<{ price_minor: number }>(`select price_minor from hotel where event_id = ?`, [
    event.eventId,
  ])
  const [entry] = await rows<{ total_minor: string | number; lines: Array<Record<string, number>> }>(
    `select total_minor, lines from entry where id = ?`,
    [event.entryId],
  )
  return {
    ticket: ticket?.price_minor,
    categories: categories.map((c) => [c.price_minor, c.early_bird_price_minor]),
    prizes: prizes.map((p) => p.prize_amount_minor),
    pool: setup?.prize_pool_minor,
    hotel: hotel?.price_minor,
    total: Number(entry?.total_minor),
    lines: entry?.lines.map((l) => [l.unitPriceMinor, l.totalMinor, l.persons]),
  }
}

describe('Migration20261126150000', () => {
  it('rescales every stored amount of events in currencies whose minor unit is not 2, and leaves the others', async () => {
    const organiserId = await insertOrganiser(database.orm)
    const yen = await pricedEvent(organiserId, 'JPY')
    const dinar = await pricedEvent(organiserId, 'KWD')
    const euro = await pricedEvent(organiserId, 'EUR')
    const euroBefore = await amountsOf(euro)

    await migrate('up')

    // ¥5,000 was 500000 "cents"; it is 5000 yen now. The 50 "sen" of the junior price were never payable.
    expect(await amountsOf(yen)).toEqual({
      ticket: 5000,
      categories: [
        [5000, null],
        [2501, 2000],
      ],
      prizes: [30_000, null],
      pool: 45_000,
      hotel: 12_345,
      total: 12_000,
      lines: [
        [5000, 10_000, 2],
        [2000, 2000, 1],
      ],
    })
    // KWD 5,000 was 500000; with three digits it is 5000000 fils.
    expect(await amountsOf(dinar)).toMatchObject({
      ticket: 5_000_000,
      categories: [
        [5_000_000, null],
        [2_500_500, 2_000_000],
      ],
      pool: 45_000_000,
      total: 12_000_000,
    })
    expect(await amountsOf(euro)).toEqual(euroBefore)

    // And back: the down migration restores cents (the rounded half-yen stays rounded).
    await migrate('down')
    expect(await amountsOf(yen)).toMatchObject({ ticket: 500_000, pool: 4_500_000, total: 1_200_000 })
    expect(await amountsOf(dinar)).toMatchObject({
      ticket: 500_000,
      categories: [
        [500_000, null],
        [250_050, 200_000],
      ],
    })
    expect(await amountsOf(euro)).toEqual(euroBefore)
  })
})
