import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { LongDate } from '../components/Dates.tsx'
import { eventName, pageTitle } from '../lib/title.ts'

const eventRoute = getRouteApi('/event/$eventId')

export const Route = createFileRoute('/event/$eventId/program')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle(matches, msg`Program`, eventName(matches)) }] }),
  component: EventProgram,
})

/** The event program: every tournament's days and tours merged into one timetable per day. */
function EventProgram() {
  const { view, tournaments } = eventRoute.useLoaderData()
  const lang = view.contents.find((c) => c.isMain)?.language
  const days = new Map<string, Array<{ time: string; name: string; tournament: string }>>()
  for (const tournament of tournaments) {
    for (const day of tournament.programs) {
      const list = days.get(day.date) ?? []
      for (const tour of day.tours)
        list.push({ time: tour.time, name: tour.name, tournament: tournament.name })
      days.set(day.date, list)
    }
  }
  const ordered = [...days.entries()].sort(([a], [b]) => a.localeCompare(b))
  if (ordered.length === 0) {
    return (
      <p className="rounded-card bg-surface p-6 text-muted shadow-card">
        <Trans>The program has not been published yet.</Trans>
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {ordered.map(([date, items]) => (
        <section
          key={date}
          className="rounded-card bg-surface p-6 shadow-card"
          aria-labelledby={`day-${date}`}
        >
          <h2 id={`day-${date}`} className="mb-3 text-lg font-bold">
            <LongDate date={date} />
          </h2>
          <ol className="flex flex-col divide-y divide-line">
            {items
              .sort((a, b) => a.time.localeCompare(b.time))
              .map((item) => (
                <li key={`${item.time}-${item.tournament}-${item.name}`} className="flex gap-4 py-2 text-sm">
                  <time className="w-14 shrink-0 font-semibold tabular-nums">{item.time}</time>
                  <span lang={lang}>
                    <span className="font-semibold">{item.tournament}</span> — {item.name}
                  </span>
                </li>
              ))}
          </ol>
        </section>
      ))}
    </div>
  )
}
