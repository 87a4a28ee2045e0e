import '../../testing/src/context.ts'
import { EventEditorView } from '@kibitz/events'
import { TournamentForEdit } from '@kibitz/tournaments'
import { describe, expect, it } from 'vitest'
import { EventForEdit } from '../src/api/EventEditorApi.ts'
import { readJson } from './support/api.ts'
import { generalInformationBody, tournamentBody } from './support/editorBodies.ts'
import { useEventWritesWorld } from './support/eventWrites.ts'

// One shape per resource: every resource the API writes has a read that answers the shape its write takes, so a
// client reads it, sends it back unchanged and gets 200 and the same data. The event's general and additional
// information (GET …/edit-data, PUT v1/event/{id}) and a tournament (GET …/tournaments/{id}/edit-data, its
// `input` to PUT …/tournaments/{id}).

const { signedInOrganiser, signedInAdmin, call, expectOk } = useEventWritesWorld()

/** Everything the event's two steps hold, every optional field given. */
const eventBody = {
  generalInformation: generalInformationBody({
    contents: [
      {
        language: 'en',
        name: 'Baltic Bridge Festival',
        description: 'Pairs and teams',
        isMain: true,
        type: 1,
      },
      { language: 'lt', name: 'Baltijos bridžo festivalis', description: null, isMain: false, type: 2 },
    ],
    editionSeason: null,
    locations: [
      {
        name: 'Palanga Hall',
        addressLine: 'Vytauto g. 1, Palanga',
        shortAddressLine: 'Palanga',
        countryCode: 'LT',
        lat: 55.9175,
        long: 21.0686,
        dateStart: '2030-07-01',
        dateEnd: '2030-07-03',
        startTime: '09:30',
        endTime: '22:00',
        isMain: true,
        externalUrl: 'https://hall.example.test/',
      },
      { name: 'Online room', isMain: false, externalUrl: 'https://play.example.test/room' },
    ],
  }),
  additionalInformation: {
    externalPageUrl: 'https://festival.example.test/',
    liveResultsUrl: 'https://results.example.test/',
    championshipTypeText: 'Open championship',
    isYouth: true,
    fbCommentsEnabled: false,
    showNativeName: true,
    payment: { beneficiary: 'Bridge Club', iban: 'LT121000011101001000', bic: 'HABALT22' },
  },
}

/** A tournament with every part: sessions, stages, a program, tickets with age categories, prizes. */
const richTournament = tournamentBody({
  additionalName: 'Main event',
  type: 2,
  isMultiSession: true,
  startDate: '2030-07-02',
  endDate: '2030-07-03',
  startTime: '10:00',
  endTime: '18:00',
  pointsScoreType: 'IMP',
  resultsSource: 1,
  resultsUrl: 'https://results.example.test/teams',
  registrationStart: '2030-06-01T09:00',
  registrationEnd: '2030-07-01T20:00',
  registrationType: 1,
  playerListUrl: 'https://players.example.test/',
  boards: 28,
  description: 'Swiss teams',
  locationName: 'Palanga Hall',
  sessions: [{ startDate: '2030-07-02', endDate: '2030-07-02', startTime: '10:00', type: 1, boards: 14 }],
  stages: [{ name: 'Qualification', type: 1, resultsUrl: 'https://results.example.test/q' }],
  programs: [{ date: '2030-07-02', tours: [{ time: '10:00', name: 'Round 1' }] }],
  tickets: [
    {
      type: 2,
      priceMinor: 8000,
      quantity: 40,
      isForSale: true,
      isPricePerTeam: true,
      ageCategories: [
        {
          name: 'Juniors',
          ageFrom: 0,
          ageTo: 25,
          priceMinor: 4000,
          quantity: 10,
          discountPercent: 50,
          isEarlyBird: true,
          earlyBirdPriceMinor: 3000,
          earlyBirdSalesStartDate: '2030-06-01',
          earlyBirdSalesEndDate: '2030-06-15',
          earlyBirdEndSalesQuantity: 5,
          enabled: true,
        },
      ],
    },
  ],
  prizes: [
    { placeNumber: 1, prizeAmountMinor: 50000, type: 1, medalIconKey: 'gold' },
    { placeNumber: 2, customPrize: 'A cup', type: 2 },
  ],
  prizeSetup: { placesNumber: 2, prizePoolMinor: 80000, isFormulaUsed: false },
})

/** The JSON of a reply, to compare answers as a client sees them. */
const jsonOf = async (response: Response): Promise<unknown> => expectOk(response).json()

describe('every write has a read of the same shape', () => {
  it('GET event edit-data answers what PUT v1/event/{id} takes: sent back unchanged, nothing changes', async () => {
    const owner = await signedInOrganiser()
    const admin = await signedInAdmin()
    const { id } = await readJson(
      expectOk(await call('/api/v1/event', 'POST', owner.token, eventBody)),
      EventEditorView,
    )
    const editData = `/api/v1/event/${id}/edit-data`

    // Personal: no cache keeps it (nor compares it), and another organiser's event answers as a missing one.
    const personal = await call(editData, 'GET', owner.token)
    expect(personal.headers.get('etag')).toBeNull()
    expectOk(personal)
    expect((await call(editData, 'GET', (await signedInOrganiser()).token)).status).toBe(404)

    for (const who of [owner, admin]) {
      const read = await jsonOf(await call(editData, 'GET', who.token))
      // What the read answers is the write's payload: it decodes as the PUT's body does.
      const decoded = await readJson(expectOk(await call(editData, 'GET', who.token)), EventForEdit)
      expect(decoded.generalInformation.locations).toHaveLength(2)
      expect(decoded.additionalInformation.payment?.iban).toBe('LT121000011101001000')

      const put = await jsonOf(await call(`/api/v1/event/${id}`, 'PUT', who.token, read))
      expect(put).toMatchObject({
        id,
        general: (read as EventForEdit).generalInformation,
        additional: (read as EventForEdit).additionalInformation,
      })
      expect(await jsonOf(await call(editData, 'GET', who.token))).toEqual(read)

      // Either part alone round-trips too.
      for (const part of ['generalInformation', 'additionalInformation'] as const) {
        await jsonOf(await call(`/api/v1/event/${id}`, 'PUT', who.token, { [part]: decoded[part] }))
        expect(await jsonOf(await call(editData, 'GET', who.token))).toEqual(read)
      }
    }
  })

  it('GET tournament edit-data answers the input PUT takes: sent back unchanged, the same tournament', async () => {
    const owner = await signedInOrganiser()
    const { id } = await readJson(
      expectOk(await call('/api/v1/event', 'POST', owner.token, eventBody)),
      EventEditorView,
    )
    const created = await readJson(
      expectOk(await call(`/api/v1/event/${id}/tournaments`, 'POST', owner.token, richTournament)),
      TournamentForEdit,
    )
    const path = `/api/v1/event/${id}/tournaments/${created.tournamentId}`

    const read = await jsonOf(await call(`${path}/edit-data`, 'GET', owner.token))
    expect(read).toMatchObject({
      tournamentId: created.tournamentId,
      input: { pointsScoreType: 'IMP' },
    })
    const input = (read as { readonly input: unknown }).input

    const put = await jsonOf(await call(path, 'PUT', owner.token, input))
    expect(put).toEqual(read)
    expect(await jsonOf(await call(`${path}/edit-data`, 'GET', owner.token))).toEqual(read)
  })
})
