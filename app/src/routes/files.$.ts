import { createFileRoute } from '@tanstack/react-router'

/** Uploaded files (avatars for now) from the file store; their names change with their content. */
export const Route = createFileRoute('/files/$')({
  server: {
    handlers: {
      GET: async ({ params }) => (await import('../server/files.server.ts')).serveFile(params._splat ?? ''),
    },
  },
})
