// Galleries of an event and of its tournaments (docs/decisions/041): images stored with their responsive widths,
// order, titles, the public view, the usage report, and another organiser's refusal at every door.
import { mkdtempSync } from 'node:fs'
import { access } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@effect/vitest'
import { OrganiserService } from '@kibitz/accounts'
import {
  type EventActor,
  EventEditor,
  EventGalleries,
  EventService,
  GalleryId,
  galleryFileUses,
} from '@kibitz/events'
import { EventFiles, FileStorage } from '@kibitz/files'
import { OrganiserId } from '@kibitz/kernel'
import { insertTournament, runWith } from '@kibitz/testing'
// Composed as the runtime composes it: tournaments provide events' port about them.
import { eventTournamentsLayer } from '@kibitz/tournaments'
import { Effect, Layer } from 'effect'
import sharp from 'sharp'
import { useEditorWorld } from './support/editorWorld.ts'

const { db, organiser, editor, general } = useEditorWorld()

const filesRoot = mkdtempSync(path.join(tmpdir(), 'kibitz-galleries-'))
const localFiles = Layer.fresh(EventFiles.layer).pipe(Layer.provide(FileStorage.local(filesRoot)))
const galleriesLayer = Layer.fresh(EventGalleries.layer).pipe(
  Layer.provide(Layer.mergeAll(eventTournamentsLayer, localFiles)),
)
const editorLayer = Layer.fresh(EventEditor.layer).pipe(
  Layer.provide(Layer.mergeAll(OrganiserService.layer, eventTournamentsLayer, localFiles)),
)

const galleries = <A, E, R>(f: (g: EventGalleries['Service']) => Effect.Effect<A, E, R>) =>
  runWith(db.orm, EventGalleries.use(f).pipe(Effect.provide(galleriesLayer)))
const withEditor = <A, E, R>(f: (e: EventEditor['Service']) => Effect.Effect<A, E, R>) =>
  runWith(db.orm, EventEditor.use(f).pipe(Effect.provide(editorLayer)))

