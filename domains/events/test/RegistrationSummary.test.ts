import { describe, expect, it } from '@effect/vitest'
import { EventActions, type EventActor, EventService } from '@kibitz/events'
import { Em, type EventId, UserId } from '@kibitz/kernel'
import { type RegisterInput, RegistrationDesk } from '@kibitz/registration'
import { insertOrganiser, runWith } from '@kibitz/testing'
import { TournamentService } from '@kibitz/tournaments'
import { Effect, Fiber } from 'effect'
import { TestClock } from 'effect/testing'
import { EventEntity } from '../src/internal/entities/EventEntity.ts'
import { writeTournamentSummary } from '../src/internal/TournamentSummary.ts'
import { pairsTournament, useEditorWorld } from './support/editorWorld.ts'

// Decision 003: the event keeps a summary of its tournaments' registration windows for its cards, and every change
// that moves it recomputes it in the same transaction: a sale that takes the last place closes registration on
// the card, the event page and the API at once; a cancellation, an expiry or a bigger quantity opens it again.

const { db, editor, tournamentEditor } = useEditorWorld()

const desk = <A, E, R>(f: (d: RegistrationDesk['Service']) => Effect.Effect<A, E, R>) =>
  runWith(
    db.orm,
    RegistrationDesk.use((d) => f(d)),
  )

/** 10 May 2027, noon in Vilnius: registration (1 May – 9 June) is open. */
const setNow = () => TestClock.setTime(Date.parse('2027-05-10T09:00:00.000Z'))

const tournament = (quantity: number, ageCategories: ReadonlyArray<Record<string, unknown>> = []) =>
  pairsTournament({
    isPrizeInformationEnabled: false,
    tickets: [{ type: 1, priceMinor: 4000, quantity, isForSale: true, isPricePerTeam: false, ageCategories }],
  })

/** A published event paid by bank transfer, with one pairs tournament of `quantity` places. */
const published = (quantity: number, ageCategories: ReadonlyArray<Record<string, unknown>> = []) =>
  Effect.gen(function* () {
    const organiserId = yield* Effect.promise(() => insertOrganiser(db.orm))
    const actor: EventActor = { userId: UserId.make(1000 + organiserId), organiserId, isSuper: false }
    const event = yield* editor((e) =>
      e.create(actor, {
        contents: [{ language: 'en', name: 'Harbour Pairs', description: null, isMain: true, type: 1 }],
        type: 3,
        isLive: true,
        isOnline: false,
        editionType: 1,
        editionYear: 2027,
        editionSeason: null,
        dateStart: '2027-06-10',
        dateEnd: '2027-06-10',
        countryCode: 'LT',
        languages: ['en'],
        currencyCode: 'EUR',
        timeZone: 'Europe/Vilnius',
        organiserEmail: null,
        locations: [{ name: 'Harbour club', addressLine: 'Uosto g. 1, Klaipėda', isMain: true }],
      }),
    )
    yield* editor((e) =>
      e.updateAdditional(actor, event.id, {
        externalPageUrl: null,
        liveResultsUrl: null,
        championshipTypeText: null,
        isYouth: false,
        fbCommentsEnabled: true,
        showNativeName: false,
        payment: { beneficiary: 'Klaipėdos bridžas', iban: 'LT121000011101001000', bic: 'CBVILT2X' },
      }),
    )
    const tournamentId = yield* tournamentEditor((e) =>
      e.saveTournament(actor, event.id, null, tournament(quantity, ageCategories)),
    )
    yield* runWith(
      db.orm,
      EventActions.use((a) => a.perform(actor, event.id, 'publish')),
    )
    return { actor, eventId: event.id, tournamentId }
  })

const pairOf = (ticketId: number, ageCategoryId: number | null = null): RegisterInput => ({
  data: {
    contestants: ['Ona', 'Rūta'].map((firstName) => ({
      firstName,
      lastName: 'Jonaitytė',
      countryCode: 'LT',
      email: `${firstName.toLowerCase()}@example.org`,
      federationId: '',
      ticketId,
      ageCategoryId,
    })),
    teamName: '',
    contactEmail: 'ona@example.org',
  },
  ticket: { expectedTotalMinor: 8000, paymentMethod: 'bankTransfer' },
  policy: true,
})

