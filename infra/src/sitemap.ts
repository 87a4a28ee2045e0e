import { EventService } from '@kibitz/events'
import type { EventId } from '@kibitz/kernel'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Effect, Schema } from 'effect'
import { Database, withEm } from './runtime.ts'

// The site's sitemap (sitemaps.org protocol) for search engines: the pages the spec calls indexable (the home page,
// live scores, the text pages and every public event's home page). The worker writes it hourly into sitemap_part
// (Migration20261125160000): an index at `sitemap.xml` and parts of at most `urlsPerPart` URLs, all replaced in
// one transaction; the web serves them as stored. Events are read in id order, a page of `batch` at a time, so
// 50,000 events cost fifty equal index range reads.

/** One public event of the sitemap's walk (EventService.sitemapPage). */
type SitemapEvent = { readonly id: EventId; readonly alias: string; readonly updatedAt: string }

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

export interface SitemapOptions {
  readonly now?: Date
  readonly urlsPerPart?: number
}

/**
 * Writes the sitemap anew for `publicUrl` (PUBLIC_URL): every public event and the fixed pages, in parts named
 * `sitemap-1.xml` … and the index `sitemap.xml`. The events are read through the runtime's EventService, on a
 * unit of work of their own (withEm). Idempotent; two workers at once only write it twice.
 */
export const writeSitemap = (
  publicUrl: string,
  options: SitemapOptions = {},
): Effect.Effect<SitemapReport, never, EventService | Database> =>
  Effect.gen(function* () {
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
    const events = yield* EventService
    yield* withEm(
      Effect.gen(function* () {
        let afterId: EventId | null = null
        for (;;) {
          const page: ReadonlyArray<SitemapEvent> = yield* events.sitemapPage(afterId, batch)
          for (const event of page)
            add(urlEntry(`${base}/event/${encodeURIComponent(event.alias)}`, event.updatedAt))
          const last = page[page.length - 1]
          if (!last || page.length < batch) return
          afterId = last.id
        }
      }),
    )
    flush()
    const day = now.toISOString().slice(0, 10)
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts
      .map(
        (p) =>
          `<sitemap><loc>${escapeXml(`${base}/sitemaps/${p.name}`)}</loc><lastmod>${day}</lastmod></sitemap>`,
      )
      .join('')}</sitemapindex>\n`
    // The parts are infra's own table, replaced in one transaction.
    const orm = yield* Database
    yield* Effect.promise(() =>
      orm.em.fork().transactional(async (em) => {
        await em.execute('delete from sitemap_part')
        for (const part of [...parts, { name: sitemapIndexName, xml: index, urls: parts.length }]) {
          await em.execute('insert into sitemap_part (name, xml, urls, generated_at) values (?, ?, ?, ?)', [
            part.name,
            part.xml,
            part.urls,
            now,
          ])
        }
      }),
    )
    return { urls: parts.reduce((n, p) => n + p.urls, 0), parts: parts.length, generatedAt: now }
  })

const PartRow = Schema.Struct({ xml: Schema.String })
const decodePart = Schema.decodeUnknownSync(Schema.Array(PartRow))

/** A stored sitemap file by name (`sitemap.xml`, `sitemap-2.xml`); null when there is none (yet). */
export const readSitemapPart = async (orm: MikroORM, name: string): Promise<string | null> => {
  if (!/^sitemap(-\d{1,5})?\.xml$/.test(name)) return null
  const [row] = decodePart(await orm.em.fork().execute('select xml from sitemap_part where name = ?', [name]))
  return row?.xml ?? null
}
