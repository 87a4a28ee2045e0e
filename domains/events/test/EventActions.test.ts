import { describe, expect, it } from '@effect/vitest'
import { type EventAction, type EventActionOptions, EventActions, type EventActor } from '@kibitz/events'
import { EventId, UserId } from '@kibitz/kernel'
import {
  insertEntry,
  insertEvent,
  insertOrganiser,
  insertRows,
  insertTournament,
  runWith,
  useDomainDatabase,
} from '@kibitz/testing'
import { Effect, Schema } from 'effect'

const db = useDomainDatabase()

const perform = (actor: EventActor, eventId: EventId, action: EventAction, message?: string) =>
  runWith(
    db.orm,
    EventActions.use((actions) =>
      actions.perform(actor, eventId, action, message === undefined ? {} : { message }),
    ),
  )
const refusal = (actor: EventActor, eventId: EventId, action: EventAction) =>
  Effect.map(Effect.flip(perform(actor, eventId, action)), (e) => ({ reason: e.reason, state: e.state }))
const performWith = (actor: EventActor, eventId: EventId, action: EventAction, options: EventActionOptions) =>
  runWith(
    db.orm,
    EventActions.use((actions) => actions.perform(actor, eventId, action, options)),
  )
const notify = (actor: EventActor, eventId: EventId, message: string, notifyUsers?: boolean) =>
  performWith(
    actor,
    eventId,
    'notifyEventUsers',
    notifyUsers === undefined ? { message } : { message, notifyUsers },
  )

const Row = Schema.Struct({
  state: Schema.String,
  status: Schema.Int,
  state_message: Schema.NullOr(Schema.String),
})
const eventRow = (id: number) =>
  Effect.promise(async () =>
    Schema.decodeUnknownSync(Schema.Array(Row))(
      await db.orm.em.fork().execute('select state, status, state_message from event where id = ?', [id]),
    ),
  )
const AuditRow = Schema.Struct({
  action: Schema.String,
  from_state: Schema.String,
  to_state: Schema.NullOr(Schema.String),
  actor_user_id: Schema.Int,
  message: Schema.NullOr(Schema.String),
})
const audit = (id: number) =>
  Effect.promise(async () =>
    Schema.decodeUnknownSync(Schema.Array(AuditRow))(
      await db.orm.em
        .fork()
        .execute(
          'select action, from_state, to_state, actor_user_id, message from event_audit where event_id = ? order by id',
          [id],
        ),
    ),
  )

const OutboxRow = Schema.Struct({
  recipient: Schema.String,
  kind: Schema.String,
  language: Schema.String,
  subject: Schema.String,
  text_body: Schema.String,
  html_body: Schema.NullOr(Schema.String),
})
/** The e-mails waiting in the outbox, by kind and recipient. */
const outbox = () =>
  Effect.promise(async () =>
    Schema.decodeUnknownSync(Schema.Array(OutboxRow))(
      await db.orm.em
        .fork()
        .execute(
          'select recipient, kind, language, subject, text_body, html_body from mail_outbox order by kind, recipient',
        ),
    ),
  )

/**
 * A published event (main content in Polish) with two players registered: Jan by a contestant address
 * (twice, once in another case), Ona through her Lithuanian account; plus a canceled entry.
 */
