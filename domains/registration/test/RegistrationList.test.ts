import { describe, expect, it } from '@effect/vitest'
import { UserId } from '@kibitz/kernel'
import {
  type EntryQuery,
  formatCreditorReference,
  type RegisterInput,
  type RegistrationActor,
  RegistrationDesk,
} from '@kibitz/registration'
import { insertEvent, insertOrganiser, insertTournament, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'

// The organiser's registrations list (issue 14, decision 034): names instead of ids, search, the state filter,
// marking several entries paid at once, and the CSV in the organiser's language and spreadsheet dialect.

const db = useDomainDatabase()

const desk = <A, E, R>(f: (d: RegistrationDesk['Service']) => Effect.Effect<A, E, R>) =>
  runWith(db.orm, RegistrationDesk.use(f))

const query = <T>(rows: Schema.Codec<T>, sql: string, params: ReadonlyArray<unknown> = []) =>
  Effect.promise(async () => Schema.decodeUnknownSync(rows)(await db.orm.em.fork().execute(sql, [...params])))
const execute = (sql: string, params: ReadonlyArray<unknown> = []) =>
  Effect.promise(() => db.orm.em.fork().execute(sql, [...params]))

const mails = () =>
  query(
    Schema.Array(Schema.Struct({ kind: Schema.String, recipient: Schema.String })),
    'select kind, recipient from mail_outbox order by id',
  )
const audits = () =>
  query(
    Schema.Array(Schema.Struct({ entry_id: Schema.Int, action: Schema.String })),
    'select entry_id, action from entry_audit order by id',
  )

/** 10 March 2027, 14:00 in Vilnius. */
const setNow = () => TestClock.setTime(Date.parse('2027-03-10T12:00:00.000Z'))

/** A published event paid by bank transfer with a pairs tournament: a basic ticket (type 1) in two categories. */
const fixture = (alias = 'spring-pairs') =>
  Effect.promise(async () => {
    const organiserId = await insertOrganiser(db.orm)
    const eventId = await insertEvent(db.orm, {
      organiserId,
      alias,
      name: 'Spring Pairs',
      dateStart: '2027-04-01',
      timeZone: 'Europe/Vilnius',
      currencyCode: 'EUR',
      paymentBeneficiary: 'Lietuvos bridžo federacija',
      paymentIban: 'LT121000011101001000',
      paymentBic: 'CBVILT2X',
    })
    const tournament = await insertTournament(db.orm, {
      eventId,
      name: 'Open Pairs',
      alias: 'open-pairs',
      startDate: '2027-04-01',
      startTime: '10:00',
      isRegistrationEnabled: true,
      hasRegistration: true,
      registrationEndAt: '2027-03-31T12:00:00.000Z',
      tickets: [
        {
          type: 1,
          priceMinor: 4000,
          quantity: 40,
          ageCategories: [
            { name: 'Open', priceMinor: 4000 },
            { name: 'Juniors', ageTo: 25, priceMinor: 1550 },
          ],
        },
      ],
    })
    const ticketId = tournament.ticketIds[0] ?? 0
    const [open = 0, junior = 0] = tournament.ageCategoryIds[0] ?? []
    const actor: RegistrationActor = { userId: UserId.make(1), organiserId, isSuper: false }
    return { alias, organiserId, eventId, tournamentId: tournament.id, ticketId, open, junior, actor }
  })
type Fixture = Effect.Success<ReturnType<typeof fixture>>

const player = (f: Fixture, firstName: string, lastName: string, junior = false) => ({
  firstName,
  lastName,
  countryCode: 'LT',
  email: `${firstName.toLowerCase()}@example.org`,
  federationId: junior ? '' : `LT-${firstName.length}${lastName.length}7`,
  ticketId: f.ticketId,
  ageCategoryId: junior ? f.junior : f.open,
})

/** A pair: an open player and a junior (40 € + 15.50 €), paid by bank transfer. */
const register = (f: Fixture, first: [string, string], second: [string, string]) =>
  desk((d) =>
    d.register(
      f.alias,
      'open-pairs',
      {
        data: {
          contestants: [player(f, ...first), player(f, ...second, true)],
          teamName: '',
          contactEmail: `${first[0].toLowerCase()}@example.org`,
        },
        ticket: { expectedTotalMinor: 5550, paymentMethod: 'bankTransfer' },
        policy: true,
      } satisfies RegisterInput,
      { userId: null, language: 'lt' },
    ),
  )

const everything: EntryQuery = { tournamentId: null, status: null, search: null }
const list = (f: Fixture, q: Partial<EntryQuery> = {}, actor = f.actor) =>
  desk((d) => d.listForEvent(actor, f.eventId, { ...everything, ...q, offset: 0, limit: 50 }, 'en'))
const ids = (page: { readonly entries: ReadonlyArray<{ readonly entryId: number }> }) =>
  page.entries.map((e) => e.entryId)

/** Four entries: Ona & Tomas, Rūta & Jonas, Anna & Piotr, Marie & Luc (in that order). */
const fourEntries = (f: Fixture) =>
  Effect.gen(function* () {
    const a = yield* register(f, ['Ona', 'Jonaitytė'], ['Tomas', 'Petraitis'])
    const b = yield* register(f, ['Rūta', 'Kazlauskienė'], ['Jonas', 'Kazlauskas'])
    const c = yield* register(f, ['Anna', 'Nowak'], ['Piotr', 'Kowalski'])
    const d = yield* register(f, ['Marie', 'Dupont'], ['Luc', 'Martin'])
    return { a, b, c, d }
  })

describe('RegistrationDesk: the organiser’s list', () => {
  it.effect('names each player’s ticket and age category', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      yield* register(f, ['Ona', 'Jonaitytė'], ['Tomas', 'Petraitis'])
      const [entry] = (yield* list(f)).entries
      expect(entry?.contestants.map((c) => [c.lastName, c.ticketType, c.ageCategoryName])).toEqual([
        ['Jonaitytė', 1, 'Open'],
        ['Petraitis', 1, 'Juniors'],
      ])
      expect(entry?.lines.map((l) => [l.ticketType, l.ageCategoryName, l.units])).toEqual([
        [1, 'Open', 1],
        [1, 'Juniors', 1],
      ])
    }),
  )

  it.effect(
    'finds entries by a player’s name in either order, e-mail, federation id, team, reference or number',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const { a, b, c } = yield* fourEntries(f)
        const found = (search: string) => Effect.map(list(f, { search }), ids)
        expect(yield* found('jonait')).toEqual([a.entryId])
        expect(yield* found('Kazlausk')).toEqual([b.entryId])
        expect(yield* found('Piotr Kowalski')).toEqual([c.entryId])
        expect(yield* found('kowalski piotr')).toEqual([c.entryId])
        expect(yield* found('rūta@EXAMPLE.org')).toEqual([b.entryId])
        expect(yield* found('lt-397')).toEqual([a.entryId])
        // The reference as printed (groups of four), typed in lower case or with no spaces.
        const printed = formatCreditorReference(c.reference ?? '')
        expect(printed).toContain(' ')
        expect(yield* found(printed.toLowerCase())).toEqual([c.entryId])
        expect(yield* found((c.reference ?? '').slice(-6))).toEqual([c.entryId])
        expect(yield* found(`#${b.entryId}`)).toEqual([b.entryId])
        // Wildcards are typed text, not patterns.
        expect(yield* found('%')).toEqual([])
        expect(yield* found('_')).toEqual([])
        expect((yield* list(f, { search: 'Nowak' })).total).toBe(1)
      }),
  )

  it.effect('filters by state: waiting, to pay at the venue, paid, confirmed, canceled, expired', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const { a, b, c, d } = yield* fourEntries(f)
      yield* desk((x) => x.markPaid(f.actor, a.entryId))
      yield* desk((x) => x.cancel(f.actor, b.entryId))
      // Confirmed and not paid: as when the organiser has no bank account (paid at the venue).
      yield* execute(`update entry set status = 'confirmed', expires_at = null where id = ?`, [c.entryId])
      const by = (status: EntryQuery['status']) => Effect.map(list(f, { status }), ids)
      expect(yield* by('pending')).toEqual([d.entryId])
      expect(yield* by('paid')).toEqual([a.entryId])
      expect(yield* by('unpaid')).toEqual([c.entryId])
      expect(yield* by('confirmed')).toEqual([c.entryId, a.entryId])
      expect(yield* by('canceled')).toEqual([b.entryId])
      expect(yield* by('expired')).toEqual([])
      yield* TestClock.adjust('73 hours')
      yield* desk((x) => x.expireDue(100))
      expect(yield* by('expired')).toEqual([d.entryId])
      expect((yield* list(f, { status: 'pending' })).total).toBe(0)
      // Search and state together.
      expect(yield* Effect.map(list(f, { status: 'confirmed', search: 'Nowak' }), ids)).toEqual([c.entryId])
      expect(yield* Effect.map(list(f, { status: 'paid', search: 'Nowak' }), ids)).toEqual([])
    }),
  )

  it.effect('pages through the matching entries newest first, with their count', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const { a, b, c, d } = yield* fourEntries(f)
      const page = (offset: number) =>
        desk((x) => x.listForEvent(f.actor, f.eventId, { ...everything, offset, limit: 3 }, 'en'))
      const first = yield* page(0)
      expect([ids(first), first.total]).toEqual([[d.entryId, c.entryId, b.entryId], 4])
      const second = yield* page(3)
      expect([ids(second), second.total]).toEqual([[a.entryId], 4])
      expect(ids(yield* page(300))).toEqual([])
    }),
  )

  it.effect('shows another organiser nothing, whatever is searched', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      yield* fourEntries(f)
      const stranger: RegistrationActor = {
        userId: UserId.make(2),
        organiserId: yield* Effect.promise(() => insertOrganiser(db.orm)),
        isSuper: false,
      }
      expect(yield* Effect.flip(list(f, { search: 'Ona' }, stranger))).toMatchObject({ reason: 'notFound' })
      expect(
        yield* Effect.flip(
          desk((d) => d.exportCsv(stranger, f.eventId, 'en', { ...everything, search: 'Ona' })),
        ),
      ).toMatchObject({ reason: 'notFound' })
      // The super user sees it.
      const all = yield* list(f, {}, { userId: UserId.make(3), organiserId: null, isSuper: true })
      expect(all.total).toBe(4)
    }),
  )
})

