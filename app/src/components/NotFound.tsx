import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { siteContact } from '../lib/site.ts'
import type { Card } from '../lib/types.ts'
import { fetchMoreEvents } from '../server/catalogue.functions.ts'
import { DateRange } from './Dates.tsx'
import { SearchForm } from './SearchForm.tsx'

/**
 * Spec section 2: code 404, a title, a link home, the event search, contact details and 'more events'
 * (3 on wide screens, 2 on narrower ones). The route's loader supplies `events` on the server; the
 * component fetches them itself when it is reached by client-side navigation.
 */
export function NotFoundScreen({ events: given }: { events?: ReadonlyArray<Card> } = {}) {
  const { t } = useLingui()
  const [events, setEvents] = useState<ReadonlyArray<Card>>(given ?? [])
  useEffect(() => {
    if (given) return
    fetchMoreEvents()
      .then(setEvents)
      .catch(() => setEvents([]))
  }, [given])
  return (
    <section aria-labelledby="not-found-title" className="flex flex-col gap-8">
      <div className="rounded-card bg-surface p-8 text-center shadow-card">
        <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="mt-2 text-2xl font-bold">
          <Trans>Page or event not found</Trans>
        </h1>
        <p className="mt-2 text-muted">
          <Trans>The address may be mistyped, or the event may have been removed.</Trans>{' '}
          <span className="sr-only">{t`Error code 404`}</span>
        </p>
        <Link
          to="/"
          className="mt-4 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
      <div className="rounded-card bg-surface p-6 shadow-card">
        <h2 className="mb-3 text-lg font-bold">
          <Trans>Search events</Trans>
        </h2>
        <SearchForm compact />
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        <address className="rounded-card bg-surface p-6 not-italic shadow-card">
          <h2 className="mb-2 text-lg font-bold">
            <Trans>Contact us</Trans>
          </h2>
          <p>
            <Trans>E-mail:</Trans>{' '}
            <a className="text-brand-700 underline" href={`mailto:${siteContact.email}`}>
              {siteContact.email}
            </a>
          </p>
          <p>
            <Trans>Phone:</Trans>{' '}
            <a className="text-brand-700 underline" href={`tel:${siteContact.phone.replace(/\s/g, '')}`}>
              {siteContact.phone}
            </a>
          </p>
          <p className="mt-2 text-sm text-muted">
            {siteContact.postalAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </p>
        </address>
        <div className="md:col-span-2">
          <h2 className="mb-2 text-lg font-bold">
            <Trans>More events</Trans>
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="more-events">
            {events.slice(0, 3).map((event, index) => (
              <li key={event.id} className={index === 2 ? 'hidden lg:block' : undefined}>
                <Link
                  to="/event/$eventId"
                  params={{ eventId: event.alias }}
                  className="block h-full rounded-card border border-line bg-surface p-4 hover:border-brand-600"
                >
                  <span className="block font-semibold">{event.name}</span>
                  <span className="mt-1 block text-sm text-muted">
                    <DateRange start={event.dateStart} end={event.dateEnd} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
