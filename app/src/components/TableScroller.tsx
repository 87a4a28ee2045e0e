import type { ReactNode } from 'react'

/**
 * A table that may be wider than the screen scrolls inside this region, never the page (issue 14). The region
 * is named by the table's caption and takes the keyboard focus, so it can be scrolled with the arrow keys. It is
 * positioned so that it also clips the table's absolutely placed screen-reader texts (`sr-only`), which would
 * otherwise widen the page from wherever the table puts them.
 */
export function TableScroller(props: { readonly labelledBy: string; readonly children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {props.children}
    </section>
  )
}
