import { afterEach, describe, expect, it } from 'vitest'
import { addressKey, clientIp } from '../src/server/auth.server.ts'

describe('addressKey', () => {
  it('keeps IPv4, unwraps mapped IPv4, and drops ports and brackets proxies add', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('203.0.113.7:51234')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64')
  })

  it('groups IPv6 addresses by their /64, so one network cannot rotate through its addresses', () => {
    expect(addressKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64')
    expect(addressKey('2001:0DB8:00aa:00bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('refuses what is not an address', () => {
    for (const value of ['', 'unknown', 'evil.example', '1.2.3', '300.1.1.1', '<script>']) {
      expect(addressKey(value), value).toBeNull()
    }
  })
})

describe('clientIp', () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY
  })

  const request = (headers: Record<string, string>) => {
    const r = new Request('http://127.0.0.1/', { headers })
    Object.defineProperty(r, 'ip', { value: '10.0.0.9' })
    return r
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY=1', () => {
    expect(clientIp(request({ 'x-forwarded-for': '198.51.100.1' }))).toBe('10.0.0.9')
  })

  it('behind a proxy takes the last entry, the one the proxy appended, not what the client sent', () => {
    process.env.TRUST_PROXY = '1'
    expect(clientIp(request({ 'x-forwarded-for': '1.1.1.1, 198.51.100.1' }))).toBe('198.51.100.1')
    expect(clientIp(request({ 'x-forwarded-for': 'garbage' }))).toBe('10.0.0.9')
  })
})
