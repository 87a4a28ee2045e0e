import type { I18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { createIsomorphicFn } from '@tanstack/react-start'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'

// Kept HTML (docs/decisions/025). A catalogue page renders eighteen cards and, on the search, a form with every
// country, and the next visitor gets the same HTML for them again: rendering them costs more than the rest of the
// page. On the server, `Kept` renders its children once per language and `of` (the data they show, as text), keeps
// the HTML and writes it into its element from then on, exactly as React renders it inline. The children must
// depend on nothing but `of` and the interface language (no router, no visitor, no request): that is what makes
// their HTML worth keeping. In the browser `Kept` renders its children as any element would.

/** How many characters of keys and HTML are kept at most; past that the store starts over. */
const keptCharacters = 8_000_000
const kept = new Map<string, string>()
let keptSize = 0

const keptHtml = createIsomorphicFn()
  .server((of: string, i18n: I18n, children: ReactNode): string | null => {
    const key = `${i18n.locale}\u0000${of}`
    const known = kept.get(key)
    if (known !== undefined) return known
    const html = renderToString(<I18nProvider i18n={i18n}>{children}</I18nProvider>)
    if (keptSize + key.length + html.length > keptCharacters) {
      kept.clear()
      keptSize = 0
    }
    kept.set(key, html)
    keptSize += key.length + html.length
    return html
  })
  .client((): string | null => null)

/** A number for each list kept whole by the server (a language's countries): its identity stands for its content. */
const listIds = new WeakMap<object, number>()
let lastListId = 0

/**
 * What stands for `list` in a Kept key, for a list the server keeps as one object for as long as its content holds
 * (a new content is a new object, with a new number): a long list's content written out in every key cost a
 * search page more than rendering what it keeps (issue 16).
 */
export const keptListKey = (list: object | null | undefined): string => {
  if (list === null || list === undefined) return ''
  let id = listIds.get(list)
  if (id === undefined) {
    lastListId += 1
    id = lastListId
    listIds.set(list, id)
  }
  return `#${id}`
}

/**
 * An element whose children's server-rendered HTML is kept by `of` and the language. `of` must name everything the
 * children show (their data, serialized); they may read the interface language and nothing else.
 */
export function Kept({
  as: Element,
  className,
  of,
  children,
}: {
  as: 'li' | 'div'
  className: string
  of: string
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const html = keptHtml(of, i18n, children)
  return html === null ? (
    <Element className={className}>{children}</Element>
  ) : (
    // React's own rendering of these children, kept: nothing but what React escaped itself.
    <Element className={className} dangerouslySetInnerHTML={{ __html: html }} />
  )
}
