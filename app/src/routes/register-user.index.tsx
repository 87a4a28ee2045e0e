import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { RegisterForm } from '../components/account/RegisterForm.tsx'
import { guestOnly } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'

export const Route = createFileRoute('/register-user/')({
  beforeLoad: ({ context }) => guestOnly(context),
  loader: async () => ({
    state: await fetchFormState({ data: { form: 'register' } }),
    social: await fetchFormState({ data: { form: 'social' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Sign up`) }),
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).registerPost(request, '/register-user'),
    },
  },
  component: () => {
    const { state, social } = Route.useLoaderData()
    return <RegisterForm action="/register-user" state={state} social={social} />
  },
})
