import type { EventActor } from '@kibitz/events'
import type { OrganiserId, UserId } from '@kibitz/kernel'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { sessionOf } from './auth.server.ts'

/** What the edge knows of the signed-in user (the domain's CurrentUser and the page's SessionUser both fit). */
interface SignedInUser {
  readonly id: UserId
  readonly isSuper: boolean
  readonly isOrganizer: boolean
  readonly organizer: { readonly organizerId: OrganiserId } | null
}

/**
 * The signed-in user as an actor on events: the super user (with their own organiser account, if accepted),
 * or an accepted organiser acting as themselves; anyone else is null. Nothing a client sends names the
 * organiser account.
 */
export const eventActorOf = (user: SignedInUser): EventActor | null => {
  const organiserId = user.isOrganizer && user.organizer ? user.organizer.organizerId : null
  if (user.isSuper) return { userId: user.id, organiserId, isSuper: true }
  return organiserId === null ? null : { userId: user.id, organiserId, isSuper: false }
}

/** Marks the answer as one person's: never stored by a cache (every organiser screen and its data). */
export const personal = () => setResponseHeader('cache-control', 'private, no-store')

/** The signed-in user of a request as an actor on events, or null (signed out, or neither organiser nor super). */
export const eventActorOfRequest = async (request: Request) => {
  const { user } = await sessionOf(request)
  return user ? eventActorOf(user) : null
}

/** The actor of the server function being run; its answer is marked personal. */
export const currentEventActor = async () => {
  personal()
  return eventActorOfRequest(getRequest())
}
