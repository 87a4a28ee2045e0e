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

const RecipientRow = Schema.Struct({ email: Schema.String, language: Schema.NullOr(Schema.String) })
const decodeRecipients = Schema.decodeUnknownSync(Schema.Array(RecipientRow))

/** One address to tell about the event, with the account language behind it when there is one. */
export type EventRecipient = typeof RecipientRow.Type

/**
 * The distinct (lower-cased) e-mail addresses of everyone registered for the event with an entry that is
 * not canceled: each contestant's address and the address of the user who made the entry. `language` is
 * the language of the account with that address, null when no account has it. Reads the registration
 * domain's `entry` and `contestant` and the accounts domain's `app_user` through their foreign keys and
 * the unique account address, read-only (docs/decisions/003); an address known from an account wins.
 */
export const registeredRecipients = (eventId: number) =>
  db(async (em) =>
    decodeRecipients(
      await em.execute(
        `select distinct on (r.email) r.email, r.language
         from (
           select lower(btrim(u.email)) as email, u.language, 0 as rank
           from entry en join app_user u on u.id = en.user_id
           where en.event_id = ? and en.status <> 'canceled'
           union all
           select lower(btrim(c.email)) as email,
                  (select a.language from app_user a where lower(a.email) = lower(btrim(c.email)) limit 1),
                  1 as rank
           from contestant c join entry en on en.id = c.entry_id
           where en.event_id = ? and en.status <> 'canceled' and c.email is not null
         ) r
         where r.email <> ''
         order by r.email, r.rank`,
        [eventId, eventId],
      ),
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
