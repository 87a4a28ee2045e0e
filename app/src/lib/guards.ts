import { redirect } from '@tanstack/react-router'
import { safeBackPath } from '../edge/redirect.ts'
import { canUseOrganiserScreens, organiserStatus, type SessionUser } from './session.ts'

// Route guards of spec sections 4 and 6, run in `beforeLoad` with the user the root resolved.

interface GuardContext {
  readonly request: { readonly user: SessionUser | null }
}

/** Login required: a guest goes to /login, which sends them back here afterwards. */
export const requireUser = (context: GuardContext, href: string): SessionUser => {
  const user = context.request.user
  if (!user) throw redirect({ to: '/login', search: { redirect: href } })
  return user
}

/**
 * Organiser-only screens need an accepted organiser; a pending one goes to the pending screen, anyone else
 * to access-forbidden. The super user passes.
 */
export const requireOrganiser = (context: GuardContext, href: string): SessionUser => {
  const user = requireUser(context, href)
  if (canUseOrganiserScreens(user)) return user
  if (user.organizerStatus === organiserStatus.pending) throw redirect({ to: '/register-organizer/pending' })
  throw redirect({ to: '/access-forbidden' })
}

/** Login, sign-up and forgot-password are for guests: a signed-in user goes home. */
export const guestOnly = (context: GuardContext): void => {
  if (context.request.user) throw redirect({ to: '/' })
}

/** Reads the optional `redirect` search parameter (where to go after login). */
export const redirectSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const target = safeBackPath(search.redirect)
  return { redirect: target === '/' ? undefined : target }
}
