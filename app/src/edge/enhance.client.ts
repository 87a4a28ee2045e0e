// The only script of the public pages the edge serves without the app's bundle (docs/decisions/021), also added
// to the other pages for the header's menus. Each page works without it; it adds what a reader expects from a
// live page, over plain server-rendered markup:
// - header menus are native popovers (the browser closes them on Escape or a click elsewhere): one closes when
//   a link inside it is followed;
// - tabs inside [data-static-tabs] keep the tablist markup the server renders (role=tablist/tab/tabpanel,
//   data-state); tabs the app renders itself are left to it;
// - a server-rendered dialog ([data-dialog-root] <dialog open>, open because the URL says so) becomes modal and
//   closes by Escape or a click on its background by following its close link;
// - the catalogue's search box fills its datalist with place suggestions from the public API;
// - the cookie notice's choice is sent in the background and the notice goes away, the page left as it was
//   (no load, the scroll position kept); without scripts the form posts and the server sends the browser back.
// - a gallery's thumbnails open its lightbox (lightbox.client.ts), fetched only by a page that has a gallery.
// The build bundles and minifies it on its own (app/vite.config.ts), and names the lightbox's address.

/** The lightbox's built address (`/assets/lightbox-<hash>.js`), set by the build. */
declare const __LIGHTBOX_URL__: string

if (document.querySelector('[data-gallery]') !== null && typeof __LIGHTBOX_URL__ === 'string')
  void import(/* @vite-ignore */ __LIGHTBOX_URL__)

document.addEventListener('click', (event) => {
  const target = event.target
  if (!(target instanceof Node)) return
  const element = target instanceof Element ? target : target.parentElement
  // Following a link of a header menu (a native popover) closes it: the app may navigate without a page load.
  const chosen = element?.closest('a[href], button[type="submit"]')
  const menu = chosen?.closest<HTMLElement>('[popover]')
  if (menu?.matches(':popover-open')) menu.hidePopover()
  // A modal dialog receives the clicks on its backdrop itself.
  if (target instanceof HTMLDialogElement && target.closest('[data-dialog-root]')) {
    followClose(target.closest('[data-dialog-root]'))
    return
  }
  const overlay = element?.closest('[data-dialog-overlay]')
  if (overlay) followClose(overlay.closest('[data-dialog-root]'))
})

const followClose = (root: Element | null | undefined) => {
  const close = root?.querySelector<HTMLAnchorElement>('a[data-dialog-close]')
  if (close) window.location.assign(close.href)
}

// Escape on a modal dialog arrives as its 'cancel' event: close it the way its close link says.
document.addEventListener(
  'cancel',
  (event) => {
    const dialog = event.target
    if (!(dialog instanceof HTMLDialogElement) || !dialog.closest('[data-dialog-root]')) return
    event.preventDefault()
    followClose(dialog.closest('[data-dialog-root]'))
  },
  true,
)

/** A server-rendered open dialog becomes modal: the focus stays inside and the page behind is inert. */
const makeModal = (root: ParentNode) => {
  for (const dialog of Array.from(
    root.querySelectorAll<HTMLDialogElement>('[data-dialog-root] dialog[open]'),
  )) {
    if (dialog.dataset.modal === 'true') continue
    dialog.dataset.modal = 'true'
    dialog.close()
    dialog.showModal()
    const overlay = dialog.closest('[data-dialog-root]')?.querySelector<HTMLElement>('[data-dialog-overlay]')
    if (overlay) overlay.hidden = true
  }
}

/** Tabs: the server renders every panel; with scripts one shows at a time (styles.css hides the rest). */
const selectTab = (tab: HTMLElement, focus: boolean) => {
  const list = tab.closest('[role="tablist"]')
  if (!list) return
  for (const other of Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'))) {
    const active = other === tab
    other.setAttribute('aria-selected', String(active))
    other.dataset.state = active ? 'active' : 'inactive'
    other.tabIndex = active ? 0 : -1
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '')
    if (panel) panel.dataset.state = active ? 'active' : 'inactive'
  }
  if (focus) tab.focus()
}

