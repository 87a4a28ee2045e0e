import { Database, readSitemapPart, sitemapIndexName } from '@kibitz/infra'
import { appRuntime } from './runtime.server.ts'

// The sitemap the worker writes (infra/src/sitemap.ts), served as stored, and robots.txt pointing at it.

const xmlHeaders = {
  'content-type': 'application/xml; charset=utf-8',
  // The worker writes it hourly; search engines may keep it that long.
  'cache-control': 'public, max-age=3600',
}

/** A stored sitemap file (`sitemap.xml`, `sitemap-1.xml` …); 404 until the worker has written one. */
export const sitemapFile = async (name: string = sitemapIndexName): Promise<Response> => {
  const orm = await appRuntime().runPromise(Database)
  const xml = await readSitemapPart(orm, name)
  return xml === null
    ? new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
    : new Response(xml, { headers: xmlHeaders })
}

/** robots.txt: crawl the public pages, not the personal and organiser ones; the sitemap lists the events. */
export const robotsTxt = (): Response => {
  const base = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '')
  const lines = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /event/manage/',
    'Disallow: /event/create/',
    'Disallow: /user/',
    'Disallow: /profile-settings',
    'Disallow: /payment',
    'Disallow: /status',
    'Disallow: /dev/',
    'Disallow: /_serverFn/',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
