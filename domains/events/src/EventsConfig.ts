import { Context } from 'effect'

/** Settings the events domain needs from the runtime contract. */
export class EventsConfig extends Context.Service<
  EventsConfig,
  {
    /** Where links in e-mails point (PUBLIC_URL, no trailing slash). */
    readonly publicUrl: string
  }
>()('@kibitz/events/EventsConfig') {}
