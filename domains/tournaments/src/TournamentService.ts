import type { EventState } from '@kibitz/events'
import { addDays, type Em, type EventId, isoDate, oneOf, zonedTimeToUtc } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import {
  type CategoryGraph,
  type TicketGraph,
  type TournamentGraph,
  TournamentRepo,
} from './internal/TournamentRepo.ts'
import {
  type CategorySale,
  categoryOnSale,
  categoryPriceOn,
  type Ticket,
  type TicketAgeCategory,
  Tournament,
  type TournamentId,
  TournamentTypeId,
  ticketOnSale,
} from './Tournament.ts'
import { TournamentNotFound } from './TournamentErrors.ts'

/** The event-level summary the events domain keeps for its cards. */
export interface EventTournamentSummary {
  readonly tournamentsCount: number
  readonly registrationOpensAt: Date | null
  readonly registrationClosesAt: Date | null
  readonly registrationWindows: ReadonlyArray<{ readonly opensAt: string | null; readonly closesAt: string }>
}

/**
 * The event whose tournaments are read, as its reader already has it (an `EventView`'s card, the editor's
 * `EditedEvent`): the tournaments decide from its state that only an accepted event takes registrations.
 */
export interface TournamentsEvent {
  readonly id: EventId
  readonly timeZone: string
  readonly state: EventState
  /** The organiser's preview of its public page (docs/decisions/032): no registrations, whatever the state. */
  readonly preview?: boolean | undefined
}

/** Whether registrations are taken for the tournaments of `event`: only when it is accepted and not a preview. */
const takesRegistrations = (event: TournamentsEvent): boolean =>
  event.state === 'accepted' && event.preview !== true

/** Reads tournaments with their tickets, prizes, sessions and programs. */
export class TournamentService extends Context.Service<
  TournamentService,
  {
    /**
     * Anyone: the tournaments of `event` in their order, in its time zone; an event that is not accepted
     * (canceled, postponed, …) takes no registrations, whatever its tournaments say.
     */
    listForEvent(event: TournamentsEvent): Effect.Effect<ReadonlyArray<Tournament>, never, Em>
    /**
     * The same as listForEvent in the encoded form a page sends on as it is (plain JSON, as
     * `Schema.encode(Tournament)` would write it), made without building and encoding the classes: the public
     * event page's read (docs/decisions/025).
     */
    listDataForEvent(
      event: TournamentsEvent,
    ): Effect.Effect<ReadonlyArray<typeof Tournament.Encoded>, never, Em>
    /** Anyone: one tournament of `event` by alias or id (same rules as listForEvent). */
    findInEvent(event: TournamentsEvent, aliasOrId: string): Effect.Effect<Tournament, TournamentNotFound, Em>
    /** Anyone: the event id of each known tournament id (unknown ids are left out). */
    eventIdsOf(
      tournamentIds: ReadonlyArray<TournamentId>,
    ): Effect.Effect<ReadonlyMap<TournamentId, EventId>, never, Em>
    /** The event's tournament count and the window in which any of its registrations is open. */
    summaryForEvent(eventId: EventId, timeZone: string): Effect.Effect<EventTournamentSummary, never, Em>
    /**
     * Whoever just took places (the registration domain, in its transaction): whether a ticket or age category of
     * `lines` has none left now. Only then can the event's summary have changed, since a sale never makes a
     * ticket or category available.
     */
    placesRanOut(
      lines: ReadonlyArray<{ readonly ticketId: number; readonly ageCategoryId: number | null }>,
    ): Effect.Effect<boolean, never, Em>
  }
