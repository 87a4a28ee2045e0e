import { defineEntity, p } from '@mikro-orm/postgresql'

/** A registration for one tournament: one pair, team or individual with its contestants. */
const EntrySchema = defineEntity({
  name: 'EntryEntity',
  tableName: 'entry',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournamentId: p.integer(),
    eventId: p.integer().index(),
    ticketId: p.integer().nullable(),
    // confirmed | pending | canceled
    status: p.string().length(20),
    teamName: p.string().length(200).nullable(),
    userId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    contestants: () => p.oneToMany(ContestantEntity).mappedBy('entry').orderBy({ position: 'asc' }),
  },
  indexes: [{ properties: ['tournamentId', 'status', 'id'] }],
})
export class EntryEntity extends EntrySchema.class {}
EntrySchema.setClass(EntryEntity)

const ContestantSchema = defineEntity({
  name: 'ContestantEntity',
  tableName: 'contestant',
  properties: {
    id: p.integer().primary().autoincrement(),
    entry: () => p.manyToOne(EntryEntity).inversedBy('contestants').deleteRule('cascade'),
    position: p.integer(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    countryCode: p.string().length(2).nullable(),
    email: p.string().length(254).nullable(),
    federationId: p.string().length(40).nullable(),
    ageCategoryId: p.integer().nullable(),
  },
})
export class ContestantEntity extends ContestantSchema.class {}
ContestantSchema.setClass(ContestantEntity)
