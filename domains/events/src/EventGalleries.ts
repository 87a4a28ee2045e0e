import { EventFiles } from '@kibitz/files'
import {
  type Em,
  EventId,
  FieldProblem,
  inTransaction,
  OrganiserId,
  TournamentId,
  ValidationRule,
} from '@kibitz/kernel'
import { Clock, Context, Effect, Layer, Schema } from 'effect'
import type { EventActor } from './EventActions.ts'
import { EventTournaments } from './EventTournaments.ts'
import { EventEditRefused, EventInputInvalid } from './editor/EditorModel.ts'
import {
  type Gallery,
  GalleryCreateInput,
  GalleryId,
  type GalleryImageUpload,
  type GalleryItem,
  type GalleryItemId,
  GalleryNotFound,
  GalleryUploadRefusal,
  GalleryUploadResult,
  GalleryUse,
  galleryItemsMax,
} from './Gallery.ts'
import { EventActionRepo } from './internal/EventActionRepo.ts'
import { EventEditorRepo } from './internal/EventEditorRepo.ts'
import { editableOf, ownedBy } from './internal/editorAccess.ts'
import type { EventEntity } from './internal/entities/EventEntity.ts'
import type { GalleryEntity, GalleryItemEntity } from './internal/entities/GalleryEntity.ts'
import { GalleryRepo } from './internal/GalleryRepo.ts'
import { cleanTitle, toGallery, toItem } from './internal/galleryViews.ts'

// The organiser's galleries (docs/decisions/041): the event's own and one per tournament, each made on its first
// image or by `create`, with the event's owner and state checks, its lock and its audit record, as every step of
// the event's editor. Uploaded images are stored by the files domain (EventFiles, in the event's gallery folder,
// with the responsive widths) and then become items; a refused file is named with its reason and stops nothing else.

export * from './Gallery.ts'

/** Whose gallery: the event's (`tournamentId` null) or one of its tournaments'. */
export interface GalleryTarget {
  readonly eventId: EventId
  readonly tournamentId: TournamentId | null
}

/** Which way an item moves by one place. */
export type GalleryMove = 'up' | 'down'

/** The gallery holds `galleryItemsMax` images already. */
class GalleryFull extends Schema.TaggedError<GalleryFull>()('GalleryFull', {}) {}

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const decodeCreate = Schema.decodeUnknownEffect(GalleryCreateInput)

export class EventGalleries extends Context.Service<
  EventGalleries,
  {
    /** The event's organiser or the super user, in any state: every gallery of the event with its items. */
    ofEvent(actor: EventActor, eventId: EventId): Effect.Effect<ReadonlyArray<Gallery>, EventEditRefused, Em>
    /**
     * Same actors, while the event is editable (`POST /api/v1/gallery/create`): a new gallery for the event or
     * one of its tournaments. A second one for the same owner is refused (`tournamentId` `duplicate`); a
     * tournament of another event reads as missing.
     */
    create(
      actor: EventActor,
      input: unknown,
    ): Effect.Effect<Gallery, EventEditRefused | EventInputInvalid, Em>
    /** Same actors, while editable: a gallery's title and whether the public pages show it. */
    update(
      actor: EventActor,
      galleryId: GalleryId,
      input: { readonly title?: string | null | undefined; readonly isActive: boolean },
    ): Effect.Effect<Gallery, EventEditRefused | EventInputInvalid | GalleryNotFound, Em>
    /**
     * Same actors, while editable: stores each image (re-encoded with its thumbnails) and appends it to the
     * target's gallery, made on the first image. Each file is its own transaction: a refused one is named in
     * `refused` with its reason and leaves nothing stored; the others are added in the order given.
     */
    addImages(
      actor: EventActor,
      target: GalleryTarget,
      uploads: ReadonlyArray<GalleryImageUpload>,
    ): Effect.Effect<GalleryUploadResult, EventEditRefused, Em>
    /**
     * Same actors, while editable: appends the event organiser's stored images under `keys` (picked in the file
     * manager) to the target's gallery, made on the first one, in one transaction. A key that is not one of their
     * images is refused as `unknownChoice`, one the gallery shows already as `duplicate`.
     */
    addStoredImages(
      actor: EventActor,
      target: GalleryTarget,
      keys: ReadonlyArray<string>,
    ): Effect.Effect<GalleryUploadResult, EventEditRefused, Em>
    /** Same actors, while editable: each item's title (items of another gallery are not found). */
    setTitles(
      actor: EventActor,
      galleryId: GalleryId,
      titles: ReadonlyArray<{ readonly itemId: GalleryItemId; readonly title: string | null }>,
    ): Effect.Effect<Gallery, EventEditRefused | EventInputInvalid | GalleryNotFound, Em>
    /** Same actors, while editable: moves one item a place up or down (the keyboard's and the plain form's way). */
    move(
      actor: EventActor,
      itemId: GalleryItemId,
      direction: GalleryMove,
    ): Effect.Effect<Gallery, EventEditRefused | GalleryNotFound, Em>
    /**
     * Same actors, while editable: puts the gallery's items in `order` (drag and drop), which must name each of
     * them once, else `badOrder`.
     */
    reorder(
      actor: EventActor,
      galleryId: GalleryId,
      order: ReadonlyArray<GalleryItemId>,
    ): Effect.Effect<Gallery, EventEditRefused | GalleryNotFound, Em>
    /** Same actors, while editable: takes an item out of its gallery; the stored file stays in the file manager. */
    removeItem(
      actor: EventActor,
      itemId: GalleryItemId,
    ): Effect.Effect<Gallery, EventEditRefused | GalleryNotFound, Em>
    /**
     * The file manager's usage report (docs/decisions/040): the galleries of `owner`'s events that show a stored
     * file under one of `keys`. Another organiser's galleries never count.
     */
    usesOf(
      owner: OrganiserId,
      keys: ReadonlyArray<string>,
    ): Effect.Effect<ReadonlyArray<GalleryUse>, never, Em>
  }
