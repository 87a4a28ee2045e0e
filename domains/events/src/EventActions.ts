import {
  type Em,
  EventId,
  FieldProblem,
  formatDateRange,
  inTransaction,
  MailMessage,
  type OrganiserId,
  Outbox,
  resolveInterfaceLocale,
  type UserId,
  ValidationRule,
} from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Option, Schema } from 'effect'
import { EventState, EventStatusId } from './Event.ts'
import { EventEntries } from './EventEntries.ts'
import { DateField, EventAction, eventMessageMaxLength } from './EventInput.ts'
import { EventProblem, eventProblems } from './EventProblems.ts'
import { EventsConfig } from './EventsConfig.ts'
import { EventTournaments } from './EventTournaments.ts'
import { EventActionRepo, type LockedEvent } from './internal/EventActionRepo.ts'
import { type EventMail, renderEventMail } from './internal/mail/EventMail.ts'

// The event actions of spec section 4: those that change state (publish, unpublish, postpone, unpublish after
// postpone, cancel, delete), each one transition: check, lock, write, audit, and the e-mails it owes the
// event's registered players, enqueued in the same transaction; and notify event users, the organiser's own
// message to those players, which checks, locks, audits and enqueues the same way without changing the state.
// The rules the spec leaves open are in docs/decisions/014-event-transitions.md.

/** Who acts: a signed-in user with their accepted organiser account, or the super user. */
export interface EventActor {
  readonly userId: UserId
  /** The actor's accepted organiser account, if any. */
  readonly organiserId: OrganiserId | null
  readonly isSuper: boolean
}

export { EventAction }

/** Why an action was refused. */
export const RefusalReason = Schema.Literals([
  'notFound',
  'wrongState',
  'hasEntries',
  'incomplete',
  'invalidInput',
])
export type RefusalReason = typeof RefusalReason.Type

/** The action cannot be done on this event by this actor; `state` is the event's state when asked. */
export class EventActionRefused extends Schema.TaggedError<EventActionRefused>()('EventActionRefused', {
  action: EventAction,
  reason: RefusalReason,
  state: Schema.optional(EventState),
  /** With 'incomplete': everything the draft still lacks. */
  problems: Schema.optional(Schema.Array(EventProblem)),
  /** With 'invalidInput': each option at fault ('message', 'notifyUsers') and the rule it breaks. */
  fields: Schema.optional(Schema.Array(FieldProblem)),
}) {}

/** The event after an action (null once deleted; notifyEventUsers leaves it where it was). */
export class EventTransition extends Schema.Class<EventTransition>('@kibitz/events/EventTransition')({
  eventId: EventId,
  action: EventAction,
  from: EventState,
  to: Schema.NullOr(EventState),
  /** Present when the action e-mailed the registered players: how many e-mails were enqueued. */
  notified: Schema.optional(Schema.Int),
}) {}

/** What an action may carry: the organiser's message, and whether the players are e-mailed. */
export interface EventActionOptions {
  /** Postpone, unpublish after postpone, cancel (optional there); notifyEventUsers (required, 1–2000). */
  readonly message?: string | undefined
  /** Publish: false keeps a republication quiet (default true). notifyEventUsers: false is refused. */
  readonly notifyUsers?: boolean | undefined
  /**
   * Postpone: the event's new dates (YYYY-MM-DD, start on or before end), which become its dates; left out, the
   * new dates are to be announced (docs/decisions/032).
   */
  readonly newDates?: { readonly dateStart: string; readonly dateEnd: string } | undefined
}

const isDate = Schema.is(DateField)

/** The problems of postpone's new dates: both supported dates, the start on or before the end. */
const newDatesProblems = (dates: EventActionOptions['newDates']) => {
  if (dates === undefined) return []
  const problems: Array<FieldProblem> = []
  if (!isDate(dates.dateStart))
    problems.push(new FieldProblem({ field: 'dateStart', rule: ValidationRule.invalidDate }))
  if (!isDate(dates.dateEnd))
    problems.push(new FieldProblem({ field: 'dateEnd', rule: ValidationRule.invalidDate }))
  else if (problems.length === 0 && dates.dateStart > dates.dateEnd)
    problems.push(new FieldProblem({ field: 'dateEnd', rule: ValidationRule.dateRange }))
  return problems
}

type StateChange = Exclude<EventAction, 'notifyEventUsers'>

/** From which states each state change may start, and where it leads (null: the event is gone). */
const transitions: Record<
  StateChange,
  { readonly from: ReadonlyArray<EventState>; readonly to: EventState | null }
