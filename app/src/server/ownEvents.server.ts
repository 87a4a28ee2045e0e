import { EventService } from '@kibitz/events'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { eventActorOf } from './actor.server.ts'
import { sessionOf } from './auth.server.ts'
import { requestLocale } from './request.server.ts'
import { runDomain } from './runtime.server.ts'

/** My events (spec: /user/events and its drafts tab) for 18 at a time. */
export const ownEventsPageSize = 18

/**
 * The signed-in organiser's events (every organiser's for the super user). The owner comes from the
 * session, never from the request; anyone else gets null.
 */
export const ownEvents = async (draftsOnly: boolean, page: number) => {
  setResponseHeader('cache-control', 'private, no-store')
  const { user } = await sessionOf(getRequest())
  const actor = user ? eventActorOf(user) : null
  if (!actor) return null
  // A super user who is also an organiser sees their own events here; one who is not sees everyone's.
  const owner = { organiserId: actor.organiserId, draftsOnly }
  const result = await runDomain(
    EventService.use((events) =>
      events.ownEvents(
        owner,
        { offset: (page - 1) * ownEventsPageSize, limit: ownEventsPageSize },
        requestLocale(),
      ),
    ),
  )
  return {
    total: result.totalEventsCount,
    events: result.events.map((e) => ({
      id: e.id,
      alias: e.alias,
      name: e.name,
      state: e.state,
      dateStart: e.dateStart,
      dateEnd: e.dateEnd,
      tournamentsCount: e.tournamentsCount,
    })),
  }
}
