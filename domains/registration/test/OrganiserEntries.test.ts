import { describe, expect, it } from '@effect/vitest'
import { UserId } from '@kibitz/kernel'
import { type RegistrationActor, RegistrationService } from '@kibitz/registration'
import { insertOrganiser, insertTournament, runWith } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import { setNow, useDeskWorld } from './support/deskWorld.ts'

// What the organiser does with an entry (decision 020): mark it paid (a late transfer included), cancel it, move
// it to another tournament; and the expiry of unpaid entries. The list, CSV and bulk marking: RegistrationList.

const world = useDeskWorld()
const { db, desk, query, soldOf, mails, fixture, pair, register, organiserOf } = world

describe('RegistrationDesk: the organiser’s entries', () => {
  it.effect(
    'the organiser marks an entry paid: it is confirmed, in the player list, and another organiser cannot see it',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const receipt = yield* register(pair(f, 5500))
        const stranger: RegistrationActor = {
          userId: UserId.make(2),
          organiserId: yield* Effect.promise(() => insertOrganiser(db.orm)),
          isSuper: false,
        }
        expect(yield* Effect.flip(desk((d) => d.markPaid(stranger, receipt.entryId)))).toMatchObject({
          reason: 'notFound',
        })
        expect(
          yield* Effect.flip(
            desk((d) =>
              d.listForEvent(
                stranger,
                f.eventId,
                { tournamentId: null, status: null, search: null, offset: 0, limit: 10 },
                'en',
              ),
            ),
          ),
        ).toMatchObject({ reason: 'notFound' })
        const before = yield* runWith(
          db.orm,
          RegistrationService.use((r) => r.playerList(f.tournamentId)),
        )
        expect(before.entries).toEqual([])
        const paid = yield* desk((d) => d.markPaid(organiserOf(f), receipt.entryId))
        expect(paid).toMatchObject({ status: 'confirmed', paid: true })
        // Twice is once: no second e-mail.
        yield* desk((d) => d.markPaid(organiserOf(f), receipt.entryId))
        expect((yield* mails()).map((m) => m.kind)).toEqual([
          'registration.received',
          'registration.paymentReceived',
        ])
        // The receipt leads to the registrant's own status page (a second link; the first one still works).
        const [receiptMail] = yield* query(
          Schema.Array(Schema.Struct({ text_body: Schema.String })),
          `select text_body from mail_outbox where kind = 'registration.paymentReceived'`,
        )
        const receiptToken = /\/status\?token=([A-Za-z0-9_-]{43})/.exec(receiptMail?.text_body ?? '')?.[1]
        expect(receiptToken).toBeDefined()
        expect(receiptMail?.text_body).not.toMatch(/\/event\/spring-pairs/)
        expect(yield* desk((d) => d.status(receiptToken ?? '', 'en'))).toMatchObject({
          entryId: receipt.entryId,
          paid: true,
        })
        expect(yield* desk((d) => d.status(receipt.statusToken, 'en'))).toMatchObject({
          entryId: receipt.entryId,
        })
        const list = yield* runWith(
          db.orm,
          RegistrationService.use((r) => r.playerList(f.tournamentId)),
        )
        expect(list.entries.map((e) => e.contestants.map((c) => c.lastName))).toEqual([
          ['Jonaitytė', 'Petraitis'],
        ])
        const page = yield* desk((d) =>
          d.listForEvent(
            organiserOf(f),
            f.eventId,
            { tournamentId: null, status: null, search: null, offset: 0, limit: 10 },
            'en',
          ),
        )
        expect(page.total).toBe(1)
        const csv = yield* desk((d) => d.exportCsv(organiserOf(f), f.eventId, 'en'))
        expect(csv.split('\r\n').filter((l) => l !== '')).toHaveLength(3)
        expect(csv).toContain('"Jonaitytė"')
      }),
  )

  it.effect(
    'cancel gives the places back; an unpaid entry expires after the hold and gives its places back',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const first = yield* register(pair(f, 5500))
        const second = yield* register(pair(f, 5500))
        expect(yield* soldOf(f.ticketId)).toBe(4)
        yield* desk((d) => d.cancel(organiserOf(f), first.entryId))
        expect(yield* soldOf(f.ticketId)).toBe(2)
        expect(yield* Effect.flip(desk((d) => d.cancel(organiserOf(f), first.entryId)))).toMatchObject({
          reason: 'wrongState',
        })
        expect(yield* desk((d) => d.expireDue(100))).toBe(0)
        yield* TestClock.adjust('73 hours')
        expect(yield* desk((d) => d.expireDue(100))).toBe(1)
        expect(yield* soldOf(f.ticketId)).toBe(0)
        const view = yield* desk((d) => d.status(second.statusToken, 'en'))
        expect(view.status).toBe('expired')
        expect((yield* mails()).map((m) => m.kind)).toEqual([
          'registration.received',
          'registration.received',
          'registration.canceled',
          'registration.expired',
        ])
        // A late transfer brings it back while places are left.
        const back = yield* desk((d) => d.markPaid(organiserOf(f), second.entryId))
        expect(back).toMatchObject({ status: 'confirmed', paid: true })
        expect(yield* soldOf(f.ticketId)).toBe(2)
      }),
  )

  it.effect('a late transfer brings an expired entry back after sales closed, if places are left', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const receipt = yield* register(pair(f, 5500))
      yield* TestClock.adjust('73 hours')
      expect(yield* desk((d) => d.expireDue(10))).toBe(1)
      yield* Effect.promise(() => db.orm.em.fork().execute('update ticket set is_for_sale = false'))
      const back = yield* desk((d) => d.markPaid(organiserOf(f), receipt.entryId))
      expect(back).toMatchObject({ status: 'confirmed', paid: true })
      expect(yield* soldOf(f.ticketId)).toBe(2)
    }),
  )

  it.effect(
    'moves an entry only to a tournament of the same type, taking places there and giving them back here',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const receipt = yield* register(pair(f, 5500))
        const other = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId: f.eventId,
            alias: 'evening-pairs',
            startDate: '2027-04-01',
            tickets: [{ priceMinor: 2000, quantity: 4 }],
          }),
        )
        const teams = yield* Effect.promise(() =>
          insertTournament(db.orm, {
            eventId: f.eventId,
            alias: 'teams',
            type: 2,
            startDate: '2027-04-01',
            tickets: [{ priceMinor: 2000, quantity: 4 }],
          }),
        )
        const target = other.ticketIds[0] ?? 0
        expect(
          yield* Effect.flip(
            desk((d) =>
              d.move(organiserOf(f), receipt.entryId, {
                tournamentId: teams.id,
                ticketId: teams.ticketIds[0] ?? 0,
              }),
            ),
          ),
        ).toMatchObject({ reason: 'incompatible' })
        const moved = yield* desk((d) =>
          d.move(organiserOf(f), receipt.entryId, { tournamentId: other.id, ticketId: target }),
        )
        expect(moved.tournament.alias).toBe('evening-pairs')
        expect(moved.totalMinor).toBe(5500)
        expect(yield* soldOf(f.ticketId)).toBe(0)
        expect(yield* soldOf(target)).toBe(2)
      }),
  )
})
