import { describe, expect, it } from '@effect/vitest'
import type { EventActor } from '@kibitz/events'
import { type EventId, type TournamentId, UserId } from '@kibitz/kernel'
import { insertEvent, insertOrganiser, insertTournament, runWith, useDomainDatabase } from '@kibitz/testing'
import { TournamentEditor } from '@kibitz/tournaments'
import { Effect, Fiber } from 'effect'

// Decision 003: a tournament edit locks the tournament's tickets and categories before its event's row, as a sale
// does. It checks first, without a lock, that the event is the actor's and editable: a request the editor refuses
// takes no lock on the ticket rows, so it neither waits for a sale nor holds one up.

const db = useDomainDatabase()

// The event's tournaments are edited by their domain, through the door the event's editor opens.
const tournamentEditor = <A, E, R>(f: (e: TournamentEditor['Service']) => Effect.Effect<A, E, R>) =>
  runWith(
    db.orm,
    TournamentEditor.use((e) => f(e)),
  )

/** An event of a new organiser in `state`, with one tournament of one ticket. */
const eventWithTicket = (state: string) =>
  Effect.promise(async () => {
    const organiserId = await insertOrganiser(db.orm)
    const eventId = await insertEvent(db.orm, { organiserId, state, dateStart: '2027-06-10' })
    const tournament = await insertTournament(db.orm, { eventId, startDate: '2027-06-10', tickets: [{}] })
    const owner: EventActor = { userId: UserId.make(1000 + organiserId), organiserId, isSuper: false }
    return { owner, eventId, tournamentId: tournament.id, ticketId: tournament.ticketIds[0] ?? 0 }
  })

/**
 * Runs the editor's three tournament edits as `actor` while a sale's transaction holds the ticket's row, and
 * returns why each was refused and what happened in which order: each refusal, then the sale's commit (1.5 s
 * later), unless a refusal waited for it.
 */
const whileASaleHoldsTheTicket = (
  actor: EventActor,
  target: { readonly eventId: EventId; readonly tournamentId: TournamentId; readonly ticketId: number },
) =>
  Effect.gen(function* () {
    const { eventId, tournamentId, ticketId } = target
    const sale = db.orm.em.fork()
    yield* Effect.promise(() => sale.begin())
    // A registration's transaction holds the ticket's row, as TicketSales.reserve does.
    yield* Effect.promise(() => sale.execute('select id from ticket where id = ? for update', [ticketId]))
    const happened: Array<string> = []
    const refusal = <A, E extends { readonly _tag: string }, R>(
      name: string,
      attempt: Effect.Effect<A, E, R>,
    ) =>
      attempt.pipe(
        Effect.flip,
        Effect.map((e) => ('reason' in e ? e.reason : e._tag)),
        Effect.tap(() => Effect.sync(() => happened.push(name))),
      )
    const attempts = yield* Effect.forkChild(
      Effect.all([
        refusal(
          'save',
          tournamentEditor((e) => e.saveTournament(actor, eventId, tournamentId, {})),
        ),
        refusal(
          'program',
          tournamentEditor((e) => e.saveProgram(actor, eventId, tournamentId, [])),
        ),
        refusal(
          'remove',
          tournamentEditor((e) => e.removeTournament(actor, eventId, tournamentId)),
        ),
      ]),
    )
    yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1500)))
    happened.push('sale commits')
    yield* Effect.promise(() => sale.commit())
    return { reasons: yield* Fiber.join(attempts), happened }
  })

describe('tournament edits and ticket sales', () => {
  it.effect('another organiser’s edits of a tournament are refused without waiting for its sales', () =>
    Effect.gen(function* () {
      const target = yield* eventWithTicket('accepted')
      const strangerId = yield* Effect.promise(() => insertOrganiser(db.orm))
      const stranger: EventActor = {
        userId: UserId.make(1000 + strangerId),
        organiserId: strangerId,
        isSuper: false,
      }
      expect(yield* whileASaleHoldsTheTicket(stranger, target)).toEqual({
        reasons: ['notFound', 'notFound', 'notFound'],
        happened: ['save', 'program', 'remove', 'sale commits'],
      })
    }),
  )

  it.effect(
    'the organiser’s edits of a tournament of a canceled event are refused without waiting for its sales',
    () =>
      Effect.gen(function* () {
        const target = yield* eventWithTicket('canceled')
        expect(yield* whileASaleHoldsTheTicket(target.owner, target)).toEqual({
          reasons: ['notEditable', 'notEditable', 'notEditable'],
          happened: ['save', 'program', 'remove', 'sale commits'],
        })
      }),
  )
})
