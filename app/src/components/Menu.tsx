import { type ReactNode, useId } from 'react'

// Header menus are native popovers: a <button popovertarget> opens a [popover] panel, which the browser closes on
// Escape or a click elsewhere and keeps in the top layer. They work without any script, on pages served with the
// app's bundle and on the static ones alike (docs/decisions/021); the small enhancement script only closes one
// when a link inside it is followed (the app may navigate without a page load).

export const menuItemClass =
  'flex w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-brand-50 focus-visible:bg-brand-50 aria-[current=true]:font-semibold'

export function Menu({
  label,
  buttonClass,
  panelClass,
  title,
  children,
  button,
}: {
  /** The button's accessible name. */
  label: string
  buttonClass: string
  /** The panel's look; it opens below the header, at the right edge of the page's column. */
  panelClass: string
  title?: string
  /** What the button shows. */
  button: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <>
      <button type="button" popoverTarget={id} aria-label={label} title={title} className={buttonClass}>
        {button}
      </button>
      <div id={id} popover="auto" className={`header-menu ${panelClass}`}>
        {children}
      </div>
    </>
  )
}
