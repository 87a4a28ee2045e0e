import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Prose } from '../components/Prose.tsx'
import { staticPage } from '../lib/render.ts'
import { pageTitle } from '../lib/title.ts'

export const Route = createFileRoute('/widget/instructions')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Events widget for your site`) }] }),
  component: WidgetInstructions,
})

function WidgetInstructions() {
  const snippet =
    '<iframe src="https://kibitz.events/search-filter" title="Bridge events" width="100%" height="600"></iframe>'
  return (
    <Prose>
      <h1>
        <Trans>Events widget for your site</Trans>
      </h1>
      <p>
        <Trans>
          Show the bridge event catalogue on your club's website by pasting this code into a page:
        </Trans>
      </p>
      <pre className="overflow-x-auto rounded-lg bg-canvas p-4 text-sm">
        <code>{snippet}</code>
      </pre>
      <p>
        <Trans>
          Event data is also available as JSON from the public API at /api/v1, described at
          /api/v1/openapi.json.
        </Trans>
      </p>
    </Prose>
  )
}
