import {
  decodeWithProblems,
  type Em,
  EventId,
  FieldProblem,
  inTransaction,
  slugify,
  ValidationRule,
  ValidationRuleSchema,
  zonedTimeToUtc,
} from '@kibitz/kernel'
import { Context, Effect, Layer, Schema } from 'effect'
import {
  type PrizeData,
  type StoredTicket,
  type TournamentData,
  TournamentWriteRepo,
} from './internal/TournamentWriteRepo.ts'
import { TournamentId } from './Tournament.ts'
import { TournamentNotFound } from './TournamentErrors.ts'
import {
  isMainPrize,
  PrizeType,
  prizeSplit,
  type TournamentContext,
  TournamentInput,
  tournamentProblems,
  tournamentToInput,
} from './TournamentInput.ts'
import { TournamentService } from './TournamentService.ts'

// The organiser's writes on an event's tournaments. Who may edit the event is the caller's question (the
// events domain's editor); this service keeps the tournaments consistent with their sales and with each
// other. The rules are in docs/decisions/015-tournament-editing.md.

/** The input breaks rules: every problem at once, each with the dotted path of its field. */
export class TournamentInputInvalid extends Schema.TaggedError<TournamentInputInvalid>()(
  'TournamentInputInvalid',
  {
    problems: Schema.Array(FieldProblem),
  },
) {}

/** The tournament cannot be removed: tickets of it are sold. */
export class TournamentHasSales extends Schema.TaggedError<TournamentHasSales>()('TournamentHasSales', {
  eventId: EventId,
  tournamentId: TournamentId,
}) {}

/** A new order must name each of the event's tournaments exactly once. */
export class TournamentOrderInvalid extends Schema.TaggedError<TournamentOrderInvalid>()(
  'TournamentOrderInvalid',
  {
    eventId: EventId,
    /** The event's tournaments the order leaves out. */
    missing: Schema.Array(TournamentId),
    /** Ids that are not the event's, or named twice. */
    unexpected: Schema.Array(Schema.Int),
  },
) {}

/** One reason an event's tournament cannot be published yet. */
export class TournamentProblem extends Schema.Class<TournamentProblem>(
  '@kibitz/tournaments/TournamentProblem',
)({
  tournamentId: TournamentId,
  field: Schema.String,
  rule: ValidationRuleSchema,
}) {}

/** Aliases take at most this many characters before a '-2' style suffix (the column holds 120). */
const aliasMaxLength = 100

/** The alias for `name` that no other tournament of the event has: the slug, then slug-2, slug-3, … */
export const uniqueAlias = (name: string, taken: ReadonlySet<string>): string => {
  const slug = slugify(name).slice(0, aliasMaxLength).replace(/-+$/, '')
  // An alias of digits alone would read as a tournament id in /tournament/{aliasOrId}.
  const base = slug === '' ? 'tournament' : /^\d+$/.test(slug) ? `tournament-${slug}` : slug
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n += 1
  return `${base}-${n}`
}

const problem = (field: string, rule: FieldProblem['rule']) => new FieldProblem({ field, rule })

/** The wall-clock 'YYYY-MM-DDTHH:mm' of the event's zone as an instant. */
const instant = (local: string | null | undefined, timeZone: string): Date | null =>
  local ? new Date(zonedTimeToUtc(local.slice(0, 10), local.slice(11, 16), timeZone)) : null

/**
 * The prizes to store: with the formula and a pool, every place of the main ranking up to the setup's
 * number gets its share (a typed prize of that place keeps its icons and custom text); otherwise as typed.
 */
const prizesToStore = (input: TournamentInput): ReadonlyArray<PrizeData> => {
  const typed = input.prizes.map((p) => ({
    placeNumber: p.placeNumber,
    additionalName: p.additionalName ?? null,
    prizeAmountMinor: p.prizeAmountMinor ?? null,
    customPrize: p.customPrize ?? null,
    medalIconKey: p.medalIconKey ?? null,
    cupIconKey: p.cupIconKey ?? null,
    type: p.type,
  }))
  const setup = input.prizeSetup
  if (!setup?.isFormulaUsed || !setup.prizePoolMinor) return typed
  const shares = prizeSplit(setup.prizePoolMinor, setup.placesNumber)
  const computed = shares.map((amount, i) => {
    const place = i + 1
    const own = typed.find((p) => isMainPrize(p) && p.placeNumber === place)
    return {
      placeNumber: place,
      additionalName: null,
      prizeAmountMinor: amount,
      customPrize: own?.customPrize ?? null,
      medalIconKey: own?.medalIconKey ?? null,
      cupIconKey: own?.cupIconKey ?? null,
      type: PrizeType.money,
    }
  })
  const others = typed.filter((p) => !isMainPrize(p) || p.placeNumber > setup.placesNumber)
  return [...computed, ...others]
}

