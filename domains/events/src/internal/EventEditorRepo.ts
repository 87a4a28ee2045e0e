import { type Db, db } from '@kibitz/kernel'
import type { RequiredEntityData } from '@mikro-orm/core'
import { Context, Layer } from 'effect'
import { EventContentEntity, EventEntity, LocationEntity } from './entities/EventEntity.ts'

// The ORM side of the event editor (and of the door it opens, EventEditing). Every method runs on the caller's
// (transactional) EntityManager (docs/decisions/037-one-repository-form.md).

export class EventEditorRepo extends Context.Service<
  EventEditorRepo,
  {
    /**
     * The event with contents and locations, locked until the transaction ends. Read again even when this
     * EntityManager already holds it (a check before the lock loaded it): a concurrent edit that committed while
     * this one waited for the lock must be what this one changes, or two editors each add "the" main location.
     *
     * The lock is FOR NO KEY UPDATE, not FOR UPDATE: an edit never changes the event's key, and a registration
     * that holds its tickets' rows then writes an entry that references the event (the foreign key takes KEY
     * SHARE on it). Under FOR UPDATE the two would wait for each other: the edit for the ticket rows, the
     * registration for the event's row.
     */
    lockForEdit(id: number): Db<EventEntity | null>
    /**
     * Serialises choosing aliases until the transaction ends: two organisers naming their events alike at the
     * same moment would otherwise both find `name-2026` free and one of them fail on the unique index.
     */
    lockAliases(): Db<void>
    /**
     * Whether the database keeps events in this zone (its time_zone table, docs/decisions/026): the input schema
     * checks Node's list, and a zone Node knows but this PostgreSQL does not is refused here rather than by the
     * key.
     */
    knowsTimeZone(zone: string): Db<boolean>
    /** The event with contents and locations, for the editor screens. */
    findForEdit(id: number): Db<EventEntity | null>
    /**
     * Which of `candidates` are taken as an event alias or a content alias (any event's). Aliases live in URLs,
     * so they are unique across both.
     */
    takenAliases(candidates: ReadonlyArray<string>): Db<ReadonlySet<string>>
    newEvent(data: RequiredEntityData<EventEntity>): Db<EventEntity>
    newContent(data: RequiredEntityData<EventContentEntity>): Db<EventContentEntity>
    newLocation(data: RequiredEntityData<LocationEntity>): Db<LocationEntity>
    removeEntity(entity: EventContentEntity | LocationEntity): Db<void>
    flush(): Db<void>
  }
>()('@kibitz/events/EventEditorRepo') {
  static readonly layer = Layer.succeed(
    EventEditorRepo,
    EventEditorRepo.of({
      lockForEdit: (id) =>
        db(async (em) => {
          await em.execute('select id from event where id = ? for no key update', [id])
          return em.findOne(EventEntity, { id }, { populate: ['contents', 'locations'], refresh: true })
        }),
      lockAliases: () =>
        db(async (em) => {
          await em.execute("select pg_advisory_xact_lock(hashtext('kibitz:event-alias'))")
        }),
      knowsTimeZone: (zone) =>
        db(async (em) => (await em.execute('select 1 from time_zone where name = ?', [zone])).length > 0),
      findForEdit: (id) =>
        db((em) => em.findOne(EventEntity, { id }, { populate: ['contents', 'locations'] })),
      takenAliases: (candidates) =>
        db(async (em) => {
          if (candidates.length === 0) return new Set<string>()
          const [events, contents] = await Promise.all([
            em.find(EventEntity, { alias: { $in: [...candidates] } }, { fields: ['alias'] }),
            em.find(EventContentEntity, { alias: { $in: [...candidates] } }, { fields: ['alias'] }),
          ])
          return new Set([...events, ...contents].map((r) => r.alias))
        }),
      newEvent: (data) => db(async (em) => em.create(EventEntity, data)),
      newContent: (data) => db(async (em) => em.create(EventContentEntity, data)),
      newLocation: (data) => db(async (em) => em.create(LocationEntity, data)),
      removeEntity: (entity) =>
        db(async (em) => {
          em.remove(entity)
        }),
      flush: () => db((em) => em.flush()),
    }),
  )
}
