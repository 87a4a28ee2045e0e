import { describe, expect, it } from 'vitest'
import { etagMatches, sharedPageKey, withEdge } from '../src/edge/http.ts'
import { currentNonce } from '../src/edge/nonce.ts'
import { bytesWithNonce, splitAtNonce } from '../src/edge/pageCache.ts'
import { htmlResponse, renderedHtml } from '../src/edge/pageHtml.ts'
import { renderHeader } from '../src/lib/render.ts'

const page = (body: string, init?: ResponseInit) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init })

/** A page as the app renders it: the request's nonce on its scripts, the module entry and its preload. */
const appPage = (extra: Record<string, string> = {}, status = 200) => {
  const nonce = currentNonce() ?? 'none'
  return new Response(
    `<html><head><script nonce="${nonce}" data-keep="">document.documentElement.classList.add('js')</script><link rel="modulepreload" href="/assets/index.js" nonce="${nonce}"/></head><body><h1>Events</h1><script nonce="${nonce}" data-tsr-stream-part="">$_TSR={}</script><script type="module" async="" src="/assets/index.js" nonce="${nonce}"></script><script type="application/ld+json">{"@type":"Event"}</script></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', ...extra } },
  )
}

/** The edge's request handler. */
const edge = (...args: Parameters<typeof withEdge>) => withEdge(...args).fetch

const options = { enhanceScript: '/assets/enhance-abc.js', pageCacheSeconds: 0 }
const nonceOf = (response: Response) =>
  /'nonce-([\w-]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

describe('withEdge', () => {
  it('gives a page an ETag, revalidation headers and every security header', async () => {
    const handler = edge(() => page('<h1>Events</h1>'), options)
    const response = await handler(new Request('http://localhost/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toMatch(/script-src 'nonce-[\w-]{22}' 'strict-dynamic'/)
    expect(policy).not.toContain("unsafe-inline' ;")
    expect(await response.text()).toBe(
      '<h1>Events</h1><script type="module" src="/assets/enhance-abc.js" nonce="' +
        nonceOf(response) +
        '"></script>',
    )
  })

  it('answers a page the app hands over as its string exactly as the same page read from its bytes', async () => {
    const html = '<h1>Événements — Šiauliai 🂡</h1><p>Zgłoszenia</p>'
    const headers = () => new Headers({ 'content-type': 'text/html; charset=utf-8' })
    const handed = await edge(
      () => htmlResponse(html, { status: 200, headers: headers() }),
      options,
    )(new Request('http://localhost/'))
    const read = await edge(() => page(html), options)(new Request('http://localhost/'))
    expect(handed.headers.get('etag')).toBe(read.headers.get('etag'))
    const withoutNonce = (response: Response, text: string) => text.replaceAll(nonceOf(response) ?? '?', 'N')
    expect(withoutNonce(handed, await handed.text())).toBe(withoutNonce(read, await read.text()))
    // Whoever else reads the response (the development server, a test) gets the same bytes from its body.
    const response = htmlResponse(html, { status: 201, headers: new Headers() })
    expect(renderedHtml(response)).toBe(html)
    expect(renderedHtml(page(html))).toBeUndefined()
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('text/plain;charset=UTF-8')
    expect(await response.text()).toBe(html)
  })

  it('hands the app a fresh nonce per request and names it in the policy', async () => {
    const handler = edge(() => appPage(), options)
    const first = await handler(new Request('http://localhost/login'))
    const second = await handler(new Request('http://localhost/login'))
    expect(nonceOf(first)).toBeDefined()
    expect(nonceOf(first)).not.toBe(nonceOf(second))
    const html = await first.text()
    expect(html).toContain(`<script type="module" async="" src="/assets/index.js" nonce="${nonceOf(first)}">`)
    expect(html).not.toContain('nonce="none"')
  })

  it('serves a static page without the app scripts and preloads, keeping data-keep and JSON data', async () => {
    const handler = edge(() => appPage({ [renderHeader]: 'static' }), options)
    const response = await handler(new Request('http://localhost/event/x'))
    const html = await response.text()
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('/assets/index.js')
    expect(html).not.toContain('$_TSR')
    expect(html).toContain("classList.add('js')")
    expect(html).toContain('application/ld+json')
    expect(html).toContain(`<script type="module" src="/assets/enhance-abc.js" nonce="${nonceOf(response)}">`)
    expect(response.headers.has(renderHeader)).toBe(false)
  })

  it('serves every not-found screen as a static page, unless the route asked for its scripts', async () => {
    const missing = await edge(() => appPage({}, 404), options)(new Request('http://localhost/nope'))
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    expect(await missing.text()).not.toContain('/assets/index.js')
    const hydrated = await edge(
      () => appPage({ [renderHeader]: 'hydrate' }, 404),
      options,
    )(new Request('http://localhost/nope'))
    expect(await hydrated.text()).toContain('/assets/index.js')
  })

  it('answers 304 without a body and without a policy (the browser keeps its page and nonce)', async () => {
    const handler = edge(() => appPage(), options)
    const first = await handler(new Request('http://localhost/'))
    const etag = first.headers.get('etag') ?? ''
    // The nonce differs on every answer; the entity tag does not.
    const second = await handler(new Request('http://localhost/'))
    expect(second.headers.get('etag')).toBe(etag)
    const revalidated = await handler(
      new Request('http://localhost/', { headers: { 'if-none-match': etag } }),
    )
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(revalidated.headers.has('content-security-policy')).toBe(false)
  })

  it('leaves responses that set cookies, JSON and errors without an ETag, with the headers still on', async () => {
    const withCookie = edge(
      () => page('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'lang=pl' } }),
      options,
    )
    const cookied = await withCookie(new Request('http://localhost/'))
    expect(cookied.headers.get('etag')).toBeNull()
    expect(cookied.headers.get('content-security-policy')).toContain("'nonce-")
    const json = await edge(() => Response.json({ ok: true }), options)(new Request('http://localhost/livez'))
    expect(json.headers.get('etag')).toBeNull()
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(json.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await json.json()).toEqual({ ok: true })
    const file = await edge(
      () => new Response('x', { headers: { 'content-security-policy': "default-src 'none'; sandbox" } }),
      options,
    )(new Request('http://localhost/files/a.pdf'))
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
  })

  it('renders an anonymous page once for a crowd and swaps in each request its own nonce', async () => {
    let renders = 0
    const handler = edge(
      async () => {
        renders += 1
        await new Promise((resolve) => setTimeout(resolve, 20))
        return appPage()
      },
      { ...options, pageCacheSeconds: 10 },
    )
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => handler(new Request('http://localhost/event/x'))),
    )
    expect(renders).toBe(1)
    const later = await handler(new Request('http://localhost/event/x'))
    expect(renders).toBe(1)
    const nonces = new Set([...responses, later].map(nonceOf))
    expect(nonces.size).toBe(21)
    const pages = new Set<string>()
    for (const response of [...responses, later]) {
      const html = await response.text()
      expect(html).toContain(`nonce="${nonceOf(response)}"`)
      expect(html.match(/nonce="([\w-]+)"/g)?.every((n) => n === `nonce="${nonceOf(response)}"`)).toBe(true)
      // Byte for byte the same page but for its nonce, and as long as the page it was kept from.
      pages.add(html.replaceAll(nonceOf(response) ?? '', 'NONCE'))
      expect(Number(response.headers.get('content-length') ?? Buffer.byteLength(html))).toBe(
        Buffer.byteLength(html),
      )
    }
    expect(pages.size).toBe(1)
  })

  it('never shares a page between languages, cookie choices or signed-in visitors', async () => {
    let renders = 0
    const handler = edge(
      () => {
        renders += 1
        return appPage()
      },
      { ...options, pageCacheSeconds: 10 },
    )
    const get = (headers: Record<string, string>) => handler(new Request('http://localhost/', { headers }))
    await get({ 'accept-language': 'pl' })
    await get({ 'accept-language': 'pl-PL,pl;q=0.9' })
    expect(renders).toBe(1)
    await get({ 'accept-language': 'lt' })
    await get({ cookie: 'lang=ru' })
    await get({ cookie: 'lang=ru; cookie_consent=1' })
    expect(renders).toBe(4)
    await get({ cookie: '__Host-kibitz_session=abc' })
    await get({ cookie: '__Host-kibitz_session=abc' })
    await get({ cookie: 'kibitz_flash=saved' })
    expect(renders).toBe(7)
  })

  it('keeps nothing that is personal or an error, and nothing when the cache is off', async () => {
    let renders = 0
    const personal = edge(
      () => {
        renders += 1
        return appPage({ 'cache-control': 'private, no-store' })
      },
      { ...options, pageCacheSeconds: 10 },
    )
    await personal(new Request('http://localhost/'))
    await personal(new Request('http://localhost/'))
    expect(renders).toBe(2)
    const off = edge(() => {
      renders += 1
      return appPage()
    }, options)
    await off(new Request('http://localhost/'))
    await off(new Request('http://localhost/'))
    expect(renders).toBe(4)
  })
})

describe('forgetPages', () => {
  it('drops every kept page, so the next visitor sees an organiser change at once', async () => {
    let renders = 0
    const { fetch, forgetPages } = withEdge(
      () => {
        renders += 1
        return appPage()
      },
      { ...options, pageCacheSeconds: 60 },
    )
    await fetch(new Request('http://localhost/event/x'))
    await fetch(new Request('http://localhost/event/x'))
    expect(renders).toBe(1)
    forgetPages()
    await fetch(new Request('http://localhost/event/x'))
    expect(renders).toBe(2)
  })
})

describe('sharedPageKey', () => {
  it('keys anonymous GETs by address, language and cookie choice; nothing else is shared', () => {
    expect(sharedPageKey(new Request('http://localhost/?page=2'))).toBe('GET http://localhost/?page=2 en 0')
    expect(
      sharedPageKey(new Request('http://localhost/', { headers: { cookie: 'lang=pl; cookie_consent=2' } })),
    ).toBe('GET http://localhost/ pl 2')
    expect(sharedPageKey(new Request('http://localhost/', { method: 'POST' }))).toBeNull()
    expect(
      sharedPageKey(new Request('http://localhost/', { headers: { cookie: 'account=organiser' } })),
    ).toBeNull()
  })
})

describe('etagMatches', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(etagMatches('*', 'W/"abc"')).toBe(true)
    expect(etagMatches('"other"', 'W/"abc"')).toBe(false)
    expect(etagMatches(null, 'W/"abc"')).toBe(false)
  })
})

describe('serveKept (kept pages answered from Node’s own request)', () => {
  /** A stand-in for Node's ServerResponse that records what is written (the body: every piece, joined). */
  const recorder = () => {
    const written: { status?: number; headers: Map<string, string>; body?: Uint8Array } = {
      headers: new Map(),
    }
    const pieces: Array<Uint8Array> = []
    return {
      written,
      res: {
        writeHead: (status: number, headers: Array<string>) => {
          written.status = status
          for (let i = 0; i < headers.length; i += 2)
            written.headers.set(headers[i] ?? '', headers[i + 1] ?? '')
        },
        write: (chunk: Uint8Array) => {
          pieces.push(chunk)
        },
        end: (body?: Uint8Array) => {
          if (body) pieces.push(body)
          written.body = pieces.length === 0 ? undefined : Buffer.concat(pieces)
        },
      },
    }
  }
  const nodeRequest = (headers: Record<string, string> = {}, url = '/event/x', method = 'GET') => ({
    method,
    url,
    headers: { host: 'localhost', ...headers },
  })

  it('answers a kept page byte for byte with a fresh nonce, its headers and a 304 on revalidation', async () => {
    let renders = 0
    const { fetch, serveKept } = withEdge(
      () => {
        renders += 1
        return appPage()
      },
      { ...options, pageCacheSeconds: 10 },
    )
    const { written: none } = recorder()
    expect(serveKept(nodeRequest(), recorder().res, 'http://localhost')).toBe(false)
    expect(none.status).toBeUndefined()
    const first = await fetch(new Request('http://localhost/event/x'))
    const firstHtml = await first.text()
    const { written, res } = recorder()
    expect(serveKept(nodeRequest(), res, 'http://localhost')).toBe(true)
    expect(renders).toBe(1)
    expect(written.status).toBe(200)
    const policy = written.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([\w-]+)'/.exec(policy)?.[1] ?? ''
    expect(nonce).not.toBe(nonceOf(first))
    const html = new TextDecoder().decode(written.body)
    expect(html.replaceAll(nonce, 'N')).toBe(firstHtml.replaceAll(nonceOf(first) ?? '', 'N'))
    expect(written.headers.get('content-length')).toBe(String(written.body?.byteLength))
    for (const name of [
      'x-content-type-options',
      'strict-transport-security',
      'x-frame-options',
      'etag',
      'vary',
    ])
      expect(written.headers.get(name)).toBe(first.headers.get(name))

    const revalidated = recorder()
    expect(
      serveKept(
        nodeRequest({ 'if-none-match': first.headers.get('etag') ?? '' }),
        revalidated.res,
        'http://localhost',
      ),
    ).toBe(true)
    expect(revalidated.written.status).toBe(304)
    expect(revalidated.written.headers.has('content-security-policy')).toBe(false)
    expect(revalidated.written.body).toBeUndefined()
  })

  it('leaves signed-in visitors, other languages, other addresses and writes to the app', async () => {
    const { fetch, serveKept } = withEdge(() => appPage(), { ...options, pageCacheSeconds: 10 })
    await fetch(new Request('http://localhost/event/x'))
    const declined = [
      nodeRequest({ cookie: '__Host-kibitz_session=abc' }),
      nodeRequest({ cookie: 'lang=pl' }),
      nodeRequest({ 'accept-language': 'ru' }),
      nodeRequest({}, '/event/y'),
      nodeRequest({}, '/event/x', 'POST'),
    ]
    for (const req of declined) {
      const { written, res } = recorder()
      expect(serveKept(req, res, 'http://localhost')).toBe(false)
      expect(written.status).toBeUndefined()
    }
    // Another host is another address.
    expect(serveKept(nodeRequest(), recorder().res, 'http://other.example')).toBe(false)
  })

  it('keeps nothing and answers nothing when the cache is off', async () => {
    const { fetch, serveKept } = withEdge(() => appPage(), options)
    await fetch(new Request('http://localhost/event/x'))
    expect(serveKept(nodeRequest(), recorder().res, 'http://localhost')).toBe(false)
  })
})

describe('splitAtNonce', () => {
  const nonce = 'AbCdEfGhIjKlMnOpQrStUv'
  const utf8 = new TextEncoder()
  const text = new TextDecoder()

  it('cuts the UTF-8 bytes where the nonce stands, as splitting the text and encoding each piece would', () => {
    for (const html of [
      `<script nonce="${nonce}"></script><p>Šiauliai — Kraków 🂡</p><link nonce="${nonce}"/>`,
      `<p>no nonce at all, ąčęėįšųūž</p>`,
      `${nonce}${nonce}`,
      '',
      `<p>${'Вильнюс '.repeat(20_000)}</p><script nonce="${nonce}"></script>`,
      // Larger than the buffer kept for encoding: encoded on its own.
      `<p nonce="${nonce}">${'é'.repeat(1_500_000)}</p>`,
    ]) {
      const page = splitAtNonce(html, nonce)
      expect(page.parts.map((part) => text.decode(part))).toEqual(html.split(nonce))
      expect(Buffer.from(page.bytes).equals(Buffer.from(utf8.encode(html)))).toBe(true)
      // The request that rendered it gets its bytes as they are; another, the same with its own nonce.
      expect(bytesWithNonce(page, nonce)).toBe(page.bytes)
      const other = 'ZyXwVuTsRqPoNmLkJiHgFe'
      expect(text.decode(bytesWithNonce(page, other))).toBe(html.replaceAll(nonce, other))
    }
  })

  it('takes a page without a nonce whole', () => {
    const page = splitAtNonce('<p>ą</p>', '')
    expect(page.parts).toEqual([page.bytes])
    expect(text.decode(page.bytes)).toBe('<p>ą</p>')
  })

  it('keeps each page its own bytes when the next is encoded', () => {
    const first = splitAtNonce(`<p>first ${nonce} ą</p>`, nonce)
    const second = splitAtNonce(`<p>second and longer ${nonce} č</p>`, nonce)
    expect(text.decode(first.bytes)).toBe(`<p>first ${nonce} ą</p>`)
    expect(text.decode(second.bytes)).toBe(`<p>second and longer ${nonce} č</p>`)
  })
})
