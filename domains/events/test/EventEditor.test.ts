import { describe, expect, it } from '@effect/vitest'
import { EventActions, type EventActor, type EventEditRefused, type EventInputInvalid } from '@kibitz/events'
import { inTransaction } from '@kibitz/kernel'
import { insertEvent, insertOrganiser, runWith } from '@kibitz/testing'
import { Effect } from 'effect'

import { useEditorWorld } from './support/editorWorld.ts'

const { db, organiser, superUser, editor, general, eventRow } = useEditorWorld()

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
        yield* Effect.flip(editor((e) => e.screen(other, created.id))),
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
      // An editor screen gets the same view and problems from one read.
      const screen = yield* editor((e) => e.screen(actor, online.id))
      expect(screen.problems).toEqual(problems)
      expect(screen.view).toEqual(yield* editor((e) => e.view(actor, online.id)))
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
})
