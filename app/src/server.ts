import {
  defineHandlerCallback,
  getSsrStatus,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server'
import { createServerEntry, createStartHandler, StartServer } from '@tanstack/react-start/server'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { htmlResponse } from './edge/pageHtml.ts'

// The server's entry: TanStack Start's own, except for how a page is rendered.
// - To a string instead of a stream. No page suspends (every loader has finished before React renders) and the
//   edge reads each page whole to remove scripts, add the nonce and tag it (app/src/edge), so streaming bought
//   nothing; piping React's stream through the router's and the web's streams cost an event page an eighth of its
//   CPU (docs/decisions/025, issue 16).
// - Handed to the edge as that string (edge/pageHtml.ts), not encoded to bytes for the edge to decode again.
// Otherwise as Start's `renderRouterToString`: the router's status and headers, its transform of the HTML, a
// plain 500 when rendering throws, and the router's clean-up.

const renderPage = defineHandlerCallback(async ({ router, responseHeaders }) => {
  try {
    const html = await transformHtmlStringWithRouter(
      router,
      renderToString(createElement(StartServer, { router })),
    )
    return htmlResponse(html, { status: getSsrStatus(router), headers: responseHeaders })
  } catch (error) {
    console.error('Render to string error:', error)
    return new Response('Internal Server Error', { status: 500, headers: responseHeaders })
  } finally {
    router.serverSsr?.cleanup()
  }
})

const handler = createStartHandler(renderPage)

/** What a request gets when its client left before the answer was ready: nobody reads it (nginx's "client closed"). */
const clientClosed = 499

export default createServerEntry({
  fetch: async (request, options) => {
    try {
      return await handler(request, options)
    } catch (error) {
      // A visitor who closed the connection mid-request aborts it, and Start logged that as an unhandled error
      // with its stack, once for every tab closed early. It is no fault of the server's: answered quietly.
      if (request.signal.aborted) return new Response(null, { status: clientClosed })
      throw error
    }
  },
})
