import { checkDatabaseUrl, findFreePort, withPgClient } from '@kibitz/infra/database'
import { describe, expect, inject, it } from 'vitest'

const databaseUrl = inject('databaseUrl')

describe('the PostgreSQL of the test run', () => {
  it('answers select version()', async () => {
    const version = await withPgClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ version: string }>('select version() as version')
      return rows[0]?.version
    })
    expect(version).toMatch(/^PostgreSQL \d+/)
  })
})

describe('checkDatabaseUrl', () => {
  it('accepts the URL of the test database', async () => {
    await expect(checkDatabaseUrl(databaseUrl)).resolves.toBeUndefined()
  })

  it('names host and port when nothing listens there', async () => {
    const port = await findFreePort()
    await expect(checkDatabaseUrl(`postgres://postgres:secret@127.0.0.1:${port}/kibitz`)).rejects.toThrow(
      new Error(`DATABASE_URL: cannot connect to 127.0.0.1:${port} (connection refused)`),
    )
  })

  it('rejects a string that is not a postgres:// URL', async () => {
    await expect(checkDatabaseUrl('not a url')).rejects.toThrow(
      new Error('DATABASE_URL is not a valid postgres:// URL'),
    )
    await expect(checkDatabaseUrl('https://example.com/db')).rejects.toThrow(
      new Error('DATABASE_URL is not a valid postgres:// URL'),
    )
  })

  it('names a database that does not exist', async () => {
    const url = new URL(databaseUrl)
    url.pathname = '/no_such_database'
    await expect(checkDatabaseUrl(url.toString())).rejects.toThrow(
      new Error('DATABASE_URL: database "no_such_database" does not exist'),
    )
  })
})
