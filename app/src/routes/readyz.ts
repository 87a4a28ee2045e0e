import { createFileRoute } from '@tanstack/react-router'
import { readiness } from '../server/health.server.ts'

/** Readiness: database reachable, migrations applied, a worker alive. 503 with the failing checks otherwise. */
export const Route = createFileRoute('/readyz')({
  server: {
    handlers: {
      GET: async () => {
        const report = await readiness()
        return Response.json(report, {
          status: report.status === 'ok' ? 200 : 503,
          headers: { 'cache-control': 'no-store' },
        })
      },
    },
  },
})
