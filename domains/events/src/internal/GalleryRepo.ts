import { type Db, db } from '@kibitz/kernel'
import { QueryOrder, type RequiredEntityData } from '@mikro-orm/core'
import { Context, Effect, Layer, Schema } from 'effect'
import { GalleryEntity, GalleryItemEntity } from './entities/GalleryEntity.ts'

// The ORM side of galleries (docs/decisions/041). Every method runs on the caller's (transactional) EntityManager
// (docs/decisions/037-one-repository-form.md).

const UseRows = Schema.Array(
  Schema.Struct({
    key: Schema.String,
    galleryId: Schema.Int,
    eventId: Schema.Int,
    tournamentId: Schema.NullOr(Schema.Int),
    title: Schema.NullOr(Schema.String),
  }),
)
const decodeUseRows = Schema.decodeUnknownSync(UseRows)

/** One gallery's use of a stored file, as the usage report reads it. */
export type GalleryUseRow = (typeof UseRows.Type)[number]

export class GalleryRepo extends Context.Service<
  GalleryRepo,
  {
    /** The gallery of `id`, whoever owns it (the service checks the owner). */
    findGallery(id: number): Db<GalleryEntity | null>
    /** The event's gallery (`tournamentId` null) or its tournament's. */
    findByTarget(eventId: number, tournamentId: number | null): Db<GalleryEntity | null>
    /** Every gallery of the event, the event's first, then by tournament. */
    galleriesOfEvent(eventId: number): Db<ReadonlyArray<GalleryEntity>>
    /** The items of the galleries of `galleryIds`, each gallery's in order. */
    itemsOf(galleryIds: ReadonlyArray<number>): Db<ReadonlyArray<GalleryItemEntity>>
    /** The item of `id`, whoever owns it. */
    findItem(id: number): Db<GalleryItemEntity | null>
    /**
     * Locks the gallery's row until the transaction ends, so two uploads or reorders of one gallery take their
     * order numbers one after the other.
     */
    lockGallery(id: number): Db<void>
    newGallery(data: RequiredEntityData<GalleryEntity>): Db<GalleryEntity>
    newItem(data: RequiredEntityData<GalleryItemEntity>): Db<GalleryItemEntity>
    removeItem(item: GalleryItemEntity): Db<void>
    flush(): Db<void>
    /** The galleries of `owner`'s events whose items show one of `keys` (object keys), by gallery then key. */
    usesOf(owner: number, keys: ReadonlyArray<string>): Db<ReadonlyArray<GalleryUseRow>>
  }
>()('@kibitz/events/GalleryRepo') {
  static readonly layer = Layer.succeed(
    GalleryRepo,
    GalleryRepo.of({
      findGallery: (id) => db((em) => em.findOne(GalleryEntity, { id })),
      findByTarget: (eventId, tournamentId) =>
        db((em) => em.findOne(GalleryEntity, { eventId, tournamentId })),
      galleriesOfEvent: (eventId) =>
        db((em) =>
          em.find(
            GalleryEntity,
            { eventId },
            { orderBy: { tournamentId: QueryOrder.ASC_NULLS_FIRST, id: QueryOrder.ASC } },
          ),
        ),
      itemsOf: (galleryIds) =>
        galleryIds.length === 0
          ? Effect.succeed([])
          : db((em) =>
              em.find(
                GalleryItemEntity,
                { galleryId: { $in: [...galleryIds] } },
                { orderBy: { galleryId: 'asc', orderNumber: 'asc', id: 'asc' } },
              ),
            ),
      findItem: (id) => db((em) => em.findOne(GalleryItemEntity, { id })),
      lockGallery: (id) =>
        db(async (em) => {
          await em.execute('select id from gallery where id = ? for update', [id])
        }),
      newGallery: (data) =>
        db(async (em) => {
          const row = em.create(GalleryEntity, data)
          await em.flush()
          return row
        }),
      newItem: (data) =>
        db(async (em) => {
          const row = em.create(GalleryItemEntity, data)
          await em.flush()
          return row
        }),
      removeItem: (item) =>
        db(async (em) => {
          em.remove(item)
          await em.flush()
        }),
      flush: () => db((em) => em.flush()),
      usesOf: (owner, keys) =>
        keys.length === 0
          ? Effect.succeed([])
          : db(async (em) =>
              decodeUseRows(
                await em.execute(
                  `select distinct i.key, g.id as "galleryId", g.event_id as "eventId",
                          g.tournament_id as "tournamentId", g.title
                     from gallery_item i join gallery g on g.id = i.gallery_id
                    where g.organiser_id = ? and i.key in (${keys.map(() => '?').join(', ')})
                    order by g.id, i.key`,
                  [owner, ...keys],
                ),
              ),
            ),
    }),
  )
}
