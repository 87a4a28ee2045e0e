import { defineEntity, p } from '@mikro-orm/postgresql'

/** A tournament of spec section 3; `eventId` points into the events domain by id. */
const TournamentSchema = defineEntity({
  name: 'TournamentEntity',
  tableName: 'tournament',
  properties: {
    id: p.integer().primary().autoincrement(),
    eventId: p.integer().index(),
    alias: p.string().length(120),
    name: p.string().length(200),
    additionalName: p.string().length(200).nullable(),
    // Spec section 9: pairs 1, team 2, individual 3, others 4.
    type: p.smallint(),
    isMultiSession: p.boolean().default(false),
    isComplicated: p.boolean().default(false),
    isComplicatedMultiSession: p.boolean().default(false),
    isComplicatedMultiRound: p.boolean().default(false),
    isComplicatedGroup: p.boolean().default(false),
    startDate: p.date(),
    startTime: p.string().length(5).nullable(),
    endDate: p.date(),
    endTime: p.string().length(5).nullable(),
    pointsScoreType: p.string().length(20),
    verifyPlayer: p.boolean().default(false),
    // Spec section 9: results source URL 1, uploaded file 2.
    resultsSource: p.smallint().nullable(),
    resultsUrl: p.string().length(500).nullable(),
    resultsFile: p.string().length(500).nullable(),
    rulesAndRegulationsFile: p.string().length(500).nullable(),
    registrationUrl: p.string().length(500).nullable(),
    hasRegistration: p.boolean().default(true),
    isRegistrationEnabled: p.boolean().default(true),
    registrationStartAt: p.datetime().nullable(),
    registrationEndAt: p.datetime().nullable(),
    registrationType: p.smallint().default(1),
    playerListUrl: p.string().length(500).nullable(),
    playerGroupType: p.smallint().nullable(),
    orderNumber: p.integer().default(0),
    isMain: p.boolean().default(false),
    boards: p.integer().nullable(),
    description: p.text().nullable(),
    isPrizeInformationEnabled: p.boolean().default(true),
    isPlayerListViewEnabled: p.boolean().default(true),
    locationName: p.string().length(200).nullable(),
    sessions: () => p.oneToMany(TournamentSessionEntity).mappedBy('tournament').orderBy({ id: 'asc' }),
    stages: () => p.oneToMany(TournamentStageEntity).mappedBy('tournament').orderBy({ orderNumber: 'asc' }),
    programDays: () => p.oneToMany(ProgramDayEntity).mappedBy('tournament').orderBy({ date: 'asc' }),
    tickets: () => p.oneToMany(TicketEntity).mappedBy('tournament').orderBy({ type: 'asc', id: 'asc' }),
    prizes: () => p.oneToMany(PrizeEntity).mappedBy('tournament').orderBy({ placeNumber: 'asc' }),
  },
  uniques: [{ properties: ['eventId', 'alias'] }],
  indexes: [{ properties: ['eventId', 'orderNumber'] }],
})
export class TournamentEntity extends TournamentSchema.class {}
TournamentSchema.setClass(TournamentEntity)

const TournamentSessionSchema = defineEntity({
  name: 'TournamentSessionEntity',
  tableName: 'tournament_session',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournament: () => p.manyToOne(TournamentEntity).inversedBy('sessions').deleteRule('cascade'),
    startDate: p.date(),
    endDate: p.date().nullable(),
    startTime: p.string().length(5).nullable(),
    endTime: p.string().length(5).nullable(),
    type: p.smallint().default(1),
    text: p.string().length(200).nullable(),
    boards: p.integer().nullable(),
  },
})
export class TournamentSessionEntity extends TournamentSessionSchema.class {}
TournamentSessionSchema.setClass(TournamentSessionEntity)

const TournamentStageSchema = defineEntity({
  name: 'TournamentStageEntity',
  tableName: 'tournament_stage',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournament: () => p.manyToOne(TournamentEntity).inversedBy('stages').deleteRule('cascade'),
    name: p.string().length(200),
    type: p.smallint().default(1),
    orderNumber: p.integer().default(0),
    resultsUrl: p.string().length(500).nullable(),
  },
})
export class TournamentStageEntity extends TournamentStageSchema.class {}
TournamentStageSchema.setClass(TournamentStageEntity)

