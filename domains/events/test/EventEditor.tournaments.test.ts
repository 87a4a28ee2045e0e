// The event's tournaments, edited by the tournaments domain's TournamentEditor through the door the event's
// editor opens (decision 038): created, edited, ordered and removed with the event's summary kept current.
import { describe, expect, it } from '@effect/vitest'
import { insertEntry } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { pairsTournament, useEditorWorld } from './support/editorWorld.ts'

const { db, organiser, editor, tournamentEditor, general } = useEditorWorld()

describe('EventEditor', () => {
  describe('tournaments', () => {
    const pairs = pairsTournament
    const SummaryRow = Schema.Struct({ tournaments_count: Schema.Int })
    const summaryOf = (id: number) =>
      Effect.promise(async () =>
        Schema.decodeUnknownSync(Schema.Array(SummaryRow))(
          await db.orm.em.fork().execute('select tournaments_count from event where id = ?', [id]),
        ),
      )

    it.effect('adds, edits, orders and removes tournaments, keeping the event summary current', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        const first = yield* tournamentEditor((e) => e.saveTournament(actor, event.id, null, pairs()))
        const second = yield* tournamentEditor((e) =>
          e.saveTournament(actor, event.id, null, pairs({ name: 'Teams', type: 2, pointsScoreType: 'IMP' })),
        )
        expect(yield* summaryOf(event.id)).toEqual([{ tournaments_count: 2 }])
        const edit = yield* tournamentEditor((e) => e.tournament(actor, event.id, first))
        expect(edit.input.name).toBe('Open Pairs')
        expect(edit.input.registrationStart).toBe('2027-05-01T09:00')
        yield* tournamentEditor((e) =>
          e.saveTournament(actor, event.id, first, {
            ...pairs({ name: 'Open Pairs A' }),
            tickets: edit.input.tickets,
          }),
        )
        yield* tournamentEditor((e) => e.reorderTournaments(actor, event.id, [second, first]))
        const listed = yield* tournamentEditor((e) => e.tournaments(actor, event.id))
        expect(listed.map((t) => t.name)).toEqual(['Teams', 'Open Pairs A'])
        const badOrder = yield* Effect.flip(
          tournamentEditor((e) => e.reorderTournaments(actor, event.id, [first])),
        )
        expect(badOrder).toMatchObject({ _tag: 'EventEditRefused', reason: 'badOrder' })
        yield* tournamentEditor((e) => e.removeTournament(actor, event.id, second))
        expect(yield* summaryOf(event.id)).toEqual([{ tournaments_count: 1 }])
      }),
    )

    it.effect(
      'reports invalid tournaments by field, refuses other organisers and keeps entered tournaments',
      () =>
        Effect.gen(function* () {
          const actor = yield* organiser()
          const other = yield* organiser()
          const event = yield* editor((e) => e.create(actor, general()))
          const invalid = yield* Effect.flip(
            tournamentEditor((e) =>
              e.saveTournament(actor, event.id, null, pairs({ name: '', endDate: '2027-06-01' })),
            ),
          )
          expect(invalid._tag).toBe('EventInputInvalid')
          expect(invalid._tag === 'EventInputInvalid' && invalid.problems.map((p) => p.field)).toContain(
            'name',
          )
          const id = yield* tournamentEditor((e) => e.saveTournament(actor, event.id, null, pairs()))
          for (const refused of [
            yield* Effect.flip(tournamentEditor((e) => e.saveTournament(other, event.id, null, pairs()))),
            yield* Effect.flip(tournamentEditor((e) => e.saveTournament(other, event.id, id, pairs()))),
            yield* Effect.flip(tournamentEditor((e) => e.removeTournament(other, event.id, id))),
            yield* Effect.flip(tournamentEditor((e) => e.tournament(other, event.id, id))),
            yield* Effect.flip(tournamentEditor((e) => e.reorderTournaments(other, event.id, [id]))),
          ])
            expect(refused).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
          // A tournament of another event is not found through this one.
          const elsewhere = yield* editor((e) => e.create(actor, general()))
          const wrongEvent = yield* Effect.flip(
            tournamentEditor((e) => e.tournament(actor, elsewhere.id, id)),
          )
          expect(wrongEvent).toMatchObject({ reason: 'notFound' })
          yield* Effect.promise(() =>
            insertEntry(db.orm, {
              tournamentId: id,
              contestants: [{ firstName: 'Ona', lastName: 'Ona', email: null }],
            }),
          )
          const kept = yield* Effect.flip(tournamentEditor((e) => e.removeTournament(actor, event.id, id)))
          expect(kept).toMatchObject({ _tag: 'EventEditRefused', reason: 'hasEntries' })
        }),
    )

    it.effect('the validate call includes the tournaments’ problems under their steps', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        yield* tournamentEditor((e) =>
          e.saveTournament(
            actor,
            event.id,
            null,
            pairs({ startDate: '2027-07-01', endDate: '2027-07-01', tickets: [] }),
          ),
        )
        const problems = yield* editor((e) => e.problems(actor, event.id))
        const steps = problems.map((p) => [p.step, p.field, p.rule])
        expect(steps).toContainEqual(['tournaments', 'startDate', 'outsideEvent'])
        expect(steps).toContainEqual(['registration-entry-fees-and-prizes', 'tickets', 'noTicketForSale'])
        expect(problems.every((p) => p.tournamentId !== null)).toBe(true)
      }),
    )
  })
})
