import type { Em, EventId, TournamentId } from '@kibitz/kernel'
import { Context, type Effect } from 'effect'

// What the events domain must know about the entries players made, which the registration domain (above it)
// owns: an event or tournament players entered is postponed or canceled rather than unpublished or deleted,
// and its players hear about changes. The registration domain provides this port when the runtime is built
// (docs/decisions/038).

/** Someone to tell about a change of their event, with the language of their account (null without one). */
export interface EventRecipient {
  readonly email: string
  readonly language: string | null
}

export class EventEntries extends Context.Service<
  EventEntries,
  {
    /** How many entries (of any status) the event has. */
    entriesOfEvent(eventId: EventId): Effect.Effect<number, never, Em>
    /** How many entries (of any status) the tournament has. */
    entriesOfTournament(tournamentId: TournamentId): Effect.Effect<number, never, Em>
    /**
     * The distinct lower-cased addresses of everyone with an entry of the event that is not canceled
     * (contestants and the user who entered), with the language of the account behind each.
     */
    recipientsOfEvent(eventId: EventId): Effect.Effect<ReadonlyArray<EventRecipient>, never, Em>
  }
>()('@kibitz/events/EventEntries') {}
