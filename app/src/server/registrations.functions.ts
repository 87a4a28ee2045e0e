import { createServerFn } from '@tanstack/react-start'
import { Schema } from 'effect'

// The organiser's registrations screen's server functions (issue 5): the list and the actions on an entry.
// Ids are checked here; the registration desk checks who may act and in which state.

const Id = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** A page (from 1) of the event's registrations, optionally of one tournament (null: not the actor's event). */
export const fetchRegistrations = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: Id,
        tournamentId: Schema.NullOr(Id),
        page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })),
      }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./registrations.server.ts')).registrationsPage(data.eventId, data.tournamentId, data.page),
  )

const EntryAction = Schema.Union([
  Schema.Struct({ action: Schema.Literal('markPaid') }),
  Schema.Struct({ action: Schema.Literal('cancel') }),
  Schema.Struct({ action: Schema.Literal('move'), tournamentId: Id, ticketId: Id }),
])

/** Marks an entry paid, cancels it or moves it; answers the entry as it is now, or why not. */
export const runEntryAction = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ entryId: Id, action: EntryAction })))
  .handler(async ({ data }) =>
    (await import('./registrations.server.ts')).entryAction(data.entryId, data.action),
  )