document.addEventListener('click', (event) => {
  const target = event.target
  const tab =
    target instanceof Element ? target.closest<HTMLElement>('[data-static-tabs] [role="tab"]') : null
  if (tab) selectTab(tab, false)
})

document.addEventListener('keydown', (event) => {
  const target = event.target
  if (!(target instanceof HTMLElement) || !target.matches('[data-static-tabs] [role="tab"]')) return
  const tabs = Array.from(
    target.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [],
  )
  const index = tabs.indexOf(target)
  const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }
  let next: HTMLElement | undefined
  if (event.key in step) next = tabs[(index + (step[event.key] ?? 0) + tabs.length) % tabs.length]
  else if (event.key === 'Home') next = tabs[0]
  else if (event.key === 'End') next = tabs[tabs.length - 1]
  if (!next) return
  event.preventDefault()
  selectTab(next, true)
})

/** Place suggestions for a search box: the public API's list, at most one request in flight per pause. */
const suggestPlaces = (input: HTMLInputElement) => {
  const list = input.list
  const minimum = Number(input.dataset.suggest ?? '3')
  if (!list) return
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = ''
  input.addEventListener('input', () => {
    clearTimeout(timer)
    const text = input.value.trim()
    if (text.length < minimum) {
      list.replaceChildren()
      return
    }
    timer = setTimeout(async () => {
      if (text === asked) return
      asked = text
      try {
        const response = await fetch(`/api/v1/event/search-event-locations?q=${encodeURIComponent(text)}`, {
          headers: { accept: 'application/json' },
        })
        if (!response.ok) return
        const places: unknown = await response.json()
        if (!Array.isArray(places) || input.value.trim() !== text) return
        list.replaceChildren(
          ...places.flatMap((place: unknown) => {
            const label = typeof place === 'object' && place !== null ? Reflect.get(place, 'label') : null
            if (typeof label !== 'string') return []
            const option = document.createElement('option')
            option.value = label
            return [option]
          }),
        )
      } catch {
        // Suggestions are a convenience: a failed request leaves the box as it was.
      }
    }, 200)
  })
}

/**
 * The cookie notice ([data-cookie-notice]): its form is posted in the background (`Accept: application/json`, so
 * the server answers 204 instead of sending the browser back) and the notice is hidden. A refused or failed
 * request falls back to the form's own post.
 */
document.addEventListener('submit', (event) => {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.closest('[data-cookie-notice]')) return
  const submitter = event.submitter
  const choice = submitter instanceof HTMLButtonElement ? submitter.value : ''
  if (choice !== 'accept' && choice !== 'decline') return
  event.preventDefault()
  const body = new URLSearchParams()
  for (const [name, value] of new FormData(form, submitter))
    if (typeof value === 'string') body.append(name, value)
  const postTheForm = () => {
    const field = document.createElement('input')
    field.type = 'hidden'
    field.name = 'choice'
    field.value = choice
    form.append(field)
    form.submit()
  }
  fetch(form.action, {
    method: 'POST',
    body,
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then((response) => {
      if (!response.ok) return postTheForm()
      const notice = form.closest<HTMLElement>('[data-cookie-notice]')
      if (notice) notice.hidden = true
    })
    .catch(postTheForm)
})

const start = () => {
  // Tests and widgets wait for this: the page's behaviour is in place.
  document.documentElement.dataset.enhanced = 'true'
  const activeTabs = document.querySelectorAll<HTMLElement>(
    '[data-static-tabs] [role="tab"][data-state="active"]',
  )
  for (const tab of Array.from(activeTabs)) selectTab(tab, false)
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[data-suggest]')))
    suggestPlaces(input)
  makeModal(document)
  // The app may render a dialog later, on a page it navigated to without a load.
  new MutationObserver(() => makeModal(document)).observe(document.body, { childList: true, subtree: true })
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
else start()
