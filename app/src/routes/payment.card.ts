import { createFileRoute } from '@tanstack/react-router'

/** POST /payment/card: starts a card checkout for the posted status token (303 to the provider or back). */
export const Route = createFileRoute('/payment/card')({
  server: {
    handlers: {
      POST: async ({ request }) => (await import('../server/registration.server.ts')).payByCardPost(request),
    },
  },
})
