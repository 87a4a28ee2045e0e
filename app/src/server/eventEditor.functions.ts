import { OrganiserService } from '@kibitz/accounts'
import {
  type EditRefusal,
  EventActions,
  EventEditor,
  EventEditorView,
  type EventEditRefused,
  type EventInputInvalid,
} from '@kibitz/events'
import { EventAction } from '@kibitz/events/input'
import { EventId, fileManagerPageSize, TournamentId } from '@kibitz/kernel'
import { TournamentEditor, TournamentForEdit } from '@kibitz/tournaments'
import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { Schema } from 'effect'
import { currentEventActor } from './actor.server.ts'
import { attempt, Result } from './forms.server.ts'
import { runDomain } from './runtime.server.ts'

// The event editor screens (spec section 2: /event/create and /event/manage/{id}): each server function the
// screens call, right after the server code it runs, which names the domain's use case (EventEditor,
// EventActions, TournamentEditor). The compiler keeps that code and these imports out of the browser's bundle.
// The actor comes from the session only; inputs are checked field by field by the domain, which reports every
// problem with its path, so here they pass as unknown values, ids are checked; every answer is a plain value
// (no classes) that crosses the server-function boundary, never a thrown error.

/** What a save answers: the saved event, or why not (field problems with their dotted paths, or a refusal). */
export type EditorOutcome =
  | { readonly ok: true; readonly event: typeof EventEditorView.Encoded }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: EditRefusal | 'signedOut' }

const encodeView = Schema.encodeSync(EventEditorView)

const outcomeOf = (
  result: Result.Result<EventEditorView, EventEditRefused | EventInputInvalid>,
): EditorOutcome => {
  if (Result.isSuccess(result)) return { ok: true, event: encodeView(result.success) }
  const failure = result.failure
  return failure._tag === 'EventEditRefused'
    ? { ok: false, refused: failure.reason }
    : { ok: false, problems: failure.problems.map((p) => ({ field: p.field, rule: p.rule })) }
}

const signedOut: EditorOutcome = { ok: false, refused: 'signedOut' }

/** The editor's view of one of the actor's events, or null (not theirs, missing, or not an organiser). */
export const editorData = createServerOnlyFn(async (eventId: EventId) => {
  const actor = await currentEventActor()
  if (!actor) return null
  const result = await attempt(EventEditor.use((e) => e.screen(actor, eventId)))
  if (Result.isFailure(result)) return null
  const { view, problems } = result.success
  return {
    event: encodeView(view),
    problems: problems.map((p) => ({
      step: p.step,
      field: p.field,
      rule: p.rule,
      tournamentId: p.tournamentId,
    })),
  }
})

/** The editor's view of one of the signed-in organiser's events with its publish problems, or null. */
export const fetchEditorData = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: EventId })))
  .handler(({ data }) => editorData(data.eventId))

/** The organisers a super user may create events for (empty for an organiser, who creates for themselves). */
export const creatableFor = createServerOnlyFn(async () => {
  const actor = await currentEventActor()
  if (!actor?.isSuper) return []
  const creators = await runDomain(OrganiserService.use((o) => o.eventCreators()))
  return creators.map((c) => ({ organiserId: c.organizerId, name: c.name }))
})

/** For the super user: the accepted organisers an event can be created for. */
export const fetchEventCreators = createServerFn({ method: 'GET' }).handler(() => creatableFor())

export const createEvent = createServerOnlyFn(async (general: unknown): Promise<EditorOutcome> => {
  const actor = await currentEventActor()
  if (!actor) return signedOut
  return outcomeOf(await attempt(EventEditor.use((e) => e.create(actor, general))))
})

export const createEventDraft = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ general: Schema.Json })))
  .handler(({ data }) => createEvent(data.general))

export const updateEvent = createServerOnlyFn(
  async (eventId: EventId, part: 'general' | 'additional', input: unknown): Promise<EditorOutcome> => {
    const actor = await currentEventActor()
    if (!actor) return signedOut
    return outcomeOf(
      await attempt(
        EventEditor.use((e) =>
          part === 'general'
            ? e.updateGeneral(actor, eventId, input)
            : e.updateAdditional(actor, eventId, input),
        ),
      ),
    )
  },
)

export const saveEventPart = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: EventId,
        part: Schema.Literals(['general', 'additional']),
        input: Schema.Json,
      }),
    ),
  )
  .handler(({ data }) => updateEvent(data.eventId, data.part, data.input))

