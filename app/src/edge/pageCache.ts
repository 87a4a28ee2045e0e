// A web process keeps the pages it rendered for anonymous visitors a few seconds (PAGE_CACHE_SECONDS), so a
// crowd opening the same event page at the start of registration costs one render, not one per visitor. Only
// pages that are the same for every anonymous visitor of a language are kept: the edge decides what qualifies
// (no session, no flash, no Set-Cookie, no Cache-Control of the app's own); here is the store.

/** A page's HTML as UTF-8 and where its CSP nonce stands in it. */
export interface PageBytes {
  /** The HTML as rendered, with the nonce of the request that rendered it. */
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly nonce: string
  /**
   * `bytes` cut where the nonce stood (views of it, not copies): each time the page is served again, a fresh
   * nonce goes between the pieces, a join of buffers rather than a string rewrite.
   */
  readonly parts: ReadonlyArray<Uint8Array>
}

/** A rendered page as the edge keeps it. */
export interface StoredPage extends PageBytes {
  readonly status: number
  /** Everything it is sent with but its policy: its own headers, the security headers and revalidation. */
  readonly headers: ReadonlyArray<[string, string]>
  readonly etag: string
}

const utf8 = new TextEncoder()

/** Pages up to this many bytes are encoded through one buffer kept for it; larger ones on their own. */
const scratchMost = 4 * 2 ** 20
let scratch = Buffer.allocUnsafeSlow(256 * 1024)

/**
 * `html` as UTF-8 (`nonce`, ASCII as every CSP nonce is, where it stands) cut at every occurrence of the nonce. A
 * page with a character beyond Latin-1 is held as UTF-16, and encoding it into a buffer kept for that costs half
 * what encoding it into a new one does; the bytes are then copied out once and cut by views.
 */
export const splitAtNonce = (html: string, nonce: string): PageBytes => {
  let bytes: Buffer<ArrayBuffer>
  const most = html.length * 3
  if (most <= scratchMost) {
    if (scratch.byteLength < most) scratch = Buffer.allocUnsafeSlow(most)
    const { written } = utf8.encodeInto(html, scratch)
    bytes = Buffer.allocUnsafeSlow(written)
    scratch.copy(bytes, 0, 0, written)
  } else {
    bytes = Buffer.from(html, 'utf8')
  }
  const needle = Buffer.from(nonce, 'latin1')
  if (needle.byteLength === 0) return { bytes, nonce, parts: [bytes] }
  const parts: Array<Uint8Array> = []
  let at = 0
  for (let found = bytes.indexOf(needle, at); found >= 0; found = bytes.indexOf(needle, at)) {
    parts.push(bytes.subarray(at, found))
    at = found + needle.byteLength
  }
  parts.push(bytes.subarray(at))
  return { bytes, nonce, parts }
}

/**
 * The page's bytes with `nonce` (ASCII, as every CSP nonce is) where its own nonce stood: the bytes as they are
 * for the request that rendered them; else one allocation left unfilled, the pieces copied in and the nonce
 * written between them.
 */
export const bytesWithNonce = (page: PageBytes, nonce: string): Uint8Array<ArrayBuffer> => {
  if (nonce === page.nonce) return page.bytes
  let length = nonce.length * (page.parts.length - 1)
  for (const part of page.parts) length += part.byteLength
  const bytes = Buffer.allocUnsafe(length)
  let at = 0
  for (const [index, part] of page.parts.entries()) {
    if (index > 0) at += bytes.write(nonce, at, 'latin1')
    bytes.set(part, at)
    at += part.byteLength
  }
  return bytes
}

/**
 * The page's pieces with `nonce` (ASCII) between them, for a response written piece by piece: nothing of the page is
 * copied, and the socket sends them in one gathered write. A kept page answered thousands of times a second was one
 * fresh allocation of its whole size each time, and a sixth of the process's time went to collecting them
 * (issue 16).
 */
export const piecesWithNonce = (page: PageBytes, nonce: string): ReadonlyArray<Uint8Array> => {
  if (nonce === page.nonce || page.parts.length === 1) return [page.bytes]
  const between = Buffer.from(nonce, 'latin1')
  const pieces: Array<Uint8Array> = []
  for (const [index, part] of page.parts.entries()) {
    if (index > 0) pieces.push(between)
    pieces.push(part)
  }
  return pieces
}

interface Entry {
  readonly page: StoredPage
  readonly expiresAt: number
  readonly bytes: number
}

export interface PageCacheOptions {
  readonly ttlSeconds: number
  /** Entries kept at most (least recently stored first out). */
  readonly maxEntries?: number
  /** Bytes of HTML kept at most. */
  readonly maxBytes?: number
  readonly now?: () => number
}

/** What a render gave: a page that may be kept, or a response for this request only. */
export type Rendered = { readonly page: StoredPage } | { readonly response: Response }

export interface PageCache {
  /**
   * The stored page for `key`, else what `render` produces (kept when it is a page). Concurrent misses for one
   * key wait for the first render instead of rendering again; when that one is not a page, each waiter renders
   * its own.
   */
  getOrRender(key: string, render: () => Promise<Rendered>): Promise<Rendered>
  /** The page kept for `key` if it is still fresh; never renders. */
  peek(key: string): StoredPage | undefined
  /** How many pages are kept now. */
  size(): number
  /** Drops every kept page (an organiser changed an event; the next visitor gets a fresh render). */
  clear(): void
}

/** The in-process store; a ttl of 0 keeps nothing. */
export const createPageCache = (options: PageCacheOptions): PageCache => {
  const ttlMs = options.ttlSeconds * 1000
  const maxEntries = options.maxEntries ?? 2_000
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const now = options.now ?? Date.now
  // A Map iterates in insertion order: the first key is the oldest stored.
  const entries = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<Rendered>>()
  let bytes = 0

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  const store = (key: string, page: StoredPage) => {
    remove(key)
    const size = page.bytes.byteLength
    if (size > maxBytes) return
    entries.set(key, { page, expiresAt: now() + ttlMs, bytes: size })
    bytes += size
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      remove(oldest)
    }
  }

  return {
    getOrRender: async (key, render) => {
      if (ttlMs <= 0) return render()
      const entry = entries.get(key)
      if (entry && entry.expiresAt > now()) return { page: entry.page }
      if (entry) remove(key)
      const pending = inFlight.get(key)
      if (pending) {
        const first = await pending
        return 'page' in first ? first : render()
      }
      const rendering = render().finally(() => inFlight.delete(key))
      inFlight.set(key, rendering)
      const rendered = await rendering
      if ('page' in rendered) store(key, rendered.page)
      return rendered
    },
    peek: (key) => {
      const entry = entries.get(key)
      return entry && entry.expiresAt > now() ? entry.page : undefined
    },
    size: () => entries.size,
    clear: () => {
      entries.clear()
      bytes = 0
    },
  }
}
