import { createServerFn } from '@tanstack/react-start'
import { requestContext } from './request.server.ts'

/** What every page needs to know about the visitor: language, cookie choice, the signed-in user, a flash. */
export const fetchRequestContext = createServerFn({ method: 'GET' }).handler(() => requestContext())
