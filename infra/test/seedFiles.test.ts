// The demo seed's galleries and documents (docs/decisions/041): stored through the file store it is given, so a
// newcomer sees them on the public pages.
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { access } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { FileStorage } from '@kibitz/files'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { withPgClient } from '../src/database.ts'
import { openOrm } from '../src/orm.ts'
import { type SeedResult, seedDemoData } from '../src/seed/index.ts'

const filesRoot = mkdtempSync(path.join(tmpdir(), 'kibitz-seed-files-'))
let serverUrl = ''
let databaseName = ''
let orm: MikroORM | undefined
let result: SeedResult

beforeAll(async () => {
  serverUrl = inject('databaseUrl')
  databaseName = `seed_files_${randomBytes(4).toString('hex')}`
  await withPgClient(serverUrl, (client) =>
    client.query(`create database ${client.escapeIdentifier(databaseName)}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${databaseName}`
  orm = await openOrm(url.toString())
  await orm.migrator.up()
  result = await seedDemoData(orm, {
    today: new Date('2027-03-10T12:00:00Z'),
    files: FileStorage.local(filesRoot),
  })
}, 120_000)

afterAll(async () => {
  await orm?.close()
  if (databaseName !== '')
    await withPgClient(serverUrl, (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(databaseName)} with (force)`),
    )
})

const Items = Schema.Array(
  Schema.Struct({
    eventId: Schema.Int,
    tournamentId: Schema.NullOr(Schema.Int),
    url: Schema.String,
    width: Schema.Int,
  }),
)

describe('seedDemoData with a file store', () => {
  it('gives the first public demo events galleries with stored images and documents', async () => {
    expect(result.files).toEqual({ galleries: 6, images: 20, documents: 8 })
    if (!orm) throw new Error('the ORM is not open')
    const items = Schema.decodeUnknownSync(Items)(
      await orm.em.fork().execute(
        `select g.event_id as "eventId", g.tournament_id as "tournamentId", i.url, i.width
           from gallery_item i join gallery g on g.id = i.gallery_id order by g.id, i.order_number`,
      ),
    )
    expect(items).toHaveLength(20)
    expect(items.filter((i) => i.tournamentId !== null)).toHaveLength(4)
    for (const item of items) await access(path.join(filesRoot, item.url.slice('/files/'.length)))
    const documents = await orm.em
      .fork()
      .execute(`select count(*)::int as n from stored_file where kind = 'document' and filename like '%.pdf'`)
    expect(documents).toEqual([{ n: 8 }])
  })
})
