import { readdirSync } from 'node:fs'
import path from 'node:path'

// The edge's half of static pages (docs/decisions/021): a route asks with `headers: staticPage`
// (app/src/lib/render.ts); here the app's scripts and module preloads come out, and the one small enhancement
// script goes into every page.

/** The built enhancement script's public path (`/assets/enhance-<hash>.js`), or null when the build has none. */
export const findEnhanceScript = (clientDir: string): string | null => {
  const assets = path.join(clientDir, 'assets')
  let names: ReadonlyArray<string>
  try {
    names = readdirSync(assets)
  } catch {
    return null
  }
  const name = names.find((n) => /^enhance-[\w-]+\.js$/.test(n))
  return name ? `/assets/${name}` : null
}

// The app's own scripts: the router's inline data and bootstrap and the module entry. Scripts the page keeps
// carry data-keep; JSON data blocks (type="application/ld+json") are not scripts the browser runs and stay.
const scriptAt = /<script\b([^>]*)>[\s\S]*?<\/script>/y
const modulePreloadAt = /<link\b[^>]*\brel="modulepreload"[^>]*\/?>/y
const htmlAt = /<html\b/y

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** Whether `pattern` (sticky) matches `text` at `at`; its end is then `pattern.lastIndex`. */
const matchesAt = (pattern: RegExp, text: string, at: number): RegExpExecArray | null => {
  pattern.lastIndex = at
  return pattern.exec(text)
}

/** Where the first `<html` element opens in `html`, or -1. */
const rootOf = (html: string): number => {
  for (let at = html.indexOf('<html'); at >= 0; at = html.indexOf('<html', at + 1)) {
    if (matchesAt(htmlAt, html, at)) return at
  }
  return -1
}

/** Where a script or a link element may open: found in one pass by a literal search, matched then where it stands. */
const openings = /<(?:script|link)\b/g

/**
 * The page without the app's scripts and module preloads, marked `<html data-static>` (a static page). One literal
 * search finds where scripts and links open, and the elements are matched only there: a regular expression tried
 * at every `<` of a 60 kB page, or `indexOf` run to the page's end for each kind, cost the search page a twentieth
 * of its CPU (issue 16). A script's content is skipped whole, so nothing inside one counts as an element.
 */
export const withoutAppScripts = (html: string): string => {
  // What goes: [from, to) of each script and module preload, in order.
  const cuts: Array<number> = []
  openings.lastIndex = 0
  for (let found = openings.exec(html); found !== null; found = openings.exec(html)) {
    const at = found.index
    if (html.charCodeAt(at + 1) === 115) {
      // <script
      const script = matchesAt(scriptAt, html, at)
      if (script === null) {
        openings.lastIndex = at + 1
        continue
      }
      const attributes = script[1] ?? ''
      const kept = /\bdata-keep\b/.test(attributes) || /\btype="application\/(ld\+)?json"/.test(attributes)
      if (!kept) cuts.push(at, scriptAt.lastIndex)
      openings.lastIndex = scriptAt.lastIndex
    } else if (matchesAt(modulePreloadAt, html, at) !== null) {
      cuts.push(at, modulePreloadAt.lastIndex)
      openings.lastIndex = modulePreloadAt.lastIndex
    }
  }
  const root = rootOf(html)
  const pieces: Array<string> = []
  let copied = 0
  let marked = root < 0
  for (let i = 0; i < cuts.length; i += 2) {
    const from = cuts[i] ?? 0
    const to = cuts[i + 1] ?? 0
    if (!marked && root < from) {
      pieces.push(html.slice(copied, root), '<html data-static=""')
      copied = root + '<html'.length
      marked = true
    }
    // The root element inside a script that goes goes with it.
    if (!marked && root < to) marked = true
    pieces.push(html.slice(copied, from))
    copied = to
  }
  if (!marked) {
    pieces.push(html.slice(copied, root), '<html data-static=""')
    copied = root + '<html'.length
  }
  if (pieces.length === 0) return html
  pieces.push(html.slice(copied))
  return pieces.join('')
}

/**
 * The page with the enhancement script at the end of its body, stamped with the request's nonce. Every page
 * gets it: the header's menus and the other widgets it serves appear on pages with the app's bundle too.
 */
export const withEnhanceScript = (
  html: string,
  options: { nonce: string; script: string | null },
): string => {
  if (!options.script) return html
  const tag = `<script type="module" src="${escapeAttribute(options.script)}" nonce="${escapeAttribute(options.nonce)}"></script>`
  const end = html.lastIndexOf('</body>')
  return end < 0 ? html + tag : `${html.slice(0, end)}${tag}${html.slice(end)}`
}
