import { languageCookieMaxAgeSeconds, resolveInterfaceLocale } from '@kibitz/kernel'
import { createFileRoute } from '@tanstack/react-router'
import { preferenceCookie, safeBackPath } from '../edge/redirect.ts'

/** Switches the interface language: a 90-day cookie, then back to the page the visitor was on. */
export const Route = createFileRoute('/lang/$code')({
  server: {
    handlers: {
      GET: ({ request, params }) => {
        const locale = resolveInterfaceLocale(params.code)
        const back = safeBackPath(new URL(request.url).searchParams.get('to'))
        return new Response(null, {
          status: 303,
          headers: {
            location: back,
            'set-cookie': preferenceCookie(request, 'lang', locale, languageCookieMaxAgeSeconds),
            'cache-control': 'no-store',
          },
        })
      },
    },
  },
})
