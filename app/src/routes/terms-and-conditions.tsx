import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Prose } from '../components/Prose.tsx'
import { staticPage } from '../lib/render.ts'
import { siteContact } from '../lib/site.ts'
import { pageTitle } from '../lib/title.ts'

export const Route = createFileRoute('/terms-and-conditions')({
  headers: staticPage,
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Terms and conditions`) }] }),
  component: Terms,
})

function Terms() {
  return (
    <Prose>
      <h1>
        <Trans>Terms and conditions</Trans>
      </h1>
      <p>
        <Trans>
          Kibitz lists bridge events published by their organisers. The organiser of each event is responsible
          for its information, its entry fees and its prizes.
        </Trans>
      </p>
      <h2>
        <Trans>Registrations</Trans>
      </h2>
      <p>
        <Trans>
          When you register for a tournament you enter into an agreement with its organiser. Kibitz passes
          your entry and your payment to the organiser and keeps a record of it.
        </Trans>
      </p>
      <h2 id="contact-us">
        <Trans>Contact us</Trans>
      </h2>
      <p>
        <Trans>Write to us at</Trans>{' '}
        <a className="text-brand-700 underline" href={`mailto:${siteContact.email}`}>
          {siteContact.email}
        </a>{' '}
        <Trans>or call</Trans>{' '}
        <a className="text-brand-700 underline" href={`tel:${siteContact.phone.replace(/\s/g, '')}`}>
          {siteContact.phone}
        </a>
        .
      </p>
    </Prose>
  )
}
