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

  it('adds every name of the countries given in the ten content languages, folded too, and nothing for unknown codes', () => {
    const text = searchTextOf(['sopot-2027'], ['Sopot'], ['pl', null, 'PL', 'QQ'])
    for (const name of [
      'polska',
      'польша',
      'pologne',
      'polonia',
      'polen',
      'polonya',
      'poola',
      'lenkija',
      'polsha',
    ])
      expect(text.split(' ')).toContain(name)
    expect(text.split(' ').filter((word) => word === 'poland')).toHaveLength(1)
    expect(searchTextOf([], [], ['QQ', undefined])).toBe('')
  })
})
