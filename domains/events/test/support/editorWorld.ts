import { type EventActor, EventEditor, type GeneralInformationInput } from '@kibitz/events'
import { type OrganiserId, UserId } from '@kibitz/kernel'
import { insertOrganiser, runWith, useDomainDatabase } from '@kibitz/testing'
import { TournamentEditor } from '@kibitz/tournaments'
import { Effect, Schema } from 'effect'

// The set-up the EventEditor tests share: a database of the file's own, organisers and the super user as actors,
// both editors run against it, a complete general-information step and the event's row as stored.

/** The set-up of an EventEditor test file; call at the top level of the file. */
export const useEditorWorld = () => {
  const db = useDomainDatabase()

  const actorFor = (organiserId: OrganiserId, userId = UserId.make(1000 + organiserId)): EventActor => ({
    userId,
    organiserId,
    isSuper: false,
  })
  const organiser = () => Effect.promise(() => insertOrganiser(db.orm)).pipe(Effect.map((id) => actorFor(id)))
  const superUser: EventActor = { userId: UserId.make(1), organiserId: null, isSuper: true }

  const editor = <A, E, R>(f: (e: EventEditor['Service']) => Effect.Effect<A, E, R>) =>
    runWith(
      db.orm,
      EventEditor.use((e) => f(e)),
    )
  // The event's tournaments are edited by their domain, through the door the event's editor opens.
  const tournamentEditor = <A, E, R>(f: (e: TournamentEditor['Service']) => Effect.Effect<A, E, R>) =>
    runWith(
      db.orm,
      TournamentEditor.use((e) => f(e)),
    )

  const general = (overrides: Partial<GeneralInformationInput> = {}): GeneralInformationInput => ({
    contents: [
      { language: 'lt', name: 'Vilniaus poros', description: 'Poros prie jūros', isMain: true, type: 2 },
      { language: 'en', name: 'Vilnius Pairs', description: null, isMain: false, type: 1 },
    ],
    type: 3,
    isLive: true,
    isOnline: false,
    editionType: 1,
    editionYear: 2027,
    editionSeason: null,
    dateStart: '2027-06-10',
    dateEnd: '2027-06-12',
    countryCode: 'LT',
    languages: ['lt', 'en'],
    currencyCode: 'EUR',
    timeZone: 'Europe/Vilnius',
    organiserEmail: 'info@lbf.example',
    locations: [
      {
        name: 'Bridžo klubas',
        addressLine: 'Gedimino pr. 1, Vilnius',
        shortAddressLine: 'Vilnius',
        countryCode: 'LT',
        isMain: true,
      },
    ],
    ...overrides,
  })

  const Row = Schema.Struct({
    organiser_id: Schema.Int,
    state: Schema.String,
    status: Schema.Int,
    alias: Schema.String,
    search_text: Schema.String,
  })
  const eventRow = (id: number) =>
    Effect.promise(async () => {
      const rows = Schema.decodeUnknownSync(Schema.Array(Row))(
        await db.orm.em
          .fork()
          .execute('select organiser_id, state, status, alias, search_text from event where id = ?', [id]),
      )
      const [row] = rows
      if (!row) throw new Error(`no event ${id}`)
      return row
    })

  return { db, actorFor, organiser, superUser, editor, tournamentEditor, general, eventRow }
}

/** A pairs tournament on the event's first day: one ticket of 60 places at €40, registration 1 May – 9 June 2027. */
export const pairsTournament = (overrides: Record<string, unknown> = {}) => ({
  name: 'Open Pairs',
  type: 1,
  isMultiSession: false,
  isComplicated: false,
  isComplicatedMultiSession: false,
  isComplicatedMultiRound: false,
  isComplicatedGroup: false,
  startDate: '2027-06-10',
  endDate: '2027-06-10',
  startTime: '10:00',
  pointsScoreType: 'MP_PAIRS',
  verifyPlayer: false,
  hasRegistration: true,
  isRegistrationEnabled: true,
  registrationStart: '2027-05-01T09:00',
  registrationEnd: '2027-06-09T20:00',
  isPrizeInformationEnabled: true,
  isPlayerListViewEnabled: true,
  sessions: [],
  stages: [],
  programs: [],
  tickets: [
    { type: 1, priceMinor: 4000, quantity: 60, isForSale: true, isPricePerTeam: false, ageCategories: [] },
  ],
  prizes: [],
  ...overrides,
})
