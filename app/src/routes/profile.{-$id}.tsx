import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { requireUser } from '../lib/guards.ts'
import { staticPage } from '../lib/render.ts'
import { privatePageMeta } from '../lib/title.ts'
import { fetchPublicProfile } from '../server/account.functions.ts'

/** A player's public profile; without an id, the signed-in user's own. */
export const Route = createFileRoute('/profile/{-$id}')({
  headers: staticPage,
  beforeLoad: ({ context, params, location }) => {
    if (params.id === undefined) {
      const user = requireUser(context, location.href)
      throw redirect({ to: '/profile/{-$id}', params: { id: String(user.id) } })
    }
  },
  loader: async ({ params }) => {
    const id = Number(params.id)
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound()
    const profile = await fetchPublicProfile({ data: { id } })
    if (!profile) throw notFound()
    return profile
  },
  head: ({ loaderData, matches }) => ({
    meta: privatePageMeta(
      matches,
      msg`Player profile`,
      loaderData ? [loaderData.firstName, loaderData.lastName].filter(Boolean).join(' ') : '',
    ),
  }),
  component: PublicProfilePage,
})

function PublicProfilePage() {
  const profile = Route.useLoaderData()
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ')
  const since = profile.memberSince
  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-4 rounded-card bg-surface p-6 shadow-card">
      <div className="flex items-center gap-4">
        {profile.avatar ? (
          <img
            src={profile.avatar}
            alt=""
            width={96}
            height={96}
            className="h-24 w-24 rounded-full object-cover"
          />
        ) : null}
        <h1 className="text-2xl font-bold">{name}</h1>
      </div>
      <p className="text-sm text-muted">
        <Trans>Member since {since}</Trans>
      </p>
      {profile.description ? <p className="whitespace-pre-line">{profile.description}</p> : null}
      {profile.languages.length > 0 ? (
        <p className="text-sm">
          <Trans>Speaks:</Trans> {profile.languages.map((code) => code.toUpperCase()).join(', ')}
        </p>
      ) : null}
      {profile.organizerId ? (
        <Link
          to="/profile/organizer/{-$id}"
          params={{ id: String(profile.organizerId) }}
          className="font-semibold text-brand-700 underline"
        >
          <Trans>Organiser profile</Trans>
        </Link>
      ) : null}
    </article>
  )
}
