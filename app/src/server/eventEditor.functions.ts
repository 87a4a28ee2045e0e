import { EventAction } from '@kibitz/events/input'
import { createServerFn } from '@tanstack/react-start'
import { Schema } from 'effect'

// The event editor screens' server functions (spec section 2: /event/create and /event/manage/{id}). The
// inputs are checked field by field by the events domain, which reports every problem with its path, so
// here they pass as unknown values; ids are checked.

const Id = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 }))

/** The editor's view of one of the signed-in organiser's events with its publish problems, or null. */
export const fetchEditorData = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: Id })))
  .handler(async ({ data }) => (await import('./eventEditor.server.ts')).editorData(data.eventId))

/** For the super user: the accepted organisers an event can be created for. */
export const fetchEventCreators = createServerFn({ method: 'GET' }).handler(async () =>
  (await import('./eventEditor.server.ts')).creatableFor(),
)

export const createEventDraft = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ general: Schema.Json })))
  .handler(async ({ data }) => (await import('./eventEditor.server.ts')).createEvent(data.general))

export const saveEventPart = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({ eventId: Id, part: Schema.Literals(['general', 'additional']), input: Schema.Json }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./eventEditor.server.ts')).updateEvent(data.eventId, data.part, data.input),
  )

export const runEventAction = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: Id,
        action: EventAction,
        message: Schema.optional(Schema.String.check(Schema.isMaxLength(2000))),
        notifyUsers: Schema.optional(Schema.Boolean),
        /** Postpone: the new dates (checked by the events domain); left out, they are to be announced. */
        newDates: Schema.optional(
          Schema.Struct({
            dateStart: Schema.String.check(Schema.isMaxLength(10)),
            dateEnd: Schema.String.check(Schema.isMaxLength(10)),
          }),
        ),
      }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./eventEditor.server.ts')).eventAction(data.eventId, data.action, {
      message: data.message,
      notifyUsers: data.notifyUsers,
      newDates: data.newDates,
    }),
  )

/** The event's tournaments for the tournaments step (null: not the signed-in organiser's event). */
export const fetchEditorTournaments = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: Id })))
  .handler(async ({ data }) => (await import('./eventEditor.server.ts')).editorTournaments(data.eventId))

/** One tournament's form values with its sold counts (null: not found for the signed-in organiser). */
export const fetchEditorTournament = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: Id, tournamentId: Id })))
  .handler(async ({ data }) =>
    (await import('./eventEditor.server.ts')).editorTournament(data.eventId, data.tournamentId),
  )

/** Creates (tournamentId null) or replaces a tournament with its tickets and prizes. */
export const saveTournamentFn = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({ eventId: Id, tournamentId: Schema.NullOr(Id), input: Schema.Json }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./eventEditor.server.ts')).saveTournament(data.eventId, data.tournamentId, data.input),
  )

export const removeTournamentFn = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: Id, tournamentId: Id })))
  .handler(async ({ data }) =>
    (await import('./eventEditor.server.ts')).removeTournament(data.eventId, data.tournamentId),
  )

export const reorderTournamentsFn = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({ eventId: Id, tournamentIds: Schema.Array(Id).check(Schema.isMaxLength(200)) }),
    ),
  )
  .handler(async ({ data }) =>
    (await import('./eventEditor.server.ts')).reorderTournaments(data.eventId, data.tournamentIds),
  )

/** One page (from 1) of the event's files for the file manager, with its tournaments (null: not the actor's). */
export const fetchEditorFiles = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: Id,
        page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })),
      }),
    ),
  )
  .handler(async ({ data }) => (await import('./eventEditor.server.ts')).editorFiles(data.eventId, data.page))
