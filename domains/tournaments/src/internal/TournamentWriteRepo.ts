import { type Db, db } from '@kibitz/kernel'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Context, Layer } from 'effect'
import {
  PrizeEntity,
  PrizeSetupEntity,
  ProgramDayEntity,
  TicketAgeCategoryEntity,
  TicketEntity,
  TournamentEntity,
  TournamentSessionEntity,
  TournamentStageEntity,
} from './entities/TournamentEntity.ts'

// The ORM side of the tournament editor; every function runs on the caller's (transactional) EntityManager.
// The store decides what to write (TournamentData, already checked); this file only writes it
// (docs/decisions/037-one-repository-form.md).

const populate = ['sessions', 'stages', 'programDays', 'tickets', 'tickets.ageCategories', 'prizes'] as const

/** The advisory-lock class of tournament writes (ASCII 'tour'); the second key is the event id. */
const lockClass = 0x746f7572

/** A stored ticket as the editor's checks need it: its id, sales and age categories' sales. */
export interface StoredTicket {
  readonly id: number
  readonly sold: number
  readonly ageCategories: ReadonlyArray<{ readonly id: number; readonly sold: number }>
}

/** A stored tournament as the editor's checks need it. */
export interface StoredTournament {
  readonly id: number
  readonly alias: string
  readonly tickets: ReadonlyArray<StoredTicket>
}

const describe = (t: TournamentEntity): StoredTournament => ({
  id: t.id,
  alias: t.alias,
  tickets: t.tickets.getItems().map((k) => ({
    id: k.id,
    sold: k.sold,
    ageCategories: k.ageCategories.getItems().map((c) => ({ id: c.id, sold: c.sold })),
  })),
})

const findEntity = (em: EntityManager, eventId: number, tournamentId: number) =>
  em.findOne(TournamentEntity, { id: tournamentId, eventId }, { populate })

/** The tournament's own columns, as the editor sets them. */
export interface TournamentColumns {
  readonly name: string
  readonly additionalName: string | null
  readonly type: number
  readonly isMultiSession: boolean
  readonly isComplicated: boolean
  readonly isComplicatedMultiSession: boolean
  readonly isComplicatedMultiRound: boolean
  readonly isComplicatedGroup: boolean
  readonly startDate: string
  readonly endDate: string
  readonly startTime: string | null
  readonly endTime: string | null
  readonly pointsScoreType: string
  readonly verifyPlayer: boolean
  readonly resultsSource: number | null
  readonly resultsUrl: string | null
  /** Undefined keeps the stored file. */
  readonly rulesAndRegulationsFile: string | null | undefined
  readonly hasRegistration: boolean
  readonly isRegistrationEnabled: boolean
  readonly registrationStartAt: Date | null
  readonly registrationEndAt: Date | null
  readonly registrationType: number
  readonly playerListUrl: string | null
  readonly isPrizeInformationEnabled: boolean
  readonly isPlayerListViewEnabled: boolean
  readonly boards: number | null
  readonly description: string | null
  readonly locationName: string | null
}

export interface AgeCategoryData {
  /** Null makes a new category. */
  readonly id: number | null
  readonly name: string
  readonly ageFrom: number | null
  readonly ageTo: number | null
  readonly priceMinor: number
  readonly quantity: number | null
  readonly discountPercent: number
  readonly salesStartDate: string | null
  readonly salesEndDate: string | null
  readonly isEarlyBird: boolean
  readonly earlyBirdPriceMinor: number | null
  readonly earlyBirdSalesStartDate: string | null
  readonly earlyBirdSalesEndDate: string | null
  readonly earlyBirdEndSalesQuantity: number | null
  readonly enabled: boolean
}

export interface TicketData {
  /** Null makes a new ticket. */
  readonly id: number | null
  readonly type: number
  readonly priceMinor: number
  readonly quantity: number
  readonly isForSale: boolean
  readonly isPricePerTeam: boolean
  readonly ageCategories: ReadonlyArray<AgeCategoryData>
}

export interface PrizeData {
  readonly placeNumber: number
  readonly additionalName: string | null
  readonly prizeAmountMinor: number | null
  readonly customPrize: string | null
  readonly medalIconKey: string | null
  readonly cupIconKey: string | null
  readonly type: number
}

export interface PrizeSetupData {
  readonly placesNumber: number
  readonly prizePoolMinor: number | null
  readonly customPrizePool: string | null
  readonly customPrizeText: string | null
  readonly isFormulaUsed: boolean
}

