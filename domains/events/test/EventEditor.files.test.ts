// The event's picture, documents and stored files through the editor.
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { OrganiserService } from '@kibitz/accounts'
import { type EventActor, EventEditor } from '@kibitz/events'
import { EventFiles, FileStorage } from '@kibitz/files'
import type { EventId, TournamentId } from '@kibitz/kernel'
import { insertEvent, insertTournament, runWith } from '@kibitz/testing'
// The picture tests compose the editor as the runtime does: tournaments provide events' port about them.
import { eventTournamentsLayer } from '@kibitz/tournaments'
import { Effect, Layer, Schema } from 'effect'
import sharp from 'sharp'

import { useEditorWorld } from './support/editorWorld.ts'

const { db, organiser, superUser, editor, tournamentEditor, general } = useEditorWorld()

describe('EventEditor', () => {
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
        eventId: EventId,
        upload: { tournamentId?: TournamentId | null; kind: 'documents' | 'results'; bytes?: Uint8Array },
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
        eventId: EventId,
        filename: string,
        target: { tournamentId?: TournamentId; kind?: 'documents' | 'results' } = {},
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
      const setTournamentFiles = (tournamentId: TournamentId, rules: string | null, results: string | null) =>
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
