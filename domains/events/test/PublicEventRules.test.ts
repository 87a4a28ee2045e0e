import { describe, expect, it } from '@effect/vitest'
import { EventActions, EventService, type GeneralInformationInput } from '@kibitz/events'
import { runWith } from '@kibitz/testing'
import { Effect } from 'effect'
import { pairsTournament, useEditorWorld } from './support/editorWorld.ts'

// Decision 017: what publishing checks holds for every edit of a public event. An edit that would add a problem
// the validate call reports is refused, naming the saved form's fields, and the event stays as it was.

const { db, organiser, editor, tournamentEditor, general: worldGeneral } = useEditorWorld()

/** The shared world's event, at the seaside and in English only. */
const general = (overrides: Partial<GeneralInformationInput> = {}): GeneralInformationInput =>
  worldGeneral({
    contents: [{ language: 'en', name: 'Seaside Pairs', description: null, isMain: true, type: 1 }],
    languages: ['en'],
    organiserEmail: null,
    locations: [
      { name: 'Bridge club', addressLine: 'Jūros g. 1, Palanga', shortAddressLine: 'Palanga', isMain: true },
    ],
    ...overrides,
  })

const pairs = (overrides: Record<string, unknown> = {}) =>
  pairsTournament({
    endDate: '2027-06-11',
    registrationEnd: '2027-06-10T09:00',
    isPrizeInformationEnabled: false,
    programs: [{ date: '2027-06-10', tours: [{ time: '10:00', name: 'Session 1' }] }],
    ...overrides,
  })

/** A published event with one tournament whose registration is open, and its organiser. */
const published = (input: GeneralInformationInput = general()) =>
  Effect.gen(function* () {
    const actor = yield* organiser()
    const event = yield* editor((e) => e.create(actor, input))
    const tournamentId = yield* tournamentEditor((e) => e.saveTournament(actor, event.id, null, pairs()))
    yield* runWith(
      db.orm,
      EventActions.use((a) => a.perform(actor, event.id, 'publish')),
    )
    return { actor, eventId: event.id, tournamentId }
  })

/** The refused edit's problems as [field, rule] pairs (fails the test when the edit went through). */
const refusal = <A, E extends { readonly _tag: string }>(edit: Effect.Effect<A, E, never>) =>
  Effect.map(Effect.flip(edit), (error) => {
    expect(error._tag).toBe('EventInputInvalid')
    return 'problems' in error && Array.isArray(error.problems)
      ? error.problems.map((p: { field: string; rule: string }) => [p.field, p.rule])
      : []
  })

