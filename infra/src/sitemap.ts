import { EventService } from '@kibitz/events'
import { Em } from '@kibitz/kernel'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect, Schema } from 'effect'

// The site's sitemap (sitemaps.org protocol) for search engines: the pages the spec calls indexable (the home page,
// live scores, the text pages and every public event's home page). The worker writes it hourly into sitemap_part
// (Migration20261125160000): an index at `sitemap.xml` and parts of at most `urlsPerPart` URLs, all replaced in
// one transaction; the web serves them as stored. Events are read in id order, a page of `batch` at a time, so
// 50,000 events cost fifty equal index range reads.

/** The protocol allows 50,000; smaller parts keep each response small. */
const defaultUrlsPerPart = 10_000
const batch = 5_000

/** Pages every sitemap lists, besides the events. */
const fixedPaths = [
  '/',
  '/search-filter',
  '/live-score',
  '/hotels',
  '/terms-and-conditions',
  '/privacy-policy',
  '/widget/instructions',
  '/powered-by-bridgescanner',
] as const

/** The name the index is stored under (also its path: /sitemap.xml). */
export const sitemapIndexName = 'sitemap.xml'

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`

const urlSet = (entries: ReadonlyArray<string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>\n`

export interface SitemapReport {
  readonly urls: number
  readonly parts: number
  readonly generatedAt: Date
}

/**
 * Writes the sitemap anew for `publicUrl` (PUBLIC_URL): every public event and the fixed pages, in parts named
 * `sitemap-1.xml` … and the index `sitemap.xml`. Idempotent; two workers at once only write it twice.
 */
export const generateSitemap = async (
  orm: MikroORM,
  publicUrl: string,
  options: { readonly now?: Date; readonly urlsPerPart?: number } = {},
): Promise<SitemapReport> => {
  const now = options.now ?? new Date()
  const urlsPerPart = options.urlsPerPart ?? defaultUrlsPerPart
  const base = publicUrl.replace(/\/+$/, '')
  const parts: Array<{ name: string; xml: string; urls: number }> = []
  let pending: Array<string> = []
  const flush = () => {
    if (pending.length === 0) return
    parts.push({ name: `sitemap-${parts.length + 1}.xml`, xml: urlSet(pending), urls: pending.length })
    pending = []
  }
  const add = (entry: string) => {
    pending.push(entry)
    if (pending.length >= urlsPerPart) flush()
  }
  for (const p of fixedPaths) add(urlEntry(`${base}${p}`))
  const events = Effect.runPromise(
    Effect.gen(function* () {
      const service = yield* EventService
      let afterId = 0
      for (;;) {
        const page = yield* service.sitemapPage(afterId, batch)
        for (const event of page)
          add(urlEntry(`${base}/event/${encodeURIComponent(event.alias)}`, event.updatedAt))
        const last = page[page.length - 1]
        if (!last || page.length < batch) return
        afterId = last.id
      }
    }).pipe(Effect.provide(EventService.layer), Effect.provideService(Em, orm.em.fork())),
  )
  await events
  flush()
  const day = now.toISOString().slice(0, 10)
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts
    .map(
      (p) =>
        `<sitemap><loc>${escapeXml(`${base}/sitemaps/${p.name}`)}</loc><lastmod>${day}</lastmod></sitemap>`,
    )
    .join('')}</sitemapindex>\n`
  await orm.em.fork().transactional(async (em) => {
    await em.execute('delete from sitemap_part')
    for (const part of [...parts, { name: sitemapIndexName, xml: index, urls: parts.length }]) {
      await em.execute('insert into sitemap_part (name, xml, urls, generated_at) values (?, ?, ?, ?)', [
        part.name,
        part.xml,
        part.urls,
        now,
      ])
    }
  })
  return { urls: parts.reduce((n, p) => n + p.urls, 0), parts: parts.length, generatedAt: now }
}

const PartRow = Schema.Struct({ xml: Schema.String })
const decodePart = Schema.decodeUnknownSync(Schema.Array(PartRow))

/** A stored sitemap file by name (`sitemap.xml`, `sitemap-2.xml`); null when there is none (yet). */
export const readSitemapPart = async (orm: MikroORM, name: string): Promise<string | null> => {
  if (!/^sitemap(-\d{1,5})?\.xml$/.test(name)) return null
  const [row] = decodePart(await orm.em.fork().execute('select xml from sitemap_part where name = ?', [name]))
  return row?.xml ?? null
}
