// The never-oversold promise through the running site (issue 5): 500 simultaneous registrations for 100
// places. It runs after every other end-to-end test (its own Playwright project), so the 100 e-mails it
// queues never delay another test's mail.
import { expect, test } from '@playwright/test'
import { Schema } from 'effect'
import { freshTournament, withDatabase } from './registrationSupport.ts'

test('500 registrations at once for 100 places through the running site: exactly 100 succeed, no 5xx', async ({
  request,
}) => {
  test.setTimeout(180_000)
  const fresh = await freshTournament(request, { name: 'Rush Individual', priceMinor: 2500, quantity: 100 })
  const base = process.env.E2E_BASE_URL ?? ''
  const register = async (i: number) => {
    const email = `rush${i}.${fresh.tournamentId}@example.test`
    const response = await fetch(
      `${base}/api/v1/tournament/${fresh.tournamentId}/register?event=${fresh.event.alias}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${i >> 8}.${i % 256}` },
        body: JSON.stringify({
          data: {
            contestants: [
              {
                firstName: 'Rush',
                lastName: `Player ${i}`,
                countryCode: 'LT',
                email,
                federationId: '',
                ticketId: fresh.ticketId,
                ageCategoryId: null,
              },
            ],
            teamName: '',
            contactEmail: email,
          },
          ticket: { expectedTotalMinor: 2500, paymentMethod: 'bankTransfer' },
          policy: true,
        }),
      },
    )
    const body = Schema.decodeUnknownSync(Schema.Struct({ code: Schema.optional(Schema.Number) }))(
      await response.json(),
    )
    return { status: response.status, code: body.code ?? null }
  }
  const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => register(i)))
  const count = (pick: (a: { status: number; code: number | null }) => boolean) => answers.filter(pick).length
  expect(count((a) => a.status >= 500)).toBe(0)
  expect(count((a) => a.status === 201)).toBe(100)
  expect(count((a) => a.status === 409 && a.code === 3000)).toBe(400)
  const rows = await withDatabase(async (db) => ({
    sold: (await db.query('select sold from ticket where id = $1', [fresh.ticketId])).rows[0]?.sold,
    entries: (
      await db.query('select count(*)::int as n from entry where tournament_id = $1', [fresh.tournamentId])
    ).rows[0]?.n,
    mails: (
      await db.query(
        `select count(*)::int as n from mail_outbox where kind = 'registration.received' and recipient like $1`,
        [`rush%.${fresh.tournamentId}@example.test`],
      )
    ).rows[0]?.n,
  }))
  expect(rows).toEqual({ sold: 100, entries: 100, mails: 100 })
})