/** Everything the editor writes for one tournament, checked and with the formula's amounts filled in. */
export interface TournamentData {
  readonly columns: TournamentColumns
  readonly sessions: ReadonlyArray<{
    readonly startDate: string
    readonly endDate: string | null
    readonly startTime: string | null
    readonly endTime: string | null
    readonly type: number
    readonly text: string | null
    readonly boards: number | null
  }>
  readonly stages: ReadonlyArray<{
    readonly name: string
    readonly type: number
    readonly resultsUrl: string | null
  }>
  readonly programDays: ReadonlyArray<{
    readonly date: string
    readonly tours: ReadonlyArray<{ readonly time: string; readonly name: string }>
  }>
  readonly tickets: ReadonlyArray<TicketData>
  readonly prizes: ReadonlyArray<PrizeData>
  readonly prizeSetup: PrizeSetupData | null
}

const setColumns = (t: TournamentEntity, c: TournamentColumns) => {
  const { rulesAndRegulationsFile, ...rest } = c
  Object.assign(t, rest)
  if (rulesAndRegulationsFile !== undefined) t.rulesAndRegulationsFile = rulesAndRegulationsFile
}

const setCategory = (c: TicketAgeCategoryEntity, data: AgeCategoryData) => {
  const { id: _, ...rest } = data
  Object.assign(c, rest)
}

/**
 * Writes the children of `t`: sessions, stages, program days and prizes are replaced (nothing points at
 * them); tickets and age categories are matched by id, so their sales and the entries pointing at them stay.
 */
const writeChildren = async (em: EntityManager, t: TournamentEntity, data: TournamentData) => {
  for (const s of t.sessions.getItems()) em.remove(s)
  for (const s of t.stages.getItems()) em.remove(s)
  for (const d of t.programDays.getItems()) em.remove(d)
  for (const p of t.prizes.getItems()) em.remove(p)
  for (const s of data.sessions) em.create(TournamentSessionEntity, { ...s, tournament: t })
  for (const [i, s] of data.stages.entries())
    em.create(TournamentStageEntity, { ...s, orderNumber: i + 1, tournament: t })
  for (const d of data.programDays)
    em.create(ProgramDayEntity, { date: d.date, tours: d.tours.map((x) => ({ ...x })), tournament: t })
  for (const p of data.prizes) em.create(PrizeEntity, { ...p, tournament: t })

  const kept = new Set(data.tickets.flatMap((k) => (k.id === null ? [] : [k.id])))
  for (const k of t.tickets.getItems()) {
    if (kept.has(k.id)) continue
    for (const c of k.ageCategories.getItems()) em.remove(c)
    em.remove(k)
  }
  for (const ticket of data.tickets) {
    const { id, ageCategories, ...columns } = ticket
    const stored = id === null ? undefined : t.tickets.getItems().find((k) => k.id === id)
    const entity = stored ?? em.create(TicketEntity, { ...columns, tournament: t })
    if (stored) Object.assign(stored, columns)
    const keptCategories = new Set(ageCategories.flatMap((c) => (c.id === null ? [] : [c.id])))
    const storedCategories = stored ? stored.ageCategories.getItems() : []
    for (const c of storedCategories) if (!keptCategories.has(c.id)) em.remove(c)
    for (const category of ageCategories) {
      const match = category.id === null ? undefined : storedCategories.find((c) => c.id === category.id)
      if (match) setCategory(match, category)
      else {
        const { id: _, ...fields } = category
        em.create(TicketAgeCategoryEntity, { ...fields, ticket: entity })
      }
    }
  }

  const setup = await em.findOne(PrizeSetupEntity, { tournamentId: t.id })
  if (data.prizeSetup === null) {
    if (setup) em.remove(setup)
  } else if (setup) Object.assign(setup, data.prizeSetup)
  else em.create(PrizeSetupEntity, { ...data.prizeSetup, tournamentId: t.id })
  await em.flush()
}

