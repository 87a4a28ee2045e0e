import { createFileRoute } from '@tanstack/react-router'

/** Disconnects a social account from the signed-in user. */
export const Route = createFileRoute('/auth/disconnect')({
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).socialDisconnectPost(request),
    },
  },
})