/** What the store writes for a checked input. */
const toData = (input: TournamentInput, timeZone: string): TournamentData => ({
  columns: {
    name: input.name,
    additionalName: input.additionalName ?? null,
    type: input.type,
    isMultiSession: input.isMultiSession,
    isComplicated: input.isComplicated,
    isComplicatedMultiSession: input.isComplicatedMultiSession,
    isComplicatedMultiRound: input.isComplicatedMultiRound,
    isComplicatedGroup: input.isComplicatedGroup,
    startDate: input.startDate,
    endDate: input.endDate,
    startTime: input.startTime ?? null,
    endTime: input.endTime ?? null,
    pointsScoreType: input.pointsScoreType,
    verifyPlayer: input.verifyPlayer,
    resultsSource: input.resultsSource ?? null,
    resultsUrl: input.resultsUrl ?? null,
    rulesAndRegulationsFile: input.rulesAndRegulationsFile,
    hasRegistration: input.hasRegistration,
    isRegistrationEnabled: input.isRegistrationEnabled,
    registrationStartAt: instant(input.registrationStart, timeZone),
    registrationEndAt: instant(input.registrationEnd, timeZone),
    registrationType: input.registrationType ?? 1,
    playerListUrl: input.playerListUrl ?? null,
    isPrizeInformationEnabled: input.isPrizeInformationEnabled,
    isPlayerListViewEnabled: input.isPlayerListViewEnabled,
    boards: input.boards ?? null,
    description: input.description ?? null,
    locationName: input.locationName ?? null,
  },
  sessions: input.sessions.map((s) => ({
    startDate: s.startDate,
    endDate: s.endDate ?? null,
    startTime: s.startTime ?? null,
    endTime: s.endTime ?? null,
    type: s.type ?? 1,
    text: s.text ?? null,
    boards: s.boards ?? null,
  })),
  stages: input.stages.map((s) => ({ name: s.name, type: s.type ?? 1, resultsUrl: s.resultsUrl ?? null })),
  programDays: input.programs.map((d) => ({ date: d.date, tours: d.tours })),
  tickets: input.tickets.map((k) => ({
    id: k.ticketId ?? null,
    type: k.type,
    priceMinor: k.priceMinor,
    quantity: k.quantity,
    isForSale: k.isForSale,
    isPricePerTeam: k.isPricePerTeam,
    ageCategories: k.ageCategories.map((c) => ({
      id: c.id ?? null,
      name: c.name,
      ageFrom: c.ageFrom ?? null,
      ageTo: c.ageTo ?? null,
      priceMinor: c.priceMinor,
      quantity: c.quantity ?? null,
      discountPercent: c.discountPercent,
      salesStartDate: c.salesStartDate ?? null,
      salesEndDate: c.salesEndDate ?? null,
      isEarlyBird: c.isEarlyBird,
      earlyBirdPriceMinor: c.earlyBirdPriceMinor ?? null,
      earlyBirdSalesStartDate: c.earlyBirdSalesStartDate ?? null,
      earlyBirdSalesEndDate: c.earlyBirdSalesEndDate ?? null,
      earlyBirdEndSalesQuantity: c.earlyBirdEndSalesQuantity ?? null,
      enabled: c.enabled,
    })),
  })),
  prizes: prizesToStore(input),
  prizeSetup: input.prizeSetup
    ? {
        placesNumber: input.prizeSetup.placesNumber,
        prizePoolMinor: input.prizeSetup.prizePoolMinor ?? null,
        customPrizePool: input.prizeSetup.customPrizePool ?? null,
        customPrizeText: input.prizeSetup.customPrizeText ?? null,
        isFormulaUsed: input.prizeSetup.isFormulaUsed,
      }
    : null,
})

/**
 * What the stored tickets allow: ids must be this tournament's own (none on a new one), quantities never
 * drop below what is sold, and a ticket or age category with sales cannot be left out.
 */
