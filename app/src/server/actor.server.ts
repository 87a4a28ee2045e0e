import type { EventActor } from '@kibitz/events'

/** What the edge knows of the signed-in user (the domain's CurrentUser and the page's SessionUser both fit). */
interface SignedInUser {
  readonly id: number
  readonly isSuper: boolean
  readonly isOrganizer: boolean
  readonly organizer: { readonly organizerId: number } | null
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
