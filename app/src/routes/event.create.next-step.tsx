import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { requireOrganiser } from '../lib/guards.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchOwnEvents } from '../server/account.functions.ts'

/**
 * Spec section 2: /event/create/next-step, where the wizard is entered: start a new event, or go on with a
 * draft left earlier.
 */
export const Route = createFileRoute('/event/create/next-step')({
  beforeLoad: ({ context, location }) => {
    requireOrganiser(context, location.href)
  },
  loader: () => fetchOwnEvents({ data: { draftsOnly: true, page: 1 } }),
  head: ({ matches }) => ({ meta: privatePageMeta(matches, msg`Create an event`) }),
  component: NextStep,
})

function NextStep() {
  const drafts = Route.useLoaderData()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Create an event</Trans>
      </h1>
      <ol className="list-decimal pl-5 text-muted">
        <li>
          <Trans>General information: names, dates, venues</Trans>
        </li>
        <li>
          <Trans>Tournaments</Trans>
        </li>
        <li>
          <Trans>Entry fees and prizes</Trans>
        </li>
        <li>
          <Trans>Additional information</Trans>
        </li>
        <li>
          <Trans>Program</Trans>
        </li>
        <li>
          <Trans>Gallery</Trans>
        </li>
      </ol>
      <div>
        <Link
          to="/event/create"
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          <Trans>Start a new event</Trans>
        </Link>
      </div>
      {drafts && drafts.events.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-bold">
            <Trans>Or continue a draft</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {drafts.events.map((draft) => (
              <li key={draft.id}>
                <Link
                  to="/event/manage/$eventId"
                  params={{ eventId: String(draft.id) }}
                  className="text-brand-700 underline"
                >
                  {draft.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
