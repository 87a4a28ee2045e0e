import {
  type Em,
  formatDateRange,
  inTransaction,
  MailMessage,
  Outbox,
  resolveInterfaceLocale,
} from '@kibitz/kernel'
import { RegistrationService } from '@kibitz/registration'
import { TournamentStore } from '@kibitz/tournaments'
import { Clock, Context, Effect, Layer, Option, Schema } from 'effect'
import { EventState, EventStatusId } from './Event.ts'
import { EventProblem, eventProblems } from './EventEditor.ts'
import { EventAction } from './EventInput.ts'
import { EventsConfig } from './EventsConfig.ts'
import * as Repo from './internal/EventActionRepo.ts'
import { type EventMail, renderEventMail } from './internal/mail/EventMail.ts'

// The event actions of spec section 4 that change state (publish, unpublish, postpone, unpublish after
// postpone, cancel, delete), each one transition: check, lock, write, audit, and the e-mails it owes the
// event's registered players, enqueued in the same transaction. The rules the spec leaves open are in
// docs/decisions/014-event-transitions.md.

/** Who acts: a signed-in user with their accepted organiser account, or the super user. */
export interface EventActor {
  readonly userId: number
  /** The actor's accepted organiser account, if any. */
  readonly organiserId: number | null
  readonly isSuper: boolean
}

export { EventAction }

/** Why an action was refused. */
export const RefusalReason = Schema.Literals(['notFound', 'wrongState', 'hasEntries', 'incomplete'])
export type RefusalReason = typeof RefusalReason.Type

/** The action cannot be done on this event by this actor; `state` is the event's state when asked. */
export class EventActionRefused extends Schema.TaggedError<EventActionRefused>()('EventActionRefused', {
  action: EventAction,
  reason: RefusalReason,
  state: Schema.optional(EventState),
  /** With 'incomplete': everything the draft still lacks. */
  problems: Schema.optional(Schema.Array(EventProblem)),
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

const decodeState = Schema.decodeUnknownSync(EventState)
const decodeMail = Schema.decodeUnknownOption(MailMessage)

/** The e-mail a transition owes the players, by kind (and `kind` of the outbox row); none for the others. */
const mailFor = (
  action: EventAction,
  from: EventState,
): { readonly kind: EventMail['kind']; readonly outboxKind: string } | null => {
  if (action === 'postpone') return { kind: 'eventPostponed', outboxKind: 'events.postponed' }
  if (action === 'cancel') return { kind: 'eventCanceled', outboxKind: 'events.canceled' }
  // A first publication has no players yet; coming back from a postponement tells them the new dates.
  if (action === 'publish' && from === 'postponedToDraft')
    return { kind: 'eventRepublished', outboxKind: 'events.republished' }
  return null
}

/** The organiser side of an event's life. */
export class EventActions extends Context.Service<
  EventActions,
  {
    /**
     * The event's organiser or the super user: performs `action` (with the organiser's message for postpone,
     * unpublish after postpone and cancel) and records it, enqueuing in the same transaction the e-mails
     * it owes the registered players (postpone, cancel, republish); anything else is refused with the reason.
     */
    perform(
      actor: EventActor,
      eventId: number,
      action: EventAction,
      options?: { readonly message?: string },
    ): Effect.Effect<EventTransition, EventActionRefused, Em>
  }
>()('@kibitz/events/EventActions') {
  static readonly layer = Layer.effect(
    EventActions,
    Effect.gen(function* () {
      const outbox = yield* Outbox
      const registrations = yield* RegistrationService
      const store = yield* TournamentStore
      const { publicUrl } = yield* EventsConfig

      /** One e-mail per registered address, each in its reader's language; runs in the caller's transaction. */
      const notifyPlayers = Effect.fn('EventActions.notifyPlayers')(function* (
        event: Repo.LockedEvent,
        mail: NonNullable<ReturnType<typeof mailFor>>,
        message: string | null,
      ) {
        const contents = event.contents.getItems()
        const main = contents.find((c) => c.isMain) ?? contents[0]
        const eventName = main?.name ?? event.alias
        const link = `${publicUrl}/event/${encodeURIComponent(event.alias)}`
        for (const recipient of yield* registrations.recipientsOfEvent(event.id)) {
          // A player without an account reads the event's own language, when the site speaks it.
          const language = resolveInterfaceLocale(recipient.language ?? main?.language)
          const content: EventMail =
            mail.kind === 'eventRepublished'
              ? {
                  kind: mail.kind,
                  eventName,
                  dates: formatDateRange(event.dateStart, event.dateEnd, language),
                  link,
                }
              : { kind: mail.kind, eventName, message: message ?? '', link }
          const rendered = renderEventMail(content, language)
          const decoded = decodeMail({ ...rendered, to: recipient.email, kind: mail.outboxKind, language })
          // Contestant addresses are typed by whoever entered; one SMTP would refuse is skipped, not fatal.
          if (Option.isNone(decoded)) {
            yield* Effect.logWarning('event mail: unusable address skipped', { eventId: event.id })
            continue
          }
          yield* outbox.enqueue(decoded.value)
        }
      })

      return EventActions.of({
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
                // Publication refuses an event the validate call would fault (decision 014).
                const problems = yield* eventProblems(event).pipe(
                  Effect.provideService(TournamentStore, store),
                )
                if (problems.length > 0)
                  return yield* Effect.fail(
                    new EventActionRefused({ action, reason: 'incomplete', state: from, problems }),
                  )
              }
              // Players who entered must hear about it: postpone or cancel instead (decision 014).
              if (
                (action === 'unpublish' || action === 'delete') &&
                (yield* registrations.entriesOfEvent(eventId)) > 0
              ) {
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
              const mail = mailFor(action, from)
              if (mail !== null) yield* notifyPlayers(event, mail, message)
              return new EventTransition({ eventId, action, from, to })
            }),
          )
        }),
      })
    }),
  )
}
