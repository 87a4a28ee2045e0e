import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { FormCard } from '../components/Forms.tsx'
import { requireUser } from '../lib/guards.ts'
import { organiserStatus } from '../lib/session.ts'
import { privatePageMeta } from '../lib/title.ts'

/** The pending screen (spec section 4): where a pending organiser is sent from organiser-only screens. */
export const Route = createFileRoute('/register-organizer/pending')({
  beforeLoad: ({ context, location }) => {
    const user = requireUser(context, location.href)
    if (user.organizerStatus === organiserStatus.accepted) throw redirect({ to: '/' })
    return { status: user.organizerStatus }
  },
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Organiser application`) }),
  component: Pending,
})

function Pending() {
  const { status } = Route.useRouteContext()
  const { t } = useLingui()
  if (status !== organiserStatus.pending) {
    return (
      <FormCard title={t`Organiser application`}>
        <p>
          {status === organiserStatus.declined ? (
            <Trans>
              Your last application was declined. You are welcome to apply again with more details.
            </Trans>
          ) : (
            <Trans>You have not applied to become an organiser yet.</Trans>
          )}
        </p>
        <Link to="/register-organizer" className="font-semibold text-brand-700 underline">
          <Trans>Apply as an organiser</Trans>
        </Link>
      </FormCard>
    )
  }
  return (
    <FormCard title={t`Your application is being reviewed`}>
      <p role="status">
        <Trans>
          Thank you! We have received your organiser application. We will e-mail you as soon as it has been
          reviewed.
        </Trans>
      </p>
      <Link to="/" className="font-semibold text-brand-700 underline">
        <Trans>Go to the home page</Trans>
      </Link>
    </FormCard>
  )
}