const salesProblems = (
  input: TournamentInput,
  stored: ReadonlyArray<StoredTicket>,
): ReadonlyArray<FieldProblem> => {
  const found: Array<FieldProblem> = []
  const kept = new Set<number>()
  for (const [i, k] of input.tickets.entries()) {
    const own = k.ticketId === undefined ? undefined : stored.find((s) => s.id === k.ticketId)
    if (k.ticketId !== undefined && !own)
      found.push(problem(`tickets.${i}.ticketId`, ValidationRule.unknownId))
    if (own) {
      kept.add(own.id)
      if (k.quantity < own.sold) found.push(problem(`tickets.${i}.quantity`, ValidationRule.belowSold))
    }
    const keptCategories = new Set<number>()
    for (const [j, c] of k.ageCategories.entries()) {
      if (c.id === undefined) continue
      const category = own?.ageCategories.find((s) => s.id === c.id)
      const field = `tickets.${i}.ageCategories.${j}`
      if (!category) {
        found.push(problem(`${field}.id`, ValidationRule.unknownId))
        continue
      }
      keptCategories.add(category.id)
      if (c.quantity != null && c.quantity < category.sold)
        found.push(problem(`${field}.quantity`, ValidationRule.belowSold))
    }
    if (own?.ageCategories.some((c) => c.sold > 0 && !keptCategories.has(c.id)))
      found.push(problem(`tickets.${i}.ageCategories`, ValidationRule.hasSales))
  }
  const dropsSales = stored.some(
    (s) => !kept.has(s.id) && (s.sold > 0 || s.ageCategories.some((c) => c.sold > 0)),
  )
  if (dropsSales) found.push(problem('tickets', ValidationRule.hasSales))
  return found
}

const decodeInput = (input: unknown) => {
  const decoded = decodeWithProblems(TournamentInput, input)
  return decoded.ok
    ? Effect.succeed(decoded.value)
    : Effect.fail(new TournamentInputInvalid({ problems: decoded.problems }))
}

const refuseIfAny = (problems: ReadonlyArray<FieldProblem>) =>
  problems.length === 0 ? Effect.void : Effect.fail(new TournamentInputInvalid({ problems }))

/**
 * Creates, edits, orders and removes an event's tournaments with their tickets, prizes and programs. The
 * caller (the events domain's editor) has already checked that the actor may edit the event, and records
 * the event's tournament summary (TournamentService.summaryForEvent) after a write.
 */
export class TournamentStore extends Context.Service<
  TournamentStore,
  {
    /** The event's editor: adds a tournament after the event's others, with an alias made from its name. */
    create(
      eventId: EventId,
      input: unknown,
      context: TournamentContext,
    ): Effect.Effect<TournamentId, TournamentInputInvalid, Em>
    /**
     * The event's editor: overwrites the tournament with `input`; tickets and age categories are matched by
     * id and keep their sales, and the alias stays as it is.
     */
    update(
      eventId: EventId,
      tournamentId: TournamentId,
      input: unknown,
      context: TournamentContext,
    ): Effect.Effect<void, TournamentInputInvalid | TournamentNotFound, Em>
    /** The event's editor: deletes a tournament none of whose tickets are sold. */
    remove(
      eventId: EventId,
      tournamentId: TournamentId,
    ): Effect.Effect<void, TournamentNotFound | TournamentHasSales, Em>
    /** The event's editor: puts the event's tournaments in this order (each named exactly once). */
    reorder(
      eventId: EventId,
      tournamentIds: ReadonlyArray<TournamentId>,
    ): Effect.Effect<void, TournamentOrderInvalid, Em>
    /**
     * The event's editor, after storing an uploaded PDF: makes `url` the tournament's rules and regulations, or
     * its results (results source "uploaded file", spec section 9); null takes it away.
     */
    attachFile(
      eventId: EventId,
      tournamentId: TournamentId,
      use: 'rules' | 'results',
      url: string | null,
    ): Effect.Effect<void, TournamentNotFound, Em>
    /**
     * The event's editor, in its transaction and before it locks the event: locks the tournament's tickets and
     * age categories as a sale does (a sale that takes the last place locks them, then the event).
     */
    lockSales(eventId: EventId, tournamentId: TournamentId): Effect.Effect<void, never, Em>
    /** The event's editor (validate and publish): every problem of the event's tournaments at once. */
    problemsOf(
      eventId: EventId,
      context: TournamentContext,
    ): Effect.Effect<ReadonlyArray<TournamentProblem>, never, Em>
  }
