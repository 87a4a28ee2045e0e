import type { EventId } from '@kibitz/kernel'
import {
  type EventFixture,
  insertEvent,
  insertTournament,
  type Orm,
  runWith,
  type TournamentFixture,
  useDomainDatabase,
} from '@kibitz/testing'
import {
  type Tournament,
  type TournamentContext,
  TournamentId,
  type TournamentInputEncoded,
  TournamentInputInvalid,
  TournamentService,
  TournamentStore,
} from '@kibitz/tournaments'
import { Effect } from 'effect'
import { TestClock } from 'effect/testing'

// The set-up the tournament tests share: a database of the file's own, events and tournaments written as rows,
// and the services' reads and writes run against it.

export const vilnius = 'Europe/Vilnius'

/** The event every TournamentStore test writes into: 1–3 April 2027 in Vilnius, in euros. */
export const context: TournamentContext = {
  timeZone: vilnius,
  currencyCode: 'EUR',
  eventStart: '2027-04-01',
  eventEnd: '2027-04-03',
}

/** 14:00 in Vilnius (UTC+2 until 28 March 2027). */
export const now = '2027-03-10T12:00:00.000Z'
export const setNow = (iso: string) => TestClock.setTime(Date.parse(iso))

/** A tournament open for registration at `now` unless a test says otherwise. */
export const openTournament = (
  eventId: EventId,
  spec: Partial<TournamentFixture> = {},
): TournamentFixture => ({
  eventId,
  startDate: '2027-04-01',
  startTime: '10:00',
  registrationStartAt: '2027-03-01T00:00:00.000Z',
  registrationEndAt: '2027-03-31T00:00:00.000Z',
  tickets: [{ priceMinor: 5000, quantity: 20 }],
  ...spec,
})

export const categoryPrices = (t: Tournament) =>
  t.tickets.flatMap((k) =>
    k.ticketAgeCategories.map((c) => [c.name, c.currentPriceMinor, c.earlyBirdActive] as const),
  )

/** TournamentService's reads of one event's tournaments. */
const tournamentReads = (db: { readonly orm: Orm }) => {
  const list = (eventId: EventId, timeZone = vilnius) =>
    runWith(
      db.orm,
      TournamentService.use((t) => t.listForEvent({ id: eventId, timeZone, state: 'accepted' })),
    )
  const find = (eventId: EventId, aliasOrId: string, timeZone = vilnius) =>
    runWith(
      db.orm,
      TournamentService.use((t) => t.findInEvent({ id: eventId, timeZone, state: 'accepted' }, aliasOrId)),
    )
  const summary = (eventId: EventId, timeZone = vilnius) =>
    runWith(
      db.orm,
      TournamentService.use((t) => t.summaryForEvent(eventId, timeZone)),
    )
  /** The one tournament of an event. */
  const only = (eventId: EventId, timeZone = vilnius) =>
    list(eventId, timeZone).pipe(
      Effect.map((found): Tournament => {
        const [first] = found
        if (!first || found.length !== 1) throw new Error(`expected one tournament, found ${found.length}`)
        return first
      }),
    )
  return { list, find, summary, only }
}

/** The set-up of a TournamentService test file; call at the top level of the file. */
export const useTournamentService = () => {
  const db = useDomainDatabase()
  const event = (spec: Partial<EventFixture> = {}) =>
    Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01', ...spec }))
  const tournament = (spec: TournamentFixture) => Effect.promise(() => insertTournament(db.orm, spec))
  return { db, event, tournament, ...tournamentReads(db) }
}

/** The set-up of a TournamentStore test file: its writes within `context`; call at the top level of the file. */
export const useTournamentStore = () => {
  const db = useDomainDatabase()
  const event = () =>
    Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01', dateEnd: '2027-04-03' }))
  const fixture = (spec: TournamentFixture) => Effect.promise(() => insertTournament(db.orm, spec))

  const create = (eventId: EventId, input: TournamentInputEncoded) =>
    runWith(
      db.orm,
      TournamentStore.use((s) => s.create(eventId, input, context)),
    )
  const update = (eventId: EventId, id: number, input: TournamentInputEncoded) =>
    runWith(
      db.orm,
      TournamentStore.use((s) => s.update(eventId, TournamentId.make(id), input, context)),
    )
  const remove = (eventId: EventId, id: number) =>
    runWith(
      db.orm,
      TournamentStore.use((s) => s.remove(eventId, TournamentId.make(id))),
    )
  const reorder = (eventId: EventId, ids: ReadonlyArray<number>) =>
    runWith(
      db.orm,
      TournamentStore.use((s) =>
        s.reorder(
          eventId,
          ids.map((id) => TournamentId.make(id)),
        ),
      ),
    )
  const problemsOf = (eventId: EventId, within: TournamentContext = context) =>
    runWith(
      db.orm,
      TournamentStore.use((s) => s.problemsOf(eventId, within)),
    ).pipe(Effect.map((found) => found.map((p) => [p.tournamentId, p.field, p.rule])))
  const { list, only } = tournamentReads(db)
  return { db, event, fixture, create, update, remove, reorder, problemsOf, list, only }
}

/** The problems of a refused input as [field, rule] pairs; any other failure is returned as it is. */
export const refusal = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.flip(effect).pipe(
    Effect.map((error) =>
      error instanceof TournamentInputInvalid ? error.problems.map((p) => [p.field, p.rule]) : error,
    ),
  )

export const ticket = (over: Partial<TournamentInputEncoded['tickets'][number]> = {}) => ({
  type: 1,
  priceMinor: 5000,
  quantity: 40,
  isForSale: true,
  isPricePerTeam: false,
  ageCategories: [],
  ...over,
})

export const category = (
  over: Partial<TournamentInputEncoded['tickets'][number]['ageCategories'][number]> = {},
) => ({
  name: 'Juniors',
  priceMinor: 2500,
  discountPercent: 50,
  isEarlyBird: false,
  enabled: true,
  ...over,
})

/** A tournament an organiser could publish at once for the event of `context`. */
export const input = (over: Partial<TournamentInputEncoded> = {}): TournamentInputEncoded => ({
  name: 'Open Pairs',
  type: 1,
  isMultiSession: false,
  isComplicated: false,
  isComplicatedMultiSession: false,
  isComplicatedMultiRound: false,
  isComplicatedGroup: false,
  startDate: '2027-04-02',
  endDate: '2027-04-02',
  startTime: '10:00',
  endTime: '18:00',
  pointsScoreType: 'MP_PAIRS',
  verifyPlayer: false,
  hasRegistration: true,
  isRegistrationEnabled: true,
  registrationStart: '2027-03-01T09:00',
  registrationEnd: '2027-04-01T20:00',
  isPrizeInformationEnabled: true,
  isPlayerListViewEnabled: true,
  sessions: [],
  stages: [],
  programs: [],
  tickets: [ticket()],
  prizes: [],
  ...over,
})
