import { describe, expect, it } from 'vitest'
import { preferenceCookie, safeBackPath } from '../src/edge/redirect.ts'

describe('safeBackPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeBackPath('/search-filter?q=type:1#results')).toBe('/search-filter?q=type:1#results')
    expect(safeBackPath('/event/vilnius-2027/details')).toBe('/event/vilnius-2027/details')
  })

  it('sends every other target home', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example/login',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/%0d%0aSet-Cookie:x=1'.replace('%0d%0a', '\r\n'),
      'javascript:alert(1)',
      '',
      null,
      42,
    ]) {
      expect(safeBackPath(target)).toBe('/')
    }
  })
})

describe('preferenceCookie', () => {
  it('is Secure over HTTPS, directly or behind a proxy, and not over plain HTTP', () => {
    expect(preferenceCookie(new Request('http://localhost/'), 'lang', 'pl', 60)).toBe(
      'lang=pl; Path=/; Max-Age=60; SameSite=Lax',
    )
    expect(preferenceCookie(new Request('https://kibitz.events/'), 'lang', 'pl', 60)).toContain('; Secure')
    const proxied = new Request('http://10.0.0.5/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(preferenceCookie(proxied, 'cookie_consent', '1', 60)).toBe(
      'cookie_consent=1; Path=/; Max-Age=60; SameSite=Lax; Secure',
    )
  })
})
