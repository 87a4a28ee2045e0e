import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { FormCard } from '../components/Forms.tsx'
import { requireUser } from '../lib/guards.ts'
import { organiserStatus } from '../lib/session.ts'
import { privatePageMeta } from '../lib/title.ts'

/** Organiser registration: choose the company or the individual variant (spec section 2). */
export const Route = createFileRoute('/register-organizer/')({
  beforeLoad: ({ context, location }) => organiserRegistrationGuard(context, location.href),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Become an organiser`) }),
  component: ChooseKind,
})

/** Spec section 4: accepted users on organiser registration go home; pending ones to the pending screen. */
export function organiserRegistrationGuard(context: Parameters<typeof requireUser>[0], href: string) {
  const user = requireUser(context, href)
  if (user.organizerStatus === organiserStatus.accepted) throw redirect({ to: '/' })
  if (user.organizerStatus === organiserStatus.pending) throw redirect({ to: '/register-organizer/pending' })
}

function ChooseKind() {
  const { t } = useLingui()
  const card =
    'flex flex-col gap-1 rounded-card border border-line p-4 hover:border-brand-600 hover:bg-brand-50 focus:outline-2'
  return (
    <FormCard title={t`Become an organiser`}>
      <p className="text-sm text-muted">
        <Trans>Organisers publish events, tournaments and pages. Who will organise?</Trans>
      </p>
      <Link to="/register-organizer/company" className={card}>
        <span className="font-semibold">
          <Trans>A club, federation or company</Trans>
        </span>
        <span className="text-sm text-muted">
          <Trans>You will need the company name and code.</Trans>
        </span>
      </Link>
      <Link to="/register-organizer/individual" className={card}>
        <span className="font-semibold">
          <Trans>Me, as an individual</Trans>
        </span>
        <span className="text-sm text-muted">
          <Trans>For tournament directors and private organisers.</Trans>
        </span>
      </Link>
    </FormCard>
  )
}
