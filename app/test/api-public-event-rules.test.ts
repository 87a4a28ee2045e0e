import '../../testing/src/context.ts'
import { EventEditorView, EventPage, EventView } from '@kibitz/events'
import { RegistrationReceipt } from '@kibitz/registration'
import { TournamentForEdit } from '@kibitz/tournaments'
import { describe, expect, it } from 'vitest'
import { ValidationReport } from '../src/api/EventEditorApi.ts'
import { readJson, request } from './support/api.ts'
import { adminEmail, useApiWorld } from './support/apiWorld.ts'
import { generalInformationBody, tournamentBody } from './support/editorBodies.ts'
import { eventActors, expectProblem } from './support/eventActors.ts'
import { player, registerBody } from './support/registrationFixtures.ts'
import { sendJson, withSession } from './support/userApi.ts'

// Rules that hold for every write (issue 13): an edit of a public event that publishing would refuse is refused
// with the fields named and changes nothing, and "registration open" follows the last place sold and given back.

const world = useApiWorld({ poolMax: 1 })

const { signedInOrganiser } = eventActors(() => ({ sql: world.sql, orm: world.orm }), adminEmail)

const call = (path: string, method: string, token?: string, body?: unknown) =>
  request(path, {
    method,
    headers: {
      ...(token === undefined ? {} : withSession(token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const general = (name: string) =>
  generalInformationBody({
    contents: [{ language: 'en', name, description: null, isMain: true, type: 1 }],
    dateStart: '2030-05-10',
    dateEnd: '2030-05-12',
  })

/** A published event with one pairs tournament of `quantity` places whose registration is open now. */
const publishedEvent = async (name: string, quantity = 60) => {
  const owner = await signedInOrganiser()
  const created = await call('/api/v1/event', 'POST', owner.token, { generalInformation: general(name) })
  expect(created.status).toBe(200)
  const event = await readJson(created, EventEditorView)
  const saved = await call(
    `/api/v1/event/${event.id}/tournaments`,
    'POST',
    owner.token,
    tournamentBody({
      registrationStart: '2020-01-01T09:00',
      tickets: [
        { type: 1, priceMinor: 4000, quantity, isForSale: true, isPricePerTeam: false, ageCategories: [] },
      ],
    }),
  )
  expect(saved.status).toBe(200)
  const tournament = await readJson(saved, TournamentForEdit)
  expect((await call(`/api/v1/event/${event.id}/publish`, 'PUT', owner.token)).status).toBe(200)
  return { owner, eventId: event.id, tournament }
}

const validity = async (token: string, eventId: number) =>
  readJson(await call('/api/v1/event/validate', 'POST', token, { id: eventId }), ValidationReport)

describe('editing a published event through the API', () => {
  it('refuses what publishing refuses with 400 naming the fields, and the event stays as it was', async () => {
    const { owner, eventId, tournament } = await publishedEvent('Harbour Cup')
    const online = await expectProblem(
      await call(`/api/v1/event/${eventId}`, 'PUT', owner.token, {
        generalInformation: {
          ...general('Harbour Cup'),
          isLive: false,
          isOnline: true,
          locations: [{ name: 'BBO', isMain: true }],
        },
      }),
      400,
    )
    expect(online.errors?.map((e) => [e.path.join('.'), e.rule])).toEqual([
      ['payload.generalInformation.locations.0.externalUrl', 'required'],
    ])
    const dates = await expectProblem(
      await call(`/api/v1/event/${eventId}`, 'PUT', owner.token, {
        generalInformation: { ...general('Harbour Cup'), dateStart: '2030-05-11' },
      }),
      400,
    )
    expect(dates.errors?.map((e) => [e.field, e.rule])).toEqual([['dateStart', 'excludesTournaments']])
    const far = await expectProblem(
      await call(`/api/v1/event/${eventId}/tournaments/${tournament.tournamentId}`, 'PUT', owner.token, {
        ...tournament.input,
        startDate: '2199-12-31',
        endDate: '2199-12-31',
      }),
      400,
    )
    expect(far.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['startDate', 'endDate']))
    const program = await expectProblem(
      await call('/api/v1/event/program', 'POST', owner.token, {
        eventId,
        tournamentId: tournament.tournamentId,
        programs: [{ date: '1900-01-01', tours: [{ time: '10:00', name: 'Round 1' }] }],
      }),
      400,
    )
    expect(program.errors?.map((e) => [e.field, e.rule])).toEqual([['programs.0.date', 'outsideTournament']])

    expect(await validity(owner.token, eventId)).toMatchObject({ valid: true, problems: [] })
    const view = await readJson(await request(`/api/v1/event/${eventId}`), EventView)
    expect(view.card).toMatchObject({ isOnline: false, dateStart: '2030-05-10', dateEnd: '2030-05-12' })
    const ical = await request(`/api/v1/event/ical?ids=${eventId}`)
    expect(ical.status).toBe(200)
    expect(await ical.text()).toContain('DTSTART;VALUE=DATE:20300510')
  })
})

describe('"registration open" of a published event through the API', () => {
  const openness = async (eventId: number, name: string) => {
    const view = await readJson(await request(`/api/v1/event/${eventId}`), EventView)
    const search = await readJson(
      await request(`/api/v1/event/search-future-events?nameOrLocation=${encodeURIComponent(name)}`),
      EventPage,
    )
    const card = search.events.find((e) => e.id === eventId)
    return { page: view.card.isOpenRegistration, search: card?.isOpenRegistration }
  }

  it('closes when the last place is sold and opens again when that entry is canceled', async () => {
    const { owner, eventId, tournament } = await publishedEvent('Lighthouse Pairs', 2)
    const ticketId = tournament.input.tickets[0]?.ticketId ?? 0
    expect(await openness(eventId, 'Lighthouse Pairs')).toEqual({ page: true, search: true })
    const sold = await sendJson(
      `/api/v1/tournament/${tournament.tournamentId}/register`,
      registerBody([player(1, ticketId), player(2, ticketId)], 8000),
    )
    expect(sold.status).toBe(201)
    const receipt = await readJson(sold, RegistrationReceipt)
    expect(await openness(eventId, 'Lighthouse Pairs')).toEqual({ page: false, search: false })
    expect((await call(`/api/v1/registration/${receipt.entryId}/cancel`, 'PUT', owner.token)).status).toBe(
      200,
    )
    expect(await openness(eventId, 'Lighthouse Pairs')).toEqual({ page: true, search: true })
  })
})
