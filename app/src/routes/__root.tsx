import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { createRootRoute, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { CookieNotice } from '../components/CookieNotice.tsx'
import { FlashMessage } from '../components/FlashMessage.tsx'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import { LoadingOverlay } from '../components/LoadingOverlay.tsx'
import { NotFoundScreen } from '../components/NotFound.tsx'
import { loadMessages } from '../i18n/catalogs.ts'
import { moreEventsOf } from '../lib/notFound.ts'
import { renderModeOf } from '../lib/render.ts'
import { catalogueI18n, headI18n, siteName } from '../lib/title.ts'
import { type fetchRequestContext, readRequestContext } from '../server/request.functions.ts'
import appCss from '../styles.css?url'

/**
 * The visitor's language, cookie choice and signed-in user only change through a full page load (every
 * account form posts and redirects), so the browser asks once and reuses the answer on client navigation.
 */
type RequestContext = Awaited<ReturnType<typeof fetchRequestContext>>
let clientContext: Promise<RequestContext> | undefined
const loadRequestContext = (): Promise<RequestContext> => {
  if (typeof window === 'undefined') return readRequestContext()
  clientContext ??= readRequestContext()
  return clientContext
}

export const Route = createRootRoute({
  beforeLoad: async () => ({ request: await loadRequestContext() }),
  loader: async ({ context }) => {
    const messages = await loadMessages(context.request.locale)
    return { ...context.request, messages }
  },
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#095741' },
      // Pages without a title of their own (the home page, a not-found screen) get the platform's.
      { title: `${siteName} — ${headI18n(matches)._(msg`bridge tournaments and festivals`)}` },
      {
        name: 'description',
        content: headI18n(matches)._(
          msg`Find bridge tournaments and festivals, register and follow live results.`,
        ),
      },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  component: RootComponent,
  notFoundComponent: ({ data }) => <NotFoundScreen events={moreEventsOf(data)} />,
})

function RootComponent() {
  const { locale, consent, version, messages, user, account, flash } = Route.useLoaderData()
  const i18n = catalogueI18n(locale, messages)
  const router = useRouter()
  const nonce = router.options.ssr?.nonce
  // A static page ships none of the app's scripts (lib/render.ts): the server does not write them for the edge to
  // cut out again (they cost an event page a few percent of its CPU; docs/decisions/025).
  const appScripts = !(router.isServer && renderModeOf(router.stores.matches.get()) === 'static')
  // Marks the moment React has taken over the server-rendered page (tests and widgets wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/*
          Marks that scripts run, so widgets that need them can hide their no-JS fallback. Kept on pages served
          without the app's scripts (data-keep, see app/src/edge/staticPages.ts).
        */}
        <script nonce={nonce} data-keep="" suppressHydrationWarning>
          {"document.documentElement.classList.add('js')"}
        </script>
        <HeadContent />
      </head>
      <body className="min-h-screen antialiased">
        <I18nProvider i18n={i18n}>
          <LoadingOverlay />
          <Header locale={locale} user={user} account={account} />
          <main id="main" className="mx-auto max-w-6xl px-4 py-8">
            {flash ? <FlashMessage flash={flash} /> : null}
            <Outlet />
          </main>
          <Footer version={version} locale={locale} />
          {consent === 'undecided' ? <CookieNotice /> : null}
        </I18nProvider>
        {appScripts ? <Scripts /> : null}
      </body>
    </html>
  )
}
