// The HTML of a page the app rendered, handed to the edge as the string it is. The app renders a page to a
// string and Start answers it as a Response; the edge then read those bytes back into a string to take the
// scripts out, stamp the nonce and tag it, and encoded it again: three passes over every page (a tenth of a
// catalogue page's CPU, issue 16). A response made by `htmlResponse` carries its string under a registered
// symbol (the edge and the app bundle are separate module graphs) and makes its bytes only when something else
// reads its body (the development server, a test).

const htmlKey = Symbol.for('kibitz.pageHtml')

const utf8 = new TextEncoder()

/** A response whose body is `html`, encoded only when read, with `html` itself kept for the edge. */
export const htmlResponse = (html: string, init: { status: number; headers: Headers }): Response => {
  // What `new Response(html)` would say of a body that names no type of its own.
  if (!init.headers.has('content-type')) init.headers.set('content-type', 'text/plain;charset=UTF-8')
  // No high-water mark: a stream otherwise pulls its first chunk as soon as it is made, read or not.
  const body = new ReadableStream<Uint8Array>(
    {
      pull: (controller) => {
        controller.enqueue(utf8.encode(html))
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  const response = new Response(body, init)
  Reflect.set(response, htmlKey, html)
  return response
}

/** The HTML `htmlResponse` kept with `response`, if it made it. */
export const renderedHtml = (response: Response): string | undefined => {
  const html: unknown = Reflect.get(response, htmlKey)
  return typeof html === 'string' ? html : undefined
}
