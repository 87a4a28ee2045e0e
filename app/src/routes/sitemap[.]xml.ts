import { createFileRoute } from '@tanstack/react-router'

/** The sitemap index for search engines (the worker writes it hourly). */
export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async () => (await import('../server/sitemap.server.ts')).sitemapFile(),
    },
  },
})
