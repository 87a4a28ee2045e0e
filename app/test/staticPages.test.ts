import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withoutAppScripts } from '../src/edge/staticPages.ts'

// The edge's stripping of a static page (docs/decisions/021) finds the elements by searching for their openings
// (issue 16). It must remove exactly what the plain regular expressions it replaced removed, on any page React can
// write: every `<` in it opens or closes a whole element (React escapes the text and attributes it writes).

/** The form it replaced: three passes of regular expressions over the whole page. */
const reference = (html: string): string =>
  html
    .replace(/<html\b/, '<html data-static=""')
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/g, (element, attributes: string) =>
      /\bdata-keep\b/.test(attributes) || /\btype="application\/(ld\+)?json"/.test(attributes) ? element : '',
    )
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\/?>/g, '')

const fragments = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<htmlx>',
  '<head>',
  '</head>',
  '<body>',
  '</body>',
  '</html>',
  '<script nonce="n" data-keep="">document.documentElement.classList.add(\'js\')</script>',
  '<script type="module" src="/assets/index.js" nonce="n"></script>',
  '<script data-tsr-stream-part="">$_TSR={}</script>',
  '<script type="application/ld+json">{"@type":"Event","x":"<link rel=\\"modulepreload\\" href=\\"/a.js\\"/>"}</script>',
  '<script type="application/json">{"a":1}</script>',
  '<scripts>',
  '</script>',
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/b.js">',
  '<link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="icon" href="/favicon.svg"/>',
  '<linked>',
  '<p>Šiauliai — Kraków 🂡 &lt;script&gt;</p>',
  '<a href="/event/1">Vilnius</a>',
  '&lt;script&gt; &gt;',
  'text',
]

describe('withoutAppScripts', () => {
  it('removes what the regular expressions it replaced removed, in any arrangement of elements', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 40 }), (parts) => {
        const page = parts.join('')
        expect(withoutAppScripts(page)).toBe(reference(page))
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps a page it has nothing to take from as it is', () => {
    const page = '<p>Nothing here</p>'
    expect(withoutAppScripts(page)).toBe(page)
  })

  it('strips a whole page as the app renders it', () => {
    const page =
      '<!DOCTYPE html><html lang="lt"><head><script nonce="n" data-keep="">x</script>' +
      '<link rel="modulepreload" href="/assets/index.js" nonce="n"/><link rel="stylesheet" href="/s.css"/></head>' +
      '<body><h1>Renginiai</h1><script nonce="n">$_TSR={}</script><script type="module" src="/assets/index.js"></script>' +
      '<script type="application/ld+json">{"@type":"Event"}</script></body></html>'
    expect(withoutAppScripts(page)).toBe(
      '<!DOCTYPE html><html data-static="" lang="lt"><head><script nonce="n" data-keep="">x</script>' +
        '<link rel="stylesheet" href="/s.css"/></head><body><h1>Renginiai</h1>' +
        '<script type="application/ld+json">{"@type":"Event"}</script></body></html>',
    )
  })
})