/** One day of a tournament program with its tours (rounds) and their start times. */
const ProgramDaySchema = defineEntity({
  name: 'ProgramDayEntity',
  tableName: 'tournament_program_day',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournament: () => p.manyToOne(TournamentEntity).inversedBy('programDays').deleteRule('cascade'),
    date: p.date(),
    tours: p.json<ReadonlyArray<{ time: string; name: string }>>(),
  },
})
export class ProgramDayEntity extends ProgramDaySchema.class {}
ProgramDaySchema.setClass(ProgramDayEntity)

/** Ticket of spec section 3; money in integer minor units of the event's currency. */
const TicketSchema = defineEntity({
  name: 'TicketEntity',
  tableName: 'ticket',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournament: () => p.manyToOne(TournamentEntity).inversedBy('tickets').deleteRule('cascade'),
    // Spec section 3: basic 1, medium 2, advanced 3, free of charge 4.
    type: p.smallint(),
    priceMinor: p.integer().default(0),
    quantity: p.integer(),
    sold: p.integer().default(0),
    isForSale: p.boolean().default(true),
    isPricePerTeam: p.boolean().default(false),
    ageCategories: () => p.oneToMany(TicketAgeCategoryEntity).mappedBy('ticket').orderBy({ id: 'asc' }),
  },
})
export class TicketEntity extends TicketSchema.class {}
TicketSchema.setClass(TicketEntity)

const TicketAgeCategorySchema = defineEntity({
  name: 'TicketAgeCategoryEntity',
  tableName: 'ticket_age_category',
  properties: {
    id: p.integer().primary().autoincrement(),
    ticket: () => p.manyToOne(TicketEntity).inversedBy('ageCategories').deleteRule('cascade'),
    name: p.string().length(120),
    ageFrom: p.integer().nullable(),
    ageTo: p.integer().nullable(),
    priceMinor: p.integer(),
    quantity: p.integer().nullable(),
    sold: p.integer().default(0),
    discountPercent: p.integer().default(0),
    salesStartDate: p.date().nullable(),
    salesEndDate: p.date().nullable(),
    isEarlyBird: p.boolean().default(false),
    earlyBirdPriceMinor: p.integer().nullable(),
    earlyBirdSalesStartDate: p.date().nullable(),
    earlyBirdSalesEndDate: p.date().nullable(),
    earlyBirdEndSalesQuantity: p.integer().nullable(),
    enabled: p.boolean().default(true),
  },
})
export class TicketAgeCategoryEntity extends TicketAgeCategorySchema.class {}
TicketAgeCategorySchema.setClass(TicketAgeCategoryEntity)

/** A prize for one place; `type` 1 money, 2 custom prize. */
const PrizeSchema = defineEntity({
  name: 'PrizeEntity',
  tableName: 'prize',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournament: () => p.manyToOne(TournamentEntity).inversedBy('prizes').deleteRule('cascade'),
    placeNumber: p.integer(),
    additionalName: p.string().length(200).nullable(),
    prizeAmountMinor: p.integer().nullable(),
    customPrize: p.string().length(200).nullable(),
    medalIconKey: p.string().length(20).nullable(),
    cupIconKey: p.string().length(20).nullable(),
    type: p.smallint().default(1),
  },
})
export class PrizeEntity extends PrizeSchema.class {}
PrizeSchema.setClass(PrizeEntity)

const PrizeSetupSchema = defineEntity({
  name: 'PrizeSetupEntity',
  tableName: 'prize_setup',
  properties: {
    id: p.integer().primary().autoincrement(),
    tournamentId: p.integer().unique(),
    placesNumber: p.integer(),
    prizePoolMinor: p.integer().nullable(),
    customPrizePool: p.string().length(200).nullable(),
    customPrizeText: p.text().nullable(),
    isFormulaUsed: p.boolean().default(false),
  },
})
export class PrizeSetupEntity extends PrizeSetupSchema.class {}
PrizeSetupSchema.setClass(PrizeSetupEntity)
