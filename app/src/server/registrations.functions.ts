import { hasControlCharacters } from '@kibitz/kernel/format'
import { EntryFilter } from '@kibitz/registration/input'
import { createServerFn } from '@tanstack/react-start'
import { Schema } from 'effect'

// The organiser's registrations screen's server functions (issues 5 and 14): the list (tournament, state and
// searched text), the actions on an entry, and marking several entries paid at once. Ids and values are checked
// here (a bad one is a 400 naming the field); the registration desk checks who may act and in which state.

const Id = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** What the organiser typed in the search field: up to 100 characters of text. */
export const SearchText = Schema.String.check(
  Schema.isMaxLength(100),
  Schema.makeFilter((value: string) => !hasControlCharacters(value), {
    expected: 'text without control characters',
  }),
)

/** The most entries one "mark selected paid" takes: two pages of the list. */
export const maximumMarkedAtOnce = 100

/**
 * A page (from 1) of the event's registrations that match the tournament, state and searched text (each null:
 * any); null when the event is not the actor's.
 */
export const fetchRegistrations = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: Id,
        tournamentId: Schema.NullOr(Id),
        status: Schema.NullOr(EntryFilter),
        search: Schema.NullOr(SearchText),
        page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })),
      }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./registrations.server.ts')).registrationsPage(
      data.eventId,
      { tournamentId: data.tournamentId, status: data.status, search: data.search },
      data.page,
    ),
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

/** Marks the selected entries of the event paid in one go; answers those marked and those left with why. */
export const markEntriesPaid = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: Id,
        entryIds: Schema.Array(Id).check(Schema.isMinLength(1), Schema.isMaxLength(maximumMarkedAtOnce)),
      }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./registrations.server.ts')).markSelectedPaid(data.eventId, data.entryIds),
  )
