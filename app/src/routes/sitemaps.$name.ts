import { createFileRoute } from '@tanstack/react-router'

/** One part of the sitemap (`sitemap-1.xml` …). */
export const Route = createFileRoute('/sitemaps/$name')({
  server: {
    handlers: {
      GET: async ({ params }) => (await import('../server/sitemap.server.ts')).sitemapFile(params.name),
    },
  },
})
