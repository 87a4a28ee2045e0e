import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Prose } from '../components/Prose.tsx'
import { staticPage } from '../lib/render.ts'
import { pageTitle } from '../lib/title.ts'

export const Route = createFileRoute('/privacy-policy')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Privacy policy`) }] }),
  component: Privacy,
})

function Privacy() {
  return (
    <Prose>
      <h1>
        <Trans>Privacy policy</Trans>
      </h1>
      <p>
        <Trans>
          We keep only what running an event needs: your name, country and contact details when you register,
          and the choices you make on this site.
        </Trans>
      </p>
      <h2>
        <Trans>Cookies</Trans>
      </h2>
      <p>
        <Trans>
          A language cookie remembers your interface language for 90 days. Your answer to the cookie notice is
          kept for 180 days if you accept and for one day if you decline.
        </Trans>
      </p>
      <h2>
        <Trans>Player lists</Trans>
      </h2>
      <p>
        <Trans>
          Organisers may publish the names and countries of registered players. They never publish e-mail
          addresses.
        </Trans>
      </p>
    </Prose>
  )
}
