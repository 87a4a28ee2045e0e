import { CookieConsent, cookieConsentAcceptedDays, cookieConsentDeclinedDays } from '@kibitz/kernel'
import { createFileRoute } from '@tanstack/react-router'
import { preferenceCookie, safeBackPath } from '../edge/redirect.ts'

const day = 24 * 60 * 60

/** A script's request (`Accept: application/json`, as the enhancement script sends) rather than a browser's form post. */
const wantsNoPage = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json')

/**
 * Stores the cookie choice (spec section 4: accepted 1 for 180 days, declined 2 for 1 day), then sends the browser
 * back to its page, or answers a script with 204 No Content.
 */
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
          const cookie = preferenceCookie(req, 'cookie_consent', String(value), maxAge)
          // The notice's script asks for no page (decision 036): the choice is stored and the page stays as it is.
          if (wantsNoPage(req)) return new Response(null, { status: 204, headers: { 'set-cookie': cookie } })
          // A plain form post (no JavaScript) goes back to the page it came from.
          return new Response(null, {
            status: 303,
            headers: { location: safeBackPath(fields.to), 'set-cookie': cookie },
          })
        })(request)
      },
    },
  },
})
