import { type Em, inTransaction } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import { EventState, EventStatusId } from './Event.ts'
import * as Repo from './internal/EventActionRepo.ts'

// The event actions of spec section 4 that change state (publish, unpublish, postpone, unpublish after
// postpone, cancel, delete), each one transition: check, lock, write, audit. The rules the spec leaves open
// are in docs/decisions/014-event-transitions.md. The e-mails to the event's players (and the spec's
// notify-event-users action) come with the event mail texts.

/** Who acts: a signed-in user with their accepted organiser account, or the super user. */
export interface EventActor {
  readonly userId: number
  /** The actor's accepted organiser account, if any. */
  readonly organiserId: number | null
  readonly isSuper: boolean
}

export const EventAction = Schema.Literals([
  'publish',
  'unpublish',
  'postpone',
  'unpublishAfterPostpone',
  'cancel',
  'delete',
])
export type EventAction = typeof EventAction.Type

/** Why an action was refused. */
export const RefusalReason = Schema.Literals(['notFound', 'wrongState', 'hasEntries', 'incomplete'])
export type RefusalReason = typeof RefusalReason.Type

/** The action cannot be done on this event by this actor; `state` is the event's state when asked. */
export class EventActionRefused extends Schema.TaggedError<EventActionRefused>()('EventActionRefused', {
  action: EventAction,
  reason: RefusalReason,
  state: Schema.optional(EventState),
}) {}

/** The event after an action (null once deleted). */
export class EventTransition extends Schema.Class<EventTransition>('@kibitz/events/EventTransition')({
  eventId: Schema.Int,
  action: EventAction,
  from: EventState,
  to: Schema.NullOr(EventState),
}) {}

/** From which states each action may start, and where it leads (null: the event is gone). */
const transitions: Record<
  EventAction,
  { readonly from: ReadonlyArray<EventState>; readonly to: EventState | null }
> = {
  publish: { from: ['draft', 'postponedToDraft'], to: 'accepted' },
  unpublish: { from: ['accepted'], to: 'draft' },
  postpone: { from: ['accepted'], to: 'postponed' },
  unpublishAfterPostpone: { from: ['postponed'], to: 'postponedToDraft' },
  cancel: { from: ['accepted', 'postponed', 'postponedToDraft'], to: 'canceled' },
  delete: { from: ['draft'], to: null },
}

/** Spec sections 2 and 4: an event is editable only when it is neither postponed nor canceled. */
export const isEditable = (state: EventState): boolean => state !== 'postponed' && state !== 'canceled'

const decodeState = Schema.decodeUnknownSync(EventState)

/** The organiser side of an event's life. */
export class EventActions extends Context.Service<
  EventActions,
  {
    /**
     * The event's organiser or the super user: performs `action` (with the organiser's message for postpone,
     * unpublish after postpone and cancel) and records it; anything else is refused with the reason.
     */
    perform(
      actor: EventActor,
      eventId: number,
      action: EventAction,
      options?: { readonly message?: string },
    ): Effect.Effect<EventTransition, EventActionRefused, Em>
  }
>()('@kibitz/events/EventActions') {
  static readonly layer = Layer.succeed(
    EventActions,
    EventActions.of({
      perform: Effect.fn('EventActions.perform')(function* (actor, eventId, action, options) {
        const refuse = (reason: RefusalReason, state?: EventState) =>
          Effect.fail(
            new EventActionRefused(state === undefined ? { action, reason } : { action, reason, state }),
          )
        return yield* inTransaction(
          Effect.gen(function* () {
            // Locked: two actions on one event run one after the other.
            const event = yield* Repo.lockEvent(eventId)
            // Another organiser's event reads as missing: its existence is none of their business.
            if (!event || (!actor.isSuper && event.organiserId !== actor.organiserId))
              return yield* refuse('notFound')
            const from = decodeState(event.state)
            const rule = transitions[action]
            if (!rule.from.includes(from)) return yield* refuse('wrongState', from)
            if (action === 'publish') {
              const contents = event.contents.getItems()
              const main = contents.find((c) => c.isMain) ?? contents[0]
              if (!main?.name.trim() || event.dateStart > event.dateEnd)
                return yield* refuse('incomplete', from)
            }
            // Players who entered must hear about it: postpone or cancel instead (decision 014).
            if ((action === 'unpublish' || action === 'delete') && (yield* Repo.entryCount(eventId)) > 0) {
              return yield* refuse('hasEntries', from)
            }
            const at = new Date(yield* Clock.currentTimeMillis)
            const to = rule.to
            const message = options?.message?.trim() ? options.message.trim().slice(0, 2000) : null
            if (to === null) {
              yield* Repo.deleteEvent(eventId)
            } else {
              event.state = to
              event.status =
                to === 'draft' || to === 'postponedToDraft' ? EventStatusId.draft : EventStatusId.accepted
              if (action === 'postpone' || action === 'unpublishAfterPostpone' || action === 'cancel') {
                event.stateMessage = message
              }
              if (action === 'publish') event.stateMessage = null
              event.updatedAt = at
              yield* Repo.flush()
            }
            yield* Repo.recordAudit({
              eventId,
              action,
              actorUserId: actor.userId,
              fromState: from,
              toState: to,
              message,
              at,
            })
            return new EventTransition({ eventId, action, from, to })
          }),
        )
      }),
    }),
  )
}
