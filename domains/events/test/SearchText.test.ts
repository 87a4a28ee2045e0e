import { describe, expect, it } from 'vitest'
import { searchTextOf } from '../src/SearchText.ts'

describe('searchTextOf', () => {
  it('holds aliases and names lower-cased, plus names folded to plain latin, each once', () => {
    const text = searchTextOf(
      ['festiwal-wroclaw-2027', 'festiwal-wroclaw-2027'],
      ['Festiwal Brydżowy Wrocław 2027', 'Wrocław, Poland', '  '],
    )
    expect(text).toBe(
      'festiwal-wroclaw-2027 festiwal brydżowy wrocław 2027 wrocław, poland festiwal brydzowy wroclaw 2027 wroclaw poland',
    )
    expect(text).toContain('brydzowy')
    expect(searchTextOf([], [])).toBe('')
  })
})
