import { createFileRoute } from '@tanstack/react-router'

/** Loads the API only on the server and only when a request arrives (DATABASE_URL is set by then). */
const handle = async (request: Request): Promise<Response> => {
  const { handleApiRequest } = await import('../../../api/handler.server.ts')
  return handleApiRequest(request)
}

/**
 * The public REST API v1 (spec section 7): every /api/v1/* path goes to the Effect HttpApi handler. Writes
 * are routed too, so a method or path the API lacks still gets a problem+json answer, not an HTML page.
 */
export const Route = createFileRoute('/api/v1/$')({
  server: {
    handlers: {
      GET: ({ request }) => handle(request),
      HEAD: ({ request }) => handle(request),
      POST: ({ request }) => handle(request),
      PUT: ({ request }) => handle(request),
      PATCH: ({ request }) => handle(request),
      DELETE: ({ request }) => handle(request),
    },
  },
})
