import '../../testing/src/context.ts'
import { EventTransition } from '@kibitz/events'
import { describe, expect, it } from 'vitest'
import { readJson } from './support/api.ts'
import { expectProblem } from './support/eventActors.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'

// notify-event-users and a quiet republish of the REST API v1 against a real PostgreSQL
// (set-up: support/eventWrites.ts).

const { signedInOrganiser, signedInAdmin, eventWithPlayers, call, expectOk, mailsOf, fieldsOf } =
  useEventWritesWorld()

describe('notify-event-users', () => {
  const notify = (eventId: number, token: string, body: unknown) =>
    call(`/api/v1/event/${eventId}/notify-event-users`, 'PUT', token, body)

  it('queues one e-mail per registered address with the organiser’s message', async () => {
    const owner = await signedInOrganiser()
    const { eventId } = await eventWithPlayers(owner.organiserId)
    const reply = await readJson(
      expectOk(
        await notify(eventId, owner.token, { message: 'Parking is free on Saturday.', notifyUsers: true }),
      ),
      EventTransition,
    )
    expect(reply).toEqual(
      new EventTransition({
        eventId,
        action: 'notifyEventUsers',
        from: 'accepted',
        to: 'accepted',
        notified: 2,
      }),
    )
    const mails = await mailsOf(eventId, 'events.message')
    expect(mails.map((m) => [m.recipient, m.language]).sort()).toEqual([
      [`jan-${eventId}@example.test`, 'en'],
      [`ona-${eventId}@example.test`, 'lt'],
    ])
    for (const mail of mails) expect(mail.text_body).toContain('Parking is free on Saturday.')

    const { token } = await signedInAdmin()
    expect(
      (await readJson(expectOk(await notify(eventId, token, { message: 'See you soon.' })), EventTransition))
        .notified,
    ).toBe(2)
    expect(await mailsOf(eventId, 'events.message')).toHaveLength(4)
  })

  it('refuses a draft with 409, a bad message and notifyUsers false with 400, sending nothing', async () => {
    const owner = await signedInOrganiser()
    const draft = await eventWithPlayers(owner.organiserId, 'draft')
    expect(
      await expectProblem(await notify(draft.eventId, owner.token, { message: 'Hello' }), 409),
    ).toMatchObject({ reason: 'wrongState', state: 'draft' })
    const { eventId } = await eventWithPlayers(owner.organiserId)
    for (const body of [{}, { message: '' }, { message: '  ' }, { message: 'x'.repeat(2001) }]) {
      expect(await fieldsOf(await notify(eventId, owner.token, body))).toContain('message')
    }
    const quiet = await expectProblem(
      await notify(eventId, owner.token, { message: 'Hi', notifyUsers: false }),
      400,
    )
    expect(quiet.errors).toEqual([
      expect.objectContaining({ path: ['payload', 'notifyUsers'], field: 'notifyUsers', rule: 'mustAccept' }),
    ])
    expect(await mailsOf(draft.eventId, 'events.message')).toEqual([])
    expect(await mailsOf(eventId, 'events.message')).toEqual([])
  })
})

describe('publish with notifyUsers', () => {
  const act = (eventId: number, action: string, token: string, body?: unknown) =>
    call(`/api/v1/event/${eventId}/${action}`, action === 'delete' ? 'DELETE' : 'PUT', token, body)

  it('republishes quietly with notifyUsers false, and tells the players by default', async () => {
    const owner = await signedInOrganiser()
    const { eventId } = await eventWithPlayers(owner.organiserId, 'postponedToDraft')
    const quiet = await readJson(
      expectOk(await act(eventId, 'publish', owner.token, { notifyUsers: false })),
      EventTransition,
    )
    expect(quiet).toMatchObject({ from: 'postponedToDraft', to: 'accepted' })
    expect(quiet.notified).toBeUndefined()
    expect(await mailsOf(eventId, 'events.republished')).toEqual([])

    expectOk(await act(eventId, 'postpone', owner.token, { message: 'Later' }))
    expectOk(await act(eventId, 'un-publish-after-postpone', owner.token, { message: 'Back to planning' }))
    const told = await readJson(expectOk(await act(eventId, 'publish', owner.token)), EventTransition)
    expect(told.notified).toBe(2)
    expect(await mailsOf(eventId, 'events.republished')).toHaveLength(2)
  })
})
