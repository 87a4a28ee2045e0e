import {
  type EventActor,
  EventEditing,
  EventEditRefused,
  EventEntries,
  EventInputInvalid,
} from '@kibitz/events'
import { type Em, type EventId, inTransaction } from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import { type Tournament, TournamentId } from './Tournament.ts'
import type { TournamentNotFound } from './TournamentErrors.ts'
import { TournamentInput, tournamentToInput } from './TournamentInput.ts'
import { TournamentService } from './TournamentService.ts'
import {
  type TournamentHasSales,
  type TournamentInputInvalid,
  type TournamentOrderInvalid,
  TournamentStore,
} from './TournamentStore.ts'

// The organiser's editor of an event's tournaments (spec section 2, the tournaments and fees steps): through the
// door the event's editor opens (EventEditing: the same owner and state checks, the event's lock, the publication
// guard of a public event, and the record every edit leaves), the tournaments domain writes its own rows.

/** One tournament as the editor shows it: the stored tournament (with tickets left) and its form values. */
export class TournamentForEdit extends Schema.Class<TournamentForEdit>(
  '@kibitz/tournaments/TournamentForEdit',
)({
  tournamentId: TournamentId,
  alias: Schema.String,
  input: TournamentInput,
  /** Per ticket id: how many are sold (quantities may not go below). */
  sold: Schema.Record(Schema.String, Schema.Int),
  hasEntries: Schema.Boolean,
}) {}

export class TournamentEditor extends Context.Service<
  TournamentEditor,
  {
    /** The event's organiser or the super user: the event's tournaments in their order, as the editor shows them. */
    tournaments(
      actor: EventActor,
      eventId: EventId,
    ): Effect.Effect<ReadonlyArray<Tournament>, EventEditRefused, Em>
    /** Same actors: one tournament with its form values. */
    tournament(
      actor: EventActor,
      eventId: EventId,
      tournamentId: TournamentId,
    ): Effect.Effect<TournamentForEdit, EventEditRefused, Em>
    /**
     * Same actors, while the event is editable: creates (tournamentId null) or replaces a tournament with its
     * tickets, age categories and prizes, and keeps the event's tournament summary current.
     */
    saveTournament(
      actor: EventActor,
      eventId: EventId,
      tournamentId: TournamentId | null,
      input: unknown,
    ): Effect.Effect<TournamentId, EventEditRefused | EventInputInvalid, Em>
    /**
     * Same actors, while editable: replaces one tournament's program only, reading and writing the tournament
     * under the event's lock so an edit landing meanwhile is not lost.
     */
    saveProgram(
      actor: EventActor,
      eventId: EventId,
      tournamentId: TournamentId,
      programs: unknown,
    ): Effect.Effect<void, EventEditRefused | EventInputInvalid, Em>
    /** Same actors, while editable: removes a tournament nobody entered. */
    removeTournament(
      actor: EventActor,
      eventId: EventId,
      tournamentId: TournamentId,
    ): Effect.Effect<void, EventEditRefused, Em>
    /** Same actors, while editable: the new order of all the event's tournaments. */
    reorderTournaments(
      actor: EventActor,
      eventId: EventId,
      tournamentIds: ReadonlyArray<TournamentId>,
    ): Effect.Effect<void, EventEditRefused, Em>
  }
