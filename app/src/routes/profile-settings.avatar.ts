import { createFileRoute } from '@tanstack/react-router'

/** Uploads (multipart) or removes the signed-in user's avatar. */
export const Route = createFileRoute('/profile-settings/avatar')({
  server: {
    handlers: {
      POST: async ({ request }) => (await import('../server/accountForms.server.ts')).avatarPost(request),
    },
  },
})
