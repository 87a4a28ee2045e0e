import { languageCookieMaxAgeSeconds, resolveInterfaceLocale } from '@kibitz/kernel'
import { createFileRoute } from '@tanstack/react-router'

/** Only same-site paths, so the language link cannot be used to bounce visitors elsewhere. */
const safeBack = (to: string | null) => (to?.startsWith('/') && !to.startsWith('//') ? to : '/')

/** Switches the interface language: a 90-day cookie, then back to the page the visitor was on. */
export const Route = createFileRoute('/lang/$code')({
  server: {
    handlers: {
      GET: ({ request, params }) => {
        const locale = resolveInterfaceLocale(params.code)
        const back = safeBack(new URL(request.url).searchParams.get('to'))
        return new Response(null, {
          status: 303,
          headers: {
            location: back,
            'set-cookie': `lang=${locale}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax`,
            'cache-control': 'no-store',
          },
        })
      },
    },
  },
})
