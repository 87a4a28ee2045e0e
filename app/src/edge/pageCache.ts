// A web process keeps the pages it rendered for anonymous visitors a few seconds (PAGE_CACHE_SECONDS), so a
// crowd opening the same event page at the start of registration costs one render, not one per visitor. Only
// pages that are the same for every anonymous visitor of a language are kept: the edge decides what qualifies
// (no session, no flash, no Set-Cookie, no Cache-Control of the app's own); here is the store.

/** A rendered page as the edge keeps it: its HTML without the nonce it was rendered with. */
export interface StoredPage {
  readonly status: number
  /** Everything it is sent with but its policy: its own headers, the security headers and revalidation. */
  readonly headers: ReadonlyArray<[string, string]>
  /**
   * The HTML as UTF-8, cut where its CSP nonce stood: each time it is served, a fresh nonce goes between the
   * pieces, a join of buffers rather than a string rewrite.
   */
  readonly parts: ReadonlyArray<Uint8Array>
  readonly etag: string
}

const utf8 = new TextEncoder()

/** The UTF-8 bytes of `html` cut at every occurrence of `nonce` (which the pieces do not contain). */
export const splitAtNonce = (html: string, nonce: string): ReadonlyArray<Uint8Array> =>
  html.split(nonce).map((piece) => utf8.encode(piece))

/**
 * The stored page's bytes with `nonce` (ASCII, as every CSP nonce is) where its own nonce stood: one allocation
 * left unfilled, the pieces copied in and the nonce written between them.
 */
export const bytesWithNonce = (page: StoredPage, nonce: string): Uint8Array<ArrayBuffer> => {
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
    let size = 0
    for (const part of page.parts) size += part.byteLength
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
