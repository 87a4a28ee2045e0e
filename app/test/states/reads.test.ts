import { describe, expect, it } from 'vitest'
import { failureOf, type Read } from './reads.ts'

// The state suite's judge must see a failure where a visitor would: otherwise the suite passes vacuously.

const page: Read = { what: 'home page', path: '/', kind: 'page' }
const calendar: Read = { what: 'event calendar', path: '/api/v1/event/ical?ids=1', kind: 'calendar' }
const json: Read = { what: 'future events', path: '/api/v1/event/future-events', kind: 'json' }
const html = (body: string) => ({ status: 200, type: 'text/html; charset=utf-8', text: body })

describe('failureOf', () => {
  it('fails a 5xx of any read', () => {
    expect(failureOf(page, { status: 500, type: 'text/html', text: '' })).toBe('answered 500')
    expect(failureOf(json, { status: 503, type: 'application/problem+json', text: '{}' })).toBe(
      'answered 503',
    )
  })

  it("fails a page that shows TanStack's error screen or a leaked JavaScript error", () => {
    expect(
      failureOf(page, html('<main><strong>Something went wrong!</strong><pre>boom</pre></main>')),
    ).toContain('Something went wrong')
    expect(failureOf(page, html('<p>e.registrationWindows.some is not a function</p>'))).toContain(
      'is not a function',
    )
  })

  it('passes a page whose scripts carry the form message every page serialises', () => {
    const scripts = '<script>$R[675]=["Something went wrong. Please try again."]</script>'
    expect(failureOf(page, html(`<html><body><h1>Events</h1>${scripts}</body></html>`))).toBeNull()
  })

  it('passes a 404 page without error text, and a 404 problem of the API', () => {
    expect(failureOf(page, { ...html('<h1>Page not found</h1>'), status: 404 })).toBeNull()
    expect(
      failureOf(json, { status: 404, type: 'application/problem+json', text: '{"status":404,"code":0}' }),
    ).toBeNull()
  })

  it('fails an API error that is no problem document, and an answer that is no JSON', () => {
    expect(failureOf(json, { status: 400, type: 'text/plain', text: 'bad' })).toBe('400 is no problem')
    expect(failureOf(json, { status: 200, type: 'application/json', text: '{"events":' })).toBe('is not JSON')
  })

  it('fails a calendar with a negative or five-digit year and passes the RFC 5545 forms', () => {
    const ical = (line: string) => ({
      status: 200,
      type: 'text/calendar',
      text: `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n${line}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
    })
    expect(failureOf(calendar, ical('DTSTART:-37980102T181844Z'))).toContain('malformed date')
    expect(failureOf(calendar, ical('DTSTART;VALUE=DATE:100000101'))).toContain('malformed date')
    expect(failureOf(calendar, ical('DTSTART;VALUE=DATE:20300510'))).toBeNull()
    expect(failureOf(calendar, ical('DTSTART;TZID=Europe/Vilnius:20300510T100000'))).toBeNull()
    expect(failureOf(calendar, ical('DTSTAMP:20261126T110000Z'))).toBeNull()
  })
})
