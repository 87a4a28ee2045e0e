import { defineEntity, p } from '@mikro-orm/postgresql'

/** A ticket line as an entry stores it. */
export interface StoredLine {
  readonly ticketId: number
  readonly ageCategoryId: number | null
  readonly persons: number
  readonly unitPriceMinor: number
  readonly units: number
  readonly totalMinor: number
  readonly earlyBird: boolean
}

/** A registration for one tournament: one pair, team or individual with its contestants. */
const EntrySchema = defineEntity({
  name: 'EntryEntity',
  tableName: 'entry',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournamentId: p.integer(),
    eventId: p.integer().index(),
    ticketId: p.integer().nullable(),
    // pending (waiting for payment) | confirmed | canceled (by the organiser) | expired (unpaid in time)
    status: p.string().length(20),
    teamName: p.string().length(200).nullable(),
    userId: p.integer().nullable(),
    contactEmail: p.string().length(254).nullable(),
    language: p.string().length(5).default('en'),
    // 64-bit: six players at the highest ticket price pass 2^31 - 1 minor units (Migration20261126110000).
    totalMinor: p.bigint('number').default(0),
    currencyCode: p.string().length(3).default('EUR'),
    // The priced ticket lines the entry holds (TicketSales' PricedLine), given back on cancel or expiry.
    lines: p
      .json<ReadonlyArray<StoredLine>>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    // free | bankTransfer | card | atVenue
    paymentMethod: p.string().length(20).default('free'),
    reference: p.string().length(25).nullable().unique(),
    statusTokenHash: p.string().length(64).nullable().unique(),
    // A second status link, made when the payment arrives and sent with the receipt (only hashes are kept, so the
    // first link cannot be sent again); both lead to the same status page (decision 033).
    receiptTokenHash: p.string().length(64).nullable().unique(),
    expiresAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    canceledAt: p.datetime().nullable(),
    cardSessionId: p.string().length(255).nullable().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
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
    // null: not checked (no federation id, or the lookup was not available)
    federationVerified: p.boolean().nullable(),
    ticketId: p.integer().nullable(),
    ageCategoryId: p.integer().nullable(),
  },
})
export class ContestantEntity extends ContestantSchema.class {}
ContestantSchema.setClass(ContestantEntity)

const EntryAuditSchema = defineEntity({
  name: 'EntryAuditEntity',
  tableName: 'entry_audit',
  properties: {
    id: p.integer().primary().autoincrement(),
    entryId: p.integer().index(),
    actorUserId: p.integer().nullable(),
    action: p.string().length(30),
    details: p
      .json<Record<string, unknown>>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),
    at: p.datetime().onCreate(() => new Date()),
  },
})
export class EntryAuditEntity extends EntryAuditSchema.class {}
EntryAuditSchema.setClass(EntryAuditEntity)
