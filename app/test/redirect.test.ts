import { afterEach, describe, expect, it } from 'vitest'
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
  const env = { ...process.env }
  afterEach(() => {
    process.env.PUBLIC_URL = env.PUBLIC_URL
    process.env.TRUST_PROXY = env.TRUST_PROXY
    if (env.PUBLIC_URL === undefined) delete process.env.PUBLIC_URL
    if (env.TRUST_PROXY === undefined) delete process.env.TRUST_PROXY
  })

  it('is HttpOnly always and Secure over HTTPS, not over plain HTTP', () => {
    delete process.env.PUBLIC_URL
    delete process.env.TRUST_PROXY
    expect(preferenceCookie(new Request('http://localhost/'), 'lang', 'pl', 60)).toBe(
      'lang=pl; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    )
    expect(preferenceCookie(new Request('https://kibitz.events/'), 'lang', 'pl', 60)).toBe(
      'lang=pl; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    )
  })

  it('believes X-Forwarded-Proto only from a trusted proxy, and always a public address on HTTPS', () => {
    delete process.env.PUBLIC_URL
    delete process.env.TRUST_PROXY
    const proxied = new Request('http://10.0.0.5/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(preferenceCookie(proxied, 'cookie_consent', '1', 60)).not.toContain('Secure')
    process.env.TRUST_PROXY = '1'
    expect(preferenceCookie(proxied, 'cookie_consent', '1', 60)).toBe(
      'cookie_consent=1; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    )
    delete process.env.TRUST_PROXY
    process.env.PUBLIC_URL = 'https://bridge.example'
    expect(preferenceCookie(new Request('http://10.0.0.5/'), 'lang', 'lt', 60)).toContain('; Secure')
  })
})
