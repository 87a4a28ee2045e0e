import '../../testing/src/context.ts'
import { TournamentForEdit } from '@kibitz/tournaments'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { insertTournament } from '../../testing/src/domain.ts'
import { readJson, request } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'
import { withSession } from './support/userApi.ts'

// The organiser's program writes of the REST API v1 against a real PostgreSQL (set-up: support/eventWrites.ts).

const { world, signedIn, signedInOrganiser, signedInAdmin, eventOf, pairs, call, expectOk, fieldsOf } =
  useEventWritesWorld()

describe('POST /api/v1/event/program', () => {
  const firstDay = { date: '2030-05-10', tours: [{ time: '10:00', name: 'Round 1' }] }

  /** The stored program of a tournament, day by day, each tour as `time name`. */
  const storedProgramOf = async (tournamentId: number) =>
    Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ date: Schema.String, tours: Schema.Unknown })))(
      await world.orm.em
        .fork()
        .execute(
          'select date::text as date, tours from tournament_program_day where tournament_id = ? order by date',
          [tournamentId],
        ),
    )

  it('replaces the program of the owner’s tournament and nothing else', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({
          endDate: '2030-05-11',
          programs: [firstDay],
          stages: [{ name: 'Final A', type: 4 }],
          prizes: [{ placeNumber: 1, type: 1, prizeAmountMinor: 10000 }],
        }),
      ),
      TournamentForEdit,
    )
    const programs = [
      {
        date: '2030-05-10',
        tours: [
          { time: '09:30', name: 'Check-in' },
          { time: '10:00', name: 'Session 1' },
        ],
      },
      { date: '2030-05-11', tours: [{ time: '11:00', name: 'Final' }] },
    ]
    const saved = await readJson(
      expectOk(
        await call('/api/v1/event/program', 'POST', owner.token, {
          eventId,
          tournamentId: created.tournamentId,
          programs,
        }),
      ),
      TournamentForEdit,
    )
    expect(saved.input.programs).toEqual(programs)
    expect({ ...saved, input: { ...saved.input, programs: [] } }).toEqual({
      ...created,
      input: { ...created.input, programs: [] },
    })
    expect(
      await readJson(
        await call(
          `/api/v1/event/${eventId}/tournaments/${created.tournamentId}/edit-data`,
          'GET',
          owner.token,
        ),
        TournamentForEdit,
      ),
    ).toEqual(saved)

    const cleared = await readJson(
      expectOk(
        await call('/api/v1/event/program', 'POST', owner.token, {
          eventId,
          tournamentId: created.tournamentId,
          programs: [],
        }),
      ),
      TournamentForEdit,
    )
    expect(cleared.input.programs).toEqual([])
    expect(await storedProgramOf(created.tournamentId)).toEqual([])
  })

  it('lets the super user set any organiser’s program', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(`/api/v1/event/${eventId}/tournaments`, 'POST', owner.token, pairs()),
      TournamentForEdit,
    )
    const { token } = await signedInAdmin()
    const saved = await readJson(
      expectOk(
        await call('/api/v1/event/program', 'POST', token, {
          eventId,
          tournamentId: created.tournamentId,
          programs: [firstDay],
        }),
      ),
      TournamentForEdit,
    )
    expect(saved.input.programs).toEqual([firstDay])
    expect(await storedProgramOf(created.tournamentId)).toHaveLength(1)
  })

  it('names every invalid field by its dotted path and rule, and keeps the program it had', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({ programs: [firstDay] }),
      ),
      TournamentForEdit,
    )
    const problem = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, {
        eventId,
        tournamentId: created.tournamentId,
        programs: [
          {
            date: '2030-05-10',
            tours: [
              { time: '10:00', name: 'Round 1' },
              { time: '25:00', name: 'Round 2' },
            ],
          },
          { date: '2030-05-10', tours: [{ time: '12:00', name: '' }] },
          { date: '2030-02-30', tours: [] },
        ],
      }),
      400,
    )
    const errors = problem.errors ?? []
    expect(errors).toContainEqual(
      expect.objectContaining({
        path: ['payload', 'programs', 0, 'tours', 1, 'time'],
        field: 'programs.0.tours.1.time',
        rule: 'invalidTime',
      }),
    )
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'programs.1.tours.0.name', rule: 'required' }),
    )
    expect(errors).toContainEqual(expect.objectContaining({ field: 'programs.2.date', rule: 'invalidDate' }))
    // A day twice is checked once every day is valid on its own.
    const twice = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, {
        eventId,
        tournamentId: created.tournamentId,
        programs: [firstDay, firstDay],
      }),
      400,
    )
    expect(twice.errors).toEqual([expect.objectContaining({ field: 'programs.1.date', rule: 'duplicate' })])

    expect(
      await fieldsOf(
        await call('/api/v1/event/program', 'POST', owner.token, { eventId: 'x', tournamentId: 0 }),
      ),
    ).toEqual(expect.arrayContaining(['eventId', 'tournamentId', 'programs']))
    expect(
      await fieldsOf(
        await request('/api/v1/event/program', {
          method: 'POST',
          headers: { ...withSession(owner.token), 'content-type': 'application/json' },
          body: '{"eventId":',
        }),
      ),
    ).toEqual(['payload'])
    expect(await storedProgramOf(created.tournamentId)).toEqual([
      { date: '2030-05-10', tours: [{ time: '10:00', name: 'Round 1' }] },
    ])
  })

  it('answers 404 for another organiser’s event and a tournament of another event, 409 when not editable', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const created = await readJson(
      await call(
        `/api/v1/event/${eventId}/tournaments`,
        'POST',
        owner.token,
        pairs({ programs: [firstDay] }),
      ),
      TournamentForEdit,
    )
    const other = await signedInOrganiser()
    const body = { eventId, tournamentId: created.tournamentId, programs: [] }
    await expectProblem(await call('/api/v1/event/program', 'POST', other.token, body), 404)
    const player = await signedIn('player')
    await expectProblem(await call('/api/v1/event/program', 'POST', player.token, body), 403)
    await expectProblem(await call('/api/v1/event/program', 'POST', undefined, body), 401)

    const elsewhere = await eventOf(owner.organiserId)
    const foreign = await insertTournament(world.orm, { eventId: elsewhere, startDate: '2030-05-10' })
    const missing = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, { ...body, tournamentId: foreign.id }),
      404,
    )
    expect(missing.detail).toContain(`tournament ${foreign.id}`)

    const canceled = await eventOf(owner.organiserId, 'canceled')
    const stopped = await insertTournament(world.orm, { eventId: canceled, startDate: '2030-05-10' })
    expect(
      await expectProblem(
        await call('/api/v1/event/program', 'POST', owner.token, {
          eventId: canceled,
          tournamentId: stopped.id,
          programs: [firstDay],
        }),
        409,
      ),
    ).toMatchObject({ reason: 'notEditable' })
    expect(await storedProgramOf(created.tournamentId)).toHaveLength(1)
    expect(await storedProgramOf(stopped.id)).toEqual([])
  })
})