>()('@kibitz/events/EventGalleries') {
  static readonly layer = Layer.effect(
    EventGalleries,
    Effect.gen(function* () {
      const events = yield* EventEditorRepo
      const actions = yield* EventActionRepo
      const galleries = yield* GalleryRepo
      const tournaments = yield* EventTournaments
      const files = yield* EventFiles

      const lockEditable = (actor: EventActor, eventId: number) =>
        Effect.flatMap(events.lockForEdit(eventId), (event) => editableOf(actor, event))

      const audit = (actor: EventActor, event: EventEntity, action: string, at: Date) =>
        actions.recordAudit({
          eventId: event.id,
          action,
          actorUserId: actor.userId,
          fromState: event.state,
          toState: event.state,
          message: null,
          at,
        })

      /** The gallery as it is now, with its items. */
      const read = (gallery: GalleryEntity) =>
        Effect.map(galleries.itemsOf([gallery.id]), (items) => toGallery(gallery, items))

      /**
       * Runs `change` on the actor's gallery `galleryId` under the event's lock and the gallery's, then records
       * `action`; another organiser's gallery (or none) is GalleryNotFound.
       */
      const changeGallery = <A, E>(
        actor: EventActor,
        galleryId: number,
        action: string,
        change: (gallery: GalleryEntity, event: EventEntity) => Effect.Effect<A, E, Em>,
      ) =>
        inTransaction(
          Effect.gen(function* () {
            const found = yield* galleries.findGallery(galleryId)
            if (found === null) return yield* new GalleryNotFound()
            const event = yield* lockEditable(actor, found.eventId).pipe(
              Effect.catchIf(
                (e) => e.reason === 'notFound',
                () => Effect.fail(new GalleryNotFound()),
              ),
            )
            yield* galleries.lockGallery(found.id)
            yield* change(found, event)
            const at = yield* now
            found.updatedAt = at
            event.updatedAt = at
            yield* galleries.flush()
            yield* audit(actor, event, action, at)
            return yield* read(found)
          }),
        )

      /** The target's gallery, made (active, untitled) when it has none; the tournament must be the event's. */
      const galleryFor = (event: EventEntity, target: GalleryTarget) =>
        Effect.gen(function* () {
          if (
            target.tournamentId !== null &&
            (yield* tournaments.eventOf(target.tournamentId)) !== target.eventId
          )
            return yield* new EventEditRefused({ reason: 'notFound' })
          const existing = yield* galleries.findByTarget(target.eventId, target.tournamentId)
          if (existing !== null) return existing
          const at = yield* now
          return yield* galleries.newGallery({
            eventId: target.eventId,
            tournamentId: target.tournamentId,
            organiserId: event.organiserId,
            title: null,
            isActive: true,
            createdAt: at,
            updatedAt: at,
          })
        })

      const ofEvent = Effect.fn('EventGalleries.ofEvent')(function* (actor: EventActor, eventId: EventId) {
        const event = yield* events.findForEdit(eventId)
        if (!ownedBy(actor, event)) return yield* new EventEditRefused({ reason: 'notFound' })
        const list = yield* galleries.galleriesOfEvent(eventId)
        const items = yield* galleries.itemsOf(list.map((g) => g.id))
        return list.map((g) => toGallery(g, items))
      })

      const create = Effect.fn('EventGalleries.create')(function* (actor: EventActor, input: unknown) {
        const decoded = yield* decodeCreate(input).pipe(
          Effect.mapError(
            () =>
              new EventInputInvalid({
                problems: [new FieldProblem({ field: 'eventId', rule: ValidationRule.required })],
              }),
          ),
        )
        const title = yield* cleanTitle(decoded.title, 'title')
        const tournamentId = decoded.tournamentId ?? null
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, decoded.eventId)
            if (tournamentId !== null && (yield* tournaments.eventOf(tournamentId)) !== decoded.eventId)
              return yield* new EventEditRefused({ reason: 'notFound' })
            if ((yield* galleries.findByTarget(decoded.eventId, tournamentId)) !== null)
              return yield* new EventInputInvalid({
                problems: [new FieldProblem({ field: 'tournamentId', rule: ValidationRule.duplicate })],
              })
            const at = yield* now
            const gallery = yield* galleries.newGallery({
              eventId: decoded.eventId,
              tournamentId,
              organiserId: event.organiserId,
              title,
              isActive: decoded.isActive ?? true,
              createdAt: at,
              updatedAt: at,
            })
            event.updatedAt = at
            yield* events.flush()
            yield* audit(actor, event, 'createGallery', at)
            return toGallery(gallery, [])
          }),
        )
      })

      const update = Effect.fn('EventGalleries.update')(function* (
        actor: EventActor,
        galleryId: GalleryId,
        input: { readonly title?: string | null | undefined; readonly isActive: boolean },
      ) {
        const title = yield* cleanTitle(input.title, 'title')
        return yield* changeGallery(actor, galleryId, 'updateGallery', (gallery) =>
          Effect.sync(() => {
            gallery.title = title
            gallery.isActive = input.isActive
          }),
        )
      })

      /** One image: stored first (committed by the files domain), then its item under the locks; undone on failure. */
      const addOne = (
        actor: EventActor,
        target: GalleryTarget,
        owner: OrganiserId,
        upload: GalleryImageUpload,
      ) =>
        Effect.gen(function* () {
          const title = yield* cleanTitle(upload.title, 'title').pipe(Effect.orElseSucceed(() => null))
          const image = yield* files.storeEventImage(owner, target.eventId, upload.bytes, {
            filename: upload.filename,
            thumbWidth: upload.thumbWidth,
          })
          return yield* inTransaction(
            Effect.gen(function* () {
              const event = yield* lockEditable(actor, target.eventId)
              const gallery = yield* galleryFor(event, target)
              yield* galleries.lockGallery(gallery.id)
              const items = yield* galleries.itemsOf([gallery.id])
              if (items.length >= galleryItemsMax) return yield* new GalleryFull()
              const at = yield* now
              const item = yield* galleries.newItem({
                galleryId: gallery.id,
                storedFileId: image.imageId,
                orderNumber: items.reduce((max, i) => Math.max(max, i.orderNumber), 0) + 1,
                title,
                key: image.key,
                url: image.url,
                thumbUrl: image.thumbUrl,
                thumbnails: image.thumbnails.map((t) => ({ url: t.url, width: t.width, height: t.height })),
                filename: image.filename,
                width: image.width,
                height: image.height,
                uploadedAt: new Date(image.uploadedAt),
              })
              gallery.updatedAt = at
              event.updatedAt = at
              yield* galleries.flush()
              yield* audit(actor, event, 'addGalleryImage', at)
              return toItem(item)
            }),
          ).pipe(Effect.tapError(() => files.removeFile(owner, image.key).pipe(Effect.ignore)))
        })

      const addImages = Effect.fn('EventGalleries.addImages')(function* (
        actor: EventActor,
        target: GalleryTarget,
        uploads: ReadonlyArray<GalleryImageUpload>,
      ) {
        // Refused before anything is stored when the event is not the actor's or not editable, or the tournament
        // is not the event's.
        const event = yield* editableOf(actor, yield* events.findForEdit(target.eventId))
        if (
          target.tournamentId !== null &&
          (yield* tournaments.eventOf(target.tournamentId)) !== target.eventId
        )
          return yield* new EventEditRefused({ reason: 'notFound' })
        const owner = OrganiserId.make(event.organiserId)
        const added: Array<GalleryItem> = []
        const refused: Array<GalleryUploadRefusal> = []
        for (const upload of uploads) {
          const outcome = yield* Effect.result(addOne(actor, target, owner, upload))
          if (outcome._tag === 'Success') {
            added.push(outcome.success)
            continue
          }
          const failure = outcome.failure
          if (failure._tag === 'EventEditRefused') return yield* failure
          const rule =
            failure._tag === 'FileRejected'
              ? failure.rule
              : failure._tag === 'GalleryFull'
                ? ValidationRule.outOfRange
                : ValidationRule.notAnImage
          refused.push(new GalleryUploadRefusal({ filename: upload.filename, rule }))
        }
        return new GalleryUploadResult({ added, refused })
      })

      const addStoredImages = Effect.fn('EventGalleries.addStoredImages')(function* (
        actor: EventActor,
        target: GalleryTarget,
        keys: ReadonlyArray<string>,
      ) {
        const wanted = [...new Set(keys)].slice(0, galleryItemsMax)
        return yield* inTransaction(
          Effect.gen(function* () {
            const event = yield* lockEditable(actor, target.eventId)
            const gallery = yield* galleryFor(event, target)
            yield* galleries.lockGallery(gallery.id)
            const items = yield* galleries.itemsOf([gallery.id])
            const images = yield* files.imagesOf(OrganiserId.make(event.organiserId), wanted)
            const added: Array<GalleryItem> = []
            const refused: Array<GalleryUploadRefusal> = []
            let order = items.reduce((max, i) => Math.max(max, i.orderNumber), 0)
            for (const key of wanted) {
              const image = images.find((i) => i.key === key)
              const rule =
                image === undefined
                  ? ValidationRule.unknownChoice
                  : items.some((i) => i.storedFileId === image.imageId)
                    ? ValidationRule.duplicate
                    : items.length + added.length >= galleryItemsMax
                      ? ValidationRule.outOfRange
                      : null
              if (image === undefined || rule !== null) {
                refused.push(new GalleryUploadRefusal({ filename: image?.filename ?? key, rule: rule ?? '' }))
                continue
              }
              order += 1
              const item = yield* galleries.newItem({
                galleryId: gallery.id,
                storedFileId: image.imageId,
                orderNumber: order,
                title: null,
                key: image.key,
                url: image.url,
                thumbUrl: image.thumbUrl,
                thumbnails: image.thumbnails.map((t) => ({ url: t.url, width: t.width, height: t.height })),
                filename: image.filename,
                width: image.width,
                height: image.height,
                uploadedAt: new Date(image.uploadedAt),
              })
              added.push(toItem(item))
            }
            if (added.length > 0) {
              const at = yield* now
              gallery.updatedAt = at
              event.updatedAt = at
              yield* galleries.flush()
              yield* audit(actor, event, 'addGalleryImage', at)
            }
            return new GalleryUploadResult({ added, refused })
          }),
        )
      })

      const setTitles = Effect.fn('EventGalleries.setTitles')(function* (
        actor: EventActor,
        galleryId: GalleryId,
        titles: ReadonlyArray<{ readonly itemId: GalleryItemId; readonly title: string | null }>,
      ) {
        const cleaned: Array<{ readonly itemId: number; readonly title: string | null }> = []
        const problems: Array<FieldProblem> = []
        for (const entry of titles) {
          const title = yield* Effect.result(cleanTitle(entry.title, `items.${entry.itemId}.title`))
          if (title._tag === 'Success') cleaned.push({ itemId: entry.itemId, title: title.success })
          else problems.push(...title.failure.problems)
        }
        if (problems.length > 0) return yield* new EventInputInvalid({ problems })
        return yield* changeGallery(actor, galleryId, 'titleGalleryImages', (gallery) =>
          Effect.gen(function* () {
            const items = yield* galleries.itemsOf([gallery.id])
            for (const { itemId, title } of cleaned) {
              const item = items.find((i) => i.id === itemId)
              if (item === undefined) return yield* new GalleryNotFound()
              item.title = title
            }
          }),
        )
      })

      /** The gallery of an item, for the item's writes; another organiser's item reads as missing. */
      const galleryOfItem = (itemId: number) =>
        Effect.flatMap(galleries.findItem(itemId), (item) =>
          item === null ? Effect.fail(new GalleryNotFound()) : Effect.succeed(item.galleryId),
        )

      /** Numbers `items` 1, 2, … in the order given. */
      const renumber = (items: ReadonlyArray<GalleryItemEntity>) =>
        items.forEach((item, index) => {
          item.orderNumber = index + 1
        })

      const move = Effect.fn('EventGalleries.move')(function* (
        actor: EventActor,
        itemId: GalleryItemId,
        direction: GalleryMove,
      ) {
        const galleryId = yield* galleryOfItem(itemId)
        return yield* changeGallery(actor, galleryId, 'reorderGallery', (gallery) =>
          Effect.gen(function* () {
            const items = [...(yield* galleries.itemsOf([gallery.id]))]
            const from = items.findIndex((i) => i.id === itemId)
            const to = direction === 'up' ? from - 1 : from + 1
            const [moving, other] = [items[from], items[to]]
            // Already first (or last): nothing moves, which is no error for a button pressed twice.
            if (moving !== undefined && other !== undefined) {
              items[to] = moving
              items[from] = other
            }
            renumber(items)
          }),
        )
      })

      const reorder = Effect.fn('EventGalleries.reorder')(function* (
        actor: EventActor,
        galleryId: GalleryId,
        order: ReadonlyArray<GalleryItemId>,
      ) {
        return yield* changeGallery(actor, galleryId, 'reorderGallery', (gallery) =>
          Effect.gen(function* () {
            const items = yield* galleries.itemsOf([gallery.id])
            const byId = new Map(items.map((i) => [i.id, i]))
            const ordered = order.flatMap((id) => byId.get(id) ?? [])
            if (new Set(order).size !== order.length || ordered.length !== items.length)
              return yield* new EventEditRefused({ reason: 'badOrder' })
            renumber(ordered)
          }),
        )
      })

      const removeItem = Effect.fn('EventGalleries.removeItem')(function* (
        actor: EventActor,
        itemId: GalleryItemId,
      ) {
        const galleryId = yield* galleryOfItem(itemId)
        return yield* changeGallery(actor, galleryId, 'removeGalleryImage', (gallery) =>
          Effect.gen(function* () {
            const items = yield* galleries.itemsOf([gallery.id])
            const item = items.find((i) => i.id === itemId)
            if (item === undefined) return yield* new GalleryNotFound()
            yield* galleries.removeItem(item)
            renumber(items.filter((i) => i.id !== itemId))
          }),
        )
      })

      const usesOf = Effect.fn('EventGalleries.usesOf')(function* (
        owner: OrganiserId,
        keys: ReadonlyArray<string>,
      ) {
        const rows = yield* galleries.usesOf(owner, keys)
        return rows.map(
          (row) =>
            new GalleryUse({
              key: row.key,
              galleryId: GalleryId.make(row.galleryId),
              eventId: EventId.make(row.eventId),
              tournamentId: row.tournamentId === null ? null : TournamentId.make(row.tournamentId),
              title: row.title,
            }),
        )
      })

      return EventGalleries.of({
        ofEvent,
        create,
        update,
        addImages,
        addStoredImages,
        setTitles,
        move,
        reorder,
        removeItem,
        usesOf,
      })
    }),
  ).pipe(Layer.provide(Layer.mergeAll(EventEditorRepo.layer, EventActionRepo.layer, GalleryRepo.layer)))
}
