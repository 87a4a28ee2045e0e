import { createServerEntry, createStartHandler, defaultRenderHandler } from '@tanstack/react-start/server'

// The server's entry: TanStack Start's own, except that a page is rendered to a string instead of a stream. No page
// suspends (every loader has finished before React renders) and the edge reads each page whole to remove scripts,
// add the nonce and tag it (app/src/edge), so streaming bought nothing; piping React's stream through the router's
// and the web's streams cost an event page an eighth of its CPU (docs/decisions/025, issue 16).

const handler = createStartHandler(defaultRenderHandler)

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
