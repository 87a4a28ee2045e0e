import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Prose } from '../components/Prose.tsx'
import { staticPage } from '../lib/render.ts'
import { pageTitle } from '../lib/title.ts'

export const Route = createFileRoute('/powered-by-bridgescanner')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Powered by Kibitz`) }] }),
  component: PoweredBy,
})

function PoweredBy() {
  return (
    <Prose>
      <h1>
        <Trans>Powered by Kibitz</Trans>
      </h1>
      <p>
        <Trans>
          Clubs and federations run their event pages, registrations and results on Kibitz. Players find every
          event in one catalogue, in their own language.
        </Trans>
      </p>
    </Prose>
  )
}