> = {
  publish: { from: ['draft', 'postponedToDraft'], to: 'accepted' },
  unpublish: { from: ['accepted'], to: 'draft' },
  postpone: { from: ['accepted'], to: 'postponed' },
  unpublishAfterPostpone: { from: ['postponed'], to: 'postponedToDraft' },
  cancel: { from: ['accepted', 'postponed', 'postponedToDraft'], to: 'canceled' },
  delete: { from: ['draft'], to: null },
}

/** The organiser's message goes to players of a public event only: its e-mail links to the public page. */
const notifiableStates: ReadonlyArray<EventState> = ['accepted', 'postponed', 'canceled']

const decodeState = Schema.decodeUnknownSync(EventState)
const decodeMail = Schema.decodeUnknownOption(MailMessage)

type PlayerMail = { readonly kind: EventMail['kind']; readonly outboxKind: string }

/** The e-mail a transition owes the players, by kind (and `kind` of the outbox row); none for the others. */
const mailFor = (action: StateChange, from: EventState, notifyUsers: boolean): PlayerMail | null => {
  if (action === 'postpone') return { kind: 'eventPostponed', outboxKind: 'events.postponed' }
  if (action === 'cancel') return { kind: 'eventCanceled', outboxKind: 'events.canceled' }
  // A first publication has no players yet; coming back from a postponement tells them the new dates, unless
  // the organiser chose to publish quietly (notifyUsers false).
  if (action === 'publish' && from === 'postponedToDraft' && notifyUsers)
    return { kind: 'eventRepublished', outboxKind: 'events.republished' }
  return null
}

const organiserMessageMail: PlayerMail = { kind: 'eventMessage', outboxKind: 'events.message' }

/** The problems of notifyEventUsers' options: a message of 1 to 2000 characters, and notifyUsers not false. */
const notifyProblems = (message: string, options: EventActionOptions | undefined) => {
  const problems: Array<FieldProblem> = []
  if (message === '') problems.push(new FieldProblem({ field: 'message', rule: ValidationRule.required }))
  else if (message.length > eventMessageMaxLength)
    problems.push(new FieldProblem({ field: 'message', rule: ValidationRule.tooLong }))
  // "Notify the players, but do not notify them" would do nothing at all: refused rather than a silent success.
  if (options?.notifyUsers === false)
    problems.push(new FieldProblem({ field: 'notifyUsers', rule: ValidationRule.mustAccept }))
  return problems
}

/** The organiser side of an event's life. */
export class EventActions extends Context.Service<
  EventActions,
  {
    /**
     * The event's organiser or the super user: performs `action` (with the organiser's message for postpone,
     * unpublish after postpone, cancel and notifyEventUsers) and records it, enqueuing in the same transaction
     * the e-mails it owes the registered players (postpone, cancel, republish unless `notifyUsers` is false,
     * and the message of notifyEventUsers to a public event's players); anything else is refused with the
     * reason.
     */
    perform(
      actor: EventActor,
      eventId: EventId,
      action: EventAction,
      options?: EventActionOptions,
    ): Effect.Effect<EventTransition, EventActionRefused, Em>
  }
