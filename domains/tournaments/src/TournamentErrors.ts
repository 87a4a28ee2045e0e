import { EventId } from '@kibitz/kernel'
import { Schema } from 'effect'

/** The event has no tournament with this alias or id. */
export class TournamentNotFound extends Schema.TaggedError<TournamentNotFound>()('TournamentNotFound', {
  eventId: EventId,
  aliasOrId: Schema.String,
}) {}