describe('RegistrationDesk.markPaidMany', () => {
  it.effect(
    'marks each waiting entry paid with its audit and e-mail, and names those left as they were and why',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const { a, b, c, d } = yield* fourEntries(f)
        yield* desk((x) => x.markPaid(f.actor, a.entryId))
        yield* desk((x) => x.cancel(f.actor, b.entryId))
        // An entry of another event of the same organiser is not this event's: not found, left alone.
        const other = yield* fixture('autumn-pairs')
        const elsewhere = yield* register(other, ['Eva', 'Novak'], ['Jan', 'Novak'])
        const before = (yield* mails()).length
        const result = yield* desk((x) =>
          x.markPaidMany(f.actor, f.eventId, [
            d.entryId,
            a.entryId,
            b.entryId,
            c.entryId,
            elsewhere.entryId,
            c.entryId,
          ]),
        )
        expect(result.marked).toEqual([c.entryId, d.entryId])
        expect(result.skipped).toEqual([
          { entryId: a.entryId, reason: 'alreadyPaid' },
          { entryId: b.entryId, reason: 'canceled' },
          { entryId: elsewhere.entryId, reason: 'notFound' },
        ])
        const sent = (yield* mails()).slice(before)
        expect(sent.map((m) => [m.kind, m.recipient])).toEqual([
          ['registration.paymentReceived', 'anna@example.org'],
          ['registration.paymentReceived', 'marie@example.org'],
        ])
        const marked = (yield* audits()).filter((r) => r.action === 'markedPaid').map((r) => r.entry_id)
        expect(marked).toEqual([a.entryId, c.entryId, d.entryId])
        expect(yield* Effect.map(list(f, { status: 'paid' }), ids)).toEqual([d.entryId, c.entryId, a.entryId])
        expect(yield* Effect.map(list(other, { status: 'pending' }), ids)).toEqual([elsewhere.entryId])
        // Twice is once: nothing more is sent.
        const again = yield* desk((x) => x.markPaidMany(f.actor, f.eventId, [c.entryId, d.entryId]))
        expect(again.marked).toEqual([])
        expect((yield* mails()).length).toBe(before + 2)
      }),
  )

  it.effect('leaves expired entries to be marked one at a time', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const { a } = yield* fourEntries(f)
      yield* TestClock.adjust('73 hours')
      yield* desk((x) => x.expireDue(100))
      const result = yield* desk((x) => x.markPaidMany(f.actor, f.eventId, [a.entryId]))
      expect(result).toMatchObject({ marked: [], skipped: [{ entryId: a.entryId, reason: 'expired' }] })
    }),
  )

  it.effect('refuses another organiser and touches nothing of the event', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const { a, b, c, d } = yield* fourEntries(f)
      const stranger: RegistrationActor = {
        userId: UserId.make(2),
        organiserId: yield* Effect.promise(() => insertOrganiser(db.orm)),
        isSuper: false,
      }
      const mine = yield* fixture('strangers-pairs')
      const strangersEvent = { ...mine, actor: stranger }
      yield* execute('update event set organiser_id = ? where id = ?', [stranger.organiserId, mine.eventId])
      expect(
        yield* Effect.flip(desk((x) => x.markPaidMany(stranger, f.eventId, [a.entryId, b.entryId]))),
      ).toMatchObject({ reason: 'notFound' })
      // Through the stranger's own event, the other organiser's entries are simply not found.
      const through = yield* desk((x) =>
        x.markPaidMany(stranger, strangersEvent.eventId, [a.entryId, b.entryId]),
      )
      expect(through.marked).toEqual([])
      expect(through.skipped.map((s) => s.reason)).toEqual(['notFound', 'notFound'])
      expect(yield* Effect.map(list(f, { status: 'pending' }), ids)).toEqual([
        d.entryId,
        c.entryId,
        b.entryId,
        a.entryId,
      ])
    }),
  )
})

