import { describe, expect, it } from '@effect/vitest'
import {
  EventActions,
  type EventActor,
  EventEditor,
  EventService,
  type GeneralInformationInput,
} from '@kibitz/events'
import { type EventId, UserId } from '@kibitz/kernel'
import { insertEvent, insertOrganiser, runWith, useDomainDatabase } from '@kibitz/testing'
import { Effect, Schema } from 'effect'
import { TestClock } from 'effect/testing'

// Values are valid where they are stored, and a list of events never fails because of one (docs/decisions/026).

const db = useDomainDatabase()

const organiser = () =>
  Effect.promise(() => insertOrganiser(db.orm)).pipe(
    Effect.map(
      (organiserId): EventActor => ({ userId: UserId.make(1000 + organiserId), organiserId, isSuper: false }),
    ),
  )

const general = (overrides: Partial<GeneralInformationInput> = {}): GeneralInformationInput => ({
  contents: [{ language: 'en', name: 'Seaside Pairs', description: null, isMain: true, type: 2 }],
  type: 3,
  isLive: true,
  isOnline: false,
  editionType: 1,
  editionYear: 2027,
  editionSeason: null,
  dateStart: '2027-06-10',
  dateEnd: '2027-06-12',
  countryCode: 'LT',
  languages: ['en'],
  currencyCode: 'EUR',
  timeZone: 'Europe/Vilnius',
  organiserEmail: 'info@seaside.example',
  locations: [
    { name: 'Hall', addressLine: 'Jūros g. 1, Palanga', shortAddressLine: 'Palanga', isMain: true },
  ],
  ...overrides,
})

const create = (actor: EventActor, input: unknown) =>
  runWith(
    db.orm,
    EventEditor.use((e) => e.create(actor, input)),
  )
const search = () =>
  runWith(
    db.orm,
    EventService.use((events) => events.search({ offset: 0, limit: 50 }, 'en')),
  )
const JsonTypes = Schema.Array(Schema.Struct({ windows: Schema.String, languages: Schema.String }))
const jsonTypes = (eventId: EventId) =>
  Effect.promise(async () =>
    Schema.decodeUnknownSync(JsonTypes)(
      await db.orm.em.fork().execute(
        `select jsonb_typeof(registration_windows) as windows, jsonb_typeof(languages) as languages
           from event where id = ?`,
        [eventId],
      ),
    ),
  )
const problems = (input: unknown) =>
  Effect.gen(function* () {
    const actor = yield* organiser()
    const error = yield* Effect.flip(create(actor, input))
    return error._tag === 'EventInputInvalid'
      ? error.problems.map((p) => `${p.field}:${p.rule}`)
      : [error._tag]
  })

describe('stored values', () => {
  it.effect(
    'an event published with no tournaments keeps its registration windows as an array and is listed',
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.parse('2027-03-10T12:00:00Z'))
        const actor = yield* organiser()
        const view = yield* create(actor, general())
        yield* runWith(
          db.orm,
          EventActions.use((a) => a.perform(actor, view.id, 'publish', {})),
        )
        const [row] = yield* jsonTypes(view.id)
        expect(row).toEqual({ windows: 'array', languages: 'array' })
        const page = yield* search()
        expect(page.events.map((e) => e.name)).toEqual(['Seaside Pairs'])
        expect(page.events[0]?.isOpenRegistration).toBe(false)
      }),
  )

  it.effect('refuses a retired or unknown time zone, naming the field', () =>
    Effect.gen(function* () {
      for (const timeZone of ['US/Pacific-New', 'Canada/East-Saskatchewan', 'EST5EDT', 'Mars/Olympus']) {
        expect(yield* problems(general({ timeZone }))).toEqual(['timeZone:unknownChoice'])
      }
    }),
  )

  it.effect('refuses a zone Node knows that this database does not keep events in, naming the field', () =>
    Effect.gen(function* () {
      const execute = (sql: string) => Effect.promise(() => db.orm.em.fork().execute(sql))
      yield* execute(`delete from time_zone where name = 'Pacific/Pitcairn'`)
      const refused = yield* problems(general({ timeZone: 'Pacific/Pitcairn' }))
      yield* execute(`insert into time_zone (name) values ('Pacific/Pitcairn')`)
      expect(refused).toEqual(['timeZone:unknownChoice'])
    }),
  )

  it.effect('refuses dates the stack cannot handle, naming the field', () =>
    Effect.gen(function* () {
      expect(yield* problems(general({ dateStart: '0000-01-01' }))).toContain('dateStart:invalidDate')
      expect(yield* problems(general({ dateStart: '9999-12-31', dateEnd: '9999-12-31' }))).toEqual([
        'dateStart:invalidDate',
        'dateEnd:invalidDate',
      ])
    }),
  )
})

describe('a list of events', () => {
  it.effect('leaves out and logs a row that cannot be read, and shows the others', () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse('2027-03-10T12:00:00Z'))
      const organiserId = yield* Effect.promise(() => insertOrganiser(db.orm))
      const sound = yield* Effect.promise(() =>
        insertEvent(db.orm, { organiserId, name: 'Sound', dateStart: '2027-05-01' }),
      )
      const broken = yield* Effect.promise(() =>
        insertEvent(db.orm, { organiserId, name: 'Broken', dateStart: '2027-05-02' }),
      )
      // A row stored before the database checked its shape (this database only: the constraint is dropped).
      yield* Effect.promise(() =>
        db.orm.em
          .fork()
          .execute('alter table event drop constraint event_registration_windows_shape')
          .then(() =>
            db.orm.em
              .fork()
              .execute(`update event set registration_windows = '"[]"'::jsonb where id = ?`, [broken]),
          ),
      )
      const page = yield* search()
      expect(page.events.map((e) => e.id)).toEqual([sound])
      yield* Effect.promise(() =>
        db.orm.em
          .fork()
          .execute(`update event set registration_windows = '[]'::jsonb where id = ?`, [broken])
          .then(() =>
            db.orm.em
              .fork()
              .execute(
                `alter table event add constraint event_registration_windows_shape check (jsonb_typeof(registration_windows) = 'array')`,
              ),
          ),
      )
    }),
  )
})
