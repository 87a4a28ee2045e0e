import { createServerEntry, createStartHandler, defaultRenderHandler } from '@tanstack/react-start/server'

// The server's entry: TanStack Start's own, except that a page is rendered to a string instead of a stream. No page
// suspends (every loader has finished before React renders) and the edge reads each page whole to remove scripts,
// add the nonce and tag it (app/src/edge), so streaming bought nothing; piping React's stream through the router's
// and the web's streams cost an event page an eighth of its CPU (docs/decisions/025, issue 16).

export default createServerEntry({ fetch: createStartHandler(defaultRenderHandler) })
