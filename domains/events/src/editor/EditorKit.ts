import type { OrganiserService } from '@kibitz/accounts'
import type { EventFiles, FileRejected } from '@kibitz/files'
import {
  decodeWithProblems,
  EventId,
  FieldProblem,
  OrganiserId,
  ValidationRule,
  ValidationRuleSchema,
} from '@kibitz/kernel'
import { Clock, Effect, Schema } from 'effect'
import { type EventState, publicStates } from '../Event.ts'
import type { EventActor } from '../EventActions.ts'
import { addedProblems, type EventProblem, eventProblems, generalOf } from '../EventProblems.ts'
import { EventTournaments } from '../EventTournaments.ts'
import type { EventActionRepo } from '../internal/EventActionRepo.ts'
import type { EventEditorRepo } from '../internal/EventEditorRepo.ts'
import { decodeState, editableOf, editableStates } from '../internal/editorAccess.ts'
import type { EventEntity } from '../internal/entities/EventEntity.ts'
import type { GalleryRepo } from '../internal/GalleryRepo.ts'
import { EventEditorView, EventInputInvalid, type EventPermission } from './EditorModel.ts'

// What every step of the event's editor shares (EventEditor's layer builds it once and hands it to the parts in
// GeneralSteps, Picture and Documents): the services and repositories it reads, the clock, the editable event
// under its lock, the audit row, the publication guard of a public event, input decoding and uploads' refusals.

/** The services and repositories the editor's layer reads. */
export interface EditorDeps {
  readonly repo: EventEditorRepo['Service']
  readonly actions: EventActionRepo['Service']
  readonly organisers: OrganiserService['Service']
  readonly eventTournaments: EventTournaments['Service']
  readonly files: EventFiles['Service']
  readonly galleries: GalleryRepo['Service']
}

/** `value`, with undefined read as null (the entities' optional columns). */
export const nullable = <A>(value: A | null | undefined): A | null => value ?? null

/** What the viewer may do with an event in `state` (spec sections 2 and 6). */
const permissionsOf = (state: EventState): ReadonlyArray<EventPermission> => {
  const permissions: Array<EventPermission> = ['read']
  if (editableStates.includes(state)) permissions.push('update')
  if (state === 'draft') permissions.push('delete')
  if (state === 'draft' || state === 'postponedToDraft') permissions.push('publish')
  return permissions
}

/** The editor's view of an event (its organiser's or the super user's). */
export const toEditorView = (e: EventEntity): EventEditorView => {
  const state = decodeState(e.state)
  return new EventEditorView({
    id: EventId.make(e.id),
    alias: e.alias,
    organiserId: OrganiserId.make(e.organiserId),
    state,
    status: e.status,
    stateMessage: nullable(e.stateMessage),
    datesToBeAnnounced: e.datesToBeAnnounced,
    general: generalOf(e),
    additional: {
      externalPageUrl: nullable(e.externalPageUrl),
      liveResultsUrl: nullable(e.liveResultsUrl),
      championshipTypeText: nullable(e.championshipTypeText),
      isYouth: e.isYouth,
      fbCommentsEnabled: e.fbCommentsEnabled,
      showNativeName: e.showNativeName,
      payment: {
        beneficiary: e.paymentBeneficiary ?? '',
        iban: e.paymentIban ?? '',
        bic: e.paymentBic ?? '',
      },
    },
    imageUrl: nullable(e.imageUrl),
    thumbUrl: nullable(e.thumbUrl),
    imageAlt: nullable(e.imageAlt),
    tournamentsCount: e.tournamentsCount,
    permissions: permissionsOf(state),
    updatedAt: e.updatedAt.toISOString(),
  })
}

const isRule = Schema.is(ValidationRuleSchema)

/** The stored object key behind a /files/ URL of ours, if it is one. */
export const keyOf = (url: string | null | undefined) =>
  url?.startsWith('/files/') ? decodeURIComponent(url.slice('/files/'.length)) : null

/** A refused upload as the editor's invalid input, naming `file` as `fileField`. */
export const rejectedUpload = (fileField: string) => (rejected: FileRejected) =>
  Effect.fail(
    new EventInputInvalid({
      problems: [
        new FieldProblem({
          field: rejected.field === 'file' ? fileField : rejected.field,
          rule: isRule(rejected.rule) ? rejected.rule : ValidationRule.notAnImage,
        }),
      ],
    }),
  )

/** Decodes `input` with `schema`, or fails with every problem at once. */
export const decode = <S extends Schema.ConstraintDecoder<unknown>>(schema: S, input: unknown) => {
  const decoded = decodeWithProblems(schema, input)
  return decoded.ok
    ? Effect.succeed(decoded.value)
    : Effect.fail(new EventInputInvalid({ problems: decoded.problems }))
}

export const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** What the editor's steps share, over the services and repositories its layer read. */
export const editorKit = (deps: EditorDeps) => {
  const { repo, actions, eventTournaments } = deps

  /** The actor's event locked for writing, refused when it is not theirs or not editable. */
  const lockEditable = Effect.fn('EventEditor.lockEditable')(function* (actor: EventActor, eventId: EventId) {
    return yield* editableOf(actor, yield* repo.lockForEdit(eventId))
  })

  const audit = (actor: EventActor, event: EventEntity, action: string, from: string | null, at: Date) =>
    actions.recordAudit({
      eventId: event.id,
      action,
      actorUserId: actor.userId,
      fromState: from ?? event.state,
      toState: event.state,
      message: null,
      at,
    })

  const problemsOfEvent = (event: EventEntity) =>
    eventProblems(event).pipe(Effect.provideService(EventTournaments, eventTournaments))

  /** A public event's problems before an edit; null for a draft, which may lack anything while it is written. */
  const baselineOf = (event: EventEntity) =>
    publicStates.includes(decodeState(event.state)) ? problemsOfEvent(event) : Effect.succeed(null)

  /**
   * Refuses an edit of a public event that added anything publication refuses, each problem named by a field
   * of the saved form (`name`). The failure rolls the edit's transaction back: the event stays as it was.
   */
  const keepPublishable = Effect.fn('EventEditor.keepPublishable')(function* (
    event: EventEntity,
    baseline: ReadonlyArray<EventProblem> | null,
    name: (added: ReadonlyArray<EventProblem>) => ReadonlyArray<FieldProblem>,
  ) {
    if (baseline === null) return
    const added = addedProblems(baseline, yield* problemsOfEvent(event))
    if (added.length > 0) return yield* new EventInputInvalid({ problems: name(added) })
  })

  return { ...deps, lockEditable, audit, problemsOfEvent, baselineOf, keepPublishable }
}

export type EditorKit = ReturnType<typeof editorKit>