>()('@kibitz/tournaments/TournamentEditor') {
  static readonly layer = Layer.effect(
    TournamentEditor,
    Effect.gen(function* () {
      const events = yield* EventEditing
      const entries = yield* EventEntries
      const store = yield* TournamentStore
      const reads = yield* TournamentService
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      /**
       * Locks a tournament's tickets and categories, then its event (a sale's order, see lockSales), once an
       * unlocked read found the event the actor's and editable: a stranger's request takes no lock on another
       * organiser's ticket rows, so it never holds up that event's sales. Checked again under the lock.
       */
      const lockTournamentEditable = Effect.fn('TournamentEditor.lockTournamentEditable')(function* (
        actor: EventActor,
        eventId: EventId,
        tournamentId: TournamentId,
      ) {
        yield* events.editable(actor, eventId)
        yield* store.lockSales(eventId, TournamentId.make(tournamentId))
        return yield* events.lockEditable(actor, eventId)
      })

      const invalidTournament = (invalid: TournamentInputInvalid) =>
        Effect.fail(new EventInputInvalid({ problems: invalid.problems }))
      const missingTournament = (_: TournamentNotFound) =>
        Effect.fail(new EventEditRefused({ reason: 'notFound' }))

      const tournaments = Effect.fn('TournamentEditor.tournaments')(function* (
        actor: EventActor,
        eventId: EventId,
      ) {
        const event = yield* events.owned(actor, eventId)
        return yield* reads.listForEvent(event)
      })

      const tournament = Effect.fn('TournamentEditor.tournament')(function* (
        actor: EventActor,
        eventId: EventId,
        tournamentId: TournamentId,
      ) {
        const event = yield* events.owned(actor, eventId)
        const found = yield* reads
          .findInEvent(event, String(tournamentId))
          .pipe(
            Effect.catchTag('TournamentNotFound', () =>
              Effect.fail(new EventEditRefused({ reason: 'notFound' })),
            ),
          )
        if (found.tournamentId !== tournamentId) return yield* new EventEditRefused({ reason: 'notFound' })
        return new TournamentForEdit({
          tournamentId,
          alias: found.alias,
          input: tournamentToInput(found, event.timeZone),
          sold: Object.fromEntries(
            found.tickets.map((k) => [String(k.ticketId), k.quantity - k.ticketsLeft]),
          ),
          hasEntries: (yield* entries.entriesOfTournament(tournamentId)) > 0,
        })
      })

      const saveTournament = Effect.fn('TournamentEditor.saveTournament')(function* (
        actor: EventActor,
        eventId: EventId,
        tournamentId: TournamentId | null,
        input: unknown,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const event =
              tournamentId === null
                ? yield* events.lockEditable(actor, eventId)
                : yield* lockTournamentEditable(actor, eventId, tournamentId)
            const baseline = yield* events.baseline(eventId)
            const at = yield* now
            const id =
              tournamentId === null
                ? yield* store
                    .create(eventId, input, event.context)
                    .pipe(Effect.catchTag('TournamentInputInvalid', invalidTournament))
                : yield* store.update(eventId, TournamentId.make(tournamentId), input, event.context).pipe(
                    Effect.as(tournamentId),
                    Effect.catchTags({
                      TournamentInputInvalid: invalidTournament,
                      TournamentNotFound: missingTournament,
                    }),
                  )
            yield* events.keepPublishable(eventId, baseline)
            yield* events.recordEdit(
              actor,
              eventId,
              tournamentId === null ? 'createTournament' : 'updateTournament',
              at,
              { summary: true },
            )
            return id
          }),
        )
      })

      const saveProgram = Effect.fn('TournamentEditor.saveProgram')(function* (
        actor: EventActor,
        eventId: EventId,
        tournamentId: TournamentId,
        programs: unknown,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockTournamentEditable(actor, eventId, tournamentId)
            const found = yield* reads
              .findInEvent(event, String(tournamentId))
              .pipe(Effect.catchTag('TournamentNotFound', missingTournament))
            if (found.tournamentId !== tournamentId)
              return yield* new EventEditRefused({ reason: 'notFound' })
            const baseline = yield* events.baseline(eventId)
            const input = { ...tournamentToInput(found, event.timeZone), programs }
            yield* store.update(eventId, TournamentId.make(tournamentId), input, event.context).pipe(
              Effect.catchTags({
                TournamentInputInvalid: invalidTournament,
                TournamentNotFound: missingTournament,
              }),
            )
            yield* events.keepPublishable(eventId, baseline)
            yield* events.recordEdit(actor, eventId, 'updateProgram', yield* now)
          }),
        )
      })

      const removeTournament = Effect.fn('TournamentEditor.removeTournament')(function* (
        actor: EventActor,
        eventId: EventId,
        tournamentId: TournamentId,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* lockTournamentEditable(actor, eventId, tournamentId)
            // Players who entered keep their entry: a tournament with entries is not removed (decision 015).
            if ((yield* entries.entriesOfTournament(tournamentId)) > 0)
              return yield* new EventEditRefused({ reason: 'hasEntries' })
            yield* store.remove(eventId, TournamentId.make(tournamentId)).pipe(
              Effect.catchTags({
                TournamentNotFound: missingTournament,
                TournamentHasSales: (_: TournamentHasSales) =>
                  Effect.fail(new EventEditRefused({ reason: 'hasEntries' })),
              }),
            )
            yield* events.recordEdit(actor, eventId, 'removeTournament', yield* now, { summary: true })
          }),
        )
      })

      const reorderTournaments = Effect.fn('TournamentEditor.reorderTournaments')(function* (
        actor: EventActor,
        eventId: EventId,
        tournamentIds: ReadonlyArray<TournamentId>,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* events.lockEditable(actor, eventId)
            yield* store
              .reorder(
                eventId,
                tournamentIds.map((id) => TournamentId.make(id)),
              )
              .pipe(
                Effect.catchTag('TournamentOrderInvalid', (_: TournamentOrderInvalid) =>
                  Effect.fail(new EventEditRefused({ reason: 'badOrder' })),
                ),
              )
            yield* events.recordEdit(actor, eventId, 'reorderTournaments', yield* now)
          }),
        )
      })

      return TournamentEditor.of({
        tournaments,
        tournament,
        saveTournament,
        saveProgram,
        removeTournament,
        reorderTournaments,
      })
    }),
  )
}