describe('RegistrationDesk.exportCsv', () => {
  const rows = (csv: string) => csv.split('\r\n').filter((l) => l !== '')

  it.effect(
    'speaks the organiser’s language with the separator and decimal mark of its spreadsheets, names not ids',
    () =>
      Effect.gen(function* () {
        yield* setNow()
        const f = yield* fixture()
        const { a } = yield* register(f, ['Ona', 'Jonaitytė'], ['Tomas', 'Petraitis']).pipe(
          Effect.map((r) => ({ a: r })),
        )
        const reference = (yield* list(f)).entries[0]?.reference ?? ''
        const pl = rows(yield* desk((d) => d.exportCsv(f.actor, f.eventId, 'pl')))
        expect(pl[0]).toBe(
          [
            'Zgłoszenie',
            'Turniej',
            'Status',
            'Opłacone',
            'Sposób płatności',
            'Tytuł przelewu',
            'Kwota zgłoszenia',
            'Waluta',
            'Drużyna',
            'E-mail kontaktowy',
            'Nr zawodnika',
            'Imię',
            'Nazwisko',
            'Kraj',
            'E-mail zawodnika',
            'Numer członkowski w związku',
            'Zweryfikowany przez związek',
            'Bilet',
            'Kategoria wiekowa',
            'Data zgłoszenia',
          ]
            .map((h) => `"${h}"`)
            .join(';'),
        )
        // Registered "2027-03-10 14:00": the date and time in the event's zone, as every spreadsheet reads them.
        const cells = (pl[1] ?? '').split(';')
        expect(cells.at(-1)).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/)
        expect(cells.slice(0, -1).join(';')).toBe(
          [
            String(a.entryId),
            'Open Pairs',
            'Oczekuje na płatność',
            'Nie',
            'Przelew bankowy',
            reference,
            '55,50',
            'EUR',
            '',
            'ona@example.org',
            '1',
            'Ona',
            'Jonaitytė',
            'Litwa',
            'ona@example.org',
            'LT-397',
            '',
            'Podstawowy',
            'Open',
          ]
            .map((h) => `"${h}"`)
            .join(';'),
        )
        expect(pl[2]).toContain('"Tomas";"Petraitis";"Litwa"')
        expect(pl[2]).toContain('"Podstawowy";"Juniors"')
        const en = rows(yield* desk((d) => d.exportCsv(f.actor, f.eventId, 'en')))
        expect(en[0]?.startsWith('"Entry","Tournament","Status","Paid","Payment method"')).toBe(true)
        expect(en[1]).toContain('"Waiting for payment","No","Bank transfer"')
        expect(en[1]).toContain('"55.50","EUR"')
        expect(en[1]).toContain('"Lithuania"')
        expect(en[1]).toContain('"Basic","Open"')
        for (const [locale, amount, country, separator] of [
          ['ru', '55,50', 'Литва', ';'],
          ['lt', '55,50', 'Lietuva', ';'],
          ['es', '55,50', 'Lituania', ';'],
          ['it', '55,50', 'Lituania', ';'],
          ['fr', '55,50', 'Lituanie', ';'],
        ] as const) {
          const [heading, row] = rows(yield* desk((d) => d.exportCsv(f.actor, f.eventId, locale)))
          expect(heading?.split(separator)).toHaveLength(20)
          expect(heading, locale).not.toContain('"Entry"')
          expect(row, locale).toContain(`${separator}"${amount}"${separator}"EUR"`)
          expect(row, locale).toContain(`"${country}"`)
        }
      }),
  )

  it.effect('neutralises what a spreadsheet would run, and exports only what the list shows when asked', () =>
    Effect.gen(function* () {
      yield* setNow()
      const f = yield* fixture()
      const { a, b } = yield* fourEntries(f)
      // Names typed by anyone: a formula, a command, a sum and an at sign must stay text.
      yield* execute(
        `update contestant set first_name = '=HYPERLINK("http://x.example")' where entry_id = ? and position = 0`,
        [a.entryId],
      )
      yield* execute(
        `update contestant set last_name = '+1+1', first_name = '-2' where entry_id = ? and position = 1`,
        [a.entryId],
      )
      yield* execute(`update entry set team_name = '@SUM(A1)' where id = ?`, [a.entryId])
      const csv = yield* desk((d) => d.exportCsv(f.actor, f.eventId, 'en'))
      expect(csv).toContain(`"'=HYPERLINK(""http://x.example"")"`)
      expect(csv).toContain(`"'-2","'+1+1"`)
      expect(csv).toContain(`"'@SUM(A1)"`)
      expect(csv).not.toMatch(/(^|,)"[=+\-@]/m)
      const only = rows(
        yield* desk((d) => d.exportCsv(f.actor, f.eventId, 'en', { ...everything, search: 'Kazlausk' })),
      )
      expect(only).toHaveLength(3)
      expect(only[1]?.startsWith(`"${b.entryId}"`)).toBe(true)
    }),
  )
})
