import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Prose } from '../components/Prose.tsx'
import { staticPage } from '../lib/render.ts'
import { pageTitle } from '../lib/title.ts'

export const Route = createFileRoute('/hotels')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Hotels`) }] }),
  component: Hotels,
})

function Hotels() {
  return (
    <Prose>
      <h1>
        <Trans>Hotels</Trans>
      </h1>
      <p>
        <Trans>
          Organisers recommend hotels near their venues. Open an event to see its hotels, with stars, prices
          and a link to book.
        </Trans>
      </p>
      <Link to="/search-filter" className="font-semibold text-brand-700 underline">
        <Trans>Find an event</Trans>
      </Link>
    </Prose>
  )
}
