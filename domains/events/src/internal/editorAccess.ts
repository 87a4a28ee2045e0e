import { Effect, Schema } from 'effect'
import { EventState } from '../Event.ts'
import type { EventActor } from '../EventActions.ts'
import { EventEditRefused } from '../editor/EditorModel.ts'
import type { EventEntity } from './entities/EventEntity.ts'

// Who may edit which event, shared by the event's editor and the door it opens to the domains above
// (EventEditing): the organiser of the event or the super user; edits only while it is editable.

export const decodeState = Schema.decodeUnknownSync(EventState)

/** Spec section 4: editing is allowed only when the event is neither postponed nor canceled. */
export const editableStates: ReadonlyArray<EventState> = ['draft', 'pending', 'accepted', 'postponedToDraft']

/** The actor's view of an event: null when it is not theirs to see (another organiser's reads as missing). */
export const ownedBy = (actor: EventActor, event: EventEntity | null): event is EventEntity =>
  event !== null && (actor.isSuper || (actor.organiserId !== null && event.organiserId === actor.organiserId))

/** The event, refused when it is not the actor's (or none) or not editable in its state. */
export const editableOf = (
  actor: EventActor,
  event: EventEntity | null,
): Effect.Effect<EventEntity, EventEditRefused> =>
  !ownedBy(actor, event)
    ? Effect.fail(new EventEditRefused({ reason: 'notFound' }))
    : editableStates.includes(decodeState(event.state))
      ? Effect.succeed(event)
      : Effect.fail(new EventEditRefused({ reason: 'notEditable' }))
