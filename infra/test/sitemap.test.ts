import { Layer, ManagedRuntime } from 'effect'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import '../../testing/src/context.ts'
import { insertEvent, insertOrganiser, type Orm } from '../../testing/src/domain.ts'
import { freshDatabase } from '../../testing/src/prepare.ts'
import { migrate, openOrm } from '../src/orm.ts'
import { Database, DomainServices } from '../src/runtime.ts'
import { readSitemapPart, writeSitemap } from '../src/sitemap.ts'

let db: { url: string; drop: () => Promise<void> }
let orm: Orm
/** The worker's runtime: every domain service over this file's database. */
let runtime: ManagedRuntime.ManagedRuntime<Layer.Success<typeof DomainServices> | Database, never>

beforeAll(async () => {
  db = await freshDatabase(inject('databaseUrl'))
  orm = await openOrm(db.url, { poolMax: 2 })
  await migrate(orm)
  runtime = ManagedRuntime.make(DomainServices.pipe(Layer.provideMerge(Layer.succeed(Database, orm))))
})

afterAll(async () => {
  await runtime.dispose()
  await orm.close(true)
  await db.drop()
})

beforeEach(async () => {
  await orm.em.fork().execute('delete from event')
})

const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

describe('writeSitemap', () => {
  it('lists the fixed pages and every public event, in parts, under an index', async () => {
    const organiserId = await insertOrganiser(orm)
    for (let i = 1; i <= 5; i++)
      await insertEvent(orm, { organiserId, alias: `open-${i}`, dateStart: '2027-04-01' })
    await insertEvent(orm, { organiserId, alias: 'the-draft', state: 'draft', dateStart: '2027-04-01' })
    const pending = await insertOrganiser(orm, { status: 1 })
    await insertEvent(orm, { organiserId: pending, alias: 'not-yet-public', dateStart: '2027-04-01' })
    await insertEvent(orm, { organiserId, alias: 'a&b', dateStart: '2027-04-01' })

    const report = await runtime.runPromise(
      writeSitemap('https://bridge.example/', { now: new Date('2027-03-10T12:00:00Z'), urlsPerPart: 5 }),
    )
    // 8 fixed pages and 6 public events, 5 a part.
    expect(report).toMatchObject({ urls: 14, parts: 3 })
    const index = await readSitemapPart(orm, 'sitemap.xml')
    expect(locs(index)).toEqual([
      'https://bridge.example/sitemaps/sitemap-1.xml',
      'https://bridge.example/sitemaps/sitemap-2.xml',
      'https://bridge.example/sitemaps/sitemap-3.xml',
    ])
    const all = (await Promise.all([1, 2, 3].map((n) => readSitemapPart(orm, `sitemap-${n}.xml`)))).flatMap(
      locs,
    )
    expect(all).toContain('https://bridge.example/')
    expect(all).toContain('https://bridge.example/event/open-5')
    // Escaped for XML and for the path.
    expect(all).toContain('https://bridge.example/event/a%26b')
    expect(all.join(' ')).not.toMatch(/the-draft|not-yet-public/)
    expect(await readSitemapPart(orm, 'sitemap-3.xml')).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
  })

  it('replaces the whole sitemap each time and serves only its own file names', async () => {
    const organiserId = await insertOrganiser(orm)
    await insertEvent(orm, { organiserId, alias: 'only', dateStart: '2027-04-01' })
    await runtime.runPromise(writeSitemap('https://bridge.example', { urlsPerPart: 2 }))
    expect(await readSitemapPart(orm, 'sitemap-5.xml')).not.toBeNull()
    await runtime.runPromise(writeSitemap('https://bridge.example', { urlsPerPart: 100 }))
    expect(await readSitemapPart(orm, 'sitemap-5.xml')).toBeNull()
    expect(locs(await readSitemapPart(orm, 'sitemap-1.xml'))).toHaveLength(9)
    expect(await readSitemapPart(orm, '../../etc/passwd')).toBeNull()
  })
})
