import { type Db, db } from '@kibitz/kernel'
import { LockMode } from '@mikro-orm/core'
import { Context, Layer } from 'effect'
import { EventAuditEntity } from './entities/EventAuditEntity.ts'
import { EventEntity } from './entities/EventEntity.ts'

// The ORM side of the event actions, and the event's audit trail (the editor's steps write it too). Every method
// runs on the caller's (transactional) EntityManager (docs/decisions/037-one-repository-form.md).

export type LockedEvent = EventEntity

/** One row of the event's audit trail. */
export interface EventAudit {
  readonly eventId: number
  readonly action: string
  readonly actorUserId: number
  readonly fromState: string
  readonly toState: string | null
  readonly message: string | null
  readonly at: Date
}

export class EventActionRepo extends Context.Service<
  EventActionRepo,
  {
    /** The event with its contents, locked until the transaction ends. */
    lockEvent(id: number): Db<LockedEvent | null>
    /** Writes one audit row (and flushes what the unit of work holds). */
    recordAudit(entry: EventAudit): Db<void>
    flush(): Db<void>
    deleteEvent(id: number): Db<number>
  }
>()('@kibitz/events/EventActionRepo') {
  static readonly layer = Layer.succeed(
    EventActionRepo,
    EventActionRepo.of({
      lockEvent: (id) =>
        db((em) =>
          em.findOne(
            EventEntity,
            { id },
            { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['contents', 'locations'] },
          ),
        ),
      recordAudit: (entry) =>
        db(async (em) => {
          em.create(EventAuditEntity, { ...entry })
          await em.flush()
        }),
      flush: () => db((em) => em.flush()),
      deleteEvent: (id) => db((em) => em.nativeDelete(EventEntity, { id })),
    }),
  )
}
