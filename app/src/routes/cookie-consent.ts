import { CookieConsent, cookieConsentAcceptedDays, cookieConsentDeclinedDays } from '@kibitz/kernel'
import { createFileRoute } from '@tanstack/react-router'
import { preferenceCookie, safeBackPath } from '../edge/redirect.ts'

const day = 24 * 60 * 60

/** Stores the cookie choice (spec section 4: accepted 1 for 180 days, declined 2 for 1 day). */
export const Route = createFileRoute('/cookie-consent')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        const { postedForm, withBodyLimit } = await import('../server/forms.server.ts')
        return withBodyLimit(async (req: Request) => {
          const { fields } = await postedForm(req)
          const accepted = fields.choice === 'accept'
          const value = accepted ? CookieConsent.accepted : CookieConsent.declined
          const maxAge = (accepted ? cookieConsentAcceptedDays : cookieConsentDeclinedDays) * day
          return new Response(null, {
            status: 303,
            headers: {
              location: safeBackPath(fields.to),
              'set-cookie': preferenceCookie(req, 'cookie_consent', String(value), maxAge),
            },
          })
        })(request)
      },
    },
  },
})
