import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { OrganiserService } from '@kibitz/accounts'
import {
  EventActions,
  type EventActor,
  EventEditor,
  type EventEditRefused,
  type EventInputInvalid,
  type GeneralInformationInput,
} from '@kibitz/events'
import { EventFiles, FileStorage } from '@kibitz/files'
import { inTransaction } from '@kibitz/kernel'
import {
  insertEntry,
  insertEvent,
  insertOrganiser,
  insertTournament,
  runWith,
  useDomainDatabase,
} from '@kibitz/testing'
// The picture tests compose the editor as the runtime does: tournaments provide events' port about them.
import { eventTournamentsLayer, TournamentEditor } from '@kibitz/tournaments'
import { Effect, Layer, Schema } from 'effect'
import sharp from 'sharp'

const db = useDomainDatabase()

const actorFor = (organiserId: number, userId = 1000 + organiserId): EventActor => ({
  userId,
  organiserId,
  isSuper: false,
})
const organiser = () => Effect.promise(() => insertOrganiser(db.orm)).pipe(Effect.map((id) => actorFor(id)))
const superUser: EventActor = { userId: 1, organiserId: null, isSuper: true }

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

describe('EventEditor', () => {
  it.effect('creates a draft owned by the organiser, with an alias from the main name and the year', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const view = yield* editor((e) => e.create(actor, general()))
      expect(view.state).toBe('draft')
      expect(view.alias).toBe('vilniaus-poros-2027')
      expect(view.permissions).toEqual(['read', 'update', 'delete', 'publish'])
      expect(view.general.contents.map((c) => c.language).sort()).toEqual(['en', 'lt'])
      expect(view.general.locations[0]?.addressLine).toBe('Gedimino pr. 1, Vilnius')
      const row = yield* eventRow(view.id)
      expect(row).toMatchObject({ organiser_id: actor.organiserId, state: 'draft', status: 1 })
      // The catalogue finds it by any name and place, also without diacritics.
      expect(row.search_text).toContain('vilnius pairs')
      expect(row.search_text).toContain('bridzo klubas')
      // And by its country's name in every content language (decision 030).
      for (const name of ['lithuania', 'lietuva', 'litwa', 'литва', 'lituanie', 'litauen', 'leedu'])
        expect(row.search_text).toContain(name)
      // A second event of the same name gets its own alias.
      const again = yield* editor((e) => e.create(actor, general()))
      expect(again.alias).toBe('vilniaus-poros-2027-2')
    }),
  )

  it.effect('reports every field problem at once with its path, never a defect', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const error = yield* Effect.flip(
        editor((e) =>
          e.create(actor, {
            ...general(),
            contents: [
              { language: 'en', name: ' Padded', isMain: true, type: 1 },
              { language: 'xx', name: 'Unknown', isMain: false, type: 1 },
            ],
            dateStart: '2027-02-30',
            currencyCode: 'euro',
            timeZone: 'Mars/Olympus',
            organiserEmail: 'not-an-address',
            locations: [
              { isMain: true, externalUrl: 'ftp://x', dateStart: '2027-06-12', dateEnd: '2027-06-10' },
            ],
          }),
        ),
      )
      expect(error._tag).toBe('EventInputInvalid')
      const byField = Object.fromEntries(
        (error._tag === 'EventInputInvalid' ? error.problems : []).map((p) => [p.field, p.rule]),
      )
      expect(byField).toMatchObject({
        'contents.0.name': 'noEdgeSpaces',
        'contents.1.language': 'unknownChoice',
        dateStart: 'invalidDate',
        currencyCode: 'unknownChoice',
        timeZone: 'unknownChoice',
        organiserEmail: 'email',
        'locations.0.externalUrl': 'url',
      })
      const odd = yield* Effect.flip(editor((e) => e.create(actor, 'not an object')))
      expect(odd._tag).toBe('EventInputInvalid')
      const twoMains = yield* Effect.flip(
        editor((e) =>
          e.create(actor, {
            ...general(),
            contents: general().contents.map((c) => ({ ...c, isMain: true })),
          }),
        ),
      )
      expect(
        twoMains._tag === 'EventInputInvalid' && twoMains.problems.map((p) => [p.field, p.rule]),
      ).toEqual([['contents', 'oneMain']])
      const backwards = yield* Effect.flip(editor((e) => e.create(actor, general({ dateEnd: '2027-06-01' }))))
      expect(
        backwards._tag === 'EventInputInvalid' && backwards.problems.map((p) => [p.field, p.rule]),
      ).toEqual([['dateEnd', 'dateRange']])
    }),
  )

  it.effect(
    'refuses a user without an organiser account and lets the super user create for an organiser',
    () =>
      Effect.gen(function* () {
        const refused = yield* Effect.flip(editor((e) => e.create(superUser, general())))
        expect(refused).toMatchObject({ _tag: 'EventEditRefused', reason: 'notOrganiser' })
        const organiserId = yield* Effect.promise(() => insertOrganiser(db.orm))
        const view = yield* editor((e) => e.create(superUser, general({ organiserId })))
        expect(view.organiserId).toBe(organiserId)
        const pending = yield* Effect.promise(() => insertOrganiser(db.orm, { status: 1 }))
        const notAccepted = yield* Effect.flip(
          editor((e) => e.create(superUser, general({ organiserId: pending }))),
        )
        expect(notAccepted._tag === 'EventInputInvalid' && notAccepted.problems[0]?.field).toBe('organiserId')
        // An organiser cannot create for somebody else: the named organiser is ignored.
        const actor = yield* organiser()
        const own = yield* editor((e) => e.create(actor, general({ organiserId })))
        expect(own.organiserId).toBe(actor.organiserId)
      }),
  )

  it.effect('updates general and additional information and keeps the aliases', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const created = yield* editor((e) => e.create(actor, general()))
      const enAlias = created.general.contents
      const updated = yield* editor((e) =>
        e.updateGeneral(
          actor,
          created.id,
          general({
            contents: [
              { language: 'lt', name: 'Vilniaus poros 2027', isMain: true, type: 2 },
              { language: 'pl', name: 'Pary Wilno', isMain: false, type: 1 },
            ],
            isOnline: true,
            dateEnd: '2027-06-13',
          }),
        ),
      )
      expect(enAlias.length).toBe(2)
      expect(updated.alias).toBe(created.alias)
      expect(updated.general.contents.map((c) => c.language).sort()).toEqual(['lt', 'pl'])
      expect(updated.general.dateEnd).toBe('2027-06-13')
      const additional = yield* editor((e) =>
        e.updateAdditional(actor, created.id, {
          externalPageUrl: 'https://lbf.example/pairs',
          liveResultsUrl: null,
          championshipTypeText: 'Open',
          isYouth: true,
          fbCommentsEnabled: false,
          showNativeName: true,
        }),
      )
      expect(additional.additional).toMatchObject({
        externalPageUrl: 'https://lbf.example/pairs',
        isYouth: true,
      })
      const bad = yield* Effect.flip(
        editor((e) => e.updateAdditional(actor, created.id, { externalPageUrl: 'javascript:alert(1)' })),
      )
      expect(bad._tag === 'EventInputInvalid' && bad.problems.map((p) => p.field).sort()).toEqual([
        'externalPageUrl',
        'fbCommentsEnabled',
        'isYouth',
        'showNativeName',
      ])
    }),
  )

  it.effect('organisers naming events alike at the same moment each get a draft with its own aliases', () =>
    Effect.gen(function* () {
      const [first, second] = [yield* organiser(), yield* organiser()]
      const namesake = general({
        contents: [
          { language: 'en', name: 'Namesake Open', isMain: true, type: 1 },
          { language: 'lt', name: 'Namesake Open', isMain: false, type: 1 },
        ],
      })
      const created = yield* Effect.all(
        [first, first, second, second].map((actor) => editor((e) => e.create(actor, namesake))),
        { concurrency: 'unbounded' },
      )
      expect(created.map((view) => view.alias).sort()).toEqual([
        'namesake-open-2027',
        'namesake-open-2027-2',
        'namesake-open-2027-3',
        'namesake-open-2027-4',
      ])
      const contentAliases = yield* Effect.promise(() =>
        db.orm.em
          .fork()
          .getConnection()
          .execute<{ alias: string }[]>('select alias from event_content where event_id in (?, ?, ?, ?)', [
            ...created.map((view) => view.id),
          ]),
      )
      expect(contentAliases).toHaveLength(8)
      expect(new Set(contentAliases.map((row) => row.alias)).size).toBe(8)
    }),
  )

  it.effect('edits at the same moment each change what the previous one saved, never a stale copy', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const created = yield* editor((e) => e.create(actor, general({ locations: [] })))
      const moved = general({
        contents: [
          { language: 'lt', name: 'Vilniaus poros', isMain: true, type: 2 },
          { language: 'en', name: 'Vilnius Pairs', isMain: false, type: 1 },
          { language: 'pl', name: 'Pary Wilno', isMain: false, type: 1 },
        ],
      })
      // As the API's update does: a read of the event first, then the locked edit, in one transaction.
      const edits = yield* Effect.all(
        Array.from({ length: 3 }, () =>
          editor((e) =>
            inTransaction(
              Effect.gen(function* () {
                yield* e.view(actor, created.id)
                return yield* e.updateGeneral(actor, created.id, moved)
              }),
            ),
          ),
        ),
        { concurrency: 'unbounded' },
      )
      expect(edits).toHaveLength(3)
      const after = yield* editor((e) => e.view(actor, created.id))
      expect(after.general.locations.filter((l) => l.isMain)).toHaveLength(1)
      expect(after.general.locations).toHaveLength(1)
      expect(after.general.contents.map((c) => c.language).sort()).toEqual(['en', 'lt', 'pl'])
    }),
  )

  it.effect('saves the bank account for registrations normalised, names each bad field, and clears it', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const other = yield* organiser()
      const created = yield* editor((e) => e.create(actor, general()))
      expect(created.additional.payment).toEqual({ beneficiary: '', iban: '', bic: '' })
      const options = { isYouth: false, fbCommentsEnabled: true, showNativeName: false }
      const save = (who: EventActor, payment: unknown) =>
        editor((e) => e.updateAdditional(who, created.id, { ...options, payment }))
      const problemsOf = (error: EventInputInvalid | EventEditRefused) =>
        error._tag === 'EventInputInvalid'
          ? error.problems.map((p) => `${p.field}:${p.rule}`).sort()
          : error.reason
      // A wrong check digit, a missing beneficiary, a BIC of the wrong shape: each named at its field.
      const badIban = yield* Effect.flip(
        save(actor, { beneficiary: 'Lietuvos bridžo federacija', iban: 'LT12 1000 0111 0100 1001', bic: '' }),
      )
      expect(problemsOf(badIban)).toEqual(['payment.iban:iban'])
      const noBeneficiary = yield* Effect.flip(
        save(actor, { beneficiary: '', iban: 'LT121000011101001000', bic: 'CBVILT2XXXXX' }),
      )
      expect(problemsOf(noBeneficiary)).toEqual(['payment.beneficiary:required', 'payment.bic:bic'])
      const noIban = yield* Effect.flip(save(actor, { beneficiary: 'LBF', iban: '', bic: '' }))
      expect(problemsOf(noIban)).toEqual(['payment.iban:required'])

      const saved = yield* save(actor, {
        beneficiary: 'Lietuvos bridžo federacija',
        iban: 'lt12 1000 0111 0100 1000',
        bic: 'cbvi lt2x',
      })
      const stored = {
        beneficiary: 'Lietuvos bridžo federacija',
        iban: 'LT121000011101001000',
        bic: 'CBVILT2X',
      }
      expect(saved.additional.payment).toEqual(stored)
      expect((yield* editor((e) => e.view(actor, created.id))).additional.payment).toEqual(stored)

      // Another organiser is refused as for the other fields, and nothing changes.
      const refused = yield* Effect.flip(
        save(other, { beneficiary: 'Someone', iban: 'LT121000011101001000', bic: '' }),
      )
      expect(refused).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
      expect((yield* editor((e) => e.view(actor, created.id))).additional.payment).toEqual(stored)

      // All empty, or left out (clients written before bank transfers): players pay at the venue.
      const emptied = yield* save(actor, { beneficiary: '', iban: '', bic: '' })
      expect(emptied.additional.payment).toEqual({ beneficiary: '', iban: '', bic: '' })
      yield* save(actor, stored)
      const omitted = yield* editor((e) => e.updateAdditional(actor, created.id, options))
      expect(omitted.additional.payment).toEqual({ beneficiary: '', iban: '', bic: '' })
    }),
  )

  it.effect('another organiser can neither see nor change the event; a canceled event is not editable', () =>
    Effect.gen(function* () {
      const owner = yield* organiser()
      const other = yield* organiser()
      const created = yield* editor((e) => e.create(owner, general()))
      const refusals = [
        yield* Effect.flip(editor((e) => e.view(other, created.id))),
        yield* Effect.flip(editor((e) => e.updateGeneral(other, created.id, general()))),
        yield* Effect.flip(
          editor((e) =>
            e.updateAdditional(other, created.id, {
              isYouth: true,
              fbCommentsEnabled: true,
              showNativeName: false,
            }),
          ),
        ),
        yield* Effect.flip(editor((e) => e.problems(other, created.id))),
      ]
      for (const refused of refusals)
        expect(refused).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
      expect((yield* editor((e) => e.view(superUser, created.id))).id).toBe(created.id)
      const canceled = yield* Effect.promise(() =>
        insertEvent(db.orm, {
          organiserId: owner.organiserId ?? undefined,
          state: 'canceled',
          dateStart: '2027-05-01',
        }),
      )
      const refused = yield* Effect.flip(editor((e) => e.updateGeneral(owner, canceled, general())))
      expect(refused).toMatchObject({ _tag: 'EventEditRefused', reason: 'notEditable' })
      expect((yield* editor((e) => e.view(owner, canceled))).permissions).toEqual(['read'])
    }),
  )

  it.effect('lists what a draft lacks per step and field, and publish refuses it', () =>
    Effect.gen(function* () {
      const actor = yield* organiser()
      const online = yield* editor((e) =>
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
      const problems = yield* editor((e) => e.problems(actor, online.id))
      expect(problems.map((p) => [p.step, p.field, p.rule])).toContainEqual([
        'general-information',
        'locations.0.externalUrl',
        'required',
      ])
      const live = yield* editor((e) => e.create(actor, general({ countryCode: null, locations: [] })))
      const liveProblems = yield* editor((e) => e.problems(actor, live.id))
      expect(liveProblems.map((p) => p.field)).toEqual(expect.arrayContaining(['locations', 'countryCode']))
      const refused = yield* Effect.flip(
        runWith(
          db.orm,
          EventActions.use((a) => a.perform(actor, live.id, 'publish')),
        ),
      )
      expect(refused).toMatchObject({ reason: 'incomplete' })
      expect(refused.problems?.map((p) => p.field)).toEqual(
        expect.arrayContaining(['locations', 'countryCode']),
      )
    }),
  )

  describe('tournaments', () => {
    const pairs = (overrides: Record<string, unknown> = {}) => ({
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
        {
          type: 1,
          priceMinor: 4000,
          quantity: 60,
          isForSale: true,
          isPricePerTeam: false,
          ageCategories: [],
        },
      ],
      prizes: [],
      ...overrides,
    })
    const SummaryRow = Schema.Struct({ tournaments_count: Schema.Int })
    const summaryOf = (id: number) =>
      Effect.promise(async () =>
        Schema.decodeUnknownSync(Schema.Array(SummaryRow))(
          await db.orm.em.fork().execute('select tournaments_count from event where id = ?', [id]),
        ),
      )

    it.effect('adds, edits, orders and removes tournaments, keeping the event summary current', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        const first = yield* tournamentEditor((e) => e.saveTournament(actor, event.id, null, pairs()))
        const second = yield* tournamentEditor((e) =>
          e.saveTournament(actor, event.id, null, pairs({ name: 'Teams', type: 2, pointsScoreType: 'IMP' })),
        )
        expect(yield* summaryOf(event.id)).toEqual([{ tournaments_count: 2 }])
        const edit = yield* tournamentEditor((e) => e.tournament(actor, event.id, first))
        expect(edit.input.name).toBe('Open Pairs')
        expect(edit.input.registrationStart).toBe('2027-05-01T09:00')
        yield* tournamentEditor((e) =>
          e.saveTournament(actor, event.id, first, {
            ...pairs({ name: 'Open Pairs A' }),
            tickets: edit.input.tickets,
          }),
        )
        yield* tournamentEditor((e) => e.reorderTournaments(actor, event.id, [second, first]))
        const listed = yield* tournamentEditor((e) => e.tournaments(actor, event.id))
        expect(listed.map((t) => t.name)).toEqual(['Teams', 'Open Pairs A'])
        const badOrder = yield* Effect.flip(
          tournamentEditor((e) => e.reorderTournaments(actor, event.id, [first])),
        )
        expect(badOrder).toMatchObject({ _tag: 'EventEditRefused', reason: 'badOrder' })
        yield* tournamentEditor((e) => e.removeTournament(actor, event.id, second))
        expect(yield* summaryOf(event.id)).toEqual([{ tournaments_count: 1 }])
      }),
    )

    it.effect(
      'reports invalid tournaments by field, refuses other organisers and keeps entered tournaments',
      () =>
        Effect.gen(function* () {
          const actor = yield* organiser()
          const other = yield* organiser()
          const event = yield* editor((e) => e.create(actor, general()))
          const invalid = yield* Effect.flip(
            tournamentEditor((e) =>
              e.saveTournament(actor, event.id, null, pairs({ name: '', endDate: '2027-06-01' })),
            ),
          )
          expect(invalid._tag).toBe('EventInputInvalid')
          expect(invalid._tag === 'EventInputInvalid' && invalid.problems.map((p) => p.field)).toContain(
            'name',
          )
          const id = yield* tournamentEditor((e) => e.saveTournament(actor, event.id, null, pairs()))
          for (const refused of [
            yield* Effect.flip(tournamentEditor((e) => e.saveTournament(other, event.id, null, pairs()))),
            yield* Effect.flip(tournamentEditor((e) => e.saveTournament(other, event.id, id, pairs()))),
            yield* Effect.flip(tournamentEditor((e) => e.removeTournament(other, event.id, id))),
            yield* Effect.flip(tournamentEditor((e) => e.tournament(other, event.id, id))),
            yield* Effect.flip(tournamentEditor((e) => e.reorderTournaments(other, event.id, [id]))),
          ])
            expect(refused).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
          // A tournament of another event is not found through this one.
          const elsewhere = yield* editor((e) => e.create(actor, general()))
          const wrongEvent = yield* Effect.flip(
            tournamentEditor((e) => e.tournament(actor, elsewhere.id, id)),
          )
          expect(wrongEvent).toMatchObject({ reason: 'notFound' })
          yield* Effect.promise(() =>
            insertEntry(db.orm, {
              tournamentId: id,
              contestants: [{ firstName: 'Ona', lastName: 'Ona', email: null }],
            }),
          )
          const kept = yield* Effect.flip(tournamentEditor((e) => e.removeTournament(actor, event.id, id)))
          expect(kept).toMatchObject({ _tag: 'EventEditRefused', reason: 'hasEntries' })
        }),
    )

    it.effect('the validate call includes the tournaments’ problems under their steps', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        yield* tournamentEditor((e) =>
          e.saveTournament(
            actor,
            event.id,
            null,
            pairs({ startDate: '2027-07-01', endDate: '2027-07-01', tickets: [] }),
          ),
        )
        const problems = yield* editor((e) => e.problems(actor, event.id))
        const steps = problems.map((p) => [p.step, p.field, p.rule])
        expect(steps).toContainEqual(['tournaments', 'startDate', 'outsideEvent'])
        expect(steps).toContainEqual(['registration-entry-fees-and-prizes', 'tickets', 'noTicketForSale'])
        expect(problems.every((p) => p.tournamentId !== null)).toBe(true)
      }),
    )
  })

  describe('the event picture', () => {
    const filesRoot = mkdtempSync(path.join(tmpdir(), 'kibitz-event-images-'))
    const withLocalFiles = Layer.fresh(EventEditor.layer).pipe(
      Layer.provide(
        Layer.mergeAll(
          OrganiserService.layer,
          eventTournamentsLayer,
          Layer.fresh(EventFiles.layer).pipe(Layer.provide(FileStorage.local(filesRoot))),
        ),
      ),
    )
    const imaging = <A, E, R>(f: (e: EventEditor['Service']) => Effect.Effect<A, E, R>) =>
      runWith(db.orm, EventEditor.use((e) => f(e)).pipe(Effect.provide(withLocalFiles)))
    const png = (width: number) =>
      Effect.promise(() =>
        sharp({ create: { width, height: width / 2, channels: 3, background: '#2a6' } })
          .png()
          .toBuffer()
          .then((b) => new Uint8Array(b)),
      )

    it.live(
      'stores the picture with a 500 px thumbnail, replaces it, and refuses what is not a picture',
      () =>
        Effect.gen(function* () {
          const actor = yield* organiser()
          const event = yield* editor((e) => e.create(actor, general()))
          const big = yield* png(1200)
          const first = yield* imaging((e) =>
            e.setImage(actor, event.id, { bytes: big, filename: 'hall.png', alt: 'The playing hall' }),
          )
          expect(first.imageUrl).toMatch(new RegExp(`^/files/event/event-${event.id}/gallery/`))
          expect(first.imageAlt).toBe('The playing hall')
          const thumbKey = (first.thumbUrl ?? '').slice('/files/'.length)
          const thumb = yield* Effect.promise(() => sharp(path.join(filesRoot, thumbKey)).metadata())
          expect(thumb.width).toBe(500)
          const small = yield* png(800)
          const second = yield* imaging((e) =>
            e.setImage(actor, event.id, { bytes: small, filename: 'poster.png', alt: null }),
          )
          expect(second.imageUrl).not.toBe(first.imageUrl)
          // The replaced picture is gone from the store.
          const gone = yield* Effect.promise(() =>
            readFile(path.join(filesRoot, (first.imageUrl ?? '').slice('/files/'.length))).then(
              () => false,
              () => true,
            ),
          )
          expect(gone).toBe(true)
          const refused = yield* Effect.flip(
            imaging((e) =>
              e.setImage(actor, event.id, {
                bytes: new TextEncoder().encode('%PDF-1.4'),
                filename: 'x.pdf',
                alt: null,
              }),
            ),
          )
          expect(refused).toMatchObject({
            _tag: 'EventInputInvalid',
            problems: [{ field: 'image', rule: 'notAnImage' }],
          })
          const other = yield* organiser()
          const notYours = yield* Effect.flip(
            imaging((e) =>
              e.setImage(other, event.id, { bytes: new Uint8Array(8), filename: 'x.png', alt: null }),
            ),
          )
          expect(notYours).toMatchObject({ reason: 'notFound' })
          const cleared = yield* imaging((e) => e.removeImage(actor, event.id))
          expect(cleared.imageUrl).toBeNull()
        }),
    )

    it.live('makes the thumbnail as wide as asked, and refuses a width out of range naming thumbWidth', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        const picture = yield* png(1200)
        const saved = yield* imaging((e) =>
          e.setImage(actor, event.id, { bytes: picture, filename: 'hall.png', alt: null, thumbWidth: 320 }),
        )
        const thumb = yield* Effect.promise(() =>
          sharp(path.join(filesRoot, (saved.thumbUrl ?? '').slice('/files/'.length))).metadata(),
        )
        expect(thumb.width).toBe(320)
        const refused = yield* Effect.flip(
          imaging((e) =>
            e.setImage(actor, event.id, { bytes: picture, filename: 'hall.png', alt: null, thumbWidth: 10 }),
          ),
        )
        expect(refused).toMatchObject({
          _tag: 'EventInputInvalid',
          problems: [{ field: 'thumbWidth', rule: 'outOfRange' }],
        })
      }),
    )

    describe('documents', () => {
      const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
      const store = (
        actor: EventActor,
        eventId: number,
        upload: { tournamentId?: number | null; kind: 'documents' | 'results'; bytes?: Uint8Array },
      ) =>
        imaging((e) =>
          e.storeDocument(actor, eventId, {
            tournamentId: upload.tournamentId ?? null,
            kind: upload.kind,
            bytes: upload.bytes ?? pdf,
            filename: 'Rules 2027.pdf',
          }),
        )
      const StoredRow = Schema.Struct({
        owner_organiser_id: Schema.Int,
        folder: Schema.String,
        kind: Schema.String,
      })
      const storedFiles = () =>
        Effect.promise(async () =>
          Schema.decodeUnknownSync(Schema.Array(StoredRow))(
            await db.orm.em
              .fork()
              .execute('select owner_organiser_id, folder, kind from stored_file order by id'),
          ),
        )

      it.live(
        'makes a tournament’s PDF its rules or its published results, and keeps them from removal',
        () =>
          Effect.gen(function* () {
            const actor = yield* organiser()
            const event = yield* editor((e) => e.create(actor, general()))
            const tournament = yield* Effect.promise(() =>
              insertTournament(db.orm, { eventId: event.id, startDate: '2027-06-10' }),
            )
            const attach = (useAs: 'rules' | 'results') =>
              imaging((e) =>
                e.storeDocument(actor, event.id, {
                  tournamentId: tournament.id,
                  kind: useAs === 'results' ? 'results' : 'documents',
                  bytes: pdf,
                  filename: `${useAs}.pdf`,
                  useAs,
                }),
              )
            const rules = yield* attach('rules')
            const results = yield* attach('results')
            const edited = yield* tournamentEditor((e) => e.tournaments(actor, event.id))
            expect(edited[0]).toMatchObject({
              rulesAndRegulationsFile: rules.url,
              resultsFile: results.url,
              resultsSource: 2,
              hasResults: true,
            })
            // A file the tournament links to is not removed from under it.
            const inUse = yield* Effect.flip(imaging((e) => e.removeFile(actor, event.id, rules.key)))
            expect(inUse).toMatchObject({ _tag: 'EventFileInUse' })
            // Only a tournament's PDF can be its rules or results.
            const eventLevel = yield* Effect.flip(
              imaging((e) =>
                e.storeDocument(actor, event.id, {
                  kind: 'documents',
                  bytes: pdf,
                  filename: 'x.pdf',
                  useAs: 'rules',
                }),
              ),
            )
            expect(eventLevel).toMatchObject({
              _tag: 'EventInputInvalid',
              problems: [{ field: 'tournamentId' }],
            })
          }),
      )

      it.live('stores PDFs for the event, a tournament’s documents and its results under their folders', () =>
        Effect.gen(function* () {
          const actor = yield* organiser()
          const event = yield* editor((e) => e.create(actor, general()))
          const tournament = yield* Effect.promise(() =>
            insertTournament(db.orm, { eventId: event.id, startDate: '2027-06-10' }),
          )
          const rules = yield* store(actor, event.id, { kind: 'documents' })
          expect(rules.url).toMatch(
            new RegExp(`^/files/event/event-${event.id}/documents/rules-2027-.+\\.pdf$`),
          )
          expect(rules).toMatchObject({ filename: 'Rules 2027.pdf', size: pdf.byteLength })
          const stored = yield* Effect.promise(() => readFile(path.join(filesRoot, rules.key)))
          expect(new Uint8Array(stored)).toEqual(pdf)
          const conditions = yield* store(actor, event.id, { tournamentId: tournament.id, kind: 'documents' })
          expect(conditions.url).toContain(
            `/event/event-${event.id}/tournaments/tournament-${tournament.id}/documents/`,
          )
          const results = yield* store(superUser, event.id, { tournamentId: tournament.id, kind: 'results' })
          expect(results.url).toContain(`/event/event-${event.id}/results/tournament-${tournament.id}/`)
          expect(yield* storedFiles()).toEqual([
            {
              owner_organiser_id: actor.organiserId,
              folder: `event/event-${event.id}/documents`,
              kind: 'document',
            },
            {
              owner_organiser_id: actor.organiserId,
              folder: `event/event-${event.id}/tournaments/tournament-${tournament.id}/documents`,
              kind: 'document',
            },
            {
              owner_organiser_id: actor.organiserId,
              folder: `event/event-${event.id}/results/tournament-${tournament.id}`,
              kind: 'document',
            },
          ])
        }),
      )

      it.live(
        'refuses what is not a PDF, results without a tournament, another event’s tournament and other organisers',
        () =>
          Effect.gen(function* () {
            const actor = yield* organiser()
            const event = yield* editor((e) => e.create(actor, general()))
            const elsewhere = yield* editor((e) => e.create(actor, general()))
            const foreign = yield* Effect.promise(() =>
              insertTournament(db.orm, { eventId: elsewhere.id, startDate: '2027-06-10' }),
            )
            const notPdf = yield* Effect.flip(
              store(actor, event.id, { kind: 'documents', bytes: new TextEncoder().encode('<html>') }),
            )
            expect(notPdf).toMatchObject({
              _tag: 'EventInputInvalid',
              problems: [{ field: 'file', rule: 'notAPdf' }],
            })
            const noTournament = yield* Effect.flip(store(actor, event.id, { kind: 'results' }))
            expect(noTournament).toMatchObject({
              _tag: 'EventInputInvalid',
              problems: [{ field: 'tournamentId', rule: 'required' }],
            })
            const wrongEvent = yield* Effect.flip(
              store(actor, event.id, { tournamentId: foreign.id, kind: 'documents' }),
            )
            expect(wrongEvent).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
            const other = yield* organiser()
            const notYours = yield* Effect.flip(store(other, event.id, { kind: 'documents' }))
            expect(notYours).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
            const canceled = yield* Effect.promise(() =>
              insertEvent(db.orm, {
                organiserId: actor.organiserId ?? undefined,
                state: 'canceled',
                dateStart: '2027-06-10',
              }),
            )
            const notEditable = yield* Effect.flip(store(actor, canceled, { kind: 'documents' }))
            expect(notEditable).toMatchObject({ _tag: 'EventEditRefused', reason: 'notEditable' })
            expect(yield* storedFiles()).toEqual([])
          }),
      )
    })

    describe('the file manager', () => {
      const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
      const upload = (
        actor: EventActor,
        eventId: number,
        filename: string,
        target: { tournamentId?: number; kind?: 'documents' | 'results' } = {},
      ) =>
        imaging((e) =>
          e.storeDocument(actor, eventId, {
            tournamentId: target.tournamentId ?? null,
            kind: target.kind ?? 'documents',
            bytes: pdf,
            filename,
          }),
        )
      const firstPage = { offset: 0, limit: 10 }
      const exists = (key: string) =>
        Effect.promise(() =>
          readFile(path.join(filesRoot, key)).then(
            () => true,
            () => false,
          ),
        )
      const storedKeys = () =>
        Effect.promise(async () =>
          Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ path: Schema.String })))(
            await db.orm.em.fork().execute('select path from stored_file order by id'),
          ).map((r) => r.path),
        )
      const setTournamentFiles = (tournamentId: number, rules: string | null, results: string | null) =>
        Effect.promise(() =>
          db.orm.em
            .fork()
            .execute('update tournament set rules_and_regulations_file = ?, results_file = ? where id = ?', [
              rules,
              results,
              tournamentId,
            ]),
        )

      it.live(
        'lists the event’s files newest first, each with what still uses it, for its organiser only',
        () =>
          Effect.gen(function* () {
            const actor = yield* organiser()
            const event = yield* editor((e) => e.create(actor, general()))
            const elsewhere = yield* editor((e) => e.create(actor, general()))
            const tournament = yield* Effect.promise(() =>
              insertTournament(db.orm, { eventId: event.id, startDate: '2027-06-10' }),
            )
            const rules = yield* upload(actor, event.id, 'Rules.pdf', { tournamentId: tournament.id })
            const bulletin = yield* upload(actor, event.id, 'Bulletin.pdf')
            yield* upload(actor, elsewhere.id, 'Elsewhere.pdf')
            const hall = yield* png(600)
            const pictured = yield* imaging((e) =>
              e.setImage(actor, event.id, { bytes: hall, filename: 'hall.png', alt: null }),
            )
            yield* setTournamentFiles(tournament.id, rules.url, null)

            const listed = yield* imaging((e) => e.files(actor, event.id, firstPage))
            expect(listed.total).toBe(3)
            expect(
              listed.files.map((f) => [f.file.filename, f.file.folderKind, f.usedAs, f.usedByTournamentId]),
            ).toEqual([
              ['hall.png', 'eventGallery', 'eventPicture', null],
              ['Bulletin.pdf', 'eventDocuments', null, null],
              ['Rules.pdf', 'tournamentDocuments', 'tournamentRules', tournament.id],
            ])
            expect(listed.files[0]?.file.url).toBe(pictured.imageUrl)
            expect(listed.files[1]?.file).toMatchObject({
              path: bulletin.key,
              size: pdf.byteLength,
              isDocument: true,
            })
            expect(listed.files[2]?.file.tournamentId).toBe(tournament.id)

            // The super user sees the same; a page past the end is empty but keeps the total.
            const bySuper = yield* imaging((e) => e.files(superUser, event.id, { offset: 2, limit: 10 }))
            expect([bySuper.total, bySuper.files.map((f) => f.file.filename)]).toEqual([3, ['Rules.pdf']])
            const beyond = yield* imaging((e) => e.files(actor, event.id, { offset: 10, limit: 10 }))
            expect([beyond.total, beyond.files]).toEqual([3, []])

            const other = yield* organiser()
            const notYours = yield* Effect.flip(imaging((e) => e.files(other, event.id, firstPage)))
            expect(notYours).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
            const badPage = yield* Effect.flip(
              imaging((e) => e.files(actor, event.id, { offset: -1, limit: 0 })),
            )
            expect(badPage).toMatchObject({
              _tag: 'EventInputInvalid',
              problems: [
                { field: 'offset', rule: 'outOfRange' },
                { field: 'limit', rule: 'outOfRange' },
              ],
            })
            const tooMany = yield* Effect.flip(
              imaging((e) => e.files(actor, event.id, { offset: 0, limit: 101 })),
            )
            expect(tooMany).toMatchObject({ problems: [{ field: 'limit', rule: 'outOfRange' }] })
          }),
      )

      it.live('removes a file nothing uses, with its bytes, and records it', () =>
        Effect.gen(function* () {
          const actor = yield* organiser()
          const event = yield* editor((e) => e.create(actor, general()))
          const kept = yield* upload(actor, event.id, 'Kept.pdf')
          const removed = yield* upload(actor, event.id, 'Old bulletin.pdf')
          const oldPicture = yield* png(400)
          const old = yield* imaging((e) =>
            e.setImage(actor, event.id, { bytes: oldPicture, filename: 'old.png', alt: null }),
          )
          // An older picture whose removal after a replacement did not happen is no longer in use.
          const stray = yield* Effect.promise(() =>
            db.orm.em
              .fork()
              .execute('update event set image_url = null, thumb_url = null where id = ?', [event.id]),
          ).pipe(Effect.as((old.imageUrl ?? '').slice('/files/'.length)))

          yield* imaging((e) => e.removeFile(actor, event.id, removed.key))
          yield* imaging((e) => e.removeFile(superUser, event.id, stray))
          expect(yield* storedKeys()).toEqual([kept.key])
          expect([yield* exists(removed.key), yield* exists(kept.key), yield* exists(stray)]).toEqual([
            false,
            true,
            false,
          ])
          const audit = yield* Effect.promise(() =>
            db.orm.em
              .fork()
              .execute(
                "select count(*)::int as n from event_audit where event_id = ? and action = 'removeFile'",
                [event.id],
              ),
          )
          expect(audit).toEqual([{ n: 2 }])
          // Gone now: a second removal finds nothing.
          const again = yield* Effect.flip(imaging((e) => e.removeFile(actor, event.id, removed.key)))
          expect(again).toMatchObject({ _tag: 'EventFileNotFound', key: removed.key })
        }),
      )

      it.live(
        'refuses the event’s picture, a tournament’s rules or results, another event’s key and other organisers',
        () =>
          Effect.gen(function* () {
            const actor = yield* organiser()
            const event = yield* editor((e) => e.create(actor, general()))
            const elsewhere = yield* editor((e) => e.create(actor, general()))
            const tournament = yield* Effect.promise(() =>
              insertTournament(db.orm, { eventId: event.id, startDate: '2027-06-10' }),
            )
            const rules = yield* upload(actor, event.id, 'Rules.pdf', { tournamentId: tournament.id })
            const results = yield* upload(actor, event.id, 'Results.pdf', {
              tournamentId: tournament.id,
              kind: 'results',
            })
            const foreign = yield* upload(actor, elsewhere.id, 'Elsewhere.pdf')
            const loose = yield* upload(actor, event.id, 'Loose.pdf')
            const hall = yield* png(400)
            const pictured = yield* imaging((e) =>
              e.setImage(actor, event.id, { bytes: hall, filename: 'hall.png', alt: null }),
            )
            // One tournament names its rules by URL, the results by key.
            yield* setTournamentFiles(tournament.id, rules.url, results.key)
            const refusal = (who: EventActor, key: string, eventId = event.id) =>
              Effect.flip(imaging((e) => e.removeFile(who, eventId, key)))

            const picture = (pictured.imageUrl ?? '').slice('/files/'.length)
            expect(yield* refusal(actor, picture)).toMatchObject({
              _tag: 'EventFileInUse',
              usedAs: 'eventPicture',
              tournamentId: null,
            })
            expect(yield* refusal(actor, rules.key)).toMatchObject({
              _tag: 'EventFileInUse',
              usedAs: 'tournamentRules',
              tournamentId: tournament.id,
            })
            expect(yield* refusal(actor, results.key)).toMatchObject({
              _tag: 'EventFileInUse',
              usedAs: 'tournamentResults',
              tournamentId: tournament.id,
            })
            // Another event's file through this event, and a made-up key under this event's folder.
            expect(yield* refusal(actor, foreign.key)).toMatchObject({
              _tag: 'EventFileNotFound',
              key: foreign.key,
            })
            expect(yield* refusal(actor, `event/event-${event.id}/documents/none.pdf`)).toMatchObject({
              _tag: 'EventFileNotFound',
            })
            const other = yield* organiser()
            expect(yield* refusal(other, loose.key)).toMatchObject({
              _tag: 'EventEditRefused',
              reason: 'notFound',
            })
            // The other organiser's own event does not open a door to this one's files either.
            const theirs = yield* editor((e) => e.create(other, general()))
            expect(yield* refusal(other, loose.key, theirs.id)).toMatchObject({ _tag: 'EventFileNotFound' })

            const canceled = yield* Effect.promise(() =>
              insertEvent(db.orm, {
                organiserId: actor.organiserId ?? undefined,
                state: 'canceled',
                dateStart: '2027-06-10',
              }),
            )
            expect(yield* refusal(actor, `event/event-${canceled}/documents/x.pdf`, canceled)).toMatchObject({
              _tag: 'EventEditRefused',
              reason: 'notEditable',
            })
            // Nothing was removed.
            const keys = yield* storedKeys()
            for (const key of [picture, rules.key, results.key, foreign.key, loose.key])
              expect(keys).toContain(key)
            for (const key of [picture, rules.key, results.key, foreign.key, loose.key])
              expect(yield* exists(key)).toBe(true)
          }),
      )
    })
  })
})
