import { Em } from '@kibitz/kernel'
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Effect } from 'effect'
import { EventAuditEntity } from './entities/EventAuditEntity.ts'
import { EventEntity } from './entities/EventEntity.ts'

// The ORM side of event actions; every function runs on the caller's (transactional) EntityManager.

const db = <A>(f: (em: EntityManager) => Promise<A>): Effect.Effect<A, never, Em> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

/** The event with its contents, locked until the transaction ends. */
export const lockEvent = (id: number) =>
  db((em) =>
    em.findOne(
      EventEntity,
      { id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['contents', 'locations'] },
    ),
  )

export const recordAudit = (entry: {
  eventId: number
  action: string
  actorUserId: number
  fromState: string
  toState: string | null
  message: string | null
  at: Date
}) =>
  db(async (em) => {
    em.create(EventAuditEntity, entry)
    await em.flush()
  })

export const flush = () => db((em) => em.flush())

export const deleteEvent = (id: number) => db((em) => em.nativeDelete(EventEntity, { id }))

export type LockedEvent = EventEntity