/** "Registration open" as the card, the event page and the event's tournaments say it. */
const openness = (eventId: EventId) =>
  Effect.gen(function* () {
    const [card] = yield* runWith(
      db.orm,
      EventService.use((s) => s.cards([eventId], 'en')),
    )
    const page = yield* runWith(
      db.orm,
      EventService.use((s) => s.view(String(eventId), 'en')),
    )
    const tournaments = yield* runWith(
      db.orm,
      TournamentService.use((t) =>
        t.listForEvent({ id: eventId, timeZone: 'Europe/Vilnius', state: 'accepted' }),
      ),
    )
    return {
      card: card?.isOpenRegistration,
      page: page.card.isOpenRegistration,
      closesAt: page.registrationClosesAt,
      tournament: tournaments[0]?.isOpenRegistration,
    }
  })

const open = { card: true, page: true, closesAt: '2027-06-09T17:00:00.000Z', tournament: true }
const closed = { card: false, page: false, closesAt: null, tournament: false }

const ticketOf = (eventId: EventId) =>
  Effect.map(
    runWith(
      db.orm,
      TournamentService.use((t) =>
        t.listForEvent({ id: eventId, timeZone: 'Europe/Vilnius', state: 'accepted' }),
      ),
    ),
    (ts) => ts[0]?.tickets[0]?.ticketId ?? 0,
  )

