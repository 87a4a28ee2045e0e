import type { Em, EventId, RuleId, TournamentId } from '@kibitz/kernel'
import { Context, type Effect } from 'effect'
import type { TournamentSummary } from './Event.ts'

// What the events domain must learn from the tournaments of an event, which the tournaments domain (above it)
// owns: what they lack before the event may be published, their summary for the event's cards, the files they
// use, and which event a tournament is of. The tournaments domain provides this port when the runtime is built
// (`eventTournamentsLayer`, docs/decisions/038).

/** The event facts its tournaments are checked against. */
export interface EventTournamentContext {
  /** The event's IANA time zone: registration datetimes are wall-clock times there. */
  readonly timeZone: string
  /** The event's ISO currency; every amount is in its minor units. */
  readonly currencyCode: string
  /** The event's first and last day, YYYY-MM-DD. */
  readonly eventStart: string
  readonly eventEnd: string
}

/** One thing a tournament lacks before its event may be published, by the tournament form's field. */
export interface EventTournamentProblem {
  readonly tournamentId: TournamentId
  readonly field: string
  readonly rule: RuleId
}

/** The stored files a tournament names (as a key or a /files/ URL). */
export interface TournamentFiles {
  readonly tournamentId: TournamentId
  readonly rulesFile: string | null
  readonly resultsFile: string | null
}

export class EventTournaments extends Context.Service<
  EventTournaments,
  {
    /** Every problem of the event's tournaments at once (validate, publish, an edit of a public event). */
    problemsOf(
      eventId: EventId,
      context: EventTournamentContext,
    ): Effect.Effect<ReadonlyArray<EventTournamentProblem>, never, Em>
    /** The event's tournament count and registration windows, for its cards (decision 003). */
    summaryOf(eventId: EventId, timeZone: string): Effect.Effect<TournamentSummary, never, Em>
    /** The files each tournament of the event uses as its rules or results. */
    filesOf(eventId: EventId, timeZone: string): Effect.Effect<ReadonlyArray<TournamentFiles>, never, Em>
    /** The event a tournament is of; null for an unknown tournament. */
    eventOf(tournamentId: TournamentId): Effect.Effect<EventId | null, never, Em>
    /**
     * After the event stored an uploaded PDF: makes `url` the tournament's rules or results; false when the
     * tournament is not one of the event's.
     */
    attachFile(
      eventId: EventId,
      tournamentId: TournamentId,
      use: 'rules' | 'results',
      url: string,
    ): Effect.Effect<boolean, never, Em>
  }
>()('@kibitz/events/EventTournaments') {}