/** What an action answers: the new state, or why not (with the publish problems, if any). */
export type ActionOutcome =
  | { readonly ok: true; readonly to: string | null; readonly notified: number }
  | {
      readonly ok: false
      readonly reason: string
      readonly problems: ReadonlyArray<{
        readonly step: string
        readonly field: string
        readonly rule: string
      }>
      /** With invalidInput: the options at fault (message, dateStart, dateEnd). */
      readonly fields: ReadonlyArray<string>
    }

export const eventAction = createServerOnlyFn(
  async (
    eventId: EventId,
    action: EventAction,
    options: {
      readonly message: string | undefined
      readonly notifyUsers: boolean | undefined
      readonly newDates: { readonly dateStart: string; readonly dateEnd: string } | undefined
    },
  ) => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, reason: 'signedOut', problems: [], fields: [] } satisfies ActionOutcome
    const result = await attempt(
      EventActions.use((a) =>
        a.perform(actor, eventId, action, {
          ...(options.message === undefined ? {} : { message: options.message }),
          ...(options.notifyUsers === undefined ? {} : { notifyUsers: options.notifyUsers }),
          ...(options.newDates === undefined ? {} : { newDates: options.newDates }),
        }),
      ),
    )
    if (Result.isSuccess(result))
      return {
        ok: true,
        to: result.success.to,
        notified: result.success.notified ?? 0,
      } satisfies ActionOutcome
    const refused = result.failure
    return {
      ok: false,
      reason: refused.reason,
      problems: (refused.problems ?? []).map((p) => ({ step: p.step, field: p.field, rule: p.rule })),
      fields: (refused.fields ?? []).map((f) => f.field),
    } satisfies ActionOutcome
  },
)

export const runEventAction = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: EventId,
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
  .handler(({ data }) =>
    eventAction(data.eventId, data.action, {
      message: data.message,
      notifyUsers: data.notifyUsers,
      newDates: data.newDates,
    }),
  )

const encodeTournamentForEdit = Schema.encodeSync(TournamentForEdit)

/** The event's tournaments in their order, for the tournaments step (null: not the actor's event). */
export const editorTournaments = createServerOnlyFn(async (eventId: EventId) => {
  const actor = await currentEventActor()
  if (!actor) return null
  const result = await attempt(TournamentEditor.use((e) => e.tournaments(actor, eventId)))
  if (Result.isFailure(result)) return null
  return result.success.map((t) => ({
    tournamentId: t.tournamentId,
    alias: t.alias,
    name: t.name,
    type: t.type,
    startDate: t.startDate,
    startTime: t.startTime,
    endDate: t.endDate,
    isRegistrationEnabled: t.hasRegistration && t.isRegistrationEnabled,
    tickets: t.tickets.map((k) => ({
      type: k.type,
      priceMinor: k.priceMinor,
      quantity: k.quantity,
      ticketsLeft: k.ticketsLeft,
    })),
    prizesCount: t.prizes.length,
  }))
})

/** The event's tournaments for the tournaments step (null: not the signed-in organiser's event). */
export const fetchEditorTournaments = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: EventId })))
  .handler(({ data }) => editorTournaments(data.eventId))

/** One tournament's form values, sold counts and whether players entered (null: not found for the actor). */
export const editorTournament = createServerOnlyFn(async (eventId: EventId, tournamentId: TournamentId) => {
  const actor = await currentEventActor()
  if (!actor) return null
  const result = await attempt(TournamentEditor.use((e) => e.tournament(actor, eventId, tournamentId)))
  return Result.isFailure(result) ? null : encodeTournamentForEdit(result.success)
})

/** One tournament's form values with its sold counts (null: not found for the signed-in organiser). */
export const fetchEditorTournament = createServerFn({ method: 'GET' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: EventId, tournamentId: TournamentId })))
  .handler(({ data }) => editorTournament(data.eventId, data.tournamentId))

/** What a tournament save answers: its id, or why not. */
export type TournamentOutcome =
  | { readonly ok: true; readonly tournamentId: TournamentId }
  | {
      readonly ok: false
      readonly problems: ReadonlyArray<{ readonly field: string; readonly rule: string }>
    }
  | { readonly ok: false; readonly refused: EditRefusal | 'signedOut' }

export const saveTournament = createServerOnlyFn(
  async (eventId: EventId, tournamentId: TournamentId | null, input: unknown): Promise<TournamentOutcome> => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, refused: 'signedOut' }
    const result = await attempt(
      TournamentEditor.use((e) => e.saveTournament(actor, eventId, tournamentId, input)),
    )
    if (Result.isSuccess(result)) return { ok: true, tournamentId: result.success }
    const failure = result.failure
    return failure._tag === 'EventEditRefused'
      ? { ok: false, refused: failure.reason }
      : { ok: false, problems: failure.problems.map((p) => ({ field: p.field, rule: p.rule })) }
  },
)

