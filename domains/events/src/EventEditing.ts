import { type Em, EventId } from '@kibitz/kernel'
import { Context, Effect, Layer } from 'effect'
import { type EventState, publicStates } from './Event.ts'
import type { EventActor } from './EventActions.ts'
import { EventEditRefused, EventInputInvalid } from './EventEditor.ts'
import {
  addedProblems,
  contextOf,
  type EventProblem,
  eventProblems,
  namedForTournament,
} from './EventProblems.ts'
import type { EventTournamentContext } from './EventTournaments.ts'
import { EventTournaments } from './EventTournaments.ts'
import { EventActionRepo } from './internal/EventActionRepo.ts'
import { EventEditorRepo } from './internal/EventEditorRepo.ts'
import { decodeState, editableOf, ownedBy } from './internal/editorAccess.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'
import { refreshTournamentSummary } from './internal/TournamentSummary.ts'

// The door the event's editor opens to the domains above it that edit parts of an event (tournaments): the
// same owner and state checks and the same lock as the event's own steps, the publication guard of a public
// event, and the record every edit leaves (updatedAt, the audit row, the tournament summary).

/** An event as an edit of one of its parts needs it. */
export interface EditedEvent {
  readonly id: EventId
  readonly state: EventState
  readonly timeZone: string
  /** What its tournaments are checked against. */
  readonly context: EventTournamentContext
}

const editedOf = (event: EventEntity): EditedEvent => ({
  id: EventId.make(event.id),
  state: decodeState(event.state),
  timeZone: event.timeZone,
  context: contextOf(event),
})

export class EventEditing extends Context.Service<
  EventEditing,
  {
    /** The organiser of the event or the super user, in any state; another's event reads as missing. */
    owned(actor: EventActor, eventId: EventId): Effect.Effect<EditedEvent, EventEditRefused, Em>
    /** The same, and the event editable; unlocked (before taking other locks in the sale's order). */
    editable(actor: EventActor, eventId: EventId): Effect.Effect<EditedEvent, EventEditRefused, Em>
    /** The same, locked for the caller's transaction, checked again under the lock. */
    lockEditable(actor: EventActor, eventId: EventId): Effect.Effect<EditedEvent, EventEditRefused, Em>
    /** A public event's problems before an edit; null for a draft, which may lack anything while it is written. */
    baseline(eventId: EventId): Effect.Effect<ReadonlyArray<EventProblem> | null, never, Em>
    /**
     * Refuses an edit of a tournament of a public event that added anything publication refuses, each problem
     * named by the tournament form's field; the failure rolls the caller's transaction back.
     */
    keepPublishable(
      eventId: EventId,
      baseline: ReadonlyArray<EventProblem> | null,
    ): Effect.Effect<void, EventInputInvalid, Em>
    /**
     * In the edit's transaction: the event was changed at `at` by `actor` (`action` in its audit), and with
     * `summary` its tournament summary follows its tournaments.
     */
    recordEdit(
      actor: EventActor,
      eventId: EventId,
      action: string,
      at: Date,
      options?: { readonly summary?: boolean },
    ): Effect.Effect<void, never, Em>
  }
>()('@kibitz/events/EventEditing') {
  static readonly layer = Layer.effect(
    EventEditing,
    Effect.gen(function* () {
      const tournaments = yield* EventTournaments
      const repo = yield* EventEditorRepo
      const actions = yield* EventActionRepo
      const withTournaments = <A, E>(effect: Effect.Effect<A, E, Em | EventTournaments>) =>
        Effect.provideService(effect, EventTournaments, tournaments)

      /** The event as this unit of work holds it (loaded under the caller's lock before); null when it is gone. */
      const current = (eventId: EventId) => repo.findForEdit(eventId)

      return EventEditing.of({
        owned: Effect.fn('EventEditing.owned')(function* (actor, eventId) {
          const event = yield* repo.findForEdit(eventId)
          if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
          return editedOf(event)
        }),
        editable: Effect.fn('EventEditing.editable')(function* (actor, eventId) {
          return editedOf(yield* editableOf(actor, yield* repo.findForEdit(eventId)))
        }),
        lockEditable: Effect.fn('EventEditing.lockEditable')(function* (actor, eventId) {
          return editedOf(yield* editableOf(actor, yield* repo.lockForEdit(eventId)))
        }),
        baseline: Effect.fn('EventEditing.baseline')(function* (eventId) {
          const event = yield* current(eventId)
          if (event === null || !publicStates.includes(decodeState(event.state))) return null
          return yield* withTournaments(eventProblems(event))
        }),
        keepPublishable: Effect.fn('EventEditing.keepPublishable')(function* (eventId, baseline) {
          if (baseline === null) return
          const event = yield* current(eventId)
          if (event === null) return
          const added = addedProblems(baseline, yield* withTournaments(eventProblems(event)))
          if (added.length > 0) return yield* new EventInputInvalid({ problems: namedForTournament(added) })
        }),
        recordEdit: Effect.fn('EventEditing.recordEdit')(function* (actor, eventId, action, at, options) {
          const event = yield* current(eventId)
          if (event === null) return
          event.updatedAt = at
          yield* repo.flush()
          if (options?.summary === true) yield* withTournaments(refreshTournamentSummary(eventId))
          yield* actions.recordAudit({
            eventId: event.id,
            action,
            actorUserId: actor.userId,
            fromState: event.state,
            toState: event.state,
            message: null,
            at,
          })
        }),
      })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(EventEditorRepo.layer, EventActionRepo.layer)))
}
