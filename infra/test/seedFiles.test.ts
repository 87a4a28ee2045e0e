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

/** The organisers whose demo tree has a club archive: those of the events with files, and the demo sign-in's. */
let owners: ReadonlyArray<{ id: number }> = []
beforeAll(async () => {
  if (!orm) return
  owners = (await orm.em
    .fork()
    .execute(
      `select distinct owner_organiser_id as id from stored_file where folder = 'Club archive' order by 1`,
    )) as Array<{ id: number }>
})

describe('seedDemoData with a file store', () => {
  it('gives the first public demo events galleries with stored images and documents', async () => {
    expect(result.files).toEqual({ galleries: 6, images: 20, documents: 8 + 3 * owners.length })
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
    expect(documents).toEqual([{ n: 8 + 2 * owners.length }])
  })

  it('gives the demo organisers a club archive of their own in the file manager', async () => {
    if (!orm) throw new Error('the ORM is not open')
    // The demo sign-in's organiser among them, so a newcomer signed in as it sees the tree.
    const demo = await orm.em
      .fork()
      .execute(
        `select o.id from organiser o join app_user u on u.id = o.user_id where u.email = 'info@lbf.example'`,
      )
    expect(owners).toContainEqual(demo[0])
    for (const { id } of owners) {
      const tree: Array<{ path: string }> = await orm.em
        .fork()
        .execute(
          `select path from fs_folder where owner_organiser_id = ? and path like 'Club archive%' order by path`,
          [id],
        )
      expect(tree.map((row) => row.path)).toEqual([
        'Club archive',
        'Club archive/2025',
        'Club archive/Photos',
      ])
      const files = await orm.em.fork().execute(
        `select filename, kind from stored_file where owner_organiser_id = ? and folder like 'Club archive%'
            order by folder, filename`,
        [id],
      )
      expect(files).toEqual([
        { filename: 'Regulations.txt', kind: 'document' },
        { filename: 'Autumn teams results.pdf', kind: 'document' },
        { filename: 'Spring pairs results.pdf', kind: 'document' },
        { filename: 'Club night.jpg', kind: 'image' },
      ])
    }
  })
})
