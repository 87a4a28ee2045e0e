import { describe, expect, it } from 'vitest'
import { etagMatches, withPageCaching } from '../src/edge/http.ts'

const page = (body: string, init?: ResponseInit) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init })

describe('withPageCaching', () => {
  it('gives a page an ETag, revalidation headers and the security headers', async () => {
    const handler = withPageCaching(() => page('<h1>Events</h1>'))
    const response = await handler(new Request('http://localhost/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toBe('<h1>Events</h1>')
  })

  it('answers 304 without a body when the ETag matches', async () => {
    const handler = withPageCaching(() => page('<h1>Events</h1>'))
    const first = await handler(new Request('http://localhost/'))
    const etag = first.headers.get('etag') ?? ''
    const second = await handler(new Request('http://localhost/', { headers: { 'if-none-match': etag } }))
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })

  it('leaves responses that set cookies, JSON and errors uncached', async () => {
    const withCookie = withPageCaching(() =>
      page('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'lang=pl' } }),
    )
    expect((await withCookie(new Request('http://localhost/'))).headers.get('etag')).toBeNull()
    const json = withPageCaching(() => Response.json({ ok: true }))
    expect((await json(new Request('http://localhost/livez'))).headers.get('etag')).toBeNull()
    const missing = withPageCaching(() => page('gone', { status: 404 }))
    const response = await missing(new Request('http://localhost/nope'))
    expect(response.status).toBe(404)
    expect(response.headers.get('etag')).toBeNull()
  })
})

describe('etagMatches', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('*', 'W/"abc"')).toBe(true)
    expect(etagMatches('"other"', 'W/"abc"')).toBe(false)
    expect(etagMatches(null, 'W/"abc"')).toBe(false)
  })
})