const png = (width: number, height = Math.round(width / 2)) =>
  Effect.promise(() =>
    sharp({ create: { width, height, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer()
      .then((b) => new Uint8Array(b)),
  )
const exists = (url: string) =>
  Effect.promise(() =>
    access(path.join(filesRoot, url.slice('/files/'.length))).then(
      () => true,
      () => false,
    ),
  )

/** The `index`th of `list`, which the test made sure is there. */
const nth = <A>(list: ReadonlyArray<A>, index: number): A => {
  const value = list[index]
  if (value === undefined) throw new Error(`no item ${index}`)
  return value
}

/** A draft of `actor`'s with two images in its own gallery. */
const eventWithImages = (actor: EventActor) =>
  Effect.gen(function* () {
    const event = yield* editor((e) => e.create(actor, general()))
    const result = yield* galleries((g) =>
      Effect.gen(function* () {
        return yield* g.addImages(actor, { eventId: event.id, tournamentId: null }, [
          { bytes: yield* png(1600), filename: 'hall.png', title: 'The hall' },
          { bytes: yield* png(400, 600), filename: 'board.png' },
        ])
      }),
    )
    return { event, result }
  })

describe(EventGalleries.name, () => {
  describe('addImages', () => {
    it.live('stores each image with its responsive widths and appends it in order', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const { event, result } = yield* eventWithImages(actor)
        expect(result.refused).toEqual([])
        const [hall, board] = result.added
        expect(hall).toMatchObject({ orderNumber: 1, title: 'The hall', width: 1600, height: 800 })
        expect(hall?.thumbnails.map((t) => t.width)).toEqual([320, 640, 1280])
        expect(hall?.thumbnails[0]).toMatchObject({ width: 320, height: 160 })
        // Never enlarged: a 400 px image gets only the 320 px width, and its thumbnail stays 400 wide.
        expect(board).toMatchObject({ orderNumber: 2, title: null, width: 400, height: 600 })
        expect(board?.thumbnails.map((t) => t.width)).toEqual([320])
        for (const url of [hall?.url, hall?.imageThumb, ...(hall?.thumbnails ?? []).map((t) => t.url)])
          expect(yield* exists(url ?? '')).toBe(true)
        const thumb = yield* Effect.promise(() =>
          sharp(path.join(filesRoot, (board?.imageThumb ?? '').slice('/files/'.length))).metadata(),
        )
        expect(thumb.width).toBe(400)
        const [gallery] = yield* galleries((g) => g.ofEvent(actor, event.id))
        expect(gallery).toMatchObject({ tournamentId: null, isActive: true })
        expect(gallery?.galleryItems.map((i) => i.filename)).toEqual(['hall.png', 'board.png'])
      }),
    )

    it.live('names each refused file with its reason and still adds the others', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        const picture = yield* png(700)
        const result = yield* galleries((g) =>
          g.addImages(actor, { eventId: event.id, tournamentId: null }, [
            { bytes: new TextEncoder().encode('not a picture'), filename: 'notes.txt' },
            { bytes: picture, filename: 'ok.png' },
            { bytes: new Uint8Array(), filename: 'empty.png' },
          ]),
        )
        expect(result.refused.map((r) => [r.filename, r.rule])).toEqual([
          ['notes.txt', 'notAnImage'],
          ['empty.png', 'required'],
        ])
        expect(result.added.map((i) => i.filename)).toEqual(['ok.png'])
      }),
    )
  })

  describe('addStoredImages', () => {
    it.live('picks the organiser’s stored images into a gallery, once each, and nobody else’s', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const stranger = yield* organiser()
        const { event, result } = yield* eventWithImages(actor)
        const theirs = yield* eventWithImages(stranger)
        const t = yield* Effect.promise(() =>
          insertTournament(db.orm, { eventId: event.id, startDate: '2027-06-10' }),
        )
        const [hall, board] = [nth(result.added, 0), nth(result.added, 1)]
        const strangersKey = nth(theirs.result.added, 0).key
        const target = { eventId: event.id, tournamentId: t.id }
        const picked = yield* galleries((g) =>
          g.addStoredImages(actor, target, [board.key, hall.key, strangersKey, 'event/none.webp', board.key]),
        )
        expect(picked.added.map((i) => [i.filename, i.orderNumber, i.width])).toEqual([
          ['board.png', 1, 400],
          ['hall.png', 2, 1600],
        ])
        expect(picked.added[1]?.thumbnails).toEqual(hall.thumbnails)
        expect(picked.refused.map((r) => r.rule)).toEqual(['unknownChoice', 'unknownChoice'])
        const again = yield* galleries((g) => g.addStoredImages(actor, target, [hall.key]))
        expect(again.refused).toMatchObject([{ filename: 'hall.png', rule: 'duplicate' }])
        expect(
          yield* Effect.flip(galleries((g) => g.addStoredImages(stranger, target, [strangersKey]))),
        ).toMatchObject({ reason: 'notFound' })
        // Both galleries show the hall: the usage report names each.
        const owner = actor.organiserId ?? OrganiserId.make(1)
        const uses = yield* galleries((g) => g.usesOf(owner, [hall.key]))
        expect(uses.map((u) => u.tournamentId)).toEqual([null, t.id])
      }),
    )
  })

  describe('create', () => {
    it.live('makes a tournament gallery once, and refuses another event’s tournament', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const event = yield* editor((e) => e.create(actor, general()))
        const other = yield* editor((e) => e.create(actor, general()))
        const t = yield* Effect.promise(() =>
          insertTournament(db.orm, { eventId: event.id, startDate: '2027-06-10' }),
        )
        const made = yield* galleries((g) =>
          g.create(actor, { eventId: event.id, tournamentId: t.id, title: '  Day one ', isActive: false }),
        )
        expect(made).toMatchObject({
          tournamentId: t.id,
          title: 'Day one',
          isActive: false,
          galleryItems: [],
        })
        const again = yield* Effect.flip(
          galleries((g) => g.create(actor, { eventId: event.id, tournamentId: t.id })),
        )
        expect(again).toMatchObject({
          _tag: 'EventInputInvalid',
          problems: [{ field: 'tournamentId', rule: 'duplicate' }],
        })
        const elsewhere = yield* Effect.flip(
          galleries((g) => g.create(actor, { eventId: other.id, tournamentId: t.id })),
        )
        expect(elsewhere).toMatchObject({ _tag: 'EventEditRefused', reason: 'notFound' })
        const long = yield* Effect.flip(
          galleries((g) => g.create(actor, { eventId: other.id, title: 'x'.repeat(201) })),
        )
        expect(long).toMatchObject({ problems: [{ field: 'title', rule: 'tooLong' }] })
      }),
    )
  })

  describe('order and titles', () => {
    it.live('moves an item up and down, reorders all, titles items, and removes one', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const { event, result } = yield* eventWithImages(actor)
        const third = yield* galleries((g) =>
          Effect.flatMap(png(500), (bytes) =>
            g.addImages(actor, { eventId: event.id, tournamentId: null }, [{ bytes, filename: 'c.png' }]),
          ),
        )
        const ids = [...result.added, ...third.added].map((i) => i.galleryItemId)
        const [a, b, c] = [nth(ids, 0), nth(ids, 1), nth(ids, 2)]
        const names = (gallery: {
          galleryItems: ReadonlyArray<{ galleryItemId: number; orderNumber: number }>
        }) => gallery.galleryItems.map((i) => [i.galleryItemId, i.orderNumber])
        const movedUp = yield* galleries((g) => g.move(actor, c, 'up'))
        expect(names(movedUp)).toEqual([
          [a, 1],
          [c, 2],
          [b, 3],
        ])
        // The first item moved up stays first.
        const still = yield* galleries((g) => g.move(actor, a, 'up'))
        expect(names(still)).toEqual(names(movedUp))
        const reordered = yield* galleries((g) => g.reorder(actor, movedUp.galleryId, [b, a, c]))
        expect(names(reordered)).toEqual([
          [b, 1],
          [a, 2],
          [c, 3],
        ])
        const bad = yield* Effect.flip(galleries((g) => g.reorder(actor, movedUp.galleryId, [b, a])))
        expect(bad).toMatchObject({ _tag: 'EventEditRefused', reason: 'badOrder' })
        const titled = yield* galleries((g) =>
          g.setTitles(actor, movedUp.galleryId, [
            { itemId: a, title: 'Prize giving' },
            { itemId: b, title: '' },
          ]),
        )
        expect(titled.galleryItems.map((i) => i.title)).toEqual([null, 'Prize giving', null])
        const updated = yield* galleries((g) =>
          g.update(actor, movedUp.galleryId, { title: 'Photos', isActive: true }),
        )
        expect(updated.title).toBe('Photos')
        const removed = yield* galleries((g) => g.removeItem(actor, a))
        expect(names(removed)).toEqual([
          [b, 1],
          [c, 2],
        ])
      }),
    )
  })

  describe('the public view and file uses', () => {
    it.live('shows active galleries with images on the event page, and reports their files in use', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const { event, result } = yield* eventWithImages(actor)
        const view = yield* runWith(
          db.orm,
          EventService.use((s) => s.preview(actor, event.id, 'en')),
        )
        expect(view.galleries).toHaveLength(1)
        expect(view.galleries[0]?.galleryItems.map((i) => [i.width, i.height])).toEqual([
          [1600, 800],
          [400, 600],
        ])
        const galleryId = GalleryId.make(nth(view.galleries, 0).galleryId)
        yield* galleries((g) => g.update(actor, galleryId, { title: null, isActive: false }))
        const hidden = yield* runWith(
          db.orm,
          EventService.use((s) => s.preview(actor, event.id, 'en')),
        )
        expect(hidden.galleries).toEqual([])

        const key = result.added[0]?.key ?? ''
        const owner = actor.organiserId ?? OrganiserId.make(1)
        const uses = yield* galleries((g) => g.usesOf(owner, [key, 'event/none.webp']))
        expect(uses).toMatchObject([{ key, galleryId, eventId: event.id, tournamentId: null }])
        const fileUses = yield* runWith(db.orm, galleryFileUses(owner, [key]))
        expect(fileUses).toMatchObject([{ key, kind: 'gallery', usedAs: 'galleryItem', galleryId }])
        // The editor's file screen refuses to remove an image a gallery shows.
        const inUse = yield* Effect.flip(withEditor((e) => e.removeFile(actor, event.id, key)))
        expect(inUse).toMatchObject({ _tag: 'EventFileInUse', usedAs: 'galleryImage' })
      }),
    )
  })

  describe('tenancy', () => {
    it.live('another organiser reads, changes and learns nothing of a gallery', () =>
      Effect.gen(function* () {
        const actor = yield* organiser()
        const stranger = yield* organiser()
        const { event, result } = yield* eventWithImages(actor)
        const item = nth(result.added, 0).galleryItemId
        const galleryId = nth(yield* galleries((g) => g.ofEvent(actor, event.id)), 0).galleryId
        expect(yield* Effect.flip(galleries((g) => g.ofEvent(stranger, event.id)))).toMatchObject({
          reason: 'notFound',
        })
        expect(yield* Effect.flip(galleries((g) => g.create(stranger, { eventId: event.id })))).toMatchObject(
          {
            reason: 'notFound',
          },
        )
        const bytes = yield* png(300)
        expect(
          yield* Effect.flip(
            galleries((g) =>
              g.addImages(stranger, { eventId: event.id, tournamentId: null }, [
                { bytes, filename: 'x.png' },
              ]),
            ),
          ),
        ).toMatchObject({ reason: 'notFound' })
        for (const attempt of [
          galleries((g) => g.move(stranger, item, 'down')),
          galleries((g) => g.removeItem(stranger, item)),
          galleries((g) => g.reorder(stranger, galleryId, [item])),
          galleries((g) => g.update(stranger, galleryId, { title: 'mine', isActive: false })),
          galleries((g) => g.setTitles(stranger, galleryId, [{ itemId: item, title: 'mine' }])),
        ])
          expect(yield* Effect.flip(attempt)).toMatchObject({ _tag: 'GalleryNotFound' })
        expect(
          yield* galleries((g) =>
            g.usesOf(stranger.organiserId ?? OrganiserId.make(1), [result.added[0]?.key ?? '']),
          ),
        ).toEqual([])
        const [after] = yield* galleries((g) => g.ofEvent(actor, event.id))
        expect(after?.galleryItems.map((i) => i.title)).toEqual(['The hall', null])
      }),
    )
  })
})
