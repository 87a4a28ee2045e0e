import { describe, expect, it } from 'vitest'
import { safeBackPath } from '../src/edge/redirect.ts'

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
