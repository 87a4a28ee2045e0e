import { createFileRoute } from '@tanstack/react-router'

/** robots.txt: what crawlers may read, and where the sitemap is. */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: async () => (await import('../server/sitemap.server.ts')).robotsTxt(),
    },
  },
})
