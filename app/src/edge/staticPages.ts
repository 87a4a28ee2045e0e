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
// carry data-keep; JSON data blocks (type="application/ld+json") are not scripts the browser runs and stay. One
// pass over the page finds the html element, every script element and every module preload (three passes copied
// a 30 kB page three times).
const appParts = /<html\b|<script\b([^>]*)>[\s\S]*?<\/script>|<link\b[^>]*\brel="modulepreload"[^>]*\/?>/g

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The page without the app's scripts and module preloads, marked `<html data-static>` (a static page). */
export const withoutAppScripts = (html: string): string => {
  let marked = false
  return html.replace(appParts, (found, attributes: string | undefined) => {
    if (found.startsWith('<html')) {
      if (marked) return found
      marked = true
      return '<html data-static=""'
    }
    if (attributes === undefined) return ''
    return /\bdata-keep\b/.test(attributes) || /\btype="application\/(ld\+)?json"/.test(attributes)
      ? found
      : ''
  })
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