>()('@kibitz/tournaments/TournamentStore') {
  static readonly layer = Layer.effect(
    TournamentStore,
    Effect.gen(function* () {
      const tournaments = yield* TournamentService
      const repo = yield* TournamentWriteRepo

      const create = Effect.fn('TournamentStore.create')(function* (
        eventId: EventId,
        raw: unknown,
        context: TournamentContext,
      ) {
        const input = yield* decodeInput(raw)
        yield* refuseIfAny(salesProblems(input, []))
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* repo.lockEvent(eventId)
            const others = yield* repo.tournamentsOfEvent(eventId)
            const alias = uniqueAlias(input.name, new Set(others.map((t) => t.alias)))
            const orderNumber = Math.max(0, ...others.map((t) => t.orderNumber)) + 1
            const id = yield* repo.insertTournament(
              eventId,
              alias,
              orderNumber,
              toData(input, context.timeZone),
            )
            return TournamentId.make(id)
          }),
        )
      })

      const update = Effect.fn('TournamentStore.update')(function* (
        eventId: EventId,
        tournamentId: TournamentId,
        raw: unknown,
        context: TournamentContext,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* repo.lockEvent(eventId)
            const stored = yield* repo.findForEdit(eventId, tournamentId)
            if (!stored) return yield* new TournamentNotFound({ eventId, aliasOrId: String(tournamentId) })
            const input = yield* decodeInput(raw)
            yield* refuseIfAny(salesProblems(input, stored.tickets))
            yield* repo.updateTournament(eventId, tournamentId, toData(input, context.timeZone))
          }),
        )
      })

      const remove = Effect.fn('TournamentStore.remove')(function* (
        eventId: EventId,
        tournamentId: TournamentId,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* repo.lockEvent(eventId)
            const stored = yield* repo.findForEdit(eventId, tournamentId)
            if (!stored) return yield* new TournamentNotFound({ eventId, aliasOrId: String(tournamentId) })
            const sold = stored.tickets.some((k) => k.sold > 0 || k.ageCategories.some((c) => c.sold > 0))
            if (sold) return yield* new TournamentHasSales({ eventId, tournamentId })
            yield* repo.deleteTournament(tournamentId)
          }),
        )
      })

      const reorder = Effect.fn('TournamentStore.reorder')(function* (
        eventId: EventId,
        tournamentIds: ReadonlyArray<TournamentId>,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* repo.lockEvent(eventId)
            const own = (yield* repo.tournamentsOfEvent(eventId)).map((t) => TournamentId.make(t.id))
            const named = new Set<number>()
            const unexpected: Array<number> = []
            for (const id of tournamentIds) {
              if (!own.includes(id) || named.has(id)) unexpected.push(id)
              named.add(id)
            }
            const missing = own.filter((id) => !named.has(id))
            if (missing.length > 0 || unexpected.length > 0)
              return yield* new TournamentOrderInvalid({ eventId, missing, unexpected })
            yield* repo.setOrder(tournamentIds)
          }),
        )
      })

      const problemsOf = Effect.fn('TournamentStore.problemsOf')(function* (
        eventId: EventId,
        context: TournamentContext,
      ) {
        // What the tournaments lack before publication: read as the accepted event publication makes it.
        const stored = yield* tournaments.listForEvent({
          id: eventId,
          timeZone: context.timeZone,
          state: 'accepted',
        })
        return stored.flatMap((t) =>
          tournamentProblems(tournamentToInput(t, context.timeZone), context).map(
            (p) => new TournamentProblem({ tournamentId: t.tournamentId, field: p.field, rule: p.rule }),
          ),
        )
      })

      const attachFile = Effect.fn('TournamentStore.attachFile')(function* (
        eventId: EventId,
        tournamentId: TournamentId,
        use: 'rules' | 'results',
        url: string | null,
      ) {
        const attached = yield* repo.attachFile(eventId, tournamentId, use, url)
        if (!attached) return yield* new TournamentNotFound({ eventId, aliasOrId: String(tournamentId) })
      })

      return TournamentStore.of({
        create,
        update,
        remove,
        reorder,
        problemsOf,
        attachFile,
        lockSales: (eventId, tournamentId) => repo.lockSales(eventId, tournamentId),
      })
    }),
  ).pipe(Layer.provide(TournamentWriteRepo.layer), Layer.provide(TournamentService.layer))
}