>()('@kibitz/tournaments/TournamentService') {
  static readonly layer = Layer.effect(
    TournamentService,
    Effect.gen(function* () {
      const repo = yield* TournamentRepo
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const listForEvent = Effect.fn('TournamentService.listForEvent')(function* (event: TournamentsEvent) {
        const at = yield* now
        const graphs = yield* repo.graphsOfEvent(event.id)
        return graphs.map((t) => toTournament(t, at, event.timeZone, takesRegistrations(event)))
      })

      const listDataForEvent = Effect.fn('TournamentService.listDataForEvent')(function* (
        event: TournamentsEvent,
      ) {
        const at = yield* now
        const graphs = yield* repo.graphsOfEvent(event.id)
        // Every tournament of the event shares its today (a formatter's parts in the event's zone).
        const today = isoDate(at, event.timeZone)
        return graphs.map((t) => tournamentData(t, at, event.timeZone, takesRegistrations(event), today))
      })

      const findInEvent = Effect.fn('TournamentService.findInEvent')(function* (
        event: TournamentsEvent,
        aliasOrId: string,
      ) {
        const at = yield* now
        const found = yield* repo.graphInEvent(event.id, aliasOrId)
        if (found === null) return yield* new TournamentNotFound({ eventId: event.id, aliasOrId })
        return toTournament(found, at, event.timeZone, takesRegistrations(event))
      })

      const summaryForEvent = Effect.fn('TournamentService.summaryForEvent')(function* (
        eventId: EventId,
        timeZone: string,
      ) {
        const graphs = yield* repo.graphsOfEvent(eventId)
        // The span (opensAt null when some open tournament has no start: open from publication on)
        // and every window, so a gap between two tournaments' windows reads as closed.
        const windows: Array<{ opens: number | null; closes: number }> = []
        for (const t of graphs) {
          if (!t.hasRegistration || !t.isRegistrationEnabled) continue
          const window = saleWindow(t, timeZone)
          if (window) windows.push(window)
        }
        const starts = windows.map((w) => w.opens)
        const opensAt =
          starts.length === 0 || starts.includes(null)
            ? null
            : Math.min(...starts.flatMap((o) => (o === null ? [] : [o])))
        return {
          tournamentsCount: graphs.length,
          registrationOpensAt: opensAt === null ? null : new Date(opensAt),
          registrationClosesAt:
            windows.length === 0 ? null : new Date(Math.max(...windows.map((w) => w.closes))),
          registrationWindows: windows
            .sort((a, b) => (a.opens ?? 0) - (b.opens ?? 0) || a.closes - b.closes)
            .map((w) => ({
              opensAt: w.opens === null ? null : new Date(w.opens).toISOString(),
              closesAt: new Date(w.closes).toISOString(),
            })),
        }
      })

      return TournamentService.of({
        listForEvent,
        listDataForEvent,
        findInEvent,
        summaryForEvent,
        eventIdsOf: (ids) => repo.eventIdsOf(ids),
        placesRanOut: (lines) =>
          repo.anyFull(
            [...new Set(lines.map((l) => l.ticketId))],
            [...new Set(lines.flatMap((l) => (l.ageCategoryId === null ? [] : [l.ageCategoryId])))],
          ),
      })
    }),
  ).pipe(Layer.provide(TournamentRepo.layer))
}

/**
 * Registration opens at its start datetime (null: as soon as the event is public) and closes at its
 * end datetime, never later than the tournament's start.
 */
const registrationWindow = (t: TournamentGraph, timeZone: string) => {
  const start = zonedTimeToUtc(t.startDate, t.startTime ?? '00:00', timeZone)
  const opens = t.registrationStartAt === null ? null : Date.parse(t.registrationStartAt)
  const closes = Math.min(t.registrationEndAt === null ? start : Date.parse(t.registrationEndAt), start)
  return { opens, closes }
}

/** A category as its sales dates do not matter: enabled and places left decide. */
const anyDay = (c: CategorySale): CategorySale => ({ ...c, salesStartDate: null, salesEndDate: null })

/** The earlier of two bounds where null is unbounded (open since always), and the later (open for ever). */
const earliest = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b))
const latest = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b))

/**
 * When some ticket of the tournament can be sold, whatever the day: a ticket without age categories always, one
 * with categories from the first day one of them (enabled, not full) starts selling to the end of the last day
 * one stops; null when no ticket can be sold at all.
 */
