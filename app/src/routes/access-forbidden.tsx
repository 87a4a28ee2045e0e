import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Prose } from '../components/Prose.tsx'
import { staticPage } from '../lib/render.ts'
import { privatePageMeta } from '../lib/title.ts'

export const Route = createFileRoute('/access-forbidden')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Access forbidden`) }),
  component: AccessForbidden,
})

function AccessForbidden() {
  return (
    <Prose>
      <p className="text-5xl font-extrabold text-danger-700" aria-hidden="true">
        403
      </p>
      <h1>
        <Trans>Access forbidden</Trans>
      </h1>
      <p>
        <Trans>You do not have permission to open this page.</Trans>
      </p>
      <Link to="/" className="font-semibold text-brand-700 underline">
        <Trans>Go to the home page</Trans>
      </Link>
    </Prose>
  )
}
