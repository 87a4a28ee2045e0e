import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * Spec section 2 names the wizard's later steps under /event/create; they need a saved draft, so they live at
 * /event/manage/{id}/{step} (docs/decisions/017-event-editor-screens.md). An old or typed link lands on the
 * first step, or on the draft's step when ?event= names it.
 */
export const Route = createFileRoute('/event/create/$step')({
  validateSearch: (search: Record<string, unknown>): { event?: string } => ({
    event: typeof search.event === 'string' && /^\d{1,10}$/.test(search.event) ? search.event : undefined,
  }),
  beforeLoad: ({ params, search }) => {
    const steps = [
      'tournaments',
      'registration-entry-fees-and-prizes',
      'additional-information',
      'event-program',
      'event-gallery',
    ]
    if (search.event !== undefined) {
      const step = steps.includes(params.step) ? `/${params.step}` : ''
      throw redirect({ href: `/event/manage/${search.event}${step}` })
    }
    throw redirect({ to: '/event/create' })
  },
})
