import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { adSlotAfter } from '../lib/ads.ts'
import { eventTypeLabel } from '../lib/labels.ts'
import { eventPath } from '../lib/site.ts'
import type { Card } from '../lib/types.ts'
import { DateRange } from './Dates.tsx'
import { PinIcon, StarIcon } from './Icons.tsx'
import { Kept } from './Kept.tsx'
import { SuitRow } from './Suits.tsx'

const root = getRouteApi('__root__')

/**
 * An event's address, as the router's links write it (the alias as one encoded path segment). The cards are plain
 * anchors: they are shown on pages served without the app's scripts, and a router link costs a location built for
 * each of a page's eighteen cards.
 */

/** One ad: the configured provider's slot page, framed without access to the page around it. */
function AdSlot({ url, position }: { url: string; position: number }) {
  const { t } = useLingui()
  const src = new URL(url)
  src.searchParams.set('slot', String(position))
  return (
    <aside
      aria-label={t`Advertisement`}
      className="flex min-h-32 overflow-hidden rounded-card"
      data-ad-slot=""
    >
      <iframe
        src={src.href}
        title={t`Advertisement`}
        loading="lazy"
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="strict-origin-when-cross-origin"
        className="min-h-32 w-full flex-1 border-0"
      />
    </aside>
  )
}

function Badge({
  tone,
  children,
}: {
  tone: 'brand' | 'accent' | 'warn' | 'danger' | 'plain'
  children: React.ReactNode
}) {
  const tones = {
    brand: 'bg-brand-100 text-brand-800',
    accent: 'bg-accent-600 text-white',
    warn: 'bg-warn-100 text-warn-800',
    danger: 'bg-danger-100 text-danger-700',
    plain: 'bg-canvas text-muted',
  } as const
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  )
}

export function EventCardView({ event }: { event: Card }) {
  const { i18n } = useLingui()
  const halted = event.state === 'canceled' || event.state === 'postponed'
  const finished = event.timeState === 'past' || event.timeState === 'justFinished'
  const running = event.timeState === 'running'
  const count = event.tournamentsCount
  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card"
      aria-labelledby={`event-${event.id}-name`}
    >
      <div className="relative aspect-[16/7] bg-gradient-to-br from-brand-700 to-brand-800">
        {event.thumbUrl ? (
          <img
            src={event.thumbUrl}
            alt={event.imageAlt ?? ''}
            loading="lazy"
            className="h-full w-full object-cover"
            width={500}
            height={219}
          />
        ) : (
          <div className="grid h-full place-items-center">
            <SuitRow className="rounded-lg bg-white/90 px-3 py-1 text-2xl" />
          </div>
        )}
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          {event.isRecommended ? (
            <Badge tone="warn">
              <StarIcon className="mr-1 h-3 w-3" /> <Trans>Recommended</Trans>
            </Badge>
          ) : null}
          {event.isOnline ? (
            <Badge tone="plain">
              <Trans>Online</Trans>
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {halted ? (
          <p className="text-sm font-bold uppercase tracking-wide text-danger-700">
            {event.state === 'canceled' ? <Trans>Canceled</Trans> : <Trans>Postponed</Trans>}
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            <span className="font-semibold text-brand-700">{i18n._(eventTypeLabel(event.type))}</span>
            <span aria-hidden="true">·</span>
            <DateRange start={event.dateStart} end={event.dateEnd} />
          </p>
        )}
        <h3 id={`event-${event.id}-name`} className="text-lg font-bold leading-snug">
          <a
            className="after:absolute after:inset-0 hover:underline"
            lang={event.language}
            href={eventPath(event.alias)}
          >
            {event.name}
          </a>
        </h3>
        {event.nativeName ? <p className="text-sm text-muted">{event.nativeName}</p> : null}
        {event.shortAddresses.length > 0 ? (
          <ul className="text-sm text-muted">
            {event.shortAddresses.map((address) => (
              <li key={address}>
                <PinIcon className="mr-1 h-3.5 w-3.5 align-[-2px]" />
                {address}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-sm text-muted">
          <Plural value={count} _0="No tournaments yet" one="# tournament" other="# tournaments" />
        </p>
        <div className="relative z-10 mt-auto flex flex-wrap items-center gap-2 pt-2">
          {!halted && event.isOpenRegistration ? (
            <Badge tone="brand">
              <Trans>Registration open</Trans>
            </Badge>
          ) : null}
          {!halted && running && event.hasLiveResults && event.liveResultsUrl ? (
            <a
              href={event.liveResultsUrl}
              className="inline-flex items-center gap-1.5 rounded-full bg-accent-600 px-2.5 py-0.5 text-xs font-semibold text-white hover:bg-accent-500"
              rel="noopener"
            >
              <span className="h-1.5 w-1.5 rounded-full bg-white" aria-hidden="true" />
              <Trans>Live results</Trans>
            </a>
          ) : null}
          {!halted && finished && event.hasFinalResults ? (
            <a
              className="rounded-full bg-canvas px-2.5 py-0.5 text-xs font-semibold text-ink hover:underline"
              href={`${eventPath(event.alias)}/details#results`}
            >
              <Trans>Final results</Trans>
            </a>
          ) : null}
          {!halted && event.timeState === 'future' ? (
            <a
              href={`/api/v1/event/ical?ids=${event.id}`}
              className="ml-auto text-xs font-semibold text-brand-700 hover:underline"
              download={`${event.alias}.ics`}
            >
              <Trans>Add to calendar</Trans>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  )
}

/** A grid of cards, with the spec's ad slots when an ad provider is configured (none without one). */
export function EventGrid({ events }: { events: ReadonlyArray<Card> }) {
  const { adSlotUrl } = root.useLoaderData()
  let slots = 0
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {events.flatMap((event, index) => {
        const items = [
          // A card shows its data in the visitor's language and nothing else: its HTML is kept (Kept.tsx).
          <Kept key={event.id} as="li" className="flex" of={JSON.stringify(event)}>
            <EventCardView event={event} />
          </Kept>,
        ]
        if (adSlotUrl && adSlotAfter(index, events.length)) {
          slots += 1
          items.push(
            <li key={`ad-after-${event.id}`} className="flex flex-col">
              <AdSlot url={adSlotUrl} position={slots} />
            </li>,
          )
        }
        return items
      })}
    </ul>
  )
}

/** How many events a listing has: exactly, or "more than 1,000" where the count stopped (decision 022). */
export function EventCount({ total, lowerBound }: { total: number; lowerBound: boolean }) {
  const { i18n } = useLingui()
  if (lowerBound) {
    const count = i18n.number(total)
    return <Trans>More than {count} events</Trans>
  }
  return <Plural value={total} one="# event" other="# events" />
}