describe('EventEditor on a public event', () => {
  it.effect('refuses turning it online without a web address, and it stays live and valid', () =>
    Effect.gen(function* () {
      const { actor, eventId } = yield* published()
      const problems = yield* refusal(
        editor((e) =>
          e.updateGeneral(
            actor,
            eventId,
            general({ isLive: false, isOnline: true, locations: [{ name: 'BBO', isMain: true }] }),
          ),
        ),
      )
      expect(problems).toEqual([['locations.0.externalUrl', 'required']])
      const view = yield* editor((e) => e.view(actor, eventId))
      expect(view.general.isOnline).toBe(false)
      expect(view.general.locations[0]?.addressLine).toBe('Jūros g. 1, Palanga')
      expect(yield* editor((e) => e.problems(actor, eventId))).toEqual([])
      // With the address it goes through.
      const online = yield* editor((e) =>
        e.updateGeneral(
          actor,
          eventId,
          general({
            isLive: false,
            isOnline: true,
            locations: [{ name: 'BBO', isMain: true, externalUrl: 'https://www.bridgebase.com' }],
          }),
        ),
      )
      expect(online.general.isOnline).toBe(true)
    }),
  )

  it.effect('refuses dates that leave a tournament outside them, naming the date that moved', () =>
    Effect.gen(function* () {
      const { actor, eventId } = yield* published()
      expect(
        yield* refusal(
          editor((e) =>
            e.updateGeneral(actor, eventId, general({ dateStart: '2027-06-11', dateEnd: '2027-06-12' })),
          ),
        ),
      ).toEqual([['dateStart', 'excludesTournaments']])
      expect(
        yield* refusal(
          editor((e) =>
            e.updateGeneral(actor, eventId, general({ dateStart: '2027-06-01', dateEnd: '2027-06-10' })),
          ),
        ),
      ).toEqual([['dateEnd', 'excludesTournaments']])
      const view = yield* editor((e) => e.view(actor, eventId))
      expect([view.general.dateStart, view.general.dateEnd]).toEqual(['2027-06-10', '2027-06-12'])
      // Dates that still hold the tournament are fine.
      const wider = yield* editor((e) =>
        e.updateGeneral(actor, eventId, general({ dateStart: '2027-06-09', dateEnd: '2027-06-13' })),
      )
      expect(wider.general.dateStart).toBe('2027-06-09')
    }),
  )

  it.effect('refuses a time zone that puts a registration end after its tournament starts', () =>
    Effect.gen(function* () {
      const { actor, eventId } = yield* published()
      // Registration ends 06:00 UTC on 10 June; 10:00 in Kiritimati (UTC+14) is 20:00 UTC on 9 June.
      expect(
        yield* refusal(
          editor((e) => e.updateGeneral(actor, eventId, general({ timeZone: 'Pacific/Kiritimati' }))),
        ),
      ).toEqual([['timeZone', 'afterStart']])
      expect((yield* editor((e) => e.view(actor, eventId))).general.timeZone).toBe('Europe/Vilnius')
    }),
  )

  it.effect('refuses taking away an online event’s only web address in the additional information', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const event = yield* editor((e) =>
        e.create(
          actor,
          general({
            isLive: false,
            isOnline: true,
            countryCode: null,
            locations: [{ name: 'BBO', isMain: true }],
          }),
        ),
      )
      const additional = (externalPageUrl: string | null) => ({
        externalPageUrl,
        liveResultsUrl: null,
        championshipTypeText: null,
        isYouth: false,
        fbCommentsEnabled: true,
        showNativeName: false,
      })
      yield* editor((e) => e.updateAdditional(actor, event.id, additional('https://pairs.example')))
      yield* runWith(
        db.orm,
        EventActions.use((a) => a.perform(actor, event.id, 'publish')),
      )
      expect(yield* refusal(editor((e) => e.updateAdditional(actor, event.id, additional(null))))).toEqual([
        ['externalPageUrl', 'required'],
      ])
      const view = yield* editor((e) => e.view(actor, event.id))
      expect(view.additional.externalPageUrl).toBe('https://pairs.example')
    }),
  )

  it.effect(
    'refuses a tournament moved out of the event with registration open, and keeps it as it was',
    () =>
      Effect.gen(function* () {
        const { actor, eventId, tournamentId } = yield* published()
        const problems = yield* refusal(
          tournamentEditor((e) =>
            e.saveTournament(
              actor,
              eventId,
              tournamentId,
              pairs({ startDate: '1900-01-01', endDate: '1900-01-01', programs: [] }),
            ),
          ),
        )
        expect(problems).toEqual(
          expect.arrayContaining([
            ['startDate', 'outsideEvent'],
            ['endDate', 'outsideEvent'],
            ['registrationStart', 'afterStart'],
            ['registrationEnd', 'afterStart'],
          ]),
        )
        const [kept] = yield* tournamentEditor((e) => e.tournaments(actor, eventId))
        expect(kept?.startDate).toBe('2027-06-10')
        // A new tournament is held to the same rules, and is not created.
        expect(
          yield* refusal(
            tournamentEditor((e) =>
              e.saveTournament(
                actor,
                eventId,
                null,
                pairs({ startDate: '2199-12-30', endDate: '2199-12-31', programs: [] }),
              ),
            ),
          ),
        ).toEqual(expect.arrayContaining([['startDate', 'outsideEvent']]))
        expect((yield* tournamentEditor((e) => e.tournaments(actor, eventId))).length).toBe(1)
        expect(yield* editor((e) => e.problems(actor, eventId))).toEqual([])
      }),
  )

  it.effect('refuses tickets that leave open registration with nothing for sale', () =>
    Effect.gen(function* () {
      const { actor, eventId, tournamentId } = yield* published()
      const edit = yield* tournamentEditor((e) => e.tournament(actor, eventId, tournamentId))
      const tickets = edit.input.tickets.map((k) => ({ ...k, isForSale: false }))
      expect(
        yield* refusal(
          tournamentEditor((e) => e.saveTournament(actor, eventId, tournamentId, { ...edit.input, tickets })),
        ),
      ).toEqual([['tickets', 'noTicketForSale']])
    }),
  )

  it.effect('refuses a program day outside its tournament, and keeps the program', () =>
    Effect.gen(function* () {
      const { actor, eventId, tournamentId } = yield* published()
      expect(
        yield* refusal(
          tournamentEditor((e) =>
            e.saveProgram(actor, eventId, tournamentId, [
              { date: '1900-01-01', tours: [{ time: '10:00', name: 'Far' }] },
            ]),
          ),
        ),
      ).toEqual([['programs.0.date', 'outsideTournament']])
      const [kept] = yield* tournamentEditor((e) => e.tournaments(actor, eventId))
      expect(kept?.programs.map((p) => p.date)).toEqual(['2027-06-10'])
    }),
  )

  it.effect('leaves the public pages and the validate call as they were after a refused edit', () =>
    Effect.gen(function* () {
      const { actor, eventId } = yield* published()
      yield* refusal(
        editor((e) =>
          e.updateGeneral(actor, eventId, general({ dateStart: '2027-06-11', dateEnd: '2027-06-12' })),
        ),
      )
      const page = yield* runWith(
        db.orm,
        EventService.use((s) => s.view(String(eventId), 'en')),
      )
      expect([page.card.dateStart, page.card.dateEnd]).toEqual(['2027-06-10', '2027-06-12'])
      expect(yield* editor((e) => e.problems(actor, eventId))).toEqual([])
    }),
  )

  it.effect('still saves a draft that lacks what publication needs', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const draft = yield* editor((e) => e.create(actor, general()))
      yield* tournamentEditor((e) => e.saveTournament(actor, draft.id, null, pairs()))
      const moved = yield* editor((e) =>
        e.updateGeneral(actor, draft.id, general({ dateStart: '2027-07-01', dateEnd: '2027-07-02' })),
      )
      expect(moved.general.dateStart).toBe('2027-07-01')
      const problems = yield* editor((e) => e.problems(actor, draft.id))
      expect(problems.map((p) => [p.field, p.rule])).toContainEqual(['startDate', 'outsideEvent'])
    }),
  )

  it.effect('accepts an edit that adds nothing to a problem the public event already had', () =>
    Effect.gen(function* () {
      const { actor, eventId } = yield* published()
      // A problem from before these rules held (written straight to the row).
      yield* Effect.promise(() =>
        db.orm.em.fork().execute('update event set country_code = null where id = ?', [eventId]),
      )
      const saved = yield* editor((e) =>
        e.updateGeneral(actor, eventId, general({ countryCode: null, organiserEmail: 'desk@pairs.example' })),
      )
      expect(saved.general.organiserEmail).toBe('desk@pairs.example')
      // The same problem stays reported until it is fixed.
      expect((yield* editor((e) => e.problems(actor, eventId))).map((p) => p.field)).toEqual(['countryCode'])
    }),
  )
})
