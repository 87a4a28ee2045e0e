import { defineEntity, p } from '@mikro-orm/postgresql'

/** One state transition of an event: who did what, from which state to which, with the organiser's message. */
const EventAuditSchema = defineEntity({
  name: 'EventAuditEntity',
  tableName: 'event_audit',
  indexes: [{ properties: ['eventId', 'at'] }],
  properties: {
    id: p.bigint().primary().autoincrement(),
    // Not a foreign key: the record outlives a deleted event.
    eventId: p.integer(),
    action: p.string().length(40),
    actorUserId: p.integer(),
    fromState: p.string().length(20),
    toState: p.string().length(20).nullable(),
    message: p.text().nullable(),
    at: p.datetime(),
  },
})
export class EventAuditEntity extends EventAuditSchema.class {}
EventAuditSchema.setClass(EventAuditEntity)
