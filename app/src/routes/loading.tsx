import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LoadingOverlay } from '../components/LoadingOverlay.tsx'
import { staticPage } from '../lib/render.ts'
import { privatePageMeta } from '../lib/title.ts'

export const Route = createFileRoute('/loading')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Loading…`) }),
  component: Loading,
})

function Loading() {
  return (
    <div className="grid min-h-64 place-items-center" aria-busy="true">
      <LoadingOverlay always />
      <p className="text-muted">
        <Trans>Loading…</Trans>
      </p>
    </div>
  )
}