export class TournamentWriteRepo extends Context.Service<
  TournamentWriteRepo,
  {
    /**
     * Serialises every tournament write of one event until the transaction ends, so two organisers' saves
     * never pick the same alias or order number. Taken before anything is read.
     */
    lockEvent(eventId: number): Db<void>
    /**
     * Locks the tournament's tickets, then their age categories, each in id order until the transaction ends:
     * the order a sale locks them in (TicketSalesRepo), so a writer that takes them before its event's row waits
     * for a sale rather than deadlocking with one that holds them and waits for that row.
     */
    lockSales(eventId: number, tournamentId: number): Db<void>
    /** The event's tournament with this id, with its tickets' sales; null when the event has none such. */
    findForEdit(eventId: number, tournamentId: number): Db<StoredTournament | null>
    /** The event's tournaments (id, alias, order), in their order. */
    tournamentsOfEvent(
      eventId: number,
    ): Db<ReadonlyArray<{ readonly id: number; readonly alias: string; readonly orderNumber: number }>>
    /** Inserts a tournament of the event with its alias, order number and children; returns its id. */
    insertTournament(eventId: number, alias: string, orderNumber: number, data: TournamentData): Db<number>
    /** Overwrites the event's tournament with `data` (found by findForEdit in the same transaction). */
    updateTournament(eventId: number, tournamentId: number, data: TournamentData): Db<void>
    /** Deletes the tournament; its children, prize setup and entries go with it (foreign keys cascade). */
    deleteTournament(tournamentId: number): Db<void>
    /** Gives the tournaments the order numbers 1, 2, … in the order of `ids`. */
    setOrder(ids: ReadonlyArray<number>): Db<void>
    /**
     * Sets the tournament's rules file, or its results file (which makes the uploaded file its results source);
     * null clears it. False when the event has no such tournament.
     */
    attachFile(
      eventId: number,
      tournamentId: number,
      use: 'rules' | 'results',
      url: string | null,
    ): Db<boolean>
  }
>()('@kibitz/tournaments/TournamentWriteRepo') {
  static readonly layer = Layer.succeed(
    TournamentWriteRepo,
    TournamentWriteRepo.of({
      lockEvent: (eventId) =>
        db(async (em) => {
          await em.execute('select pg_advisory_xact_lock(?, ?)', [lockClass, eventId])
        }),
      lockSales: (eventId, tournamentId) =>
        db(async (em) => {
          await em.execute(
            `select k.id from ticket k join tournament t on t.id = k.tournament_id
             where k.tournament_id = ? and t.event_id = ? order by k.id for update of k`,
            [tournamentId, eventId],
          )
          await em.execute(
            `select c.id from ticket_age_category c join ticket k on k.id = c.ticket_id
             join tournament t on t.id = k.tournament_id
             where k.tournament_id = ? and t.event_id = ? order by c.id for update of c`,
            [tournamentId, eventId],
          )
        }),
      findForEdit: (eventId, tournamentId) =>
        db(async (em) => {
          const found = await findEntity(em, eventId, tournamentId)
          return found ? describe(found) : null
        }),
      tournamentsOfEvent: (eventId) =>
        db(async (em) => {
          const rows = await em.find(
            TournamentEntity,
            { eventId },
            { fields: ['id', 'alias', 'orderNumber'], orderBy: { orderNumber: 'asc', id: 'asc' } },
          )
          return rows.map((r) => ({ id: r.id, alias: r.alias, orderNumber: r.orderNumber }))
        }),
      insertTournament: (eventId, alias, orderNumber, data) =>
        db(async (em) => {
          const { rulesAndRegulationsFile, ...columns } = data.columns
          const t = em.create(TournamentEntity, {
            ...columns,
            rulesAndRegulationsFile: rulesAndRegulationsFile ?? null,
            eventId,
            alias,
            orderNumber,
          })
          // The prize setup points at the tournament by id, so the tournament row comes first.
          await em.flush()
          await writeChildren(em, t, data)
          return t.id
        }),
      updateTournament: (eventId, tournamentId, data) =>
        db(async (em) => {
          const t = await findEntity(em, eventId, tournamentId)
          if (!t)
            throw new Error(`tournament ${tournamentId} of event ${eventId} vanished inside its transaction`)
          setColumns(t, data.columns)
          await writeChildren(em, t, data)
        }),
      deleteTournament: (tournamentId) =>
        db(async (em) => {
          await em.nativeDelete(TournamentEntity, { id: tournamentId })
        }),
      setOrder: (ids) =>
        db(async (em) => {
          const rows = await em.find(TournamentEntity, { id: { $in: [...ids] } })
          for (const row of rows) row.orderNumber = ids.indexOf(row.id) + 1
          await em.flush()
        }),
      attachFile: (eventId, tournamentId, use, url) =>
        db(async (em) => {
          const found = await em.findOne(TournamentEntity, { id: tournamentId, eventId })
          if (!found) return false
          if (use === 'rules') found.rulesAndRegulationsFile = url
          else {
            found.resultsFile = url
            if (url !== null) found.resultsSource = 2
            else if (found.resultsSource === 2) found.resultsSource = found.resultsUrl ? 1 : null
          }
          await em.flush()
          return true
        }),
    }),
  )
}
