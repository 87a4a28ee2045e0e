import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { OrganiserForm } from '../components/account/OrganiserForm.tsx'
import { privatePageMeta } from '../lib/title.ts'
import { fetchAccountLookups, fetchFormState } from '../server/account.functions.ts'
import { organiserRegistrationGuard } from './register-organizer.index.tsx'

export const Route = createFileRoute('/register-organizer/company')({
  beforeLoad: ({ context, location }) => organiserRegistrationGuard(context, location.href),
  loader: async () => ({
    state: await fetchFormState({ data: { form: 'organiser-company' } }),
    lookups: await fetchAccountLookups(),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Become an organiser`) }),
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).organiserApplicationPost(request, 'company'),
    },
  },
  component: () => {
    const { state, lookups } = Route.useLoaderData()
    return <OrganiserForm kind="company" state={state} countries={lookups.countries} />
  },
})
