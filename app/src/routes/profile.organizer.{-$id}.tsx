import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { requireUser } from '../lib/guards.ts'
import { staticPage } from '../lib/render.ts'
import { pageTitle } from '../lib/title.ts'
import { fetchPublicOrganiser } from '../server/account.functions.ts'

/** An accepted organiser's public profile; without an id, the signed-in organiser's own. */
export const Route = createFileRoute('/profile/organizer/{-$id}')({
  headers: staticPage,
  beforeLoad: ({ context, params, location }) => {
    if (params.id === undefined) {
      const user = requireUser(context, location.href)
      if (!user.organizer || !user.isOrganizer) throw redirect({ to: '/register-organizer' })
      throw redirect({ to: '/profile/organizer/{-$id}', params: { id: String(user.organizer.organizerId) } })
    }
  },
  loader: async ({ params }) => {
    const id = Number(params.id)
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound()
    const organiser = await fetchPublicOrganiser({ data: { id } })
    if (!organiser) throw notFound()
    return organiser
  },
  head: ({ loaderData, matches }) => ({
    meta: [{ title: pageTitle(matches, msg`Organiser`, loaderData?.name ?? '') }],
  }),
  component: OrganiserProfilePage,
})

function OrganiserProfilePage() {
  const organiser = Route.useLoaderData()
  const since = organiser.memberSince
  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-4 rounded-card bg-surface p-6 shadow-card">
      <h1 className="text-2xl font-bold">{organiser.name}</h1>
      <p className="text-sm text-muted">
        {organiser.type === 2 ? (
          <Trans>Organising club or company</Trans>
        ) : (
          <Trans>Individual organiser</Trans>
        )}
        {' · '}
        <Trans>Organiser since {since}</Trans>
      </p>
      {organiser.description ? <p className="whitespace-pre-line">{organiser.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {organiser.websiteUrl ? (
          <>
            <dt className="font-semibold">
              <Trans>Website</Trans>
            </dt>
            <dd>
              <a href={organiser.websiteUrl} rel="noopener nofollow" className="text-brand-700 underline">
                {organiser.websiteUrl}
              </a>
            </dd>
          </>
        ) : null}
        {organiser.email ? (
          <>
            <dt className="font-semibold">
              <Trans>E-mail</Trans>
            </dt>
            <dd>
              <a href={`mailto:${organiser.email}`} className="text-brand-700 underline">
                {organiser.email}
              </a>
            </dd>
          </>
        ) : null}
        {organiser.phone ? (
          <>
            <dt className="font-semibold">
              <Trans>Phone</Trans>
            </dt>
            <dd>{organiser.phone}</dd>
          </>
        ) : null}
      </dl>
    </article>
  )
}