>()('@kibitz/events/EventActions') {
  static readonly layer = Layer.effect(
    EventActions,
    Effect.gen(function* () {
      const outbox = yield* Outbox
      const registrations = yield* EventEntries
      const tournaments = yield* EventTournaments
      const { publicUrl } = yield* EventsConfig
      const repo = yield* EventActionRepo

      /**
       * One e-mail per registered address, each in its reader's language; runs in the caller's transaction and
       * answers how many it enqueued.
       */
      const notifyPlayers = Effect.fn('EventActions.notifyPlayers')(function* (
        event: LockedEvent,
        mail: PlayerMail,
        message: string | null,
      ) {
        const contents = event.contents.getItems()
        const main = contents.find((c) => c.isMain) ?? contents[0]
        const eventName = main?.name ?? event.alias
        const link = `${publicUrl}/event/${encodeURIComponent(event.alias)}`
        let enqueued = 0
        for (const recipient of yield* registrations.recipientsOfEvent(EventId.make(event.id))) {
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
              : mail.kind === 'eventPostponed'
                ? {
                    kind: mail.kind,
                    eventName,
                    message: message ?? '',
                    link,
                    newDates: event.datesToBeAnnounced
                      ? null
                      : formatDateRange(event.dateStart, event.dateEnd, language),
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
          enqueued += 1
        }
        return enqueued
      })

      const isOwner = (actor: EventActor, event: LockedEvent | null): event is LockedEvent =>
        event !== null && (actor.isSuper || event.organiserId === actor.organiserId)

      /** The organiser's message to every registered player of a public event; the state stays as it is. */
      const notifyEventUsers = Effect.fn('EventActions.notifyEventUsers')(function* (
        actor: EventActor,
        eventId: EventId,
        options: EventActionOptions | undefined,
      ) {
        const action = 'notifyEventUsers'
        // PostgreSQL text cannot hold NUL; a message of spaces says nothing.
        const message = (options?.message ?? '').replaceAll('\u0000', '').trim()
        const fields = notifyProblems(message, options)
        if (fields.length > 0)
          return yield* new EventActionRefused({ action, reason: 'invalidInput', fields })
        return yield* inTransaction(
          Effect.gen(function* () {
            // Locked: a cancel or unpublish running at the same time cannot slip between the check and the mail.
            const event = yield* repo.lockEvent(eventId)
            if (!isOwner(actor, event)) return yield* new EventActionRefused({ action, reason: 'notFound' })
            const state = decodeState(event.state)
            if (!notifiableStates.includes(state))
              return yield* new EventActionRefused({ action, reason: 'wrongState', state })
            yield* repo.recordAudit({
              eventId,
              action,
              actorUserId: actor.userId,
              fromState: state,
              toState: state,
              message,
              at: new Date(yield* Clock.currentTimeMillis),
            })
            const notified = yield* notifyPlayers(event, organiserMessageMail, message)
            return new EventTransition({ eventId, action, from: state, to: state, notified })
          }),
        )
      })

      return EventActions.of({
        perform: Effect.fn('EventActions.perform')(function* (actor, eventId, action, options) {
          if (action === 'notifyEventUsers') return yield* notifyEventUsers(actor, eventId, options)
          const dateProblems = action === 'postpone' ? newDatesProblems(options?.newDates) : []
          if (dateProblems.length > 0)
            return yield* new EventActionRefused({ action, reason: 'invalidInput', fields: dateProblems })
          const refuse = (reason: RefusalReason, state?: EventState) =>
            Effect.fail(
              new EventActionRefused(state === undefined ? { action, reason } : { action, reason, state }),
            )
          return yield* inTransaction(
            Effect.gen(function* () {
              // Locked: two actions on one event run one after the other.
              const event = yield* repo.lockEvent(eventId)
              // Another organiser's event reads as missing: its existence is none of their business.
              if (!isOwner(actor, event)) return yield* refuse('notFound')
              const from = decodeState(event.state)
              const rule = transitions[action]
              if (!rule.from.includes(from)) return yield* refuse('wrongState', from)
              if (action === 'publish') {
                // Publication refuses an event the validate call would fault (decision 014).
                const problems = yield* eventProblems(event).pipe(
                  Effect.provideService(EventTournaments, tournaments),
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
              const message = options?.message?.trim()
                ? options.message.trim().slice(0, eventMessageMaxLength)
                : null
              if (to === null) {
                yield* repo.deleteEvent(eventId)
              } else {
                event.state = to
                event.status =
                  to === 'draft' || to === 'postponedToDraft' ? EventStatusId.draft : EventStatusId.accepted
                if (action === 'postpone' || action === 'unpublishAfterPostpone' || action === 'cancel') {
                  event.stateMessage = message
                }
                if (action === 'publish') {
                  event.stateMessage = null
                  event.datesToBeAnnounced = false
                }
                if (action === 'postpone') {
                  // The new dates become the event's dates; without them they are to be announced.
                  const dates = options?.newDates
                  if (dates) {
                    event.dateStart = dates.dateStart
                    event.dateEnd = dates.dateEnd
                  }
                  event.datesToBeAnnounced = dates === undefined
                }
                event.updatedAt = at
                yield* repo.flush()
              }
              yield* repo.recordAudit({
                eventId,
                action,
                actorUserId: actor.userId,
                fromState: from,
                toState: to,
                message,
                at,
              })
              const mail = mailFor(action, from, options?.notifyUsers !== false)
              if (mail === null) return new EventTransition({ eventId, action, from, to })
              const notified = yield* notifyPlayers(event, mail, message)
              return new EventTransition({ eventId, action, from, to, notified })
            }),
          )
        }),
      })
    }),
  ).pipe(Layer.provide(EventActionRepo.layer))
}
