import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { notFoundWithMoreEvents } from '../lib/notFound.ts'
import { staticPage } from '../lib/render.ts'
import { privatePageMeta } from '../lib/title.ts'

/** Every path no other route matches: the not-found screen with HTTP 404 and its 'more events'. */
export const Route = createFileRoute('/$')({
  headers: staticPage,
  loader: async () => {
    throw await notFoundWithMoreEvents()
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Page or event not found`) }),
})
