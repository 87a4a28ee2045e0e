import { createServerFn } from '@tanstack/react-start'
import { requestConsent, requestLocale } from './request.server.ts'

/** What every page needs to know about the visitor: language, cookie choice, build version. */
export const fetchRequestContext = createServerFn({ method: 'GET' }).handler(() => ({
  locale: requestLocale(),
  consent: requestConsent(),
  version: process.env.KIBITZ_VERSION ?? '0.1.0',
}))