const ticketSpan = (t: TournamentGraph, timeZone: string) => {
  let span: { opens: number | null; closes: number | null } | null = null
  for (const k of t.tickets) {
    if (!ticketOnSale({ ...k, ageCategories: k.ageCategories.map(anyDay) }, '')) continue
    const sellable = k.ageCategories.filter((c) => categoryOnSale(anyDay(c), ''))
    const own =
      sellable.length === 0
        ? { opens: null, closes: null }
        : sellable
            .map((c) => ({
              opens: c.salesStartDate == null ? null : zonedTimeToUtc(c.salesStartDate, '00:00', timeZone),
              closes:
                c.salesEndDate == null
                  ? null
                  : zonedTimeToUtc(addDays(c.salesEndDate, 1) ?? c.salesEndDate, '00:00', timeZone),
            }))
            .reduce((a, b) => ({ opens: earliest(a.opens, b.opens), closes: latest(a.closes, b.closes) }))
    span =
      span === null
        ? own
        : { opens: earliest(span.opens, own.opens), closes: latest(span.closes, own.closes) }
  }
  return span
}

/**
 * The tournament's registration window as far as its tickets can be sold in it (the category dates included,
 * so a card stops saying "registration open" when the last category's sales end); null when nothing sells.
 */
const saleWindow = (t: TournamentGraph, timeZone: string) => {
  const span = ticketSpan(t, timeZone)
  if (span === null) return null
  const window = registrationWindow(t, timeZone)
  const opens =
    window.opens === null
      ? span.opens
      : span.opens === null
        ? window.opens
        : Math.max(window.opens, span.opens)
  const closes = span.closes === null ? window.closes : Math.min(window.closes, span.closes)
  return opens !== null && opens >= closes ? null : { opens, closes }
}

const decodeType = (type: number): TournamentTypeId =>
  oneOf(TournamentTypeId.literals, type, 'tournament type')

const categoryData = (c: CategoryGraph, today: string): typeof TicketAgeCategory.Encoded => {
  const current = categoryPriceOn(c, c.sold, today)
  const earlyBirdLimit = c.earlyBirdEndSalesQuantity ?? null
  return {
    ticketAgeCategoryId: c.id,
    name: c.name,
    ageFrom: c.ageFrom ?? null,
    ageTo: c.ageTo ?? null,
    priceMinor: c.priceMinor,
    currentPriceMinor: current.priceMinor,
    quantity: c.quantity ?? null,
    discountPercent: c.discountPercent,
    salesStartDate: c.salesStartDate ?? null,
    salesEndDate: c.salesEndDate ?? null,
    isEarlyBird: c.isEarlyBird,
    earlyBirdPriceMinor: c.earlyBirdPriceMinor ?? null,
    earlyBirdSalesStartDate: c.earlyBirdSalesStartDate ?? null,
    earlyBirdSalesEndDate: c.earlyBirdSalesEndDate ?? null,
    earlyBirdEndSalesQuantity: c.earlyBirdEndSalesQuantity ?? null,
    earlyBirdActive: current.earlyBird,
    earlyBirdPlacesLeft:
      current.earlyBird && earlyBirdLimit !== null ? Math.max(0, earlyBirdLimit - c.sold) : null,
    enabled: c.enabled,
    isAvailable: categoryOnSale(c, today),
  }
}

const ticketData = (k: TicketGraph, today: string): typeof Ticket.Encoded => ({
  ticketId: k.id,
  type: k.type,
  priceMinor: k.priceMinor,
  quantity: k.quantity,
  ticketsLeft: Math.max(0, k.quantity - k.sold),
  isForSale: k.isForSale,
  isPricePerTeam: k.isPricePerTeam,
  ticketAgeCategories: k.ageCategories.map((c) => categoryData(c, today)),
  isAvailable: ticketOnSale(k, today),
})

/**
 * A tournament as its readers get it, in its encoded (plain JSON) form: the public event page sends it on as it
 * is (docs/decisions/025); toTournament makes the class of it.
 */
