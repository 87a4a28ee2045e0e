import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { RegisterForm } from '../components/account/RegisterForm.tsx'
import { guestOnly } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchFormState } from '../server/account.functions.ts'

/** The site variant of sign-up (spec: "an internal variant exists"): the same form at its own address. */
export const Route = createFileRoute('/register-user/site')({
  beforeLoad: ({ context }) => guestOnly(context),
  loader: async () => ({
    state: await fetchFormState({ data: { form: 'register' } }),
    social: await fetchFormState({ data: { form: 'social' } }),
  }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Sign up`) }),
  server: {
    handlers: {
      POST: async ({ request }) =>
        (await import('../server/accountForms.server.ts')).registerPost(request, '/register-user/site'),
    },
  },
  component: () => {
    const { state, social } = Route.useLoaderData()
    return <RegisterForm action="/register-user/site" state={state} social={social} />
  },
})
