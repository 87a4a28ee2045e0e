import { beforeEach, describe, expect, it } from 'vitest'
import { serverFunctions } from './serverFunctionCases.ts'
import { reseed, sql, unhandled, useWorld } from './world.ts'

// Every server function under random input, in-process (serverFunctionCases.ts): its own validator decides, and
// what it accepts never makes the server code throw. security/fuzz-pages.test.ts calls them over HTTP.

useWorld('server functions in-process')

describe('the server functions under random input', () => {
  beforeEach(async () => {
    unhandled.length = 0
    await sql.execute('delete from auth_attempt')
    await reseed()
  })

  for (const { name, check } of serverFunctions()) {
    it(`${name} refuses what its validator refuses and never throws on what it accepts`, {
      timeout: 120_000,
    }, async () => {
      await check()
      expect(unhandled).toEqual([])
    })
  }
})