const tournamentData = (
  t: TournamentGraph,
  now: Date,
  timeZone: string,
  eventAccepted: boolean,
  today = isoDate(now, timeZone),
): typeof Tournament.Encoded => {
  const setup = t.prizeSetup
  const tickets = t.tickets.map((k) => ticketData(k, today))
  const window = registrationWindow(t, timeZone)
  const nowMs = now.getTime()
  // Register is offered only for a ticket a player can take today (a category of it, when it has some).
  const openTicket = tickets.some((k) => k.isAvailable)
  const isOpenRegistration =
    eventAccepted &&
    t.hasRegistration &&
    t.isRegistrationEnabled &&
    openTicket &&
    (window.opens === null || window.opens <= nowMs) &&
    nowMs < window.closes
  return {
    tournamentId: t.id,
    eventId: t.eventId,
    alias: t.alias,
    name: t.name,
    additionalName: t.additionalName ?? null,
    type: decodeType(t.type),
    isMultiSession: t.isMultiSession,
    isComplicated: t.isComplicated,
    isComplicatedMultiSession: t.isComplicatedMultiSession,
    isComplicatedMultiRound: t.isComplicatedMultiRound,
    isComplicatedGroup: t.isComplicatedGroup,
    startDate: t.startDate,
    startTime: t.startTime ?? null,
    endDate: t.endDate,
    endTime: t.endTime ?? null,
    pointsScoreType: t.pointsScoreType,
    verifyPlayer: t.verifyPlayer,
    resultsSource: t.resultsSource ?? null,
    resultsUrl: t.resultsUrl ?? null,
    resultsFile: t.resultsFile ?? null,
    hasResults: Boolean(t.resultsUrl || t.resultsFile),
    rulesAndRegulationsFile: t.rulesAndRegulationsFile ?? null,
    hasRegistration: t.hasRegistration,
    isRegistrationEnabled: t.isRegistrationEnabled,
    isOpenRegistration,
    registrationStartDatetime: t.registrationStartAt,
    registrationEndDatetime: t.registrationEndAt,
    registrationType: t.registrationType,
    playerListUrl: t.playerListUrl ?? null,
    orderNumber: t.orderNumber,
    isMain: t.isMain,
    boards: t.boards ?? null,
    description: t.description ?? null,
    isPrizeInformationEnabled: t.isPrizeInformationEnabled,
    isPlayerListViewEnabled: t.isPlayerListViewEnabled,
    locationName: t.locationName ?? null,
    tickets,
    prizes: t.prizes.map((p) => ({
      elementId: p.id,
      placeNumber: p.placeNumber,
      additionalName: p.additionalName ?? null,
      prizeAmountMinor: p.prizeAmountMinor ?? null,
      customPrize: p.customPrize ?? null,
      medalIconKey: p.medalIconKey ?? null,
      cupIconKey: p.cupIconKey ?? null,
      type: p.type,
    })),
    prizeSetup: setup
      ? {
          placesNumber: setup.placesNumber,
          prizePoolMinor: setup.prizePoolMinor ?? null,
          customPrizePool: setup.customPrizePool ?? null,
          customPrizeText: setup.customPrizeText ?? null,
          isFormulaUsed: setup.isFormulaUsed,
        }
      : null,
    sessions: t.sessions.map((s) => ({
      startDate: s.startDate,
      endDate: s.endDate ?? null,
      startTime: s.startTime ?? null,
      endTime: s.endTime ?? null,
      type: s.type,
      text: s.text ?? null,
      boards: s.boards ?? null,
    })),
    stages: t.stages.map((s) => ({ name: s.name, type: s.type, resultsUrl: s.resultsUrl ?? null })),
    programs: t.programDays.map((d) => ({
      date: d.date,
      tours: d.tours.map((x) => ({ time: x.time, name: x.name })),
    })),
  }
}

const decodeTournament = Schema.decodeSync(Tournament)

/** A tournament as the domain's class (the API, the registration screens); the event page takes tournamentData. */
const toTournament = (t: TournamentGraph, now: Date, timeZone: string, eventAccepted: boolean): Tournament =>
  decodeTournament(tournamentData(t, now, timeZone, eventAccepted))
