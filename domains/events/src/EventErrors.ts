import { Schema } from 'effect'

/** No public event has this alias or id. */
export class EventNotFound extends Schema.TaggedError<EventNotFound>()('EventNotFound', {
  aliasOrId: Schema.String,
}) {}
