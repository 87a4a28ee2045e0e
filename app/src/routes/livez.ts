import { createFileRoute } from '@tanstack/react-router'

/** Liveness: the process answers. */
export const Route = createFileRoute('/livez')({
  server: {
    handlers: {
      GET: () => Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }),
    },
  },
})
