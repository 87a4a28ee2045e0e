// The catalogue's ad slots (spec section 2, docs/decisions/036): where they go, and only with a configured provider.
import { describe, expect, it } from 'vitest'
import { pagePolicy } from '../src/edge/http.ts'
import { adFrameOrigin, adSlotAfter, adSlotUrlOf } from '../src/lib/ads.ts'

/** The cards an ad follows on a page of `count` cards (1-based, as a person counts them). */
const adsAfter = (count: number) =>
  Array.from({ length: count }, (_, index) => index)
    .filter((index) => adSlotAfter(index, count))
    .map((i) => i + 1)

describe('ad slots', () => {
  it('follow cards 3, 6 and 9, never a later card nor the last card of a page', () => {
    expect(adsAfter(18)).toEqual([3, 6, 9])
    expect(adsAfter(9)).toEqual([3, 6])
    expect(adsAfter(4)).toEqual([3])
    expect(adsAfter(3)).toEqual([])
    expect(adsAfter(0)).toEqual([])
  })

  it('need an http(s) address of the provider’s slot page', () => {
    expect(adSlotUrlOf(undefined)).toBeNull()
    expect(adSlotUrlOf('')).toBeNull()
    expect(adSlotUrlOf('  ')).toBeNull()
    expect(adSlotUrlOf('ads.example.com/slot')).toBeNull()
    expect(adSlotUrlOf('javascript:alert(1)')).toBeNull()
    expect(adSlotUrlOf('https://ads.example.com/slot?site=kibitz')).toBe(
      'https://ads.example.com/slot?site=kibitz',
    )
    expect(adFrameOrigin(adSlotUrlOf('https://ads.example.com:8443/slot'))).toBe(
      'https://ads.example.com:8443',
    )
    expect(adFrameOrigin(null)).toBeNull()
  })

  it('let pages frame the provider’s origin only when one is configured', () => {
    expect(pagePolicy('n', null)).not.toContain('frame-src')
    expect(pagePolicy('n', 'https://ads.example.com')).toMatch(/; frame-src https:\/\/ads\.example\.com$/)
    expect(pagePolicy('n', 'https://ads.example.com')).toContain("frame-ancestors 'none'")
  })
})
