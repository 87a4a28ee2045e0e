import { Em } from '@kibitz/kernel'
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Effect, Schema } from 'effect'
import { EventAuditEntity } from './entities/EventAuditEntity.ts'
import { EventEntity } from './entities/EventEntity.ts'

// The ORM side of event actions; every function runs on the caller's (transactional) EntityManager.

const db = <A>(f: (em: EntityManager) => Promise<A>): Effect.Effect<A, never, Em> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

const CountRow = Schema.Struct({ count: Schema.Union([Schema.Int, Schema.NumberFromString]) })
const decodeCount = Schema.decodeUnknownSync(Schema.Array(CountRow))

/** The event with its contents, locked until the transaction ends. */
export const lockEvent = (id: number) =>
  db((em) =>
    em.findOne(EventEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['contents'] }),
  )

/**
 * How many entries the event has. The one read of the registration domain's table, through its foreign
 * key to the event (docs/decisions/003).
 */
export const entryCount = (eventId: number) =>
  db(async (em) => {
    const [row] = decodeCount(
      await em.execute('select count(*) as count from entry where event_id = ?', [eventId]),
    )
    return row?.count ?? 0
  })

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
