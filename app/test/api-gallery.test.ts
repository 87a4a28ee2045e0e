import '../../testing/src/context.ts'
import { Gallery } from '@kibitz/events'
import { describe, expect, it } from 'vitest'
import { insertTournament } from '../../testing/src/domain.ts'
import { readJson } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'

// POST v1/gallery/create (spec section 7 Files; docs/decisions/041) against a real PostgreSQL (set-up:
// support/eventWrites.ts).

const { signedInOrganiser, signedInAdmin, signedIn, eventOf, call, expectOk, world } = useEventWritesWorld()

describe('POST /api/v1/gallery/create', () => {
  it('creates the event’s gallery and a tournament’s, each once', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const tournament = await insertTournament(world.orm, { eventId, startDate: '2030-05-10' })
    const own = await readJson(
      expectOk(await call('/api/v1/gallery/create', 'POST', owner.token, { eventId })),
      Gallery,
    )
    expect(own).toMatchObject({ eventId, tournamentId: null, title: null, isActive: true, galleryItems: [] })
    const theirs = await readJson(
      expectOk(
        await call('/api/v1/gallery/create', 'POST', owner.token, {
          eventId,
          tournamentId: tournament.id,
          title: ' Day one ',
          isActive: false,
        }),
      ),
      Gallery,
    )
    expect(theirs).toMatchObject({ tournamentId: tournament.id, title: 'Day one', isActive: false })
    const again = await expectProblem(
      await call('/api/v1/gallery/create', 'POST', owner.token, { eventId, tournamentId: tournament.id }),
      400,
    )
    expect(again.errors).toMatchObject([{ field: 'tournamentId', rule: 'duplicate' }])
  })

  it('names a bad field, and refuses another organiser, a player and a stranger', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId)
    const long = await expectProblem(
      await call('/api/v1/gallery/create', 'POST', owner.token, { eventId, title: 'x'.repeat(201) }),
      400,
    )
    expect(long.errors).toMatchObject([{ field: 'title', rule: 'tooLong' }])
    await expectProblem(await call('/api/v1/gallery/create', 'POST', owner.token, { eventId: 'seven' }), 400)
    const another = await signedInOrganiser()
    await expectProblem(await call('/api/v1/gallery/create', 'POST', another.token, { eventId }), 404)
    // Another organiser naming the owner's tournament from an event of its own: 404 too.
    const anothersEvent = await eventOf(another.organiserId)
    const tournament = await insertTournament(world.orm, { eventId, startDate: '2030-05-10' })
    await expectProblem(
      await call('/api/v1/gallery/create', 'POST', another.token, {
        eventId: anothersEvent,
        tournamentId: tournament.id,
      }),
      404,
    )
    const player = await signedIn('player')
    await expectProblem(await call('/api/v1/gallery/create', 'POST', player.token, { eventId }), 403)
    expect((await call('/api/v1/gallery/create', 'POST', undefined, { eventId })).status).toBe(401)
    // The super user may create any organiser's gallery.
    const admin = await signedInAdmin()
    expectOk(await call('/api/v1/gallery/create', 'POST', admin.token, { eventId }))
  })

  it('refuses a canceled event with 409 notEditable', async () => {
    const owner = await signedInOrganiser()
    const eventId = await eventOf(owner.organiserId, 'canceled')
    const problem = await expectProblem(
      await call('/api/v1/gallery/create', 'POST', owner.token, { eventId }),
      409,
    )
    expect(problem).toMatchObject({ reason: 'notEditable' })
  })
})
