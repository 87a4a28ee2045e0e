import { Em } from '@kibitz/kernel'
import type { RequiredEntityData } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Effect } from 'effect'
import { EventContentEntity, EventEntity, LocationEntity } from './entities/EventEntity.ts'

// The ORM side of the event editor; every function runs on the caller's (transactional) EntityManager.

const db = <A>(f: (em: EntityManager) => Promise<A>): Effect.Effect<A, never, Em> =>
  Effect.flatMap(Em, (em) => Effect.promise(() => f(em)))

/**
 * The event with contents and locations, locked until the transaction ends. Read again even when this
 * EntityManager already holds it (a check before the lock loaded it): a concurrent edit that committed while
 * this one waited for the lock must be what this one changes, or two editors each add "the" main location.
 *
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE: an edit never changes the event's key, and a registration that
 * holds its tickets' rows then writes an entry that references the event (the foreign key takes KEY SHARE on
 * it). Under FOR UPDATE the two would wait for each other: the edit for the ticket rows, the registration for
 * the event's row.
 */
export const lockForEdit = (id: number) =>
  db(async (em) => {
    await em.execute('select id from event where id = ? for no key update', [id])
    return em.findOne(EventEntity, { id }, { populate: ['contents', 'locations'], refresh: true })
  })

/**
 * Serialises choosing aliases until the transaction ends: two organisers naming their events alike at the same
 * moment would otherwise both find `name-2026` free and one of them fail on the unique index.
 */
export const lockAliases = db((em) =>
  em.execute("select pg_advisory_xact_lock(hashtext('kibitz:event-alias'))"),
)

/**
 * Whether the database keeps events in this zone (its time_zone table, docs/decisions/026): the input schema
 * checks Node's list, and a zone Node knows but this PostgreSQL does not is refused here rather than by the key.
 */
export const knowsTimeZone = (zone: string) =>
  db(async (em) => (await em.execute('select 1 from time_zone where name = ?', [zone])).length > 0)

/** The event with contents and locations, for the editor screens. */
export const findForEdit = (id: number) =>
  db((em) => em.findOne(EventEntity, { id }, { populate: ['contents', 'locations'] }))

/**
 * Which of `candidates` are taken as an event alias or a content alias (any event's). Aliases live in URLs,
 * so they are unique across both.
 */
export const takenAliases = (candidates: ReadonlyArray<string>) =>
  db(async (em) => {
    if (candidates.length === 0) return new Set<string>()
    const [events, contents] = await Promise.all([
      em.find(EventEntity, { alias: { $in: [...candidates] } }, { fields: ['alias'] }),
      em.find(EventContentEntity, { alias: { $in: [...candidates] } }, { fields: ['alias'] }),
    ])
    return new Set([...events, ...contents].map((r) => r.alias))
  })

export const newEvent = (data: RequiredEntityData<EventEntity>) =>
  db(async (em) => em.create(EventEntity, data))

export const newContent = (data: RequiredEntityData<EventContentEntity>) =>
  db(async (em) => em.create(EventContentEntity, data))

export const newLocation = (data: RequiredEntityData<LocationEntity>) =>
  db(async (em) => em.create(LocationEntity, data))

export const removeEntity = (entity: EventContentEntity | LocationEntity) =>
  db(async (em) => {
    em.remove(entity)
  })

export const flush = () => db((em) => em.flush())
