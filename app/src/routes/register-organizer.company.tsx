import { createFileRoute } from '@tanstack/react-router'
import { OrganiserForm } from '../components/account/OrganiserForm.tsx'
import { fetchAccountLookups, fetchFormState } from '../server/account.functions.ts'
import { organiserRegistrationGuard } from './register-organizer.index.tsx'

export const Route = createFileRoute('/register-organizer/company')({
  beforeLoad: ({ context, location }) => organiserRegistrationGuard(context, location.href),
  loader: async () => ({
    state: await fetchFormState({ data: { form: 'organiser-company' } }),
    lookups: await fetchAccountLookups(),
  }),
  head: () => ({ meta: [{ title: 'Become an organiser — Kibitz' }, { name: 'robots', content: 'noindex' }] }),
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
