import { createFileRoute } from '@tanstack/react-router'

/** The event's registrations as CSV, one row per player (issue 5); for its organiser or the super user. */
export const Route = createFileRoute('/event/manage/$eventId/registrations.csv')({
  server: {
    handlers: {
      GET: async ({ request, params }) =>
        (await import('../server/registrations.server.ts')).registrationsCsv(request, params.eventId),
    },
  },
})
