import { createIsomorphicFn, createServerFn } from '@tanstack/react-start'
import { requestContext } from './request.server.ts'

/** What every page needs to know about the visitor: language, cookie choice, the signed-in user, a flash. */
export const fetchRequestContext = createServerFn({ method: 'GET' }).handler(() => requestContext())

/**
 * The same, for the root route's loader: on the server (every page it renders) the context is read directly,
 * without a server function's round of middleware, validation and dispatch (issue 16); in the browser, by the
 * server function.
 */
export const readRequestContext = createIsomorphicFn()
  .server(() => requestContext())
  .client(() => fetchRequestContext())
