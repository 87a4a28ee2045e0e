import { createFileRoute } from '@tanstack/react-router'

/** Ends the session (spec section 4: back to the page, or to login from a screen that needs one). */
export const Route = createFileRoute('/logout')({
  server: {
    handlers: {
      POST: async ({ request }) => (await import('../server/accountForms.server.ts')).logoutPost(request),
    },
  },
})