describe('the event’s registration summary', () => {
  it.effect(
    'is written from the row, not from a copy of the event loaded before another request changed it',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const { eventId } = yield* published(4)
        yield* runWith(
          db.orm,
          Effect.gen(function* () {
            const em = yield* Em
            // This request holds the event as it was (open); then another request's sale closes it on the row.
            const held = yield* Effect.promise(() => em.findOneOrFail(EventEntity, { id: eventId }))
            yield* Effect.promise(() =>
              db.orm.em
                .fork()
                .execute(
                  `update event set registration_windows = '[]', registration_closes_at = null where id = ?`,
                  [eventId],
                ),
            )
            // A cancellation here recomputes "open", the same as the held copy: the row must hold it again.
            yield* writeTournamentSummary(eventId, {
              tournamentsCount: held.tournamentsCount,
              registrationOpensAt: held.registrationOpensAt ?? null,
              registrationClosesAt: held.registrationClosesAt ?? null,
              registrationWindows: held.registrationWindows,
            })
          }),
        )
        expect(yield* openness(eventId)).toEqual(open)
      }),
  )

  it.effect('closes when a sale takes the last place and opens again when the entry is canceled', () =>
    Effect.gen(function* () {
      yield* setNow()
      const { actor, eventId, tournamentId } = yield* published(4)
      const ticketId = yield* ticketOf(eventId)
      const register = () =>
        desk((d) =>
          d.register(String(eventId), String(tournamentId), pairOf(ticketId), {
            userId: null,
            language: 'en',
          }),
        )
      expect(yield* openness(eventId)).toEqual(open)
      yield* register()
      // Two places of four left: still open.
      expect(yield* openness(eventId)).toEqual(open)
      const last = yield* register()
      expect(yield* openness(eventId)).toEqual(closed)
      yield* desk((d) => d.cancel(actor, last.entryId))
      expect(yield* openness(eventId)).toEqual(open)
    }),
  )

  it.effect(
    'opens again when an unpaid entry expires, and closes when its late payment takes the places back',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const { actor, eventId, tournamentId } = yield* published(2)
        const ticketId = yield* ticketOf(eventId)
        const receipt = yield* desk((d) =>
          d.register(String(eventId), String(tournamentId), pairOf(ticketId), {
            userId: null,
            language: 'en',
          }),
        )
        expect(receipt.status).toBe('pending')
        expect(yield* openness(eventId)).toEqual(closed)
        yield* TestClock.adjust('73 hours')
        expect(yield* desk((d) => d.expireDue(100))).toBe(1)
        expect(yield* openness(eventId)).toEqual(open)
        yield* desk((d) => d.markPaid(actor, receipt.entryId))
        expect(yield* openness(eventId)).toEqual(closed)
      }),
  )

  it.effect('opens again when the organiser adds places to a sold-out ticket', () =>
    Effect.gen(function* () {
      yield* setNow()
      const { actor, eventId, tournamentId } = yield* published(2)
      const ticketId = yield* ticketOf(eventId)
      yield* desk((d) =>
        d.register(String(eventId), String(tournamentId), pairOf(ticketId), { userId: null, language: 'en' }),
      )
      expect(yield* openness(eventId)).toEqual(closed)
      const edit = yield* tournamentEditor((e) => e.tournament(actor, eventId, tournamentId))
      yield* tournamentEditor((e) =>
        e.saveTournament(actor, eventId, tournamentId, {
          ...edit.input,
          tickets: edit.input.tickets.map((k) => ({ ...k, quantity: 6 })),
        }),
      )
      expect(yield* openness(eventId)).toEqual(open)
    }),
  )

  it.effect('closes when the only age category of a ticket with places left is full', () =>
    Effect.gen(function* () {
      yield* setNow()
      const { eventId, tournamentId } = yield* published(10, [
        {
          name: 'Open',
          priceMinor: 4000,
          quantity: 2,
          discountPercent: 0,
          isEarlyBird: false,
          enabled: true,
        },
      ])
      const [ticket] =
        (yield* runWith(
          db.orm,
          TournamentService.use((t) =>
            t.listForEvent({ id: eventId, timeZone: 'Europe/Vilnius', state: 'accepted' }),
          ),
        ))[0]?.tickets ?? []
      const categoryId = ticket?.ticketAgeCategories[0]?.ticketAgeCategoryId ?? null
      expect(yield* openness(eventId)).toEqual(open)
      yield* desk((d) =>
        d.register(String(eventId), String(tournamentId), pairOf(ticket?.ticketId ?? 0, categoryId), {
          userId: null,
          language: 'en',
        }),
      )
      expect(yield* openness(eventId)).toEqual(closed)
    }),
  )

  it.effect('an organiser’s save and a registration that takes the last place both go through', () =>
    Effect.gen(function* () {
      yield* setNow()
      const { actor, eventId, tournamentId } = yield* published(60)
      const ticketId = yield* ticketOf(eventId)
      const edit = yield* tournamentEditor((e) => e.tournament(actor, eventId, tournamentId))
      const sale = db.orm.em.fork()
      yield* Effect.promise(() => sale.begin())
      // A registration's transaction holds the ticket's row, as TicketSales.reserve does…
      yield* Effect.promise(() => sale.execute('select id from ticket where id = ? for update', [ticketId]))
      // …while the organiser saves the tournament (which waits for the ticket's row before it locks the event).
      const save = yield* Effect.forkChild(
        tournamentEditor((e) =>
          e.saveTournament(actor, eventId, tournamentId, {
            ...edit.input,
            tickets: edit.input.tickets.map((k) => ({ ...k, quantity: 70 })),
          }),
        ),
      )
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 300)))
      // The registration took the last place: it locks the event's row to recompute its summary, then writes its
      // entry, whose foreign key check takes KEY SHARE on that row. Neither waits for the save.
      yield* Effect.promise(() =>
        sale.execute('select id from event where id = ? for no key update', [eventId]),
      )
      yield* Effect.promise(() => sale.execute('select id from event where id = ? for key share', [eventId]))
      yield* Effect.promise(() => sale.commit())
      expect(yield* Fiber.join(save)).toBe(tournamentId)
      const saved = yield* tournamentEditor((e) => e.tournament(actor, eventId, tournamentId))
      expect(saved.input.tickets.map((k) => k.quantity)).toEqual([70])
    }),
  )
})
