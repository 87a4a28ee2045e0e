import { describe, expect, it } from '@effect/vitest'
import type { EventId, TournamentId } from '@kibitz/kernel'
import { RegistrationService } from '@kibitz/registration'
import {
  type EntryFixture,
  insertEntry,
  insertEvent,
  insertTournament,
  runWith,
  useDomainDatabase,
} from '@kibitz/testing'
import { Effect } from 'effect'

const db = useDomainDatabase()

const event = () => Effect.promise(() => insertEvent(db.orm, { dateStart: '2027-04-01' }))
const tournament = (eventId: EventId, name = 'Open Pairs') =>
  Effect.promise(() => insertTournament(db.orm, { eventId, name, startDate: '2027-04-01' })).pipe(
    Effect.map((t) => t.id),
  )
const entry = (spec: EntryFixture) => Effect.promise(() => insertEntry(db.orm, spec))
const pair = (a: string, b: string, countryCode: string | null = 'LT') =>
  [a, b].map((name) => {
    const [firstName = '', lastName = ''] = name.split(' ')
    return { firstName, lastName, countryCode }
  })

const playerList = (tournamentId: TournamentId) =>
  runWith(
    db.orm,
    RegistrationService.use((r) => r.playerList(tournamentId)),
  )
const participantsCount = (eventId: EventId) =>
  runWith(
    db.orm,
    RegistrationService.use((r) => r.participantsCount(eventId)),
  )

describe(RegistrationService.name, () => {
  describe('playerList', () => {
    it.effect('lists only confirmed entries, numbered from 1 in the order they were made', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const tournamentId = yield* tournament(eventId)
        const other = yield* tournament(eventId, 'Teams')
        const first = yield* entry({ tournamentId, contestants: pair('Ona Jonaitė', 'Jonas Jonaitis') })
        yield* entry({
          tournamentId,
          status: 'pending',
          contestants: pair('Petras Petraitis', 'Ieva Petraitė'),
        })
        yield* entry({ tournamentId: other, contestants: pair('Anna Nowak', 'Jan Kowalski', 'PL') })
        const second = yield* entry({ tournamentId, contestants: pair('Rūta Rutkienė', 'Tomas Rutkus') })
        yield* entry({ tournamentId, status: 'canceled', contestants: pair('Lina Linaitė', 'Paulius Linas') })

        const list = yield* playerList(tournamentId)

        expect(list.tournamentId).toBe(tournamentId)
        expect(list.entries.map((e) => [e.entryId, e.number])).toEqual([
          [first, 1],
          [second, 2],
        ])
        expect(list.entries.map((e) => e.contestants.map((c) => `${c.firstName} ${c.lastName}`))).toEqual([
          ['Ona Jonaitė', 'Jonas Jonaitis'],
          ['Rūta Rutkienė', 'Tomas Rutkus'],
        ])
        expect(list.playersCount).toBe(4)
      }),
    )

    it.effect('lists the contestants of an entry by position, with team name and country', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const tournamentId = yield* tournament(eventId, 'Teams')
        yield* entry({
          tournamentId,
          teamName: 'Baltic Tigers',
          contestants: [
            { firstName: 'Third', lastName: 'Player', position: 3, countryCode: 'LV' },
            { firstName: 'First', lastName: 'Player', position: 1, countryCode: 'LT' },
            { firstName: 'Fourth', lastName: 'Player', position: 4, countryCode: null },
            { firstName: 'Second', lastName: 'Player', position: 2, countryCode: 'EE' },
          ],
        })

        const [team] = (yield* playerList(tournamentId)).entries

        expect(team?.teamName).toBe('Baltic Tigers')
        expect(team?.contestants.map((c) => [c.firstName, c.countryCode])).toEqual([
          ['First', 'LT'],
          ['Second', 'EE'],
          ['Third', 'LV'],
          ['Fourth', null],
        ])
      }),
    )

    it.effect('is empty for a tournament without confirmed entries', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const tournamentId = yield* tournament(eventId)
        yield* entry({ tournamentId, status: 'pending', contestants: pair('Ona Jonaitė', 'Jonas Jonaitis') })

        const list = yield* playerList(tournamentId)

        expect(list.entries).toEqual([])
        expect(list.playersCount).toBe(0)
        expect(list.tournamentId).toBe(tournamentId)
      }),
    )
  })

  describe('participantsCount', () => {
    it.effect('counts confirmed entries and their players per tournament of the event', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        const otherEvent = yield* event()
        const pairs = yield* tournament(eventId, 'Pairs')
        const teams = yield* tournament(eventId, 'Teams')
        const empty = yield* tournament(eventId, 'Empty')
        const elsewhere = yield* tournament(otherEvent, 'Elsewhere')
        yield* entry({ tournamentId: pairs, contestants: pair('Ona Jonaitė', 'Jonas Jonaitis') })
        yield* entry({ tournamentId: pairs, contestants: pair('Rūta Rutkienė', 'Tomas Rutkus') })
        yield* entry({
          tournamentId: pairs,
          status: 'pending',
          contestants: pair('Lina Linaitė', 'Paulius Linas'),
        })
        yield* entry({
          tournamentId: teams,
          teamName: 'Baltic Tigers',
          contestants: [...pair('A One', 'B Two'), ...pair('C Three', 'D Four'), ...pair('E Five', 'F Six')],
        })
        yield* entry({ tournamentId: teams, teamName: 'No Players Yet' })
        yield* entry({ tournamentId: empty, status: 'canceled', contestants: pair('G Seven', 'H Eight') })
        yield* entry({ tournamentId: elsewhere, contestants: pair('I Nine', 'J Ten') })

        const counts = yield* participantsCount(eventId)

        // No order is promised, so compare by tournament.
        expect(
          [...counts]
            .sort((a, b) => a.tournamentId - b.tournamentId)
            .map((c) => [c.tournamentId, c.entries, c.players]),
        ).toEqual([
          [pairs, 2, 4],
          [teams, 2, 6],
        ])
      }),
    )

    it.effect('is empty for an event without confirmed entries', () =>
      Effect.gen(function* () {
        const eventId = yield* event()
        yield* tournament(eventId)

        expect(yield* participantsCount(eventId)).toEqual([])
      }),
    )
  })
})
