import { Trans } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'

/**
 * Shown while the visitor has not decided. The choice is a plain form, so it works without JavaScript (the server
 * stores it and sends the browser back to the page); with scripts, the enhancement script every page carries
 * (app/src/edge/enhance.client.ts) sends it in the background and hides the notice in place (decision 036).
 */
export function CookieNotice() {
  const here = useRouterState({ select: (s) => s.location.href })
  return (
    <section
      data-cookie-notice=""
      aria-labelledby="cookie-notice-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 id="cookie-notice-title" className="font-semibold">
        <Trans>Cookies</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          We use cookies to remember your language and to measure how the site is used. Read our{' '}
          <Link to="/privacy-policy" className="underline">
            privacy policy
          </Link>
          .
        </Trans>
      </p>
      <form method="post" action="/cookie-consent" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="to" value={here} />
        <button
          type="submit"
          name="choice"
          value="accept"
          className="h-10 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Accept cookies</Trans>
        </button>
        <button
          type="submit"
          name="choice"
          value="decline"
          className="h-10 rounded-lg border border-line px-4 text-sm font-semibold hover:bg-canvas"
        >
          <Trans>Decline</Trans>
        </button>
      </form>
    </section>
  )
}