const eventWithPlayers = (actor: EventActor) =>
  Effect.gen(function* () {
    const id = yield* Effect.promise(() =>
      insertEvent(db.orm, {
        organiserId: actor.organiserId ?? undefined,
        alias: `wiosna-${actor.organiserId}`,
        contents: [{ name: 'Wiosenne Pary', language: 'pl' }],
        state: 'draft',
        dateStart: '2027-04-01',
        dateEnd: '2027-04-03',
        countryCode: 'PL',
        locations: [{ name: 'Klub Brydżowy', addressLine: 'Rynek 1, Wrocław', shortAddressLine: 'Wrocław' }],
      }),
    )
    yield* perform(actor, id, 'publish')
    const tournament = yield* Effect.promise(() =>
      insertTournament(db.orm, {
        eventId: id,
        name: 'Pairs',
        startDate: '2027-04-01',
        tickets: [{ priceMinor: 5000, quantity: 20 }],
      }),
    )
    const [onaId] = yield* Effect.promise(() =>
      insertRows(db.orm, 'app_user', [
        { email: 'ona@example.test', language: 'lt', created_at: '2026-01-01T00:00:00Z' },
      ]),
    )
    yield* Effect.promise(() =>
      insertEntry(db.orm, {
        tournamentId: tournament.id,
        userId: onaId ?? null,
        contestants: [
          { firstName: 'Ona', lastName: 'Ona', email: 'ona@example.test' },
          { firstName: 'Jan', lastName: 'Nowak', email: 'Jan.Nowak@Example.test' },
        ],
      }),
    )
    yield* Effect.promise(() =>
      insertEntry(db.orm, {
        tournamentId: tournament.id,
        status: 'pending',
        contestants: [
          { firstName: 'Jan', lastName: 'Nowak', email: ' jan.nowak@example.test ' },
          { firstName: 'Piotr', lastName: 'Bez', email: null },
        ],
      }),
    )
    yield* Effect.promise(() =>
      insertEntry(db.orm, {
        tournamentId: tournament.id,
        status: 'canceled',
        contestants: [{ firstName: 'Gone', lastName: 'Away', email: 'gone@example.test' }],
      }),
    )
    return id
  })

/** An accepted organiser and an actor acting for it. */
const organiser = (name: string) =>
  Effect.map(
    Effect.promise(() => insertOrganiser(db.orm, { name })),
    (organiserId): EventActor => ({ userId: UserId.make(1000 + organiserId), organiserId, isSuper: false }),
  )
const superUser: EventActor = { userId: UserId.make(1), organiserId: null, isSuper: true }
const draftOf = (actor: EventActor, name = 'Spring Pairs') =>
  Effect.promise(() =>
    insertEvent(db.orm, {
      organiserId: actor.organiserId ?? undefined,
      name,
      state: 'draft',
      dateStart: '2027-04-01',
      countryCode: 'PL',
      locations: [{ name: 'Klub Brydżowy', addressLine: 'Rynek 1, Wrocław', shortAddressLine: 'Wrocław' }],
    }),
  )

