import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { callArb, operations, operationsOf, runsFor, sendCall } from './apiCalls.ts'
import { request, reseed, roles, seed, sql, unhandled, useWorld } from './world.ts'

// Every REST API v1 operation under random input (apiCalls.ts), sent anonymously, as a player and as the
// accepted organiser who owns the seeded events. No unhandled rejection may happen meanwhile.

useWorld('REST API')

describe('the REST API under random input', () => {
  beforeEach(async () => {
    unhandled.length = 0
    await sql.execute('delete from auth_attempt')
    await reseed()
  })

  it('fuzzes every operation of the served OpenAPI document', async () => {
    const served = await request('/api/v1/openapi.json')
    expect(operationsOf(await served.json()).map((o) => `${o.method} ${o.template}`)).toEqual(
      operations.map((o) => `${o.method} ${o.template}`),
    )
    expect(operations.length).toBeGreaterThan(0)
  })

  for (const operation of operations) {
    it(`${operation.method} ${operation.template} never answers 5xx`, { timeout: 180_000 }, async () => {
      for (const role of roles) {
        await fc.assert(fc.asyncProperty(fc.limitShrink(callArb(operation, role), 200), sendCall), {
          seed,
          numRuns: runsFor(operation, role),
        })
      }
      expect(unhandled).toEqual([])
    })
  }
})
