import '../../testing/src/context.ts'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { request } from './support/api.ts'
import { expectInvalid, expectNotFound, useApiReads } from './support/apiReads.ts'

// The iCalendar feeds of events and tournaments of the REST API v1.

const world = useApiReads()

const parseCalendar = (body: string) => {
  const calendar = new ICAL.Component(ICAL.parse(body))
  const byName = new Map<string, { event: ICAL.Event; vevent: ICAL.Component }>()
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent)
    byName.set(event.summary, { event, vevent })
  }
  return byName
}

const vilniusWallClock = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Vilnius',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)

describe('GET /api/v1/event/ical', () => {
  it('writes all-day entries of public events, canceled ones CANCELLED, with links to the event page', async () => {
    const response = await request(
      `/api/v1/event/ical?ids[]=${world.fx.events.springCup}&ids[]=${world.fx.events.rigaTeams}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/calendar')
    const events = parseCalendar(await response.text())
    expect([...events.keys()].sort()).toEqual(['Riga Teams', 'Vilnius Spring Cup'])
    const cup = events.get('Vilnius Spring Cup')
    expect(cup?.event.startDate.isDate).toBe(true)
    expect(cup?.event.startDate.toString()).toBe(world.fx.day(10))
    // An all-day DTEND is exclusive: the day after the last day.
    expect(cup?.event.endDate.toString()).toBe(world.fx.day(13))
    expect(cup?.vevent.getFirstPropertyValue('url')).toBe('http://localhost/event/vilnius-spring-cup')
    expect(cup?.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(cup?.event.location).toBe('Vilnius, Lithuania')
    expect(events.get('Riga Teams')?.vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
  })

  it('takes ids as a comma list and links to PUBLIC_URL when set', async () => {
    process.env.PUBLIC_URL = 'https://kibitz.example.test'
    try {
      const response = await request(
        `/api/v1/event/ical?ids=${world.fx.events.springCup},${world.fx.events.draft}`,
      )
      const events = parseCalendar(await response.text())
      expect([...events.keys()]).toEqual(['Vilnius Spring Cup'])
      expect(events.get('Vilnius Spring Cup')?.vevent.getFirstPropertyValue('url')).toBe(
        'https://kibitz.example.test/event/vilnius-spring-cup',
      )
    } finally {
      delete process.env.PUBLIC_URL
    }
  })

  it('answers 404 when no id is a public event and 400 without ids', async () => {
    await expectNotFound(`/api/v1/event/ical?ids[]=${world.fx.events.draft}`)
    await expectInvalid('/api/v1/event/ical', 'ids')
    await expectInvalid('/api/v1/event/ical?ids[]=abc', 'ids[]')
  })
})

describe('GET /api/v1/tournament/ical/generate', () => {
  it('writes tournaments in date-time form in the event zone, all-day without a start time', async () => {
    const response = await request(
      `/api/v1/tournament/ical/generate?ids[]=${world.fx.tournaments.openPairs}&ids[]=${world.fx.tournaments.teams}&event=${world.fx.events.springCup}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/calendar')
    const events = parseCalendar(await response.text())
    const pairs = events.get('Open Pairs · Vilnius Spring Cup')
    expect(pairs?.event.startDate.isDate).toBe(false)
    expect(vilniusWallClock(pairs?.event.startDate.toJSDate() ?? new Date(0))).toBe(
      `${world.fx.day(10)} 10:00`,
    )
    expect(vilniusWallClock(pairs?.event.endDate.toJSDate() ?? new Date(0))).toBe(`${world.fx.day(10)} 18:30`)
    const teams = events.get('Teams · Vilnius Spring Cup')
    expect(teams?.event.startDate.isDate).toBe(true)
    expect(teams?.event.startDate.toString()).toBe(world.fx.day(11))
  })

  it('answers 404 for tournaments of a draft event', async () => {
    await expectNotFound(
      `/api/v1/tournament/ical/generate?ids[]=${world.fx.tournaments.draftPairs}&event=${world.fx.events.draft}`,
    )
  })
})