describe(EventActions.name, () => {
  it.effect(
    'publishes a draft, postpones, unpublishes after postponing, republishes and cancels, recording each',
    () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* draftOf(me)
        expect(yield* perform(me, id, 'publish')).toMatchObject({ from: 'draft', to: 'accepted' })
        expect(yield* eventRow(id)).toEqual([{ state: 'accepted', status: 2, state_message: null }])
        yield* perform(me, id, 'postpone', 'The hall is flooded; new dates soon.')
        expect(yield* eventRow(id)).toEqual([
          { state: 'postponed', status: 2, state_message: 'The hall is flooded; new dates soon.' },
        ])
        yield* perform(me, id, 'unpublishAfterPostpone', 'Back as a draft while we find a hall.')
        expect((yield* eventRow(id))[0]).toMatchObject({ state: 'postponedToDraft', status: 1 })
        yield* perform(me, id, 'publish')
        yield* perform(me, id, 'cancel', 'Canceled, sorry.')
        expect((yield* eventRow(id))[0]).toMatchObject({
          state: 'canceled',
          state_message: 'Canceled, sorry.',
        })
        expect((yield* audit(id)).map((a) => [a.action, a.from_state, a.to_state])).toEqual([
          ['publish', 'draft', 'accepted'],
          ['postpone', 'accepted', 'postponed'],
          ['unpublishAfterPostpone', 'postponed', 'postponedToDraft'],
          ['publish', 'postponedToDraft', 'accepted'],
          ['cancel', 'accepted', 'canceled'],
        ])
        expect((yield* audit(id)).every((a) => a.actor_user_id === me.userId)).toBe(true)
      }),
  )

  it.effect('refuses an action from a state it does not start from, saying the state', () =>
    Effect.gen(function* () {
      const me = yield* organiser('Vilnius Club')
      const id = yield* draftOf(me)
      expect(yield* refusal(me, id, 'postpone')).toEqual({ reason: 'wrongState', state: 'draft' })
      expect(yield* refusal(me, id, 'cancel')).toEqual({ reason: 'wrongState', state: 'draft' })
      yield* perform(me, id, 'publish')
      expect(yield* refusal(me, id, 'publish')).toEqual({ reason: 'wrongState', state: 'accepted' })
      expect(yield* refusal(me, id, 'delete')).toEqual({ reason: 'wrongState', state: 'accepted' })
      yield* perform(me, id, 'cancel')
      for (const action of ['publish', 'unpublish', 'postpone', 'cancel'] as const) {
        expect(yield* refusal(me, id, action)).toEqual({ reason: 'wrongState', state: 'canceled' })
      }
      expect(yield* audit(id)).toHaveLength(2)
    }),
  )

  it.effect('treats another organiser’s event as missing, while the super user may act on it', () =>
    Effect.gen(function* () {
      const me = yield* organiser('Vilnius Club')
      const them = yield* organiser('Riga Club')
      const id = yield* draftOf(me)
      for (const action of ['publish', 'delete', 'cancel'] as const) {
        expect(yield* refusal(them, id, action)).toEqual({ reason: 'notFound', state: undefined })
      }
      expect((yield* eventRow(id))[0]?.state).toBe('draft')
      expect(yield* perform(superUser, id, 'publish')).toMatchObject({ to: 'accepted' })
      expect(yield* refusal(me, EventId.make(999_999), 'publish')).toEqual({
        reason: 'notFound',
        state: undefined,
      })
    }),
  )

  it.effect('will not unpublish or delete an event players entered: postpone or cancel it instead', () =>
    Effect.gen(function* () {
      const me = yield* organiser('Vilnius Club')
      const id = yield* draftOf(me)
      yield* perform(me, id, 'publish')
      const tournament = yield* Effect.promise(() =>
        insertTournament(db.orm, {
          eventId: id,
          name: 'Pairs',
          startDate: '2027-04-01',
          tickets: [{ priceMinor: 5000, quantity: 20 }],
        }),
      )
      yield* Effect.promise(() => insertEntry(db.orm, { tournamentId: tournament.id }))
      expect(yield* refusal(me, id, 'unpublish')).toEqual({ reason: 'hasEntries', state: 'accepted' })
      expect((yield* perform(me, id, 'postpone', 'Later')).to).toBe('postponed')
    }),
  )

  it.effect('deletes a draft nobody entered, keeping its audit record', () =>
    Effect.gen(function* () {
      const me = yield* organiser('Vilnius Club')
      const id = yield* draftOf(me)
      expect(yield* perform(me, id, 'delete')).toMatchObject({ from: 'draft', to: null })
      expect(yield* eventRow(id)).toEqual([])
      expect((yield* audit(id)).map((a) => a.action)).toEqual(['delete'])
    }),
  )

  it.effect('refuses to publish a draft without a name', () =>
    Effect.gen(function* () {
      const me = yield* organiser('Vilnius Club')
      const id = yield* draftOf(me, ' ')
      expect(yield* refusal(me, id, 'publish')).toEqual({ reason: 'incomplete', state: 'draft' })
    }),
  )

  describe('postponing to new dates or to dates to be announced (decision 032)', () => {
    const DatesRow = Schema.Struct({
      date_start: Schema.String,
      date_end: Schema.String,
      dates_to_be_announced: Schema.Boolean,
      state: Schema.String,
    })
    const datesOf = (id: number) =>
      Effect.promise(async () =>
        Schema.decodeUnknownSync(Schema.Array(DatesRow))(
          await db.orm.em
            .fork()
            .execute(
              "select to_char(date_start, 'YYYY-MM-DD') as date_start, to_char(date_end, 'YYYY-MM-DD') as date_end, dates_to_be_announced, state from event where id = ?",
              [id],
            ),
        ),
      )

    it.effect('new dates become the event’s dates and are in the players’ e-mail', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        yield* performWith(me, id, 'postpone', {
          message: 'The hall is flooded.',
          newDates: { dateStart: '2027-06-05', dateEnd: '2027-06-07' },
        })
        expect(yield* datesOf(id)).toEqual([
          {
            date_start: '2027-06-05',
            date_end: '2027-06-07',
            dates_to_be_announced: false,
            state: 'postponed',
          },
        ])
        const mails = yield* outbox()
        expect(mails).toHaveLength(2)
        const ona = mails.find((m) => m.recipient === 'ona@example.test')
        expect(ona?.text_body).toContain('į naujas datas')
        expect(ona?.text_body).toMatch(/2027/)
      }),
    )

    it.effect('without new dates they are to be announced, and publishing again clears that', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        yield* perform(me, id, 'postpone', 'Later')
        expect((yield* datesOf(id))[0]).toMatchObject({
          date_start: '2027-04-01',
          dates_to_be_announced: true,
        })
        yield* perform(me, id, 'unpublishAfterPostpone')
        yield* perform(me, id, 'publish')
        expect((yield* datesOf(id))[0]).toMatchObject({ dates_to_be_announced: false, state: 'accepted' })
      }),
    )

    it.effect('refuses impossible new dates before changing anything', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        const refused = yield* Effect.flip(
          performWith(me, id, 'postpone', { newDates: { dateStart: '2027-06-07', dateEnd: '2027-06-05' } }),
        )
        expect(refused.reason).toBe('invalidInput')
        expect(refused.fields?.map((f) => [f.field, f.rule])).toEqual([['dateEnd', 'dateRange']])
        const garbage = yield* Effect.flip(
          performWith(me, id, 'postpone', { newDates: { dateStart: '1800-01-01', dateEnd: 'soon' } }),
        )
        expect(garbage.fields?.map((f) => f.field)).toEqual(['dateStart', 'dateEnd'])
        expect((yield* datesOf(id))[0]).toMatchObject({ state: 'accepted', date_start: '2027-04-01' })
        expect(yield* outbox()).toEqual([])
      }),
    )
  })

  describe('e-mails to the registered players', () => {
    it.effect('postponing enqueues one e-mail per registered address, in its reader’s language', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        expect(yield* outbox()).toEqual([])
        yield* perform(me, id, 'postpone', 'The hall is flooded.\nNew dates soon.')
        const mails = yield* outbox()
        expect(mails.map((m) => [m.kind, m.recipient, m.language])).toEqual([
          ['events.postponed', 'jan.nowak@example.test', 'pl'],
          ['events.postponed', 'ona@example.test', 'lt'],
        ])
        const [jan, ona] = mails
        expect(jan?.subject).toBe('Przełożone: Wiosenne Pary')
        expect(ona?.subject).toBe('Atidėta: Wiosenne Pary')
        for (const mail of mails) {
          expect(mail.text_body).toContain('The hall is flooded.\nNew dates soon.')
          expect(mail.text_body).toContain(`/event/wiosna-${me.organiserId}\n`)
          expect(mail.html_body).toContain('The hall is flooded.<br>New dates soon.')
        }
      }),
    )

    it.effect('a refused transition enqueues nothing', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const them = yield* organiser('Riga Club')
        const id = yield* eventWithPlayers(me)
        expect(yield* refusal(them, id, 'postpone')).toEqual({ reason: 'notFound', state: undefined })
        expect(yield* refusal(me, id, 'publish')).toEqual({ reason: 'wrongState', state: 'accepted' })
        expect(yield* refusal(me, id, 'unpublish')).toEqual({ reason: 'hasEntries', state: 'accepted' })
        expect(yield* outbox()).toEqual([])
      }),
    )

    it.effect('unpublishing after postponing is silent; republishing and canceling send their kinds', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        yield* perform(me, id, 'postpone', 'Later')
        yield* perform(me, id, 'unpublishAfterPostpone', 'Back as a draft')
        expect((yield* outbox()).map((m) => m.kind)).toEqual(['events.postponed', 'events.postponed'])
        yield* perform(me, id, 'publish')
        const republished = (yield* outbox()).filter((m) => m.kind === 'events.republished')
        expect(republished.map((m) => [m.recipient, m.language])).toEqual([
          ['jan.nowak@example.test', 'pl'],
          ['ona@example.test', 'lt'],
        ])
        expect(republished[0]?.subject).toBe('Nowe terminy: Wiosenne Pary')
        expect(republished[0]?.text_body).toMatch(/Terminy: 1.3 kwietnia 2027/)
        yield* perform(me, id, 'cancel', '<script>alert(1)</script>')
        const canceled = (yield* outbox()).filter((m) => m.kind === 'events.canceled')
        expect(canceled.map((m) => m.recipient)).toEqual(['jan.nowak@example.test', 'ona@example.test'])
        for (const mail of canceled) {
          expect(mail.text_body).toContain('<script>alert(1)</script>')
          expect(mail.html_body).not.toContain('<script')
          expect(mail.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
        }
      }),
    )

    it.effect('a first publication and an event without players send nothing', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* draftOf(me)
        yield* perform(me, id, 'publish')
        yield* perform(me, id, 'postpone', 'Later')
        yield* perform(me, id, 'cancel')
        expect(yield* outbox()).toEqual([])
      }),
    )

    it.effect('republishing with notifyUsers false is quiet; true or left out tells the players', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        const republished = () =>
          Effect.map(outbox(), (mails) => mails.filter((m) => m.kind === 'events.republished').length)
        yield* perform(me, id, 'postpone', 'Later')
        yield* perform(me, id, 'unpublishAfterPostpone', 'Back as a draft')
        const quiet = yield* performWith(me, id, 'publish', { notifyUsers: false })
        expect(quiet).toMatchObject({ from: 'postponedToDraft', to: 'accepted' })
        expect(quiet.notified).toBeUndefined()
        expect(yield* republished()).toBe(0)
        expect((yield* eventRow(id))[0]?.state).toBe('accepted')

        yield* perform(me, id, 'postpone', 'Later again')
        yield* perform(me, id, 'unpublishAfterPostpone', 'Back as a draft again')
        expect((yield* performWith(me, id, 'publish', { notifyUsers: true })).notified).toBe(2)
        expect(yield* republished()).toBe(2)

        yield* perform(me, id, 'postpone', 'Once more')
        yield* perform(me, id, 'unpublishAfterPostpone', 'Back once more')
        expect((yield* perform(me, id, 'publish')).notified).toBe(2)
        expect(yield* republished()).toBe(4)
      }),
    )
  })

  describe('notifyEventUsers', () => {
    it.effect(
      'sends the organiser’s message to every registered address in its reader’s language, keeping the state',
      () =>
        Effect.gen(function* () {
          const me = yield* organiser('Vilnius Club')
          const id = yield* eventWithPlayers(me)
          const sent = yield* notify(me, id, '  Parking is free on Saturday.\nBring your bidding boxes.  ')
          expect(sent).toMatchObject({
            eventId: id,
            action: 'notifyEventUsers',
            from: 'accepted',
            to: 'accepted',
            notified: 2,
          })
          expect(yield* eventRow(id)).toEqual([{ state: 'accepted', status: 2, state_message: null }])
          const mails = yield* outbox()
          expect(mails.map((m) => [m.kind, m.recipient, m.language])).toEqual([
            ['events.message', 'jan.nowak@example.test', 'pl'],
            ['events.message', 'ona@example.test', 'lt'],
          ])
          expect(mails[0]?.subject).toBe('Wiadomość od organizatora: Wiosenne Pary')
          expect(mails[1]?.subject).toBe('Organizatoriaus naujienos: Wiosenne Pary')
          for (const mail of mails) {
            expect(mail.text_body).toContain('Parking is free on Saturday.\nBring your bidding boxes.\n')
            expect(mail.text_body).toContain(`/event/wiosna-${me.organiserId}\n`)
          }
          expect((yield* audit(id)).at(-1)).toEqual({
            action: 'notifyEventUsers',
            from_state: 'accepted',
            to_state: 'accepted',
            actor_user_id: me.userId,
            message: 'Parking is free on Saturday.\nBring your bidding boxes.',
          })
        }),
    )

    it.effect('reaches the players of a postponed or canceled event too, and lets the super user send', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        yield* perform(me, id, 'postpone', 'Later')
        expect(yield* notify(superUser, id, 'New dates will follow in May.')).toMatchObject({
          from: 'postponed',
          to: 'postponed',
          notified: 2,
        })
        yield* perform(me, id, 'cancel', 'Sorry')
        expect((yield* notify(me, id, 'Refunds are on their way.')).notified).toBe(2)
        const messages = (yield* outbox()).filter((m) => m.kind === 'events.message')
        expect(messages).toHaveLength(4)
        expect(
          (yield* audit(id)).filter((a) => a.action === 'notifyEventUsers').map((a) => a.actor_user_id),
        ).toEqual([superUser.userId, me.userId])
      }),
    )

    it.effect('an event without players sends nothing and still records the message', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* draftOf(me)
        yield* perform(me, id, 'publish')
        expect((yield* notify(me, id, 'Anyone there?')).notified).toBe(0)
        expect(yield* outbox()).toEqual([])
        expect((yield* audit(id)).map((a) => a.action)).toEqual(['publish', 'notifyEventUsers'])
      }),
    )

    it.effect('is refused for drafts, for another organiser, and for a missing event, sending nothing', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const them = yield* organiser('Riga Club')
        const draft = yield* draftOf(me)
        const refusedFor = (actor: EventActor, id: EventId) =>
          Effect.map(Effect.flip(notify(actor, id, 'Hello')), (e) => ({ reason: e.reason, state: e.state }))
        expect(yield* refusedFor(me, draft)).toEqual({ reason: 'wrongState', state: 'draft' })
        const id = yield* eventWithPlayers(me)
        yield* perform(me, id, 'postpone', 'Later')
        yield* perform(me, id, 'unpublishAfterPostpone', 'Back as a draft')
        expect(yield* refusedFor(me, id)).toEqual({ reason: 'wrongState', state: 'postponedToDraft' })
        yield* perform(me, id, 'publish')
        expect(yield* refusedFor(them, id)).toEqual({ reason: 'notFound', state: undefined })
        expect(yield* refusedFor(me, EventId.make(999_999))).toEqual({ reason: 'notFound', state: undefined })
        expect((yield* outbox()).filter((m) => m.kind === 'events.message')).toEqual([])
        expect((yield* audit(id)).some((a) => a.action === 'notifyEventUsers')).toBe(false)
      }),
    )

    it.effect('refuses a blank or too long message and notifyUsers false, naming each field', () =>
      Effect.gen(function* () {
        const me = yield* organiser('Vilnius Club')
        const id = yield* eventWithPlayers(me)
        const fieldsOf = (message: string, notifyUsers?: boolean) =>
          Effect.map(Effect.flip(notify(me, id, message, notifyUsers)), (e) => ({
            reason: e.reason,
            fields: e.fields?.map((f) => [f.field, f.rule]),
          }))
        expect(yield* fieldsOf(' \n ')).toEqual({ reason: 'invalidInput', fields: [['message', 'required']] })
        expect(yield* fieldsOf('\u0000')).toEqual({
          reason: 'invalidInput',
          fields: [['message', 'required']],
        })
        expect(yield* fieldsOf('x'.repeat(2001))).toEqual({
          reason: 'invalidInput',
          fields: [['message', 'tooLong']],
        })
        expect(yield* fieldsOf('', false)).toEqual({
          reason: 'invalidInput',
          fields: [
            ['message', 'required'],
            ['notifyUsers', 'mustAccept'],
          ],
        })
        expect((yield* notify(me, id, 'x'.repeat(2000), true)).notified).toBe(2)
        expect(yield* outbox()).toHaveLength(2)
      }),
    )
  })
})
