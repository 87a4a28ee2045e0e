import { setupI18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { createElement as h, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Kept, keptListKey } from '../src/components/Kept.tsx'

// Kept HTML (app/src/components/Kept.tsx): on the server an element's children are rendered once per `of` and
// language, and the HTML is written from then on; the page must read exactly as React renders it inline.

let renders = 0
/** Text and a number side by side (React separates them with a comment), in the interface language. */
function Card({ name, count }: { name: string; count: number }) {
  renders += 1
  const { i18n } = useLingui()
  return h(
    'article',
    { 'aria-label': name },
    h('h3', null, name, ' ', count),
    h('p', { lang: i18n.locale }, '<&>'),
  )
}

const page = (locale: string, children: ReactNode) =>
  renderToString(
    h(I18nProvider, { i18n: setupI18n({ locale, messages: { [locale]: {} } }) }, h('ul', null, children)),
  )

const kept = (name: string, count: number) =>
  h(Kept, {
    key: name,
    as: 'li',
    className: 'flex',
    of: JSON.stringify({ name, count }),
    children: h(Card, { name, count }),
  })
const inline = (name: string, count: number) =>
  h('li', { key: name, className: 'flex' }, h(Card, { name, count }))

describe('Kept', () => {
  it('writes the HTML React renders inline, and renders the children once per data and language', () => {
    const expected = page('pl', [inline('Baltic "Cup"', 3), inline('Open', 1)])
    renders = 0
    expect(page('pl', [kept('Baltic "Cup"', 3), kept('Open', 1)])).toBe(expected)
    expect(renders).toBe(2)
    expect(page('pl', [kept('Baltic "Cup"', 3), kept('Open', 1)])).toBe(expected)
    expect(renders).toBe(2)

    // Other data or another language is rendered again.
    expect(page('pl', [kept('Baltic "Cup"', 4)])).toBe(page('pl', [inline('Baltic "Cup"', 4)]))
    expect(page('lt', [kept('Open', 1)])).toBe(page('lt', [inline('Open', 1)]))
    expect(page('lt', [kept('Open', 1)])).not.toBe(page('pl', [kept('Open', 1)]))
  })
})

describe('keptListKey', () => {
  it('stands for one list object: the same list the same key, any other list (even alike) another', () => {
    const countries = [{ code: 'LT', name: 'Lithuania' }]
    const again = keptListKey(countries)
    expect(keptListKey(countries)).toBe(again)
    expect(keptListKey([{ code: 'LT', name: 'Lithuania' }])).not.toBe(again)
    expect(keptListKey([{ code: 'PL', name: 'Poland' }])).not.toBe(again)
    expect([keptListKey(null), keptListKey(undefined)]).toEqual(['', ''])
  })
})
