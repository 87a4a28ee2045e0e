import { createFileRoute } from '@tanstack/react-router'

/** Where the provider sends the browser back: completes the sign-in or the connection. */
export const Route = createFileRoute('/auth/$provider/callback')({
  server: {
    handlers: {
      GET: async ({ request, params }) =>
        (await import('../server/accountForms.server.ts')).socialCallbackGet(request, params.provider),
    },
  },
})