/** Creates (tournamentId null) or replaces a tournament with its tickets and prizes. */
export const saveTournamentFn = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({ eventId: EventId, tournamentId: Schema.NullOr(TournamentId), input: Schema.Json }),
    ),
  )
  .handler(({ data }) => saveTournament(data.eventId, data.tournamentId, data.input))

/** Removing or reordering tournaments: done, or the refusal. */
export type TournamentsChange =
  | { readonly ok: true }
  | { readonly ok: false; readonly refused: EditRefusal | 'signedOut' }

export const removeTournament = createServerOnlyFn(
  async (eventId: EventId, tournamentId: TournamentId): Promise<TournamentsChange> => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, refused: 'signedOut' }
    const result = await attempt(
      TournamentEditor.use((e) => e.removeTournament(actor, eventId, tournamentId)),
    )
    return Result.isSuccess(result) ? { ok: true } : { ok: false, refused: result.failure.reason }
  },
)

export const removeTournamentFn = createServerFn({ method: 'POST' })
  .validator(Schema.toStandardSchemaV1(Schema.Struct({ eventId: EventId, tournamentId: TournamentId })))
  .handler(({ data }) => removeTournament(data.eventId, data.tournamentId))

export const reorderTournaments = createServerOnlyFn(
  async (eventId: EventId, tournamentIds: ReadonlyArray<TournamentId>): Promise<TournamentsChange> => {
    const actor = await currentEventActor()
    if (!actor) return { ok: false, refused: 'signedOut' }
    const result = await attempt(
      TournamentEditor.use((e) => e.reorderTournaments(actor, eventId, tournamentIds)),
    )
    return Result.isSuccess(result) ? { ok: true } : { ok: false, refused: result.failure.reason }
  },
)

export const reorderTournamentsFn = createServerFn({ method: 'POST' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: EventId,
        tournamentIds: Schema.Array(TournamentId).check(Schema.isMaxLength(200)),
      }),
    ),
  )
  .handler(({ data }) => reorderTournaments(data.eventId, data.tournamentIds))

/** The event's picture from a multipart upload (file, alt), or its removal; answers the saved event or why not. */
export const setEventImage = createServerOnlyFn(
  async (
    eventId: EventId,
    upload: { readonly bytes: Uint8Array; readonly filename: string; readonly alt: string | null } | null,
  ): Promise<EditorOutcome> => {
    const actor = await currentEventActor()
    if (!actor) return signedOut
    if (upload === null) {
      const removed = await attempt(EventEditor.use((e) => e.removeImage(actor, eventId)))
      return Result.isSuccess(removed)
        ? { ok: true, event: encodeView(removed.success) }
        : { ok: false, refused: removed.failure.reason }
    }
    return outcomeOf(await attempt(EventEditor.use((e) => e.setImage(actor, eventId, upload))))
  },
)

/** The event's files, one page of `fileManagerPageSize` (page from 1), with the event's tournaments by name. */
export const editorFiles = createServerOnlyFn(async (eventId: EventId, page: number) => {
  const actor = await currentEventActor()
  if (!actor) return null
  const listed = await attempt(
    EventEditor.use((e) =>
      e.files(actor, eventId, { offset: (page - 1) * fileManagerPageSize, limit: fileManagerPageSize }),
    ),
  )
  if (Result.isFailure(listed)) return null
  const tournaments = await attempt(TournamentEditor.use((e) => e.tournaments(actor, eventId)))
  return {
    page,
    pageSize: fileManagerPageSize,
    total: listed.success.total,
    files: listed.success.files.map(({ file, usedAs, usedByTournamentId }) => ({
      key: file.path,
      filename: file.filename,
      url: file.url,
      isImage: file.isImage,
      size: file.size,
      uploadedAt: file.uploadedAt,
      folder: file.folder,
      folderKind: file.folderKind,
      tournamentId: file.tournamentId,
      usedAs,
      usedByTournamentId,
    })),
    tournaments: Result.isSuccess(tournaments)
      ? tournaments.success.map((t) => ({ tournamentId: t.tournamentId, name: t.name }))
      : [],
  }
})

/** One page (from 1) of the event's files for the file manager, with its tournaments (null: not the actor's). */
export const fetchEditorFiles = createServerFn({ method: 'GET' })
  .validator(
    Schema.toStandardSchemaV1(
      Schema.Struct({
        eventId: EventId,
        page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100_000 })),
      }),
    ),
  )
  .handler(({ data }) => editorFiles(data.eventId, data.page))
