// The gallery's lightbox on the public pages (docs/decisions/041), fetched by the edge's script on a page with a
// gallery. Without scripts each thumbnail is a link to the full image, and that stays the fallback. With them, a
// thumbnail ([data-gallery] a[data-lightbox-item]) opens the gallery's server-rendered <dialog data-lightbox> as a modal (the
// browser keeps the focus inside and makes the page behind inert): arrows or the buttons go to the previous or
// next image, Escape or the close button closes it, a swipe on a phone turns the page and a tap on the dark
// background closes; on closing, the focus goes back to the thumbnail that opened it. The dialog's labels are the
// server's, in the reader's language.

interface Opened {
  readonly dialog: HTMLDialogElement
  readonly items: ReadonlyArray<HTMLAnchorElement>
  index: number
  readonly opener: HTMLAnchorElement
}

let opened: Opened | null = null

const show = (state: Opened) => {
  const item = state.items[state.index]
  const image = state.dialog.querySelector<HTMLImageElement>('[data-lightbox-image]')
  if (!item || !image) return
  image.removeAttribute('src')
  image.width = Number(item.dataset.width ?? '0')
  image.height = Number(item.dataset.height ?? '0')
  image.srcset = item.dataset.srcset ?? ''
  image.sizes = '100vw'
  image.src = item.href
  image.alt = item.dataset.title ?? ''
  const caption = state.dialog.querySelector<HTMLElement>('[data-lightbox-caption]')
  if (caption) caption.textContent = item.dataset.title ?? ''
  const counter = state.dialog.querySelector<HTMLElement>('[data-lightbox-counter]')
  if (counter)
    counter.textContent = (counter.dataset.template ?? '%n / %t')
      .replace('%n', String(state.index + 1))
      .replace('%t', String(state.items.length))
  const single = state.items.length < 2
  for (const button of Array.from(
    state.dialog.querySelectorAll<HTMLButtonElement>('[data-lightbox-prev], [data-lightbox-next]'),
  ))
    button.hidden = single
}

const step = (by: number) => {
  if (!opened || opened.items.length < 2) return
  opened.index = (opened.index + by + opened.items.length) % opened.items.length
  show(opened)
}

const close = () => {
  if (!opened) return
  const { dialog, opener } = opened
  opened = null
  if (dialog.open) dialog.close()
  opener.focus()
}

document.addEventListener('click', (event) => {
  const target = event.target
  if (!(target instanceof Element)) return
  if (opened) {
    if (target.closest('[data-lightbox-prev]')) return step(-1)
    if (target.closest('[data-lightbox-next]')) return step(1)
    if (target.closest('[data-lightbox-close]') || target === opened.dialog) return close()
    return
  }
  const link = target.closest<HTMLAnchorElement>('[data-gallery] a[data-lightbox-item]')
  const gallery = link?.closest('[data-gallery]')
  const dialog = gallery?.querySelector<HTMLDialogElement>('dialog[data-lightbox]')
  // A click with a modifier opens the image in a new tab, as a link does.
  if (!link || !gallery || !dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
    return
  event.preventDefault()
  const items = Array.from(gallery.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]'))
  opened = { dialog, items, index: Math.max(0, items.indexOf(link)), opener: link }
  show(opened)
  dialog.showModal()
  dialog.querySelector<HTMLButtonElement>('[data-lightbox-close]')?.focus()
})

document.addEventListener('keydown', (event) => {
  if (!opened) return
  if (event.key === 'Tab') {
    // The modal keeps the page behind inert; this keeps Tab going round the dialog's buttons, not out to the
    // browser's own controls.
    const buttons = Array.from(opened.dialog.querySelectorAll<HTMLButtonElement>('button:not([hidden])'))
    const [first, last] = [buttons[0], buttons[buttons.length - 1]]
    const active = document.activeElement
    if (event.shiftKey && (active === first || !opened.dialog.contains(active))) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && (active === last || !opened.dialog.contains(active))) {
      event.preventDefault()
      first?.focus()
    }
    return
  }
  if (event.key === 'ArrowRight') {
    event.preventDefault()
    step(1)
  } else if (event.key === 'ArrowLeft') {
    event.preventDefault()
    step(-1)
  }
})

// Escape arrives as the dialog's 'cancel': close it our way, so the focus goes back to the thumbnail.
document.addEventListener(
  'cancel',
  (event) => {
    if (!opened || event.target !== opened.dialog) return
    event.preventDefault()
    close()
  },
  true,
)

// A swipe across the image turns the page; a short tap is left to the click above.
let swipeStart: { x: number; y: number } | null = null
document.addEventListener('pointerdown', (event) => {
  swipeStart = opened && event.pointerType !== 'mouse' ? { x: event.clientX, y: event.clientY } : null
})
document.addEventListener('pointerup', (event) => {
  if (!opened || !swipeStart) return
  const dx = event.clientX - swipeStart.x
  const dy = event.clientY - swipeStart.y
  swipeStart = null
  if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1)
})

export {}
