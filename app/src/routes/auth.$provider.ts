import { createFileRoute } from '@tanstack/react-router'

/** Starts a social sign-in or connection: remembers state and PKCE verifier, then redirects to the provider. */
export const Route = createFileRoute('/auth/$provider')({
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        (await import('../server/accountForms.server.ts')).socialStartPost(request, params.provider),
    },
  },
})
