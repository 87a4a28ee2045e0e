import { createFileRoute } from '@tanstack/react-router'

/** The player/organiser account switch (spec section 4), kept in a cookie so it works without JavaScript. */
export const Route = createFileRoute('/account-switch')({
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).accountSwitchPost(request),
    },
  },
})
